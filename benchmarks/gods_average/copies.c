/* Exact worst case of a liar row of the n-god leaderboard (f liars, t truthful, r random gods, two words of
 * unknown meaning, the complete question language, the goal of every god's type) in the count model.
 * Research code for issue 18; see README.md beside this file ("The count model").
 *
 * The model. A world is a set S of r random gods and a choice of which f of the others lie. A question to a
 * god who is not random in a world can send that world to either branch, liar or not, so the K = C(f+t, f)
 * worlds of one set S are interchangeable: a node is the count c_S of S's worlds it holds, for each S (a
 * question to god g sends every world of a set containing g down both branches, and divides the c_S worlds of
 * any other set as a_S + (c_S - a_S)). A leaf holds at most one world. feasible(c, d): some strategy of at
 * most d questions ends every branch of c at such a leaf.
 *
 * Bounds (each true of every strategy of d questions from c). A layering of c is a partition of its worlds
 * into layers holding at most one world of each set; a layer's worlds follow the strategy as a strategy for
 * the row without liars does, so they occupy at least M_d(layer's sets) leaves (leaves.c), and the layers
 * occupy disjoint leaves: sum over layers of M_d <= 2^d. The nested layering L_j = {S : c_S >= j} is used
 * at every node ("the layered floor"). For a question to g, write R_j, T_j for the sets of L_j containing g
 * or not; a division of the counts is a chain D_1 >= D_2 >= ... with D_j <= T_j (D_j = {S : a_S >= j},
 * one chain per division). The first child's layers R_j + D_j and the second's R_j + (T_j - D_j) are
 * layerings of the children, so a division whose children both fit in 2^(d-1) leaves has
 * sum_j f_j(D_j) <= 2^d with f_j(D) = M_{d-1}(R_j + D) + M_{d-1}(R_j + T_j - D) >= M_d(L_j): every D_j
 * has f_j(D_j) <= M_d(L_j) + slack, slack = 2^d - the layered floor. So the search lists, per layer, the
 * divisions of T_j within that (exact M values, memoised, with partial sets bounding partial divisions:
 * M_d only grows as worlds are added), and tries the chains whose excesses add up to at most the slack.
 *
 * Arguments: F T R DEPTH SECONDS MEMO_LOG2 [tree] [verbose=D] [roots=FILE] [excess=E] [chains=N]
 * [root_chains=N] [cache=FILE] [uniform=MASK] [division=G6 [other]] [counts=C,...] [K=N] (see main).
 * Output: "feasible DEPTH" (exit 0; with "tree", the
 * strategy's count tree in preorder, one line per node: "Q g a_0 .. a_{W-1}" the first child's counts for a
 * question to g, "L" a leaf), "infeasible DEPTH" (exit 1), "timeout" (exit 3), bad arguments exit 2.
 */
#define LEAVES_NO_MAIN
#include "leaves.c"

#define MAXK 24

static int K;                      /* worlds per set of random gods */
static int nperm;
static uint8_t (*pw)[MAXW];        /* image of each world under each renaming of the gods */
static long long fnodes, chains, listed;
static int verbose_depth = 99;  /* option verbose=D: a line per god tried at nodes of D questions or more */
/* a guided search (options excess=E, chains=N, root_chains=N): the root's divisions at most E above its
 * floor, at most N chains per node (at the root, root_chains); it can find a strategy but proves nothing
 * when it finds none */
static int max_excess = BIG, max_chains = BIG, root_chains = BIG, guided;

/* ------------------------------------------------------------------ the count memo */

typedef struct { uint8_t c[MAXW]; int8_t d; int8_t val; } CEntry;  /* val: 1 feasible, 0 not, -1 empty */
static CEntry *cmemo; static uint64_t cmask;

static uint64_t chash(const uint8_t *c, int d) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)d;
    for (int w = 0; w < W; w++) { h ^= c[w]; h *= 1099511628211ULL; }
    return h ^ (h >> 29);
}

