"""Second independent check: sum over leaves of mass*depth, total leaf mass per world, leaf labels."""
import itertools, json, sys
from fractions import Fraction
PI = list(itertools.permutations(range(4)))
tot = Fraction(0); wm = {w: Fraction(0) for w in range(72)}
def walk(n, masses, d):
    global tot
    if "leaf" in n:
        assert len({w // 3 for w in masses}) <= 1
        for w, m in masses.items():
            tot += m * d; wm[w] += m
        return
    p = n["ask"]
    kid = [set(w for w, _ in c["worlds"]) if "ask" in c else set(c["worlds"]) for c in n["children"]]
    for y in range(3):
        sub = {}
        for w, m in masses.items():
            r = PI[w // 3][p]
            if r == 3: sub[w] = m / 3
            elif w in kid[y]:
                assert (r == 2) == (y == w % 3)
                sub[w] = m
        assert set(sub) == kid[y]
        walk(n["children"][y], sub, d + 1)
def main(argv: list[str]) -> int:
    """Check the tree file; exit 0 verified, 1 not, 2 bad input."""
    if len(argv) != 1:
        print("usage: python verify2.py TREE.json", file=sys.stderr)
        return 2
    try:
        t = json.load(open(argv[0]))["tree"]
        walk(t, {w: Fraction(1, 72) for w in range(72)}, 0)
        assert all(v == Fraction(1, 72) for v in wm.values()), "a world's leaves do not hold all its mass"
    except AssertionError as e:
        print(f"not verified: {argv[0]}: {e if str(e) else 'a check failed'}")
        return 1
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
        print(f"error: {argv[0]}: not a readable tree ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    print("sum over leaves mass*depth =", tot, float(tot))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
