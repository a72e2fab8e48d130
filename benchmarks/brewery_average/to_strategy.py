"""Turn the reduced-model strategy (strategy.json, written by run_root.py) into a smullyan strategy:
each split over the 72 (roles, neither-word) worlds becomes a split over the puzzle's representatives,
worded by the realiser and verified against all 144 worlds and every hidden state.

Run (from this folder): python to_strategy.py strategy.json OUT.json [MAX_COMPLEXITY]
"""
import json, itertools, sys, time
from pathlib import Path
from fractions import Fraction
from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.search import Ask, Leaf, Split
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.verify import verify
from smullyan.formats.strategy_json import strategy_to_json
ROLE = {"truthful": 0, "liar": 1, "constant:neither": 2, "random": 3}
PI = list(itertools.permutations(range(4)))
p = load_puzzle(Path(__file__).resolve().parents[2] / "examples" / "brewery_hard.toml")
ctx = p.contexts(); anyl = AnyLanguage(ctx, p.goal); space = p.space
print("reps", anyl.n_reps, "worlds", len(space.worlds))
rep_of = {}
for r, members in enumerate(anyl.members):
    keys = set()
    for i in members:
        w = space.worlds[i]
        pi = tuple(ROLE[t] for t in w.types)
        x = w.language.index("neither")
        keys.add((PI.index(pi), x))
    assert len(keys) == 1, keys
    (k,) = keys
    assert k not in rep_of
    rep_of[k] = r
assert len(rep_of) == 72
def reps(ws):
    out = 0
    for w in ws:
        w = w[0] if isinstance(w, list) else w
        out |= 1 << rep_of[(w // 3, w % 3)]
    return out
def conv(node):
    if "leaf" in node:
        return Leaf(reps(node["worlds"]))
    a = node["ask"]
    kids = node["children"]
    payload = {}
    for o, ch in enumerate(kids):
        for w in ch.get("worlds", []):
            w = w[0] if isinstance(w, list) else w
            i, x = w // 3, w % 3
            if PI[i][a] < 2:
                r = rep_of[(i, x)]
                assert r not in payload
                assert any(opt.outcomes == 1 << o for opt in anyl.rep_options[r][a]), (r, a, o)
                payload[r] = 1 << o
    children = tuple((o, reps(ch["worlds"])) for o, ch in enumerate(kids) if ch.get("worlds"))
    branches = tuple((o, conv(ch)) for o, ch in enumerate(kids) if ch.get("worlds"))
    return Ask(reps(node["worlds"]), Split(a, children, payload), branches)
doc = json.load(open(sys.argv[1]))
tree = conv(doc["tree"])
t = time.perf_counter()
strat = AnyRealiser(ctx, anyl, p.goal, Grammar(ctx), int(sys.argv[3]) if len(sys.argv) > 3 else 1, same_odds=True).realise(tree, space.all_worlds)
v = verify(p, strat)
print("verify", v.ok, v.worst, v.expected, v.expected and float(v.expected), v.failure, round(time.perf_counter() - t, 1))
json.dump({"strategy": strategy_to_json(p, strat)}, open(sys.argv[2], "w"), indent=1)