static CEntry *clookup(const uint8_t *c, int d, int create) {
    uint64_t h = chash(c, d);
    for (int i = 0; i < 4; i++) {
        CEntry *e = &cmemo[(h + i) & cmask];
        if (e->val >= 0 && e->d == d && !memcmp(e->c, c, W)) return e;
    }
    if (!create) return NULL;
    CEntry *e = &cmemo[h & cmask];
    for (int i = 0; i < 4; i++) if (cmemo[(h + i) & cmask].val < 0) { e = &cmemo[(h + i) & cmask]; break; }
    memcpy(e->c, c, W); e->d = d; e->val = -1;
    return e;
}

/* the least image of c under renamings of the gods */
static void ccanonical(const uint8_t *c, uint8_t *out) {
    uint8_t best[MAXW], img[MAXW];
    int have = 0;
    for (int p = 0; p < nperm; p++) {
        for (int w = 0; w < W; w++) img[pw[p][w]] = c[w];
        if (!have || memcmp(img, best, W) < 0) { memcpy(best, img, W); have = 1; }
    }
    memcpy(out, best, W);
}

/* ------------------------------------------------------------------ divisions of one layer */

typedef struct { uint64_t D; int fa, fb; } Div;   /* first child's part, M of each child's layer */
typedef struct { Div *v; int len, cap; } DivList;

static void push(DivList *l, Div x) {
    if (l->len == l->cap) { l->cap = l->cap ? 2 * l->cap : 64; l->v = realloc(l->v, l->cap * sizeof(Div)); }
    l->v[l->len++] = x;
}

typedef struct { uint64_t R, T; int tw[MAXW], tn, d, thr, size; DivList *out; } Lister;

static int M(uint64_t S, int d, int limit) {   /* M_d(S) if below limit, else a bound >= limit */
    int x;
    return solve(S, d, limit, &x);
}

/* place worlds tw[i..]; A, B the children's layers so far, la, lb lower bounds of what they end at */
static void list_place(Lister *L, int i, uint64_t A, uint64_t B, int la, int lb, int pa, int pb) {
    if (timed_out) return;
    if (L->size + pa + pb > L->thr || la + lb > L->thr) return;
    if (i == L->tn) {
        int fa = M(A, L->d, L->thr - lb + 1);
        if (timed_out || fa + lb > L->thr) return;
        int fb = M(B, L->d, L->thr - fa + 1);
        if (timed_out || fa + fb > L->thr) return;
        Div x = { A & ~L->R, fa, fb };
        push(L->out, x); listed++;
        return;
    }
    uint64_t w = 1ULL << L->tw[i];
    uint64_t A2 = A | w, B2 = B | w;
    int na = la, nb = lb;
    /* exact values of the partial layers (memoised) once they are big enough to matter */
    if (__builtin_popcountll(A2) >= 3) na = M(A2, L->d, L->thr - lb + 1);
    if (!timed_out && na + lb <= L->thr) list_place(L, i + 1, A2, B, na, lb, part_added(A2, L->d), pb);
    if (__builtin_popcountll(B2) >= 3) nb = M(B2, L->d, L->thr - la + 1);
    if (!timed_out && la + nb <= L->thr) list_place(L, i + 1, A, B2, la, nb, pa, part_added(B2, L->d));
}

/* a lower bound of M_d(S) without search (leaves.c's bound; |S| when that is infinite-free) */
static int bound_lo(uint64_t S, int d) {
    int x, b = bound(S, d, &x);
    return b;
}

static int by_excess(const void *a, const void *b) {
    const Div *x = a, *y = b;
    return (x->fa + x->fb) - (y->fa + y->fb);
}

/* every division D of T (D: the first child's part) with M_d(R+D) + M_d(R+T-D) <= thr, least first */
static void list_divisions(uint64_t R, uint64_t T, int d, int thr, DivList *out) {
    Lister L; L.R = R; L.T = T; L.d = d; L.thr = thr; L.out = out; L.tn = 0;
    L.size = 2 * __builtin_popcountll(R) + __builtin_popcountll(T);
    for (uint64_t s = T; s; s &= s - 1) L.tw[L.tn++] = __builtin_ctzll(s);
    out->len = 0;
    int r0 = __builtin_popcountll(R) >= 3 ? M(R, d, thr + 1) : 0;
    int p0 = part_added(R, d);
    list_place(&L, 0, R, R, r0, r0, p0, p0);
    qsort(out->v, out->len, sizeof(Div), by_excess);
}

/* ------------------------------------------------------------------ the root's divisions by orbits */

