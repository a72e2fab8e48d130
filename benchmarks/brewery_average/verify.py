"""Independent checker of a strategy tree (does not import the solver).
World w = 3*i + x; i indexes itertools.permutations(range(4)) giving the role of persons A..D
(T=0, L=1, C=2, R=3); x = the word meaning 'neither' (0=foo,1=bar,2=baz). Child index = word answered.
Run: python verify.py TREE.json [MAX_QUESTIONS]   (default 6: every tree avg5.c can write)"""
import itertools, json, sys
from fractions import Fraction
PI = list(itertools.permutations(range(4)))
CAP = 6
def check(node, worlds, depth):
    """worlds: dict w -> Fraction mass. returns expected-questions contribution."""
    ws = {w for w in worlds}
    assert ws == {w for w, _ in node["worlds"]} if "worlds" in node and node["worlds"] and isinstance(node["worlds"][0], list) else True
    if "leaf" in node:
        pis = {w // 3 for w in worlds}
        assert len(pis) == 1, ("leaf not single", pis)
        assert set(node["worlds"]) == ws
        return Fraction(0)
    assert depth < CAP, "depth cap"
    assert len({w // 3 for w in worlds}) >= 1
    p = node["ask"]
    kidsets = [ {w for w, _ in ch["worlds"]} if "ask" in ch else set(ch["worlds"]) for ch in node["children"]]
    kidw = [dict() for _ in range(3)]
    for w, m in worlds.items():
        role, x = PI[w // 3][p], w % 3
        if role == 3:
            for y in range(3):
                assert w in kidsets[y]; kidw[y][w] = m / 3
        elif role == 2:
            assert w in kidsets[x] and all(w not in kidsets[y] for y in range(3) if y != x)
            kidw[x][w] = m
        else:
            ys = [y for y in range(3) if w in kidsets[y]]
            assert len(ys) == 1 and ys[0] != x, (w, ys)
            kidw[ys[0]][w] = m
    for y in range(3):
        assert set(kidw[y]) == kidsets[y]
    tot = sum(worlds.values())
    for y in range(3):
        if kidw[y]:
            tot += check(node["children"][y], kidw[y], depth + 1)
        else:
            assert not kidsets[y]
    return tot
def main(argv: list[str]) -> int:
    """Check the tree file; exit 0 verified (and the claimed value matches), 1 not, 2 bad input."""
    global CAP
    if not 1 <= len(argv) <= 2:
        print("usage: python verify.py TREE.json [MAX_QUESTIONS]", file=sys.stderr)
        return 2
    try:
        CAP = int(argv[1]) if len(argv) > 1 else CAP
        data = json.load(open(argv[0]))
        v = check(data["tree"], {w: Fraction(1, 72) for w in range(72)}, 0)
        claimed = data["value"]
    except AssertionError as e:
        print(f"not verified: {argv[0]}: {e if str(e) else 'a check failed'}")
        return 1
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
        print(f"error: {argv[0]}: not a readable tree ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    print("verified expected questions =", v, float(v), "claimed", claimed, "match", str(v) == claimed)
    return 0 if str(v) == claimed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
