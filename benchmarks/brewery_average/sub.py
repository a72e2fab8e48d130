import sys, time
from fractions import Fraction
import solver
from core import *
which = sys.argv[1]; d = int(sys.argv[2])
if which == 'x0':
    S = [(w, 0) for w in range(72) if w % 3 == 0]
elif which == 'G':
    S = [(w, 0) for w in range(72) if ROLE[w][0] == 3]
elif which == 'x01':
    S = [(w, 0) for w in range(72) if w % 3 != 2]
elif which.startswith('R'):   # R person in given set e.g. R01
    rs = [int(c) for c in which[1:]]
    S = [(w, 0) for w in range(72) if any(ROLE[w][r] == 3 for r in rs)]
elif which.startswith('y'):   # y01R01: x in set and R in set
    xs_, rs_ = which[1:].split('R')
    xs = [int(c) for c in xs_]; rs = [int(c) for c in rs_]
    S = [(w, 0) for w in range(72) if w % 3 in xs and any(ROLE[w][r] == 3 for r in rs)]
t = time.time()
v, ex = solver.solve(S, d)
print(which, d, len(S), Fraction(v, solver.UNIT), float(Fraction(v, solver.UNIT*len(S))), 'per world', ex, solver.stats, round(time.time()-t, 1), flush=True)