static const char *roots_file;   /* option roots=FILE: nauty's genbg divisions of the root (worst_bound.py --orbits) */
static DivList root_reps;        /* one division per orbit, each way round */

static int div_cmp(const void *a, const void *b) {
    const Div *x = a, *y = b;
    int ex = (x->fa + x->fb) - (y->fa + y->fb);
    if (ex) return ex;
    return x->D < y->D ? -1 : x->D > y->D;
}

/* every division D of the root's worlds where god 0 is not random with f(D) <= thr: f of one division per
 * orbit (the file's, and its complement: the other way round), then every image under the renamings that
 * fix god 0 (the first (n-1)! of pw); the representatives are kept in root_reps. 0, or 2 on a bad file */
static int floor_plus;           /* option floor_plus=X: a wrong bound, for check_copies.py to catch */
static const char *cache_file;   /* option cache=FILE: the root's lists, written once and read after */

static int read_cache(int thr, DivList *out) {
    FILE *f = cache_file ? fopen(cache_file, "r") : NULL;
    if (!f) return 0;
    int t, nr, nd, ok = fscanf(f, "%d %d %d", &t, &nr, &nd) == 3 && t == thr;
    out->len = 0; root_reps.len = 0;
    for (int i = 0; ok && i < nr + nd; i++) {
        unsigned long long D; Div x;
        if (fscanf(f, "%llu %d %d", &D, &x.fa, &x.fb) != 3) { ok = 0; break; }
        x.D = D; push(i < nr ? &root_reps : out, x);
    }
    fclose(f);
    if (!ok) { fprintf(stderr, "%s: not the root's lists within %d; computing them\n", cache_file, thr); out->len = root_reps.len = 0; }
    return ok;
}

static void write_cache(int thr, const DivList *out) {
    FILE *f = cache_file ? fopen(cache_file, "w") : NULL;
    if (!f) return;
    fprintf(f, "%d %d %d\n", thr, root_reps.len, out->len);
    for (int i = 0; i < root_reps.len; i++) fprintf(f, "%llu %d %d\n", (unsigned long long)root_reps.v[i].D, root_reps.v[i].fa, root_reps.v[i].fb);
    for (int i = 0; i < out->len; i++) fprintf(f, "%llu %d %d\n", (unsigned long long)out->v[i].D, out->v[i].fa, out->v[i].fb);
    fclose(f);
}

static int root_divisions(uint64_t R, uint64_t T, int d, int thr, DivList *out) {
    if (read_cache(thr, out)) return 0;
    FILE *f = fopen(roots_file, "r");
    if (!f) { fprintf(stderr, "cannot read %s\n", roots_file); return 2; }
    char line[256]; long long count = 0; uint64_t X; int got, fact = 1;
    for (int i = 2; i < n; i++) fact *= i;
    out->len = 0; root_reps.len = 0;
    while ((got = next_division(f, line, sizeof line, &count, &X)) == 1) {
        uint64_t A = R | X, B = R | (T & ~X);
        int lb = bound_lo(B, d);
        int fa = M(A, d, thr - lb + 1);
        if (timed_out) break;
        if (fa + lb > thr) continue;
        int fb = M(B, d, thr - fa + 1);
        if (timed_out) break;
        if (fa + fb > thr) continue;
        Div a = { X, fa, fb }, b = { T & ~X, fb, fa };
        push(&root_reps, a); push(&root_reps, b);
    }
    fclose(f);
    if (got < 0) return 2;
    for (int i = 0; i < root_reps.len; i++)
        for (int p = 0; p < fact; p++) {
            uint64_t Y = 0;
            for (uint64_t s = root_reps.v[i].D; s; s &= s - 1) Y |= 1ULL << pw[p][__builtin_ctzll(s)];
            Div y = { Y, root_reps.v[i].fa, root_reps.v[i].fb };
            push(out, y);
        }
    qsort(out->v, out->len, sizeof(Div), div_cmp);
    int k = 0;
    for (int i = 0; i < out->len; i++) if (!k || out->v[i].D != out->v[k - 1].D) out->v[k++] = out->v[i];
    out->len = k;
    qsort(root_reps.v, root_reps.len, sizeof(Div), by_excess);
    fprintf(stderr, "root: %lld orbits, %d ways round within %d, %d divisions (%.0fs)\n", count, root_reps.len, thr, k, now() - started);
    if (!timed_out) write_cache(thr, out);
    return 0;
}

