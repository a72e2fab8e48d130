import random, sys, time
from fractions import Fraction
import brute, solver
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
n_ok = 0
t = time.time()
for trial in range(300):
    n = random.randint(2, 6)
    # pick worlds clustered on a few pi to create hard instances
    pis = random.sample(range(24), random.randint(1, 4))
    cand = [3*i + x for i in pis for x in range(3)]
    S = [(w, random.choice([0, 0, 1])) for w in random.sample(cand, min(n, len(cand)))]
    d = random.randint(1, 3)
    b = brute.BF(S, d)
    v, ex = solver.solve(S, d)
    vb = Fraction(v, solver.UNIT) if v < solver.INF else brute.INF
    assert ex or v >= solver.INF
    assert vb == b, (S, d, b, vb)
    n_ok += 1
print("ok", n_ok, round(time.time()-t,1))
