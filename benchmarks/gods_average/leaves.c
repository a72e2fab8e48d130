/* Fewest occupied leaves of a strategy for a T/R row (n gods, every set of r of them a world of random
 * gods, the others answering either word as the question makes them), within a depth cap: the number
 * the liar rows' worst-case bound of README.md ("Worst cases of the liar rows") rests on.
 * Research code for issue 18.
 *
 * A strategy's tree ends each branch at a leaf holding at most one world; a world where the addressee is
 * random goes down both branches (its random answers can be either word), so a world occupies one leaf
 * per sequence of random answers. M_d(S) = the least number of leaves holding a world, over strategies
 * for the worlds S of at most d questions (a leaf may hold one world or none; empty leaves are free).
 *
 * Bound of a node S (every strategy of at most d questions occupies at least this many leaves):
 *   |S| <= 1: |S|, exact.  |S| >= 2 and d = 0: infinite.
 *   otherwise |S| + the least, over gods, of the worlds of S where the god is random: the first question
 *   puts every world in a child and the worlds where its addressee is random in both, and a child
 *   occupies at least as many leaves as it holds worlds. It is exact when that least is 0 (a god random
 *   in none answers a binary code: |S| leaves within ceil(log2 |S|) <= d questions). A bound above 2^d
 *   (a tree of d questions has 2^d leaves) is infinite. A stronger form when the first addressee's random
 *   worlds are two or more: each child holds them all, and in each child another god is random in at
 *   least as many of them as in both (least_added).
 * While a split's children are being filled, their sizes together are known (the node's worlds and the
 *   addressee's random ones again) and what the parts placed so far add (the least over all gods of
 *   their random worlds) is at most what the finished children add, so a split is cut early.
 *
 * Search: depth-first branch and bound over every addressee (up to renamings that fix the node) and every
 * division of the worlds where the addressee is not random (the first such world on the "yes" side, since
 * swapping the branches gives the same tree), a memo keyed by the least image of the node under renamings
 * of gods (model.h). solve(S, d, limit) returns the exact M_d(S) when it is below limit, and otherwise a
 * lower bound that is at least limit.
 *
 * Input (stdin): "n W" then W random masks (model.h), optionally a mask of worlds to solve instead of all
 * of them. Arguments: DEPTH SECONDS MEMO_LOG2 [limit=X]
 * Output: "leaves V" (exact) or "at-least V" (with limit=X: V >= X, no strategy occupies fewer), exit 0;
 * "none within DEPTH questions" exit 1; stopped by the time limit: exit 3.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "model.h"

#define BIG 1000000000

static double deadline;
static long long nodes, splits, memo_hits, placed;
static int progress;        /* option progress: a line on stderr every 2^28 partial splits */
static double started;
static int timed_out;
static int parts_min = 24;  /* the parts bound on children of at least this many worlds (option parts=K; 65: never) */

/* ------------------------------------------------------------------ bounds */

/* the least, over all gods, of the worlds of S where the god is random */
static int least_random(uint64_t S) {
    int m = BIG;
    for (int g = 0; g < n; g++) { int x = __builtin_popcountll(S & rnd[g]); if (x < m) m = x; }
    return m;
}

/* the least, over the gods (all of them, or only those not random in every world of S), of what a first
 * question to the god adds to the worlds: those where it is random, which both children hold, and, when
 * they are two or more, in each child at least the least number of them where another god is random */
static int least_added(uint64_t S, int all) {
    int m = BIG;
    for (int g = 0; g < n; g++) {
        uint64_t R = S & rnd[g];
        if (!all && R == S) continue;
        int x = __builtin_popcountll(R);
        if (x >= 2) {
            int y = x;
            for (int h = 0; h < n; h++) if (h != g) { int z = __builtin_popcountll(R & rnd[h]); if (z < y) y = z; }
            x += 2 * y;
        }
        if (x < m) m = x;
    }
    return m;
}

/* bound of a complete node with d questions left; *exact when it is the node's value */
static int bound(uint64_t S, int d, int *exact) {
    int k = __builtin_popcountll(S);
    *exact = 1;
    if (k <= 1) return k;
    if (d == 0 || (d < 31 && k > (1 << d))) return BIG;
    int m = least_added(S, 0);
    if (m == 0) return k;
    *exact = 0;
    int b = k + m;
    if (d < 31 && b > (1 << d)) { *exact = 1; return BIG; }
    return b;
}

/* what a part P of a child adds to the child's worlds, at least (at most what the child adds: its least
 * over all gods is at most its least over the gods that can split it); BIG when P alone cannot be
 * resolved within d questions */
static int part_added(uint64_t P, int d) {
    int k = __builtin_popcountll(P);
    if (k <= 1) return 0;
    if (d == 0) return BIG;
    int b = least_random(P);
    if (d < 31 && k + b > (1 << d)) return BIG;
    return b;
}

