/* Exact fewest-questions-on-average search for the BoolosBrewery hard variant, reduced model.
 *
 * The same model as core.py / solver.py (see README): a world is w = 3*i + x, i indexes the 24
 * assignments of roles T=0, L=1, C=2 (always "neither"), R=3 (random word) to the four persons, x is
 * the word meaning neither. Asking person p sends a world where p is T or L to one chosen word other
 * than x (chosen per world), one where p is C to x, and one where p is R to all three words with a
 * third of its mass each (its exponent e grows by one). A leaf holds one assignment of roles.
 *
 * Value of a node = sum over its internal nodes of their mass, in units where a world of exponent e
 * weighs 3^(K-e); the expected number of questions of the puzzle is V(root) / (72 * 3^K).
 *
 * Usage:
 *   avg5 root D NUM DEN SECONDS [MEMO_LOG2 [TREE.json [PART PARTS]]]  search the root (question to person 0, by symmetry) for
 *       a strategy of at most D questions averaging strictly less than NUM/DEN. Prints "found V" with
 *       the three children ("kid y: w e ...") and exits 0, or "none below NUM/DEN" (exit 1: proves
 *       that no strategy of at most D questions averages less), or "timeout" (exit 3). Each improvement
 *       is written to TREE.json (strategy.json's format). PART/PARTS: this run takes only the root's
 *       partial splits (first two classes) whose index is PART modulo PARTS, so that PARTS processes
 *       share the root; "none below" then holds for this part only. Environment: ROOT_SEED=N shuffles
 *       the order of the root's classes (another part of the search first; the answer is the same),
 *       REFINE=K bounds a partial root child by its exact value from the K-th class on (slower).
 *   avg5 lns D SECONDS MEMO_LOG2 TREE.json OPTIONS FREE SEED  large neighbourhood search from the root
 *       split OPTIONS (12 digits, one per class of the question to person 0: bit x set sends world x
 *       to child x+2 mod 3, else to x+1): free random classes, one at a time and, after 24 tries in a
 *       row without a gain, one more (up to FREE), search them exactly, keep any gain (written to
 *       TREE.json) and start again from one. Finds strategies, proves nothing; exit 3 at the limit.
 *       LNS_START=V (the initial split's known value) bounds its first search, which is far faster.
 *   avg5 node D [UB]       read "w e w e ..." on stdin, print the exact value (units 3^K per e=0
 *       world) or "inf"; with UB, the exact value if below UB, else ">= B" with B >= UB a lower
 *       bound; for comparison with brute.py.
 *   avg5 slice D           same, but the known-neither-word relaxation's value (a lower bound).
 *   avg5 tree D [UB [MEMO_LOG2]]  read a node as for node, print an optimal subtree within D questions as
 *       JSON (strategy.json's "tree" format) on stdout and its value on stderr; exit 1 if none exists (at
 *       or below UB: a known value as UB makes the search far faster).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NW 72
#define NS 288
/* Node codes: a world's exponent (relative to the node's least) + 1 in CB bits, PER to a 64-bit word, NKW
 * words. The default build packs 3 bits (exponent spread + questions left <= 6, units 3^-8 of a world);
 * -DWIDE packs 4 bits with units 3^-12 (spread + questions left <= 12), so subtrees of 7 or more questions
 * below the root fit; its values are 81 times the default build's. */
#ifdef WIDE
#define CB 4
#define PER 16
#define NKW 5
#define K 12
#else
#define CB 3
#define PER 18
#define NKW 4
#define K 8
#endif
#define MAXE (((1 << CB) - 2) < K ? ((1 << CB) - 2) : K) /* largest exponent spread + questions left */
#define SHIFT(t) (CB * (PER - 1 - (t) % PER))
#define INF ((int64_t)1 << 60)

static int ROLE[NW][4];
static uint8_t SYM[NS][NW];
static int SWORD[NS][NW], SSHIFT[NS][NW]; /* packed position of the image of w */
static int64_t POW3[K + 2];
static int PI[24][4];
static uint8_t SL_SYM[48][24];
static double deadline, t_start;
static long long arg(const char *s, long long lo, long long hi, const char *what);
static long long n_nodes, n_splits, n_fcalls, n_slices;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef struct {
    int n;
    uint8_t w[NW], e[NW];
} Node;

/* ---------------------------------------------------------------- setup */
static void setup(void) {
    int n = 0, perm[4];
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++) {
                    if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
                    PI[n][0] = a, PI[n][1] = b, PI[n][2] = c, PI[n][3] = d;
                    n++;
                }
    for (int w = 0; w < NW; w++)
        for (int p = 0; p < 4; p++) ROLE[w][p] = PI[w / 3][p];
    POW3[0] = 1;
    for (int i = 1; i < K + 2; i++) POW3[i] = 3 * POW3[i - 1];
    int gs[24][4], ng = 0;
    for (int i = 0; i < 24; i++) memcpy(gs[ng++], PI[i], sizeof perm);
    int s3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int k = 0, ks = 0;
    for (int g = 0; g < 24; g++)
        for (int t = 0; t < 2; t++) {
            int img[24];
            for (int i = 0; i < 24; i++) {
                int nw[4];
                for (int q = 0; q < 4; q++) {
                    int r = PI[i][q];
                    if (t && r < 2) r = 1 - r;
                    nw[gs[g][q]] = r;
                }
                for (int j = 0; j < 24; j++)
                    if (!memcmp(PI[j], nw, sizeof nw)) img[i] = j;
            }
            for (int i = 0; i < 24; i++) SL_SYM[ks][i] = img[i];
            ks++;
            for (int s = 0; s < 6; s++, k++)
                for (int w = 0; w < NW; w++) SYM[k][w] = 3 * img[w / 3] + s3[s][w % 3];
        }
    for (int k2 = 0; k2 < NS; k2++)
        for (int w = 0; w < NW; w++) {
            int t = SYM[k2][w];
            SWORD[k2][w] = t / PER;
            SSHIFT[k2][w] = SHIFT(t);
        }
}

