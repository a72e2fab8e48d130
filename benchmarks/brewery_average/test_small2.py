import random, sys, time
from fractions import Fraction
import brute, solver
random.seed(int(sys.argv[1]))
t = time.time(); n_ok = 0
for trial in range(150):
    pis = random.sample(range(24), random.randint(2, 6))
    cand = [3*i + x for i in pis for x in range(3)]
    n = random.randint(3, 8)
    S = [(w, random.choice([0, 0, 1, 2])) for w in random.sample(cand, min(n, len(cand)))]
    d = random.randint(1, 2) if n > 6 else random.randint(1, 3)
    b = brute.BF(S, d)
    # random ub test
    ubf = b * Fraction(random.choice([1, 1, 2, 3, 4]), 3) + Fraction(random.randint(0, 2), 9)
    ub = int(ubf * solver.UNIT) if b < brute.INF else solver.INF
    v, ex = solver.solve(S, d, ub if random.random() < 0.5 else solver.INF)
    vb = Fraction(v, solver.UNIT) if v < solver.INF else brute.INF
    if ex:
        assert vb == b, (S, d, b, vb)
    else:
        assert vb <= b and v >= ub, (S, d, b, vb, ub)
    v2, ex2 = solver.solve(S, d)
    assert ex2 and (Fraction(v2, solver.UNIT) if v2 < solver.INF else brute.INF) == b, (S, d, b, v2)
    n_ok += 1
print("ok", n_ok, round(time.time()-t, 1))