/* ------------------------------------------------------------------ memo */

typedef struct { uint64_t S; int8_t d; uint8_t used, exact; int val; } Entry;  /* val: exact value or lower bound */
static Entry *memo; static uint64_t memo_mask;

static Entry *lookup(uint64_t S, int d) {
    uint64_t h = (S * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)d * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
    Entry *victim = NULL;
    for (int i = 0; i < 8; i++) {
        Entry *e = &memo[(h + i) & memo_mask];
        if (e->used && e->S == S && e->d == d) return e;
        if (!e->used) { if (!victim || victim->used) victim = e; }
        else if (!victim || (!e->exact && victim->exact)) victim = e;
    }
    if (!victim) victim = &memo[h & memo_mask];
    memset(victim, 0, sizeof *victim);
    victim->S = S; victim->d = d; victim->used = 1;
    return victim;
}

/* ------------------------------------------------------------------ search */

static int solve(uint64_t S, int d, int limit, int *exact);
static int parts_bound(uint64_t S, int d);

typedef struct {
    uint64_t R, S; int tw[MAXW], tn, d, cur, best, failmin, size;  /* size: the children's worlds together */
    uint64_t bestA, bestB;
} Split;

/* worlds tw[i..] still to place; A and B the children so far, pa and pb what they add at least */
static void place(Split *sp, int i, uint64_t A, uint64_t B, int pa, int pb) {
    if (timed_out) return;
    if ((++placed & ((1 << 22) - 1)) == 0) {
        if (now() > deadline) { timed_out = 1; return; }
        if (progress && (placed & ((1LL << 28) - 1)) == 0)
            fprintf(stderr, "placed %lld splits %lld nodes %lld hits %lld %.0fs\n", placed, splits, nodes, memo_hits, now() - started);
    }
    int lo = sp->size + pa + pb;
    if (lo >= sp->cur) { if (lo < sp->failmin) sp->failmin = lo; return; }
    if (i < sp->tn) {
        uint64_t w = 1ULL << sp->tw[i];
        place(sp, i + 1, A | w, B, part_added(A | w, sp->d), pb);
        if (i > 0) place(sp, i + 1, A, B | w, pa, part_added(B | w, sp->d));
        return;
    }
    if (A == sp->S || B == sp->S) return;  /* a child equal to the node: no progress */
    splits++;
    int ea, eb;
    int ba = bound(A, sp->d, &ea), bb = bound(B, sp->d, &eb);
    lo = ba + bb;
    if (lo >= sp->cur) { if (lo < sp->failmin) sp->failmin = lo; return; }
    if (__builtin_popcountll(A) >= parts_min || __builtin_popcountll(B) >= parts_min) {
        if (!ea) { int p = parts_bound(A, sp->d); if (p > ba) ba = p; }
        if (!eb) { int p = parts_bound(B, sp->d); if (p > bb) bb = p; }
        if (timed_out) return;
        lo = ba >= BIG || bb >= BIG ? BIG : ba + bb;
        if (lo >= sp->cur) { if (lo < sp->failmin) sp->failmin = lo; return; }
    }
    uint64_t first = ba >= bb ? A : B, second = ba >= bb ? B : A;
    int v1 = ba >= bb ? ba : bb, v2 = ba >= bb ? bb : ba, x;
    if (!(ba >= bb ? ea : eb)) {
        v1 = solve(first, sp->d, sp->cur - v2, &x);
        if (timed_out) return;
        if (!x) { if (v1 + v2 < sp->failmin) sp->failmin = v1 + v2; return; }
    }
    if (!(ba >= bb ? eb : ea)) {
        v2 = solve(second, sp->d, sp->cur - v1, &x);
        if (timed_out) return;
        if (!x) { if (v1 + v2 < sp->failmin) sp->failmin = v1 + v2; return; }
    }
    int tot = v1 + v2;
    if (tot < sp->cur) { sp->cur = tot; sp->best = tot; sp->bestA = A; sp->bestB = B; }
    else if (tot < sp->failmin) sp->failmin = tot;
}

/* the leaves of a strategy for S divide into those holding a world of a part X and the others, and the
 * strategy restricted to either part is a strategy for it: M_d(S) >= M_d(X) + M_d(S - X). With X the
 * worlds where god h is random (solved exactly: h cannot split them, so they are a row with one god and
 * one random god fewer) and S - X at least one leaf per world, the best over h; BIG if infeasible */
static int parts_bound(uint64_t S, int d) {
    int b = 0, x;
    for (int h = 0; h < n; h++) {
        uint64_t X = S & rnd[h];
        if (!X || X == S) continue;
        int v = solve(X, d, BIG, &x);
        if (timed_out) return 0;
        if (v >= BIG) return BIG;
        v += __builtin_popcountll(S & ~X);
        if (v > b) b = v;
    }
    return b;
}