/* ---------------------------------------------------------------- memo tables */
typedef struct {
    uint64_t k[NKW];
    int64_t v;   /* value (exact) or lower bound */
    uint8_t d, exact, used, pad;
} Entry;

typedef struct {
    Entry *t;
    uint64_t mask, count, cap;
} Table;

static void table_init(Table *T, int log2) {
    T->t = calloc((size_t)1 << log2, sizeof(Entry));
    if (!T->t) { fprintf(stderr, "out of memory for the memo tables: lower MEMO_LOG2\n"); exit(3); }
    T->mask = ((uint64_t)1 << log2) - 1;
    T->count = 0;
    T->cap = (T->mask + 1) / 10 * 8;
}

static uint64_t hkey(const uint64_t *k, int d) {
    uint64_t h = k[0] * 0x9E3779B97F4A7C15ULL ^ (k[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (k[2] + (h >> 29)) * 0x165667B19E3779F9ULL;
    h ^= (k[3] + (uint64_t)d * 0x27D4EB2F165667C5ULL + (h >> 31)) * 0x9E3779B97F4A7C15ULL;
#ifdef WIDE
    h ^= (k[4] + (h >> 27)) * 0xC2B2AE3D27D4EB4FULL;
#endif
    return h ^ (h >> 32);
}

static Entry *lookup(Table *T, const uint64_t *k, int d, int insert) {
    uint64_t i = hkey(k, d) & T->mask;
    for (;;) {
        Entry *E = &T->t[i];
        if (!E->used) {
            if (!insert || T->count >= T->cap) return NULL; /* full: stop caching (sound) */
            memcpy(E->k, k, sizeof E->k);
            E->d = d, E->used = 1, E->exact = 0, E->v = 0;
            T->count++;
            return E;
        }
        if (E->d == d && !memcmp(E->k, k, sizeof E->k)) return E;
        i = (i + 1) & T->mask;
    }
}

/* canonical packed form of a code array (code[w] in 0..7) over the 288 symmetries */
static void canon(const uint8_t *code, uint64_t *out) {
    int ws[NW], n = 0;
    for (int w = 0; w < NW; w++)
        if (code[w]) ws[n++] = w;
    int first = 1;
    for (int k = 0; k < NS; k++) {
        uint64_t P[NKW] = {0};
        for (int j = 0; j < n; j++) {
            int w = ws[j];
            P[SWORD[k][w]] |= (uint64_t)code[w] << SSHIFT[k][w];
        }
        int less = first;
        for (int q = 0; q < NKW && !less; q++) {
            if (P[q] != out[q]) { less = P[q] < out[q]; break; }
        }
        if (less) {
            memcpy(out, P, sizeof P);
            first = 0;
        }
    }
}

/* ---------------------------------------------------------------- helpers */
static int npi(const Node *S) {
    uint32_t m = 0;
    for (int j = 0; j < S->n; j++) m |= 1u << (S->w[j] / 3);
    return __builtin_popcount(m);
}

static int64_t mass(const Node *S) {
    int64_t m = 0;
    for (int j = 0; j < S->n; j++) m += POW3[K - S->e[j]];
    return m;
}

static void push(Node *S, int w, int e) {
    S->w[S->n] = w;
    S->e[S->n] = e;
    S->n++;
}

/* ---------------------------------------------------------------- feasibility */
static Table FT;
static int feasible(const Node *S, int d);

/* can the classes cl[k..] be placed so that every kid stays feasible within d */
static int fsplit(Node *kids, const int (*cls)[3], const int *ncl, int ncls, int k, int d) {
    if (k == ncls) return 1;
    int c = ncl[k];
    for (int opt = 0; opt < (1 << c); opt++) {
        Node nk[3];
        int touched = 0;
        for (int y = 0; y < 3; y++) nk[y] = kids[y];
        for (int j = 0; j < c; j++) {
            int w = cls[k][j], x = w % 3;
            int y = (opt >> j & 1) ? (x + 2) % 3 : (x + 1) % 3;
            push(&nk[y], w, 0);
            touched |= 1 << y;
        }
        int ok = 1;
        for (int y = 0; y < 3 && ok; y++)
            if (touched >> y & 1) ok = feasible(&nk[y], d);
        if (ok && fsplit(nk, cls, ncl, ncls, k + 1, d)) return 1;
    }
    return 0;
}

/* swap classes a and b (their worlds and sizes) */
static void swap_classes(int cls[24][3], int *ncl, int a, int b) {
    int t[3];
    memcpy(t, cls[a], sizeof t), memcpy(cls[a], cls[b], sizeof t), memcpy(cls[b], t, sizeof t);
    int u = ncl[a]; ncl[a] = ncl[b]; ncl[b] = u;
}

/* the question to p at S: the children's fixed part (p random: every child, exponent + 1; p always
   "neither": child x) and the classes of worlds where p is T or L (one per role assignment, entries
   w | e << 8, larger classes first); exponents kept only if keep_e. Returns the number of classes, or
   -1 when p is random in every world (the question tells nothing). */
static int ask(const Node *S, int p, int keep_e, Node *kids, int cls[24][3], int *ncl) {
    kids[0].n = kids[1].n = kids[2].n = 0;
    int nR = 0;
    for (int j = 0; j < S->n; j++)
        if (ROLE[S->w[j]][p] == 3) {
            for (int y = 0; y < 3; y++) push(&kids[y], S->w[j], keep_e ? S->e[j] + 1 : 0);
            nR++;
        }
    if (nR == S->n) return -1;
    int ncls = 0, where[24];
    for (int i = 0; i < 24; i++) where[i] = -1;
    for (int j = 0; j < S->n; j++) {
        int w = S->w[j], r = ROLE[w][p], e = keep_e ? S->e[j] : 0;
        if (r == 2) push(&kids[w % 3], w, e);
        else if (r < 2) {
            int i = w / 3;
            if (where[i] < 0) where[i] = ncls, ncl[ncls++] = 0;
            cls[where[i]][ncl[where[i]]++] = w | e << 8;
        }
    }
    for (int a = 0; a < ncls; a++)
        for (int b = a + 1; b < ncls; b++)
            if (ncl[b] > ncl[a]) swap_classes(cls, ncl, a, b);
    return ncls;
}

static int pow3i(int d) { int r = 1; while (d--) r *= 3; return r; }

static int feasible(const Node *S, int d) {
    int np = npi(S);
    if (np <= 1) return 1;
    if (d == 0 || np > pow3i(d)) return 0;
    uint8_t code[NW] = {0};
    uint64_t raw[NKW] = {0};
    for (int j = 0; j < S->n; j++) {
        int w = S->w[j];
        code[w] = 1;
        raw[w / PER] |= (uint64_t)1 << SHIFT(w);
    }
    Entry *R = lookup(&FT, raw, d, 1);
    if (R && R->exact) return (int)R->v;
    uint64_t key[NKW];
    canon(code, key);
    Entry *E = lookup(&FT, key, d, 1);
    if (E && E->exact) {
        if (R) R->v = E->v, R->exact = 1;
        return (int)E->v;
    }
    n_fcalls++;
    int res = 0;
    for (int p = 0; p < 4 && !res; p++) {
        Node kids[3];
        int cls[24][3], ncl[24], ncls = ask(S, p, 0, kids, cls, ncl);
        if (ncls < 0) continue;
        int ok = 1;
        for (int y = 0; y < 3 && ok; y++) ok = feasible(&kids[y], d - 1);
        if (!ok) continue;
        res = fsplit(kids, (const int (*)[3])cls, ncl, ncls, 0, d - 1);
    }
    if (E) E->v = res, E->exact = 1;
    R = lookup(&FT, raw, d, 1);
    if (R) R->v = res, R->exact = 1;
    return res;
}

/* ---------------------------------------------------------------- known-x slices (lower bound) */
static Table ST;

typedef struct {
    int n;
    uint8_t i[24], e[24];
} Slice;

static int64_t slice_value(const Slice *S, int d);

static void slice_canon(const Slice *S, uint64_t *key) {
    int first = 1;
    for (int k = 0; k < 48; k++) {
        uint64_t P[NKW] = {0};
        for (int j = 0; j < S->n; j++) {
            int t = SL_SYM[k][S->i[j]];
            P[t / PER] |= (uint64_t)(S->e[j] + 1) << SHIFT(t);
        }
        if (first || P[0] < key[0] || (P[0] == key[0] && P[1] < key[1])) {
            memcpy(key, P, sizeof P);
            first = 0;
        }
    }
}

/* exact value of a slice (worlds of one x), e normalised or not; INF if not within d */
static int64_t slice_value(const Slice *S0, int d) {
    uint32_t m = 0;
    for (int j = 0; j < S0->n; j++) m |= 1u << S0->i[j];
    int np = __builtin_popcount(m);
    if (np <= 1) return 0;
    if (d == 0 || np > pow3i(d)) return INF;
    int mn = 99;
    for (int j = 0; j < S0->n; j++)
        if (S0->e[j] < mn) mn = S0->e[j];
    Slice S = *S0;
    for (int j = 0; j < S.n; j++) S.e[j] -= mn;
    uint64_t raw[NKW] = {0};
    for (int j = 0; j < S.n; j++) raw[S.i[j] / PER] |= (uint64_t)(S.e[j] + 1) << SHIFT(S.i[j]);
    Entry *R = lookup(&ST, raw, d, 1);
    uint64_t key[NKW];
    Entry *E = NULL;
    int64_t best = INF;
    if (R && R->exact) {
        best = R->v;
    } else if (slice_canon(&S, key), (E = lookup(&ST, key, d, 1)) && E->exact) {
        best = E->v;
        if (R) R->v = best, R->exact = 1;
    } else {
        n_slices++;
        int64_t M = 0;
        for (int j = 0; j < S.n; j++) M += POW3[K - S.e[j]];
        for (int p = 0; p < 4; p++) {
            Slice base[3];
            base[0].n = base[1].n = base[2].n = 0;
            int tl[24], ntl = 0, nR = 0;
            for (int j = 0; j < S.n; j++) {
                int r = PI[S.i[j]][p];
                if (r == 3) {
                    for (int y = 0; y < 3; y++) base[y].i[base[y].n] = S.i[j], base[y].e[base[y].n++] = S.e[j] + 1;
                    nR++;
                } else if (r == 2) {
                    base[2].i[base[2].n] = S.i[j], base[2].e[base[2].n++] = S.e[j];
                } else tl[ntl++] = j;
            }
            if (nR == S.n) continue;
            int64_t c2 = slice_value(&base[2], d - 1);
            if (c2 >= INF || M + c2 >= best) continue;
            int nsplit = ntl ? 1 << (ntl - 1) : 1;
            for (int b = 0; b < nsplit; b++) {
                Slice k0 = base[0], k1 = base[1];
                for (int q = 0; q < ntl; q++) {
                    int j = tl[q];
                    Slice *t = (q == 0 || !(b >> (q - 1) & 1)) ? &k0 : &k1;
                    t->i[t->n] = S.i[j], t->e[t->n++] = S.e[j];
                }
                int64_t tot = M + c2;
                int64_t v0 = slice_value(&k0, d - 1);
                if (v0 >= INF || (tot += v0) >= best) continue;
                int64_t v1 = slice_value(&k1, d - 1);
                if (v1 >= INF || (tot += v1) >= best) continue;
                best = tot;
            }
        }
        if (E) E->v = best, E->exact = 1;
        R = lookup(&ST, raw, d, 1);
        if (R) R->v = best, R->exact = 1;
    }
    if (best >= INF) return INF;
    if (best % POW3[mn]) { fprintf(stderr, "slice units\n"); exit(70); }
    return best / POW3[mn];
}

/* ---------------------------------------------------------------- exact value */
static Table VT;
static int64_t floor_plus; /* AVG5_FLOOR_PLUS: a wrong bound, for check_avg5.py to catch */

typedef struct {
    uint64_t k[NKW];
    int64_t v;
} LBEntry;
#define LB_LOG2 20
static LBEntry *lbcache; /* direct-mapped: one lookup instead of four (feasibility, three slices) */

static int64_t lower_bound0(const Node *S, int d);

static int64_t lower_bound(const Node *S, int d) {
    if (npi(S) <= 1) return 0;
    uint64_t raw[NKW] = {0};
    for (int j = 0; j < S->n; j++) {
        int w = S->w[j];
        raw[w / PER] |= (uint64_t)(S->e[j] + 1) << SHIFT(w);
    }
#ifdef WIDE
    raw[NKW - 1] |= (uint64_t)d; /* the last word's codes fill only its high 32 bits */
#else
    raw[0] |= (uint64_t)d << 56; /* 54 bits hold the codes */
#endif
    LBEntry *L = &lbcache[hkey(raw, d) & (((uint64_t)1 << LB_LOG2) - 1)];
    if (!memcmp(L->k, raw, sizeof raw)) return L->v;
    int64_t v = lower_bound0(S, d);
    memcpy(L->k, raw, sizeof raw);
    L->v = v;
    return v;
}

/* The code bound over role assignments (lagrange.py, step 3): each assignment's shallowest leaf is a leaf
 * of a ternary tree and every world of it lies at least that deep, so a node costs at least the least
 * ternary prefix code of its assignments' masses (Huffman, a zero weight added when their count is even). */
static int64_t class_code(const Node *S) {
    int64_t q[25];
    int n = 0;
    int64_t by[24] = {0};
    for (int j = 0; j < S->n; j++) by[S->w[j] / 3] += POW3[K - S->e[j]];
    for (int i = 0; i < 24; i++)
        if (by[i]) q[n++] = by[i];
    if (n <= 1) return 0;
    if (n % 2 == 0) q[n++] = 0;
    int64_t cost = 0;
    while (n > 1) { /* take the three least, put their sum back */
        for (int a = 0; a < 3; a++) { /* move the least of q[a..n) to q[a] */
            int b = a;
            for (int j = a + 1; j < n; j++)
                if (q[j] < q[b]) b = j;
            int64_t t = q[a]; q[a] = q[b]; q[b] = t;
        }
        int64_t sum = q[0] + q[1] + q[2];
        cost += sum;
        q[0] = sum;
        q[1] = q[n - 1];
        q[2] = q[n - 2];
        n -= 2;
    }
    return cost;
}

static int64_t lower_bound0(const Node *S, int d) {
    if (d == 0 || !feasible(S, d)) return INF;
    Slice sl[3];
    sl[0].n = sl[1].n = sl[2].n = 0;
    for (int j = 0; j < S->n; j++) {
        Slice *t = &sl[S->w[j] % 3];
        t->i[t->n] = S->w[j] / 3, t->e[t->n++] = S->e[j];
    }
    int64_t s = 0;
    for (int x = 0; x < 3; x++) {
        int64_t v = slice_value(&sl[x], d);
        if (v >= INF) return INF; /* cannot happen when S is feasible */
        s += v;
    }
    int64_t m = mass(S);
    if (m > s) s = m;
    int64_t c = class_code(S);
    return (c > s ? c : s) + floor_plus;
}

typedef struct {
    int64_t best;
    int found;
    Node kids[3];
} Search;

static int64_t value(const Node *S, int d, int64_t ub, int *exact);
static int refine_root, refine_from;
static int lns_mode, root_fix[24], root_seed;
static int root_mode, root_part, root_parts = 1, root_unit;
static void write_root(const Node *S, const Node *kids, int64_t total);
static Node ROOT;

static void timeout_check(void) {
    if ((n_splits & 1023) == 0 && now() > deadline) {
        printf("timeout nodes=%lld splits=%lld fcalls=%lld slices=%lld\n", n_nodes, n_splits, n_fcalls, n_slices);
        fflush(stdout);
        exit(3);
    }
}

/* place classes cls[k..]; kids/kl hold the partial children and their lower bounds */
static void vsplit(Search *X, Node *kids, int64_t *kl, const int (*cls)[3], const int *ncl, int ncls, int k,
                   int d, int64_t M) {
    n_splits++;
    timeout_check();
    if (k == ncls) {
        int order[3] = {0, 1, 2};
        for (int a = 0; a < 3; a++)
            for (int b = a + 1; b < 3; b++)
                if (kl[order[b]] > kl[order[a]]) { int t = order[a]; order[a] = order[b]; order[b] = t; }
        int64_t tot = M + kl[0] + kl[1] + kl[2];
        for (int q = 0; q < 3; q++) {
            int y = order[q];
            if (tot >= X->best) return;
            int ex;
            int64_t v = value(&kids[y], d, X->best - (tot - kl[y]), &ex);
            if (!ex) return;
            tot += v - kl[y];
        }
        if (tot < X->best) {
            X->best = tot;
            X->found = 1;
            for (int y = 0; y < 3; y++) X->kids[y] = kids[y];
            if (root_mode && d == root_mode - 1) {
                printf("improved %lld t=%.0f\n", (long long)tot, now() - t_start);
                fflush(stdout);
                write_root(&ROOT, kids, tot);
            }
        }
        return;
    }
    int c = ncl[k];
    struct { int64_t tot; int opt; int64_t kl[3]; } cand[8];
    int nc = 0;
    int nopt = 1 << c;
    for (int opt = 0; opt < nopt; opt++) {
        if (root_mode && d == root_mode - 1) {
            if (lns_mode ? root_fix[k] >= 0 && opt != root_fix[k] : k == 0 && c == 3 && opt != 0 && opt != 1)
                continue; /* lns: fixed classes; root: the first class up to the words' symmetry */
        }
        Node nk[3];
        int touched = 0;
        for (int y = 0; y < 3; y++) nk[y] = kids[y];
        for (int j = 0; j < c; j++) {
            int w = cls[k][j] & 0xff, x = w % 3;
            int y = (opt >> j & 1) ? (x + 2) % 3 : (x + 1) % 3;
            /* exponents: kept in the class array's high bits */
            push(&nk[y], w, cls[k][j] >> 8);
            touched |= 1 << y;
        }
        int64_t nl[3], tot = M;
        for (int y = 0; y < 3; y++) {
            nl[y] = (touched >> y & 1) ? lower_bound(&nk[y], d) : kl[y];
            tot += nl[y];
            if (tot >= X->best) break;
        }
        if (tot >= X->best) continue;
        if (refine_root && root_mode && d == root_mode - 1 && k >= refine_from) {
            /* the exact value of a partial child bounds the full child's (adding worlds cannot help) */
            for (int y = 0; y < 3 && tot < X->best; y++) {
                if (!(touched >> y & 1)) continue;
                int ex;
                int64_t v = value(&nk[y], d, X->best - (tot - nl[y]), &ex);
                if (v > nl[y]) tot += v - nl[y], nl[y] = v;
            }
            if (tot >= X->best) continue;
        }
        cand[nc].tot = tot, cand[nc].opt = opt;
        memcpy(cand[nc].kl, nl, sizeof nl);
        nc++;
    }
    /* cheapest first */
    for (int a = 1; a < nc; a++)
        for (int b = a; b > 0 && cand[b].tot < cand[b - 1].tot; b--) {
            __typeof__(cand[0]) t = cand[b]; cand[b] = cand[b - 1]; cand[b - 1] = t;
        }
    int at_root = root_mode && d == root_mode - 1;
    for (int q = 0; q < nc; q++) {
        if (cand[q].tot >= X->best) break;
        if (at_root && k == 1 && root_unit++ % root_parts != root_part) continue;
        Node nk[3];
        for (int y = 0; y < 3; y++) nk[y] = kids[y];
        for (int j = 0; j < c; j++) {
            int w = cls[k][j] & 0xff, x = w % 3;
            int y = (cand[q].opt >> j & 1) ? (x + 2) % 3 : (x + 1) % 3;
            push(&nk[y], w, cls[k][j] >> 8);
        }
        vsplit(X, nk, cand[q].kl, cls, ncl, ncls, k + 1, d, M);
        if (at_root && k <= 2 && !lns_mode) {
            printf("root: class %d option %d/%d done (bound %lld) t=%.0f splits=%lld memo=%llu\n", k, q + 1, nc,
                   (long long)cand[q].tot, now() - t_start, n_splits, (unsigned long long)VT.count);
            fflush(stdout);
        }
    }
}

static int64_t value_raw(const Node *S, int d, int64_t ub, int64_t known_lb, int *exact, Node *best_kids,
                         int *best_p) {
    n_nodes++;
    int64_t L = lower_bound(S, d);
    if (known_lb > L) L = known_lb;
    if (L >= INF) { *exact = 1; return INF; }
    if (L >= ub) { *exact = 0; return L; }
    int64_t M = mass(S);
    Search X;
    X.best = ub;
    X.found = 0;
    int np = root_mode && d == root_mode ? 1 : 4;
    for (int p = 0; p < np; p++) {
        Node kids[3];
        int cls[24][3], ncl[24], ncls = ask(S, p, 1, kids, cls, ncl);
        if (ncls < 0) continue;
        int64_t kl[3], tot = M;
        for (int y = 0; y < 3; y++) tot += kl[y] = lower_bound(&kids[y], d - 1);
        if (tot >= X.best) continue;
        if (root_mode && d == root_mode && root_seed && !lns_mode) {
            /* another order of the root's classes (all hold three worlds): other openings first */
            srand(root_seed);
            for (int a = ncls - 1; a > 0; a--) swap_classes(cls, ncl, a, rand() % (a + 1));
        }
        int was = X.found;
        X.found = 0;
        vsplit(&X, kids, kl, (const int (*)[3])cls, ncl, ncls, 0, d - 1, M);
        if (X.found) {
            if (best_kids) for (int y = 0; y < 3; y++) best_kids[y] = X.kids[y];
            if (best_p) *best_p = p;
        }
        X.found |= was;
    }
    if (X.found) { *exact = 1; return X.best; }
    *exact = 0;
    return L > ub ? L : ub;
}

/* S any exponents; returns the value in absolute units, or a lower bound >= ub (exact = 0) */
static int64_t value(const Node *S0, int d, int64_t ub, int *exact) {
    if (npi(S0) <= 1) { *exact = 1; return 0; }
    if (d == 0) { *exact = 1; return INF; }
    int mn = 99;
    for (int j = 0; j < S0->n; j++)
        if (S0->e[j] < mn) mn = S0->e[j];
    Node S = *S0;
    for (int j = 0; j < S.n; j++) S.e[j] -= mn;
    int64_t sc = POW3[mn];
    int64_t ubn = ub >= INF / sc ? INF : ub * sc;
    uint8_t code[NW] = {0};
    uint64_t raw[NKW] = {0};
    for (int j = 0; j < S.n; j++) {
        int w = S.w[j];
        code[w] = S.e[j] + 1;
        raw[w / PER] |= (uint64_t)code[w] << SHIFT(w);
    }
    Entry *R = lookup(&VT, raw, d, 1);
    if (R && (R->exact || R->v >= ubn)) {
        *exact = R->exact;
        if (R->v >= INF) return INF;
        return R->v / sc;
    }
    uint64_t key[NKW];
    canon(code, key);
    Entry *E = lookup(&VT, key, d, 1);
    int64_t known = 0, v;
    int ex;
    if (E && (E->exact || E->v >= ubn)) {
        v = E->v, ex = E->exact;
    } else {
        if (E) known = E->v;
        v = value_raw(&S, d, ubn, known, &ex, NULL, NULL);
        /* the table may have moved on: look the entry up again */
        E = lookup(&VT, key, d, 1);
        if (E) E->v = v, E->exact = ex;
    }
    R = lookup(&VT, raw, d, 1);
    if (R) R->v = v, R->exact = ex;
    *exact = ex;
    if (v >= INF) return INF;
    if (ex && v % sc) { fprintf(stderr, "units\n"); exit(70); }
    return v / sc; /* a lower bound may round down: still a lower bound */
}

/* write the optimal subtree of S (d questions left) as JSON, as strategy.json's "tree" */
static void write_tree(FILE *f, const Node *S, int d) {
    if (npi(S) <= 1) {
        if (S->n) fprintf(f, "{\"leaf\": %d, \"worlds\": [", S->w[0] / 3);
        else fprintf(f, "{\"leaf\": null, \"worlds\": [");
        for (int j = 0; j < S->n; j++) fprintf(f, "%s%d", j ? ", " : "", S->w[j]);
        fprintf(f, "]}");
        return;
    }
    int ex, p = -1;
    int64_t v = value(S, d, INF, &ex);
    Node kids[3];
    int64_t v2 = value_raw(S, d, v + 1, 0, &ex, kids, &p);
    if (!ex || v2 != v || p < 0) { fprintf(stderr, "tree: value changed\n"); exit(70); }
    fprintf(f, "{\"ask\": %d, \"worlds\": [", p);
    for (int j = 0; j < S->n; j++) fprintf(f, "%s[%d, %d]", j ? ", " : "", S->w[j], S->e[j]);
    fprintf(f, "], \"children\": [");
    for (int y = 0; y < 3; y++) {
        if (y) fprintf(f, ", ");
        write_tree(f, &kids[y], d - 1);
    }
    fprintf(f, "]}");
}

static const char *tree_path;

static void write_root(const Node *S, const Node *kids, int64_t total) {
    if (!tree_path) return;
    FILE *f = fopen(tree_path, "w");
    if (!f) { fprintf(stderr, "cannot write %s\n", tree_path); exit(2); }
    int64_t den = NW * POW3[K], a = total, b = den;
    while (b) { int64_t t = a % b; a = b; b = t; }
    fprintf(f, "{\"value\": \"%lld/%lld\", \"tree\": {\"ask\": 0, \"worlds\": [", (long long)(total / a),
            (long long)(den / a));
    for (int j = 0; j < S->n; j++) fprintf(f, "%s[%d, %d]", j ? ", " : "", S->w[j], S->e[j]);
    fprintf(f, "], \"children\": [");
    for (int y = 0; y < 3; y++) {
        if (y) fprintf(f, ", ");
        write_tree(f, &kids[y], root_mode - 1);
    }
    fprintf(f, "]}}\n");
    fclose(f);
}

/* read "w e w e ..." (distinct worlds, e + d <= MAXE so that codes fit CB bits); 0 on bad input */
static int read_node(Node *S, int d) {
    S->n = 0;
    int w, e, seen[NW] = {0}, r;
    while ((r = scanf("%d %d", &w, &e)) == 2) {
        if (w < 0 || w >= NW || e < 0 || e + d > MAXE || seen[w]) {
            fprintf(stderr, "bad input: world %d exponent %d (worlds 0-71, each once, exponent + D <= %d)\n", w, e, MAXE);
            return 0;
        }
        seen[w] = 1;
        push(S, w, e);
    }
    if (r != EOF) {
        fprintf(stderr, "bad input: expected pairs of integers \"w e\"\n");
        return 0;
    }
    return 1;
}

/* the integer in s within [lo, hi], or exit 2 naming what */
static long long arg(const char *s, long long lo, long long hi, const char *what) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "bad %s: %s (expected an integer from %lld to %lld)\n", what, s, lo, hi);
        exit(2);
    }
    return v;
}

