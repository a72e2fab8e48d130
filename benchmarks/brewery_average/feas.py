"""Feasibility: can the world set S be resolved (every leaf single-pi) within d questions?"""
import sys, time
from core import *

FMEMO = {}
fcalls = [0]


def fkey(S):
    return canon([(w, 0) for w in S])


FRAW = {}


def F(S, d):
    """S: frozenset/tuple of worlds."""
    rk = (frozenset(S), d)
    r = FRAW.get(rk)
    if r is None:
        r = F0(S, d)
        FRAW[rk] = r
    return r


def F0(S, d):
    pis = {w // 3 for w in S}
    if len(pis) <= 1:
        return True
    if d == 0 or len(pis) > 3 ** d:
        return False
    key = (fkey(S), d)
    r = FMEMO.get(key)
    if r is not None:
        return r
    fcalls[0] += 1
    r = _F(S, d)
    FMEMO[key] = r
    return r


def _F(S, d):
    for p in range(4):
        R = [w for w in S if ROLE[w][p] == 3]
        if len(R) == len(S):
            continue
        if R and d == 1:
            continue
        Rp = {w // 3 for w in R}
        kids = [list(R), list(R), list(R)]
        classes = {}
        for w in S:
            r = ROLE[w][p]
            if r == 2:
                kids[w % 3].append(w)
            elif r < 2:
                classes.setdefault(w // 3, []).append(w)
        # quick check of the fixed part
        if not all(F(k, d - 1) for k in kids):
            continue
        cl = sorted(classes.values(), key=lambda c: -len(c))
        if search_split(cl, 0, kids, d - 1):
            return True
    return False


def options(c):
    """all assignments of the worlds of a class to children != x."""
    res = [[]]
    for w in c:
        x = w % 3
        res = [a + [(w, y)] for a in res for y in range(3) if y != x]
    return res


def search_split(cl, k, kids, d):
    if k == len(cl):
        return True
    for opt in options(cl[k]):
        new = [kids[0], kids[1], kids[2]]
        touched = set()
        for w, y in opt:
            if new[y] is kids[y]:
                new[y] = list(kids[y])
            new[y].append(w)
            touched.add(y)
        if all(F(new[y], d) for y in touched):
            if search_split(cl, k + 1, new, d):
                return True
    return False


if __name__ == "__main__":
    d = int(sys.argv[1])
    t = time.time()
    print(d, F(tuple(range(72)), d), fcalls[0], len(FMEMO), round(time.time() - t, 1))
