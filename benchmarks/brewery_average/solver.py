"""Exact branch-and-bound / memoised solver for the brewery hard variant (reduced model).

Units: a world at exponent e contributes 3^(SC-e) units of mass (SC=12). The true expected number
of questions of the full problem = V(root,5) / (72 * 3^SC).
"""
import sys, time
from fractions import Fraction
from core import *
import feas
from feas import F
import known

SC = 12
UNIT = 3 ** SC
INF = 10 ** 30
POW = [3 ** (SC - e) for e in range(SC + 1)]

LOGD = 4
T0 = time.time()
stats = {"nodes": 0, "leaves_eval": 0, "lbcalls": 0}


def mass(S):
    return sum(POW[e] for _, e in S)


# ---------------- known-x relaxation lower bound ----------------
KXMEMO = {}


KXRAW = {}


def kx_slice(items, d):
    """items: list of (pi, e) (same x). returns lower bound in units (exact int)."""
    if len(items) <= 1:
        return 0
    rk = (tuple(sorted(items)), d)
    r = KXRAW.get(rk)
    if r is None:
        r = kx_slice0(items, d)
        KXRAW[rk] = r
    return r


def kx_slice0(items, d):
    m = min(e for _, e in items)
    st = [(i, e - m) for i, e in items]
    cs, m2 = known.canon(st)
    v = known.V(cs, d)
    if v >= known.INF:
        return INF
    val = v * UNIT / 3 ** m
    assert val.denominator == 1, (items, d, v)
    return int(val)


LBMEMO = {}