/* the option of each root class (question to person 0) that the root children hold */
static void options_of(const Node *kids, int *opt, int *ncls) {
    int n = 0;
    for (int i = 0; i < 24; i++) {
        if (PI[i][0] > 1) continue;
        int o = 0;
        for (int x = 0; x < 3; x++) {
            int w = 3 * i + x, y2 = (x + 2) % 3;
            for (int j = 0; j < kids[y2].n; j++)
                if (kids[y2].w[j] == w) o |= 1 << x;
        }
        opt[n++] = o;
    }
    *ncls = n;
}

/* large neighbourhood search: free a few root classes at a time, search them exactly, keep any gain */
static int lns(int argc, char **argv, int d) {
    if (argc < 9) { fprintf(stderr, "lns needs D SECONDS MEMO_LOG2 TREE OPTIONS FREE SEED\n"); return 2; }
    if (d < 1) { fprintf(stderr, "bad D: the root needs at least one question\n"); return 2; }
    double secs = (double)arg(argv[3], 1, 10000000, "SECONDS");
    tree_path = argv[5];
    const char *init = argv[6];
    int nfree = (int)arg(argv[7], 1, 12, "FREE");
    srand((unsigned)arg(argv[8], 0, 1000000000, "SEED"));
    if (strlen(init) != 12 || strspn(init, "01234567") != 12) {
        fprintf(stderr, "bad OPTIONS: %s (twelve digits 0-7)\n", init);
        return 2;
    }
    t_start = now();
    deadline = t_start + secs;
    root_mode = d;
    lns_mode = 1;
    Node S;
    S.n = 0;
    for (int w = 0; w < NW; w++) push(&S, w, 0);
    ROOT = S;
    int cur[12];
    for (int k = 0; k < 12; k++) cur[k] = init[k] - '0';
    for (int k = 0; k < 12; k++) root_fix[k] = cur[k];
    int ex, p;
    Node kids[3];
    /* LNS_START=V: the initial split's value, known (units of this build): searched with it as the bound */
    int64_t start = getenv("LNS_START") ? arg(getenv("LNS_START"), 1, INF - 2, "LNS_START") + 1 : INF;
    int64_t best = value_raw(&S, d, start, 0, &ex, kids, &p);
    if (!ex) { printf("the initial split has no strategy within %d%s\n", d, start < INF ? " at or below LNS_START" : ""); return 1; }
    printf("start %lld t=%.0f\n", (long long)best, now() - t_start);
    fflush(stdout);
    /* neighbourhoods of size 1 first; after 24 in a row without a gain, one class more (up to nfree);
       any gain starts again from 1 */
    int size = 1, fails = 0;
    for (long it = 0;; it++) {
        for (int k = 0; k < 12; k++) root_fix[k] = cur[k];
        for (int q = 0; q < size;) {
            int k = rand() % 12;
            if (root_fix[k] >= 0) root_fix[k] = -1, q++;
        }
        int64_t v = value_raw(&S, d, best, 0, &ex, kids, &p);
        if (ex && v < best) {
            int n;
            best = v;
            options_of(kids, cur, &n);
            printf("lns %ld (%d free): %lld t=%.0f options ", it, size, (long long)best, now() - t_start);
            for (int k = 0; k < 12; k++) printf("%d", cur[k]);
            printf("\n");
            fflush(stdout);
            size = 1, fails = 0;
        } else if (++fails >= 24) {
            if (size < nfree) {
                size++;
                printf("lns %ld: %d free t=%.0f\n", it, size, now() - t_start);
                fflush(stdout);
            }
            fails = 0;
        }
    }
}

