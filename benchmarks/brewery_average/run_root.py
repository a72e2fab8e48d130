"""Driver: search the root (cap 5) until a deadline; then build and verify the best strategy found."""
import sys, time, json
from fractions import Fraction
import solver
from solver import *
from core import *

def build(S, d):
    """S list of (w,e). Returns tree dict using exact values from the memo."""
    if not S:
        return {"leaf": None, "worlds": []}
    if npi(S) <= 1:
        return {"leaf": sorted({w // 3 for w, _ in S})[0], "worlds": sorted(w for w, _ in S)}
    m = min(e for _, e in S)
    Sn = tuple(sorted((w, e - m) for w, e in S))
    if Sn not in BESTSPLIT:
        v, ex = value(list(Sn), d, INF)
        assert ex
        v2, ex2 = solver._value(Sn, d, v + 1, 0)
        assert ex2 and v2 == v, (v, v2)
    p, kids = BESTSPLIT[Sn]
    return {"ask": p, "worlds": [[w, e + m] for w, e in Sn],
            "children": [build([(w, e + m) for w, e in k], d - 1) for k in kids]}

def build_root(kids):
    return {"ask": 0, "worlds": [[w, 0] for w in range(NW)],
            "children": [build(k, 4) for k in kids]}

if __name__ == "__main__":
    secs = float(sys.argv[1])
    ub = INF
    if len(sys.argv) > 2:
        ub = int(Fraction(sys.argv[2]) * NW * UNIT)
    solver.LOGD = 5
    DEADLINE[0] = time.time() + secs
    t = time.time()
    try:
        v, ex = solve([(w, 0) for w in range(NW)], 5, ub)
        print("FINISHED root value", Fraction(v, NW * UNIT), ex, round(time.time() - t), flush=True)
    except Timeout:
        print("TIMEOUT after", round(time.time() - t), "s", stats, flush=True)
    DEADLINE[0] = float("inf")
    if ROOTLOG:
        import pickle
        pickle.dump(ROOTLOG, open("rootlog.pkl", "wb"))
        tot, kids = ROOTLOG[-1]
        print("best root found", Fraction(tot, NW * UNIT), float(Fraction(tot, NW * UNIT)), flush=True)
        tree = build_root(kids)
        json.dump({"value": str(Fraction(tot, NW * UNIT)), "tree": tree}, open("strategy.json", "w"))
        print("wrote strategy.json", flush=True)