def lb(S, d):
    """lower bound (units, absolute exponents as given) on the value of node S with d questions left."""
    key = (tuple(sorted(S)), d)
    r = LBMEMO.get(key)
    if r is not None:
        return r
    stats["lbcalls"] += 1
    pis = {w // 3 for w, _ in S}
    if len(pis) <= 1:
        r = 0
    elif d == 0 or not F(tuple(w for w, _ in S), d):
        r = INF
    else:
        sl = [[], [], []]
        for w, e in S:
            sl[w % 3].append((w // 3, e))
        r = sum(kx_slice(s, d) for s in sl)
        # note: kx slices of size 1 give 0 but the node is internal: at least its mass
        r = max(r, mass(S))
    LBMEMO[key] = r
    return r


# ---------------- exact value ----------------
VRAW = {}
BESTSPLIT = {}
ROOTLOG = []
VMEMO = {}  # (canon, d) -> (value_norm, exact)


def value(S, d, ub):
    """S: list of (w,e) (any exponents). Returns (v, exact) in absolute units; if not exact, v is a
    lower bound with v >= ub."""
    if not S:
        return 0, True
    pis = {w // 3 for w, _ in S}
    if len(pis) <= 1:
        return 0, True
    m = min(e for _, e in S)
    Sn = tuple(sorted((w, e - m) for w, e in S))
    scale = 3 ** m
    rk = (Sn, d)
    key = VRAW.get(rk)
    if key is None:
        key = (canon(Sn), d)
        VRAW[rk] = key
    ubn = min(ub * scale, INF)  # ub in normalised units
    r = VMEMO.get(key)
    if r is not None:
        v, ex = r
        if ex or v >= ubn:
            return _div(v, scale), ex
    vn, ex = _value(Sn, d, ubn, r[0] if r else 0)
    VMEMO[key] = (vn, ex)
    return _div(vn, scale), ex


def _div(v, s):
    if v >= INF:
        return INF
    q, rem = divmod(v, s)
    assert rem == 0
    return q


def _value(S, d, ub, known_lb):
    stats["nodes"] += 1
    if d == 0:
        return INF, True
    L = max(lb(S, d), known_lb)
    if L >= INF:
        return INF, True
    if L >= ub:
        return L, False
    M = mass(S)
    best = ub  # we look for strategies strictly below best
    found = False
    plist = [0] if len(S) == NW else range(4)  # root: all persons equivalent by symmetry
    for p in plist:
        R = [(w, e + 1) for w, e in S if ROLE[w][p] == 3]
        if len(R) == len(S):
            continue
        kids = [list(R), list(R), list(R)]
        classes = {}
        for w, e in S:
            r = ROLE[w][p]
            if r == 2:
                kids[w % 3].append((w, e))
            elif r < 2:
                classes.setdefault(w // 3, []).append((w, e))
        kl = [lb(k, d - 1) for k in kids]
        if M + sum(kl) >= best:
            continue
        cl = sorted(classes.values(), key=lambda c: (-len(c), min(e for _, e in c)))
        res = _split(cl, 0, kids, kl, d - 1, M, best)
        if res is not None:
            best = res[0]
            bestsplit = (p, res[1])
            found = True
            if d >= LOGD:
                print("  " * (5 - d), "improved d=%d p=%d best=%s (%.6f per-world) t=%.0f" % (d, p, best, best / UNIT / len(S), time.time() - T0), flush=True)
    if d >= LOGD:
        print("  " * (5 - d), "done d=%d n=%d npi=%d lb=%s res=%s exact=%s t=%.0f st=%s" % (d, len(S), npi(S), L, best if found else None, found, time.time() - T0, dict(stats)), flush=True)
    if found:
        BESTSPLIT[S] = bestsplit
        return best, True
    return max(L, ub), False


def _opts(c):
    res = [[]]
    for w, e in c:
        x = w % 3
        res = [a + [(w, e, y)] for a in res for y in range(3) if y != x]
    return res


class Timeout(Exception):
    pass


DEADLINE = [float("inf")]


def _split(cl, k, kids, kl, d, M, best):
    """returns improved (best, kids) (best < given best) or None."""
    if time.time() > DEADLINE[0]:
        raise Timeout()
    if k == len(cl):
        return _evaluate(kids, kl, d, M, best)
    improved = None
    opts = _opts(cl[k])
    cand = []
    for opt in opts:
        new = [kids[0], kids[1], kids[2]]
        for w, e, y in opt:
            if new[y] is kids[y]:
                new[y] = list(kids[y])
            new[y].append((w, e))
        nl = list(kl)
        tot = M
        for y in range(3):
            if new[y] is not kids[y]:
                nl[y] = lb(new[y], d)
            tot += nl[y]
        if tot < best:
            cand.append((tot, new, nl))
    cand.sort(key=lambda t: t[0])
    for tot, new, nl in cand:
        if tot >= best:
            break
        r = _split(cl, k + 1, new, nl, d, M, best)
        if r is not None:
            best = r[0]
            improved = r
    return improved


def _evaluate(kids, kl, d, M, best):
    stats["leaves_eval"] += 1
    order = sorted(range(3), key=lambda y: -kl[y])
    tot = M + sum(kl)
    vals = list(kl)
    for y in order:
        if tot >= best:
            return None
        budget = best - (tot - kl[y])
        v, ex = value(kids[y], d, budget)
        if not ex:
            return None
        tot += v - kl[y]
        vals[y] = v
    if tot < best:
        if M == NW * UNIT and d == 4:
            print("ROOT improved: %s = %s = %.6f t=%.0f" % (tot, Fraction(tot, NW * UNIT), tot / NW / UNIT, time.time() - T0), flush=True)
            ROOTLOG.append((tot, [list(k) for k in kids]))
        return tot, kids
    return None


def solve(S, d, ub=INF):
    v, ex = value(S, d, ub)
    return v, ex


if __name__ == "__main__":
    d = int(sys.argv[1])
    t = time.time()
    root = [(w, 0) for w in range(72)]
    ub = INF
    if len(sys.argv) > 2:
        ub = int(Fraction(sys.argv[2]) * 72 * UNIT)
    v, ex = solve(root, d, ub)
    print(d, Fraction(v, 72 * UNIT), float(Fraction(v, 72 * UNIT)), ex, stats, round(time.time() - t, 1))
