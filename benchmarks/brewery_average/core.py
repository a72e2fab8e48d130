"""Core model for the BoolosBrewery hard variant (reduced exact model).

Worlds: w = 3*i + x, i in 0..23 indexes PI (PI[i][person] = role; roles T=0,L=1,C=2,R=3),
x in {0,1,2} = the word meaning "neither" (0=foo,1=bar,2=baz).
A node state is a tuple of (w, e) sorted by w, e = exponent (mass 3^-e relative), normalised min e = 0.
"""
import itertools
import numpy as np

PI = list(itertools.permutations(range(4)))
PIDX = {p: i for i, p in enumerate(PI)}
NW = 72
ROLE = [[PI[w // 3][p] for p in range(4)] for w in range(NW)]
XOF = [w % 3 for w in range(NW)]
PIOF = [w // 3 for w in range(NW)]

# symmetries: person perm g (new[g[q]] = old[q]), T<->L swap t, word perm s
SYMS = []
for g in itertools.permutations(range(4)):
    for t in (0, 1):
        for s in itertools.permutations(range(3)):
            perm = [0] * NW
            for w in range(NW):
                pi = PI[w // 3]
                new = [0] * 4
                for q in range(4):
                    r = pi[q]
                    if t and r < 2:
                        r = 1 - r
                    new[g[q]] = r
                perm[w] = 3 * PIDX[tuple(new)] + s[w % 3]
            SYMS.append(perm)
SYMS_NP = np.array(SYMS, dtype=np.int64)  # SYMS_NP[k][w] = image of w
# inverse: for image array we need codes_img[k][w'] = codes[w] where w' = perm[w]
INV = np.zeros_like(SYMS_NP)
for k in range(len(SYMS)):
    INV[k, SYMS_NP[k]] = np.arange(NW)
W18 = (8 ** np.arange(17, -1, -1, dtype=np.int64))


def canon(state):
    """state: iterable of (w,e), e normalised (>=0, <=6). Returns canonical key (tuple of 4 ints)."""
    codes = np.zeros(NW, dtype=np.int64)
    for w, e in state:
        codes[w] = e + 1
    img = codes[INV]  # 288 x 72
    packed = img.reshape(len(SYMS), 4, 18) @ W18  # 288 x 4
    rows = packed
    for c in range(4):
        col = rows[:, c]
        m = col.min()
        rows = rows[col == m]
        if len(rows) == 1:
            break
    r = rows[0]
    return (int(r[0]), int(r[1]), int(r[2]), int(r[3]))


def canon_slow(state):
    best = None
    for perm in SYMS:
        img = [0] * NW
        for w, e in state:
            img[perm[w]] = e + 1
        # same packing order as canon: 4 chunks of 18 codes, most significant first
        key = tuple(img)
        if best is None or key < best:
            best = key
    out = []
    for c in range(4):
        v = 0
        for j in range(18):
            v = v * 8 + best[18 * c + j]
        out.append(v)
    return tuple(out)


def normalise(state):
    m = min(e for _, e in state)
    if m:
        state = [(w, e - m) for w, e in state]
    return tuple(sorted(state)), m


def npi(state):
    return len({w // 3 for w, _ in state})