/* skip god g if swapping it with an earlier god leaves S unchanged */
static int same_as_earlier(uint64_t S, int g) {
    for (int h = 0; h < g; h++) {
        uint64_t S2 = 0;
        for (uint64_t s = S; s; s &= s - 1) {
            int w = __builtin_ctzll(s), m = wr[w];
            int bg = m >> g & 1, bh = m >> h & 1;
            m = (m & ~((1 << g) | (1 << h))) | (bg << h) | (bh << g);
            S2 |= 1ULL << widx[m];
        }
        if (S2 == S) return 1;
    }
    return 0;
}

/* the best split of S within d questions whose value is below limit: returns the value (exact if below
 * limit, else a lower bound >= limit); *A, *B, *g the split when found */
static int best_split(uint64_t S, int d, int limit, int *g_out, uint64_t *A, uint64_t *B) {
    Split sp; sp.S = S; sp.d = d - 1; sp.cur = limit; sp.best = BIG; sp.failmin = BIG;
    for (int g = 0; g < n && !timed_out; g++) {
        uint64_t R = S & rnd[g], T = S & ~rnd[g];
        if (!T || same_as_earlier(S, g)) continue;
        sp.R = R; sp.tn = 0; sp.size = __builtin_popcountll(S) + __builtin_popcountll(R);
        for (uint64_t s = T; s; s &= s - 1) sp.tw[sp.tn++] = __builtin_ctzll(s);
        int before = sp.best;
        int pr = part_added(R, sp.d);
        place(&sp, 0, R, R, pr, pr);
        if (sp.best < before) *g_out = g;
    }
    if (sp.best < limit) { *A = sp.bestA; *B = sp.bestB; return sp.best; }
    return sp.failmin;
}

static int solve(uint64_t S, int d, int limit, int *exact) {
    int b = bound(S, d, exact);
    if (*exact) return b;
    Node nd, key; nd.S = S; memset(nd.c, 0, sizeof nd.c); nd.kk = 0;
    canonical(&nd, &key);
    Entry *e = lookup(key.S, d);
    if (e->exact) { memo_hits++; *exact = 1; return e->val; }
    if (e->val > b) b = e->val;
    if (b >= limit) { *exact = 0; return b; }
    if ((++nodes & 1023) == 0 && now() > deadline) timed_out = 1;
    if (timed_out) { *exact = 0; return limit; }
    int g; uint64_t A, B;
    int v = best_split(S, d, limit, &g, &A, &B);
    if (timed_out) { *exact = 0; return limit; }
    e = lookup(key.S, d);
    if (v < limit) { e->val = v; e->exact = 1; *exact = 1; return v; }
    if (v > e->val) e->val = v;
    *exact = 0; return v;
}

/* the optimal tree in preorder: "A g yesmask nomask" or "L w" / "E" (an empty leaf) */
static void emit(uint64_t S, int d) {
    int k = __builtin_popcountll(S);
    if (k == 0) { printf("E\n"); return; }
    if (k == 1) { printf("L %d\n", __builtin_ctzll(S)); return; }
    int x, v = solve(S, d, BIG, &x), g = -1; uint64_t A = 0, B = 0;
    if (least_added(S, 0) == 0) {   /* a binary code asked of a god random in none */
        for (g = 0; S & rnd[g]; g++) {}
        uint64_t half = 0; int i = 0;
        for (uint64_t s = S; s; s &= s - 1, i++) if (i < k / 2) half |= s & -s;
        A = half; B = S & ~half;
    } else {
        best_split(S, d, v + 1, &g, &A, &B);
    }
    printf("A %d %llu %llu\n", g, (unsigned long long)A, (unsigned long long)B);
    emit(A, d - 1); emit(B, d - 1);
}

/* ------------------------------------------------------------------ root divisions up to renamings */

/* M_depth of all worlds from the first question to god 0 (every god is alike at the root) and the
 * divisions in the file, one per orbit under renamings of the other gods and the swap of the branches
 * (nauty's genbg generates one bipartite graph per isomorphism class). With limit=X the least value
 * below X, else "at-least X"; "exact" makes each value found the new limit (the least over the file). */
static int list_mode;  /* option list: print the divisions whose two children both have M_{depth-1} below limit, with them */