/* ------------------------------------------------------------------ the search */

static int feasible(const uint8_t *c, int d);

typedef struct {
    const uint8_t *c; int d, g, nl, slack;
    uint64_t R[MAXK], T[MAXK]; int base[MAXK];
    DivList *G[MAXK], *first;   /* first: the first layer's divisions, when only one per orbit is needed */
    uint64_t D[MAXK]; int found, tried, stop;
    int sufA[MAXK + 1], sufB[MAXK + 1];   /* least sums of the layers j.. of each child's floor */
    uint8_t c1[MAXW], c2[MAXW];
} Chain;

/* choose D_j (j = 0..nl-1) nested in D_{j-1}, excesses within the slack and each child's layering within its
 * half of the leaves; cand[0..nc) the entries of layer j's list that lie within D_{j-1}; test the children
 * when complete */
static void chain(Chain *ch, int j, const int *cand, int nc, int slack, int sa, int sb) {
    if (timed_out || ch->found || ch->stop) return;
    if (j == ch->nl) {
        chains++;
        if (++ch->tried > (ch->first ? root_chains : max_chains)) { ch->found = 0; ch->stop = 1; return; }
        int all1 = 1, all2 = 1;
        for (int w = 0; w < W; w++) {
            if (!ch->c[w]) { ch->c1[w] = ch->c2[w] = 0; continue; }
            if (rnd[ch->g] >> w & 1) { ch->c1[w] = ch->c2[w] = ch->c[w]; continue; }
            int a = 0;
            for (int k = 0; k < ch->nl; k++) if (ch->D[k] >> w & 1) a = k + 1;
            ch->c1[w] = a; ch->c2[w] = ch->c[w] - a;
        }
        for (int w = 0; w < W; w++) { if (ch->c1[w] != ch->c[w]) all1 = 0; if (ch->c2[w] != ch->c[w]) all2 = 0; }
        if (all1 || all2) return;  /* a child equal to the node: no progress */
        uint8_t a1[MAXW], a2[MAXW];
        memcpy(a1, ch->c1, W); memcpy(a2, ch->c2, W);
        int v = feasible(a1, ch->d - 1);
        if (v != 1) return;
        v = feasible(a2, ch->d - 1);
        if (v == 1) { ch->found = 1; memcpy(ch->c1, a1, W); }
        return;
    }
    DivList *l = j == 0 && ch->first ? ch->first : ch->G[j];
    DivList *next = j + 1 < ch->nl ? ch->G[j + 1] : NULL;
    int half = 1 << (ch->d - 1);
    int *sub = next ? malloc(sizeof(int) * (next == l ? (nc > 0 ? nc : 1) : (next->len > 0 ? next->len : 1))) : NULL;
    for (int x = 0; x < nc && !timed_out && !ch->found && !ch->stop; x++) {
        const Div *v = &l->v[cand[x]];
        int ex = v->fa + v->fb - ch->base[j];
        if (ex > slack) break;               /* candidates keep the list's order: least excess first */
        if (sa + v->fa + ch->sufA[j + 1] > half || sb + v->fb + ch->sufB[j + 1] > half) continue;
        ch->D[j] = v->D;
        int ns = 0;
        if (next == l) { for (int y = 0; y < nc; y++) if (!(l->v[cand[y]].D & ~v->D)) sub[ns++] = cand[y]; }
        else if (next) { for (int y = 0; y < next->len; y++) if (!(next->v[y].D & ~v->D)) sub[ns++] = y; }
        chain(ch, j + 1, sub, ns, slack - ex, sa + v->fa, sb + v->fb);
    }
    free(sub);
}

/* skip god g if swapping it with an earlier god leaves c unchanged */
static int c_same_as_earlier(const uint8_t *c, int g) {
    for (int h = 0; h < g; h++) {
        int same = 1;
        for (int w = 0; w < W && same; w++) {
            int m = wr[w], bg = m >> g & 1, bh = m >> h & 1;
            m = (m & ~((1 << g) | (1 << h))) | (bg << h) | (bh << g);
            if (c[widx[m]] != c[w]) same = 0;
        }
        if (same) return 1;
    }
    return 0;
}

