import sys, time
from fractions import Fraction
import smullyan
from smullyan.interrogate.anylang import AnyLanguage
from average_sat import AverageSat
from smullyan.interrogate.expected import ExpectedSearch
from smullyan.interrogate.profiles import ProfileSearch
from smullyan.interrogate.search import Budget, Limits, depth_of

p = smullyan.load(sys.argv[1])
model = p.model
budget = Budget(Limits(seconds=float(sys.argv[3]) if len(sys.argv) > 3 else 120))
anyl = AnyLanguage(model.contexts(), model.goal, budget)
es = ExpectedSearch(anyl, ProfileSearch(anyl, budget), budget)
sat = AverageSat(anyl, budget, es.distribution)
root = (1 << anyl.n_reps) - 1
masses = {r: len(m) for r, m in enumerate(anyl.members)}
for k in map(int, sys.argv[2].split(",")):
    t = time.time()
    print(k, "soft", sat.soft_clauses(root, k), "fits", sat.fits(root, k), flush=True)
    got = sat.optimum(root, masses, k)
    print(k, None if got is None else (got[0], float(got[0]), depth_of(got[1])), f"{time.time()-t:.2f}s", flush=True)
    if got and len(sys.argv) > 4:
        ref = es.value({r: Fraction(m) for r, m in masses.items()}, k)
        print("  reference", ref)