static int roots_main(const char *file, int depth, int limit, int exact_mode) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot read %s\n", file); return 2; }
    uint64_t all = W == 64 ? ~0ULL : (1ULL << W) - 1, R = all & rnd[0], T = all & ~rnd[0];
    char line[256]; long long count = 0, cut = 0, solved = 0; int best = limit; uint64_t bestX = 0;
    double t0 = now(); started = t0;
    uint64_t X; int got;
    while ((got = next_division(f, line, sizeof line, &count, &X)) == 1) {
        if (progress && count % 100000 == 0)
            fprintf(stderr, "%lld divisions, cut %lld, searched %lld, nodes %lld, %.0fs\n", count, cut, solved, nodes, now() - t0);
        if (X == 0 || X == T) continue;  /* a child equal to the root: no progress */
        uint64_t A = R | X, B = R | (T & ~X);
        int ea, eb, x;
        if (list_mode) {
            int va = solve(A, depth - 1, limit, &x), vb = va < limit ? solve(B, depth - 1, limit, &x) : limit;
            if (timed_out) break;
            if (va < limit && vb < limit) printf("%s %d %d\n", line, va, vb);  /* only children both below limit */
            fflush(stdout);
            continue;
        }
        int ba = bound(A, depth - 1, &ea), bb = bound(B, depth - 1, &eb);
        if (ba >= BIG || bb >= BIG || ba + bb >= best) { cut++; continue; }
        solved++;
        int va = ea ? ba : solve(A, depth - 1, best - bb, &x);
        if (timed_out) break;
        if (va >= BIG || va + bb >= best) continue;
        int vb = eb ? bb : solve(B, depth - 1, best - va, &x);
        if (timed_out) break;
        if (vb >= BIG || va + vb >= best) continue;
        best = va + vb; bestX = X;
        fprintf(stderr, "division %s: %d leaves (%.0fs)\n", line, best, now() - t0);
        if (!exact_mode) break;
    }
    fclose(f);
    if (got < 0) return 2;
    if (timed_out) { printf("timeout after %lld divisions nodes %lld splits %lld\n", count, nodes, splits); return 3; }
    fprintf(stderr, "divisions %lld cut by bounds %lld searched %lld nodes %lld splits %lld hits %lld %.1fs\n",
            count, cut, solved, nodes, splits, memo_hits, now() - t0);
    if (best < limit) printf("leaves %d division %llu\n", best, (unsigned long long)bestX);
    else if (limit >= BIG) printf("none within %d questions\n", depth);
    else printf("at-least %d\n", limit);
    if (best >= BIG) return 1;
    return 0;
}

#ifndef LEAVES_NO_MAIN
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: leaves DEPTH SECONDS MEMO_LOG2 [limit=X] [tree] [parts=K] [progress] [roots=FILE [exact|list]] < model\n"); return 2; }
    int depth = atoi(argv[1]), limit = BIG, tree = 0, exact_mode = 0;
    const char *roots = NULL;
    for (int i = 4; i < argc; i++) {
        if (!strncmp(argv[i], "limit=", 6)) limit = atoi(argv[i] + 6);
        else if (!strcmp(argv[i], "tree")) tree = 1;
        else if (!strncmp(argv[i], "parts=", 6)) parts_min = atoi(argv[i] + 6);
        else if (!strcmp(argv[i], "progress")) progress = 1;
        else if (!strncmp(argv[i], "roots=", 6)) roots = argv[i] + 6;
        else if (!strcmp(argv[i], "exact")) exact_mode = 1;
        else if (!strcmp(argv[i], "list")) list_mode = 1;
        else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
    }
    if (depth < 0 || depth > 60) { fprintf(stderr, "depth must be 0 to 60\n"); return 2; }
    deadline = now() + atof(argv[2]);
    int ml = atoi(argv[3]);
    if (ml < 10 || ml > 32) { fprintf(stderr, "memo size must be 2^10 to 2^32 entries\n"); return 2; }
    if (read_model()) return 2;
    memo = calloc((size_t)1 << ml, sizeof(Entry)); memo_mask = ((uint64_t)1 << ml) - 1;
    if (!memo) { fprintf(stderr, "cannot allocate the memo\n"); return 2; }
    if (roots) return roots_main(roots, depth, limit, exact_mode);
    uint64_t root = W == 64 ? ~0ULL : (1ULL << W) - 1;
    unsigned long long rs;  /* optional: a set of worlds to solve instead of all */
    if (scanf("%llu", &rs) == 1) {
        if (rs & ~root) { fprintf(stderr, "the node names a world the model lacks\n"); return 2; }
        root = rs;
    }
    double t0 = now(); started = t0;
    int x, v = solve(root, depth, limit, &x);
    if (timed_out) { printf("timeout nodes %lld splits %lld\n", nodes, splits); return 3; }
    fprintf(stderr, "nodes %lld splits %lld hits %lld %.1fs\n", nodes, splits, memo_hits, now() - t0);
    if (v >= BIG) { printf("none within %d questions\n", depth); return 1; }
    if (x) { printf("leaves %d\n", v); if (tree) emit(root, depth); }
    else printf("at-least %d\n", v);
    return 0;
}
#endif
