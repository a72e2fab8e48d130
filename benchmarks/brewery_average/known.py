"""Known-neither-word relaxation of the brewery: exact average by DP (experiment)."""
import itertools, sys, time
from fractions import Fraction
from functools import lru_cache
ROLES = "TLCR"
PI = list(itertools.permutations(range(4)))  # PI[i][person] = role index
PERSON_PERMS = list(itertools.permutations(range(4)))
INF = Fraction(10**9)
index = {p: i for i, p in enumerate(PI)}
# symmetry images: person permutation g and T<->L swap t
def image(i, g, t):
    pi = PI[i]
    new = [0]*4
    for person in range(4):
        r = pi[person]
        if t and r < 2: r = 1 - r
        new[g[person]] = r
    return index[tuple(new)]
IMG = [[[image(i, g, t) for i in range(24)] for t in (0, 1)] for g in PERSON_PERMS]
def canon(state):
    m = min(e for _, e in state)
    best = None
    for g in range(24):
        for t in (0, 1):
            im = IMG[g][t]
            s = tuple(sorted((im[i], e - m) for i, e in state))
            if best is None or s < best: best = s
    return best, m
def asking(state, p):
    """Return, for a question to person p at a slice node: the worlds where p always says neither (C),
    those where p is the engineer (R, one level down), and every split (Y, N) of those where p is
    truthful or the liar between the two words that are not x (one of each mirror pair)."""
    O = [(i, e) for i, e in state if PI[i][p] < 2]
    C = [(i, e) for i, e in state if PI[i][p] == 2]
    R = [(i, e + 1) for i, e in state if PI[i][p] == 3]
    if not O:
        return C, R, [([], [])]
    first, rest = O[0], O[1:]
    splits = []
    for bits in range(1 << len(rest)):
        splits.append(([first] + [w for k, w in enumerate(rest) if bits >> k & 1],
                       [w for k, w in enumerate(rest) if not bits >> k & 1]))
    return C, R, splits
def code_bound(state):
    """Least cost of a ternary prefix code over the state's worlds: a lower bound for any length."""
    q = sorted(Fraction(1, 3**e) for _, e in state)
    if len(q) % 2 == 0:
        q.insert(0, Fraction(0))   # ternary Huffman needs an odd count
    cost = Fraction(0)
    while len(q) > 1:
        a = q.pop(0) + q.pop(0) + q.pop(0)
        cost += a
        q.append(a)
        q.sort()
    return cost
calls = [0]
RELAXED = False   # set by --relaxed in main
@lru_cache(maxsize=None)
def V(state, d):
    """min over strategies within d of sum over leaves mass*depth (masses 3^-e, e normalised); with
    --relaxed a node at the cap is charged its code bound instead, so the value is at most the optimum
    over strategies of ANY length."""
    if len(state) <= 1: return Fraction(0)
    if d == 0: return code_bound(state) if RELAXED else INF
    calls[0] += 1
    mass = sum(Fraction(1, 3**e) for _, e in state)
    best = INF
    for p in range(4):
        C, R, splits = asking(state, p)
        if len(R) == len(state): continue
        for Y, N in splits:
            kids = [list(Y) + R, list(N) + R, C + R]
            if any(len(k) == len(state) and not R for k in kids): continue
            total = mass
            for k in kids:
                if len(k) > 1:
                    cs, m = canon(k)
                    v = V(cs, d - 1)
                    if v >= INF: total = INF; break
                    total += v / 3**m
                if total >= best: break
            if total < best: best = total
    return best
def main() -> None:
    """Print the value of one x-slice within D questions (with --relaxed: charged at D, true of any length)."""
    global RELAXED
    args = sys.argv[1:]
    RELAXED = "--relaxed" in args
    rest = [a for a in args if a != "--relaxed"]
    if len(rest) != 1 or not rest[0].isdigit():
        print("usage: python known.py D [--relaxed]   (D: questions, a whole number)", file=sys.stderr)
        raise SystemExit(2)
    d = int(rest[0])
    t = time.time()
    root, m = canon([(i, 0) for i in range(24)])
    v = V(root, d)
    print(d, v, v / 24, float(v / 24), calls[0], round(time.time() - t, 1), "s")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
