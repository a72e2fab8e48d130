"""Naive brute force (no memo, no pruning, no symmetry) for tiny world sets, Fractions."""
import itertools, random, sys
from fractions import Fraction
from core import ROLE
INF = Fraction(10**9)
def BF(S, d):
    if len({w//3 for w,_ in S}) <= 1: return Fraction(0)
    if d == 0: return INF
    M = sum(Fraction(1, 3**e) for _, e in S)
    best = INF
    for p in range(4):
        R = [(w, e+1) for w, e in S if ROLE[w][p] == 3]
        C = [(w, e) for w, e in S if ROLE[w][p] == 2]
        O = [(w, e) for w, e in S if ROLE[w][p] < 2]
        choices = [[y for y in range(3) if y != w % 3] for w, _ in O]
        for ass in itertools.product(*choices):
            kids = [list(R), list(R), list(R)]
            for (w, e), y in zip(O, ass): kids[y].append((w, e))
            for w, e in C: kids[w % 3].append((w, e))
            tot = M
            for k in kids:
                tot += BF(k, d-1)
                if tot >= best: break
            best = min(best, tot)
    return best