/* the search of one node c with d questions left (2 <= its worlds <= 2^d): 1 with the division in ch (ch->g,
 * the first child ch->c1) when both children are feasible within d - 1, 0 when no division is, -1 stopped */
static int search_node(const uint8_t *c, int d, Chain *ch) {
    int kmax = 0;
    for (int w = 0; w < W; w++) if (c[w] > kmax) kmax = c[w];
    /* the layered floor */
    uint64_t Lj[MAXK]; int base[MAXK], floor = floor_plus, cap = 1 << d;
    for (int j = 0; j < kmax; j++) {
        Lj[j] = 0;
        for (int w = 0; w < W; w++) if (c[w] > j) Lj[j] |= 1ULL << w;
    }
    for (int j = 0; j < kmax; j++) {
        base[j] = (j > 0 && Lj[j] == Lj[j - 1]) ? base[j - 1] : M(Lj[j], d, cap - floor + 1);
        if (timed_out) return -1;
        floor += base[j];
        if (floor > cap) return 0;
    }
    ch->c = c; ch->d = d; ch->nl = kmax; ch->slack = cap - floor; ch->first = NULL; ch->found = 0;
    DivList lists[MAXK]; memset(lists, 0, sizeof lists);
    int is_root = 1;   /* every set's K worlds: every god is alike, the first question goes to god 0 */
    for (int w = 0; w < W; w++) if (c[w] != K) is_root = 0;
    for (int g = 0; g < n && !ch->found && !timed_out; g++) {
        if (c_same_as_earlier(c, g)) continue;
        int useful = 0;
        for (int j = 0; j < kmax; j++) {
            ch->R[j] = Lj[j] & rnd[g]; ch->T[j] = Lj[j] & ~rnd[g]; ch->base[j] = base[j];
            if (ch->T[j]) useful = 1;
        }
        if (!useful) continue;
        ch->g = g; ch->first = NULL; ch->tried = 0; ch->stop = 0;
        int ok = 1, thr_extra = is_root && ch->slack > max_excess ? max_excess : ch->slack;
        for (int j = 0; j < kmax && ok; j++) {
            if (j > 0 && Lj[j] == Lj[j - 1]) { ch->G[j] = ch->G[j - 1]; continue; }
            ch->G[j] = &lists[j];
            if (is_root && roots_file) {
                if (root_divisions(ch->R[j], ch->T[j], d - 1, base[j] + thr_extra, &lists[j])) exit(2);
                ch->first = &root_reps;
            } else
                list_divisions(ch->R[j], ch->T[j], d - 1, base[j] + thr_extra, &lists[j]);
            if (timed_out || lists[j].len == 0) ok = 0;
        }
        if (d >= verbose_depth)
            fprintf(stderr, "depth %d floor %d slack %d god %d: divisions %d%s (%.0fs)\n", d, floor, ch->slack, g,
                    lists[0].len, ok ? "" : ", a layer has none", now() - started);
        if (ok) {
            ch->sufA[kmax] = ch->sufB[kmax] = 0;
            for (int j = kmax - 1; j >= 0; j--) {
                DivList *l = j == 0 && ch->first ? ch->first : ch->G[j];
                int ma = BIG, mb = BIG;
                for (int i = 0; i < l->len; i++) { if (l->v[i].fa < ma) ma = l->v[i].fa; if (l->v[i].fb < mb) mb = l->v[i].fb; }
                ch->sufA[j] = ch->sufA[j + 1] + ma; ch->sufB[j] = ch->sufB[j + 1] + mb;
            }
            DivList *l0 = ch->first ? ch->first : ch->G[0];
            int *all = malloc(sizeof(int) * (l0->len > 0 ? l0->len : 1));
            for (int i = 0; i < l0->len; i++) all[i] = i;
            chain(ch, 0, all, l0->len, ch->slack, 0, 0);
            free(all);
        }
    }
    for (int j = 0; j < kmax; j++) free(lists[j].v);
    if (timed_out) return -1;
    return ch->found;
}

