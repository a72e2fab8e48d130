"""A lower bound on the brewery's average that couples the three neither-word slices (Lagrangian).

Run (from this folder): python coupled.py DEPTH LAMBDA [LAMBDA ...]

Why the known-neither-word relaxation (known.py, 34/9) is weak: each slice gets a tree of its own,
so the three slices together use three times the code space one tree has. What one tree allows:
- A leaf holds at most two worlds of the reduced model. It names one assignment of roles; two worlds
  with that assignment and different neither-words x split at every question to the truthful person
  or the liar (the answer is one word, and it is not x: of three x at most two are kept together), and
  at every question to the always-neither person (its answer is x). A leaf with all three x would
  have been reached by questions to the engineer alone, and then every assignment with the same
  engineer would be in it too.
- So, over the leaves of one tree (Kraft: sum of 3^-depth <= 1), the sum over worlds w and their
  paths p of 3^-depth(p) is at most 2 (kappa).
- Restricted to one slice, a tree is a strategy for that slice (perhaps with questions that do not
  split it, and going on below nodes where it is already solved). So for every lambda >= 0:
  cost(tree) >= sum over slices of min over slice strategies of (cost + lambda * kappa) - 2 lambda,
  where costs are sums of mass x depth with every world of mass 1 (the average is cost / 72). By
  symmetry the three slices have the same minimum F(lambda), so the average is at least
  (3 F(lambda) - 2 lambda) / 72 for each lambda, within DEPTH questions.
- F is computed exactly (Fractions) by a memoised search over one slice (24 role assignments, the
  symmetries of known.py), where a node may stop if it holds one assignment (its kappa: lambda per
  world there) or ask anyone, with every split of the truthful person's and liar's worlds between
  the two words that are not x (one of each mirror pair), including splits that do not split.
"""
import sys
import time
from fractions import Fraction
from functools import lru_cache

from known import INF, asking, canon


def alone(d: int, lam: Fraction) -> Fraction:
    """Return the least cost + lambda*kappa of one world of mass 1 with d questions left: stop after
    k of them (asking anyone who is not the engineer there sends it to one branch)."""
    return min(k + lam / 3**k for k in range(d + 1))


@lru_cache(maxsize=None)
def F(state, d: int, lam: Fraction) -> Fraction:
    """Return min over slice strategies within d of sum of mass x depth + lam x sum of 3^-depth over
    leaf entries, for a normalised node (masses 3^-e)."""
    if len(state) == 0:
        return Fraction(0)
    if len(state) == 1:
        (_, e), = state
        return alone(d, lam)  # e is 0 after normalising
    if d == 0:
        return INF
    mass = sum(Fraction(1, 3**e) for _, e in state)
    best = INF
    for p in range(4):
        C, R, splits = asking(state, p)
        for Y, N in splits:
            total = mass
            for kid in (Y + R, N + R, C + R):
                if not kid:
                    continue
                cs, m = canon(kid)
                v = F(cs, d - 1, lam / 3 * 3**m)
                if v >= INF:
                    total = INF
                    break
                total += v / 3**m
                if total >= best:
                    break
            if total < best:
                best = total
    return best


if __name__ == "__main__":
    d = int(sys.argv[1])
    root, _ = canon([(i, 0) for i in range(24)])
    for text in sys.argv[2:]:
        lam = Fraction(text)
        t = time.time()
        f = F(root, d, lam)
        bound = (3 * f - 2 * lam) / 72
        print(f"d={d} lambda={lam}: F={f} bound={bound} = {float(bound):.6f} "
              f"({F.cache_info().currsize} nodes, {time.time() - t:.1f} s)", flush=True)