int main(int argc, char **argv) {
    setup();
    if (argc < 3) {
        fprintf(stderr, "usage: avg5 root D NUM DEN SECONDS [MEMO_LOG2 [TREE [PART PARTS]]] | avg5 node D [UB] | avg5 slice D | avg5 tree D [UB [MEMO_LOG2]]\n");
        return 2;
    }
    int d = (int)arg(argv[2], 0, MAXE, "D (questions)");
    int lg = 22;
    if (!strcmp(argv[1], "root") && argc > 6) lg = (int)arg(argv[6], 10, 28, "MEMO_LOG2");
    if (!strcmp(argv[1], "lns") && argc > 4) lg = (int)arg(argv[4], 10, 28, "MEMO_LOG2");
    if (!strcmp(argv[1], "tree") && argc > 4) lg = (int)arg(argv[4], 10, 28, "MEMO_LOG2");
    table_init(&FT, lg);
    table_init(&ST, lg);
    table_init(&VT, lg + 1);
    lbcache = calloc((size_t)1 << LB_LOG2, sizeof(LBEntry));
    if (!lbcache) { fprintf(stderr, "out of memory\n"); return 3; }
    deadline = 1e18;
    if (getenv("AVG5_FLOOR_PLUS")) floor_plus = atoll(getenv("AVG5_FLOOR_PLUS"));
    if (!strcmp(argv[1], "node") || !strcmp(argv[1], "slice")) {
        Node S;
        if (!read_node(&S, d)) return 2;
        int64_t v;
        if (!strcmp(argv[1], "node")) {
            int ex;
            int64_t ub = argc > 3 ? arg(argv[3], 0, INF, "UB") : INF;
            v = value(&S, d, ub, &ex);
            if (!ex) {
                printf(">= %lld\n", (long long)v);
                return 0;
            }
        } else {
            v = lower_bound(&S, d);
        }
        if (getenv("AVG5_STATS")) fprintf(stderr, "nodes=%lld splits=%lld fcalls=%lld slices=%lld memo=%llu\n", n_nodes, n_splits, n_fcalls, n_slices, (unsigned long long)VT.count);
        if (v >= INF) printf("inf\n");
        else printf("%lld\n", (long long)v);
        return 0;
    }
    if (!strcmp(argv[1], "lns")) return lns(argc, argv, d);
    if (!strcmp(argv[1], "tree")) {
        Node S;
        if (!read_node(&S, d)) return 2;
        int ex;
        int64_t ub = argc > 3 ? arg(argv[3], 0, INF - 1, "UB") + 1 : INF;
        int64_t v = value(&S, d, ub, &ex);
        if (v >= INF) { printf("inf\n"); return 1; }
        if (!ex) { fprintf(stderr, "none at or below %lld\n", (long long)(ub - 1)); return 1; }
        fprintf(stderr, "value %lld\n", (long long)v);
        write_tree(stdout, &S, d);
        printf("\n");
        return 0;
    }
    if (strcmp(argv[1], "root") || argc < 6) {
        fprintf(stderr, "unknown mode or missing arguments: %s\n", argv[1]);
        return 2;
    }
    if (d < 1) { fprintf(stderr, "bad D: the root needs at least one question\n"); return 2; }
    long long num = arg(argv[3], 1, 1000000, "NUM"), den = arg(argv[4], 1, 1000000, "DEN");
    double secs = (double)arg(argv[5], 1, 10000000, "SECONDS");
    double t0 = now();
    t_start = t0;
    deadline = t0 + secs;
    root_mode = d;
    if (argc > 7) tree_path = argv[7];
    if (argc > 9) root_parts = (int)arg(argv[9], 1, 1000, "PARTS"), root_part = (int)arg(argv[8], 0, root_parts - 1, "PART");
    if (root_parts < 1 || root_part < 0 || root_part >= root_parts) return 2;
    if (getenv("REFINE")) refine_root = 1, refine_from = atoi(getenv("REFINE"));
    if (getenv("ROOT_SEED")) root_seed = atoi(getenv("ROOT_SEED"));
    Node S;
    S.n = 0;
    for (int w = 0; w < NW; w++) push(&S, w, 0);
    ROOT = S;
    /* strictly below num/den per world: total < 72 * 3^K * num / den */
    __int128 lim = (__int128)NW * POW3[K] * num;
    int64_t ub = (int64_t)((lim + den - 1) / den); /* smallest total >= the target */
    int ex, p = -1;
    Node kids[3];
    int64_t v = value_raw(&S, d, ub, 0, &ex, kids, &p);
    double t = now() - t0;
    if (ex) {
        printf("found %lld / %lld (per world) nodes=%lld splits=%lld %.1f s\n", (long long)v,
               (long long)(NW * POW3[K]), n_nodes, n_splits, t);
        for (int y = 0; y < 3; y++) {
            printf("kid %d:", y);
            for (int j = 0; j < kids[y].n; j++) printf(" %d %d", kids[y].w[j], kids[y].e[j]);
            printf("\n");
        }
        return 0;
    }
    printf("none below %lld/%lld within %d questions (lower bound %lld) nodes=%lld splits=%lld fcalls=%lld "
           "slices=%lld memo=%llu %.1f s\n",
           num, den, d, (long long)v, n_nodes, n_splits, n_fcalls, n_slices, (unsigned long long)VT.count, t);
    return 1;
}