/* 1 feasible within d questions, 0 not, -1 stopped by the time limit */
static int feasible(const uint8_t *c, int d) {
    int total = 0;
    for (int w = 0; w < W; w++) total += c[w];
    if (total <= 1) return 1;
    if (d == 0 || (d < 31 && total > (1 << d))) return 0;
    uint8_t key[MAXW]; ccanonical(c, key);
    CEntry *e = clookup(key, d, 0);
    if (e) return e->val;
    if ((++fnodes & 63) == 0 && now() > deadline) timed_out = 1;
    if (timed_out) return -1;
    Chain ch;
    int result = search_node(c, d, &ch);
    if (result < 0) return -1;
    e = clookup(key, d, 1); e->val = result;
    return result;
}

/* the strategy's count tree in preorder (each node's search repeated; the memo makes it quick) */
static int emit_tree(const uint8_t *c, int d) {
    int total = 0;
    for (int w = 0; w < W; w++) total += c[w];
    if (total <= 1) { printf("L\n"); return 0; }
    Chain ch;
    int v = search_node(c, d, &ch);
    if (v < 0) return 3;
    if (v == 0) { fprintf(stderr, "internal: no division found again\n"); return 70; }
    uint8_t a1[MAXW], a2[MAXW];
    memcpy(a1, ch.c1, W);
    for (int w = 0; w < W; w++) a2[w] = (rnd[ch.g] >> w & 1) ? c[w] : c[w] - a1[w];
    printf("Q %d", ch.g);
    for (int w = 0; w < W; w++) printf(" %d", a1[w]);
    printf("\n");
    int x = emit_tree(a1, d - 1);
    return x ? x : emit_tree(a2, d - 1);
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: copies F T R DEPTH SECONDS MEMO_LOG2 [tree] [verbose=D] [roots=FILE] [excess=E] [chains=N] [root_chains=N] [cache=FILE] [uniform=MASK] [division=G6 [other]] [counts=C,...] [K=N]\n"); return 2; }
    int f = atoi(argv[1]), t = atoi(argv[2]), r = atoi(argv[3]), depth = atoi(argv[4]), ml = atoi(argv[6]);
    int tree = 0;
    unsigned long long uniform = 0;   /* option uniform=MASK: start from K worlds of each set in MASK instead of all */
    const char *division = NULL;      /* option division=G6 [other]: start from a child of the root's question to god 0
                                       * dividing every set's worlds alike (a genbg line; other: the second child) */
    int other_side = 0;
    const char *counts = NULL;        /* option counts=c0,c1,...: start from these counts (worlds by increasing mask) */
    int k_override = 0;               /* option K=N: N worlds per set instead of C(f+t, f) (not a row of the
                                       * leaderboard when they differ: the grouped model of README.md, "Pairs") */
    for (int i = 7; i < argc; i++) {
        if (!strcmp(argv[i], "tree")) tree = 1;
        else if (!strncmp(argv[i], "verbose=", 8)) verbose_depth = atoi(argv[i] + 8);
        else if (!strncmp(argv[i], "roots=", 6)) roots_file = argv[i] + 6;
        else if (!strncmp(argv[i], "excess=", 7)) { max_excess = atoi(argv[i] + 7); guided = 1; }
        else if (!strncmp(argv[i], "chains=", 7)) { max_chains = atoi(argv[i] + 7); guided = 1; }
        else if (!strncmp(argv[i], "root_chains=", 12)) { root_chains = atoi(argv[i] + 12); guided = 1; }
        else if (!strncmp(argv[i], "cache=", 6)) cache_file = argv[i] + 6;
        else if (!strncmp(argv[i], "floor_plus=", 11)) floor_plus = atoi(argv[i] + 11);
        else if (!strncmp(argv[i], "uniform=", 8)) uniform = strtoull(argv[i] + 8, NULL, 10);
        else if (!strncmp(argv[i], "division=", 9)) division = argv[i] + 9;
        else if (!strcmp(argv[i], "other")) other_side = 1;
        else if (!strncmp(argv[i], "counts=", 7)) counts = argv[i] + 7;
        else if (!strncmp(argv[i], "K=", 2)) k_override = atoi(argv[i] + 2);
        else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
    }
    n = f + t + r;
    if (f < 0 || t < 0 || r < 1 || n > 8 || n <= r) { fprintf(stderr, "rows of at most 8 gods, at least one random and one not\n"); return 2; }
    if (depth < 0 || depth > 30) { fprintf(stderr, "depth must be 0 to 30\n"); return 2; }
    if (ml < 10 || ml > 30) { fprintf(stderr, "memo size must be 2^10 to 2^30 entries\n"); return 2; }
    K = 1; for (int i = 0; i < f; i++) K = K * (f + t - i) / (i + 1);
    if (k_override) {
        if (k_override < 1 || k_override > K) { fprintf(stderr, "K= must be 1 to C(f+t, f) = %d\n", K); return 2; }
        K = k_override;
    }
    if (K > MAXK || K > 255) { fprintf(stderr, "too many liar choices (%d)\n", K); return 2; }
    W = 0;
    for (int m = 0; m < 1 << n; m++) if (__builtin_popcount(m) == r) { if (W == MAXW) { fprintf(stderr, "too many worlds\n"); return 2; } wr[W++] = m; }
    for (int m = 0; m < 1 << MAXG; m++) widx[m] = -1;
    for (int w = 0; w < W; w++) { widx[wr[w]] = w; for (int g = 0; g < n; g++) if (wr[w] >> g & 1) rnd[g] |= 1ULL << w; }
    /* every renaming of the gods as a map of worlds */
    nperm = 1; for (int i = 2; i <= n; i++) nperm *= i;
    pw = malloc((size_t)nperm * sizeof *pw);
    int p[MAXG]; for (int i = 0; i < n; i++) p[i] = i;
    for (int k = 0; k < nperm; k++) {
        for (int w = 0; w < W; w++) { int m = 0; for (int g = 0; g < n; g++) if (wr[w] >> g & 1) m |= 1 << p[g]; pw[k][w] = widx[m]; }
        int i = n - 2; while (i >= 0 && p[i] > p[i + 1]) i--;      /* next permutation */
        if (i < 0) break;
        int j = n - 1; while (p[j] < p[i]) j--;
        int tmp = p[i]; p[i] = p[j]; p[j] = tmp;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) { tmp = p[a]; p[a] = p[b]; p[b] = tmp; }
    }
    deadline = now() + atof(argv[5]);
    memo = calloc((size_t)1 << ml, sizeof(Entry)); memo_mask = ((uint64_t)1 << ml) - 1;
    cmemo = malloc(((size_t)1 << 20) * sizeof(CEntry)); cmask = (1 << 20) - 1;
    if (!memo || !cmemo || !pw) { fprintf(stderr, "cannot allocate the memo\n"); return 2; }
    for (size_t i = 0; i <= cmask; i++) cmemo[i].val = -1;
    if (division) {
        uint64_t X, all = (1ULL << W) - 1;
        if (!division_of(division, &X)) { fprintf(stderr, "not a division of the model: %s\n", division); return 2; }
        uniform = (all & rnd[0]) | (other_side ? all & ~rnd[0] & ~X : X);
    }
    uint8_t c[MAXW];
    for (int w = 0; w < W; w++) c[w] = !uniform || (uniform >> w & 1) ? K : 0;
    if (counts) {
        const char *p = counts;
        for (int w = 0; w < W; w++) {
            char *end; long x = strtol(p, &end, 10);
            if (end == p || x < 0 || x > K || (w < W - 1 && *end != ',') || (w == W - 1 && *end)) {
                fprintf(stderr, "counts= needs %d numbers from 0 to %d separated by commas\n", W, K); return 2;
            }
            c[w] = (uint8_t)x; p = end + 1;
        }
    }
    double t0 = now(); started = t0;
    int v = feasible(c, depth);
    fprintf(stderr, "count nodes %lld chains %lld divisions listed %lld; leaves nodes %lld splits %lld; %.1fs\n",
            fnodes, chains, listed, nodes, splits, now() - t0);
    if (v < 0) { printf("timeout\n"); return 3; }
    if (v == 0 && guided) { printf("not found within %d (guided search: proves nothing)\n", depth); return 3; }
    if (v == 0) { printf("infeasible %d\n", depth); return 1; }
    printf("feasible %d\n", depth);
    if (tree) { fflush(stdout); int x = emit_tree(c, depth); if (x) { printf("timeout\n"); return x; } }
    return 0;
}
