/* The least cost of one node of a liar row's count model within a number of questions: polish.py's exact
 * search, in C for larger nodes. Research code for issue 18; see README.md beside this file ("Polishing").
 *
 * The model (copies.c's): a world is a set of random gods and a choice of liars; the worlds of one set are
 * interchangeable, so a node is how many worlds of each set it holds (c_s) and the questions put so far to
 * the set's random gods (e_s: each of its worlds has mass 2^-e_s). A question to g sends every world of a
 * set containing g down both branches (e_s + 1) and divides any other set's c_s as a_s + (c_s - a_s). A leaf
 * holds at most one world. Cost: sum over leaves of mass x depth below the node.
 *
 * Search: depth-first branch and bound within CAP questions below an upper bound UB (the subtree it would
 * replace). Bound of a node: the optimal prefix code of its worlds' masses (a world's shallowest leaf is a
 * codeword); a division is cut when the node's mass plus both children's bounds reach the best so far.
 * Memo: each node (exponents relative to the least, a common factor) with its value or lower bound.
 *
 * Input (stdin): "n W CAP UB SECONDS MEMO_LOG2", W set masks, W counts, W exponents.
 * Output: "value V" and the tree in preorder ("Q g a_0 .. a_{W-1}": the first child's counts, a set where g
 * is random keeping its count; "L": a leaf), exit 0; "none" when nothing costs less than UB (exit 1);
 * "timeout" (exit 3); bad input exit 2.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "huffman.h"

#define MAXS 128
#define MAXC 4096
#define INF 1e300

static int n, W, mask[MAXS];
static double deadline, P2[200];
static long long calls;
static int timed_out;

typedef struct { uint8_t c[MAXS], e[MAXS]; } Node;
typedef struct { uint8_t c[MAXS], e[MAXS]; int8_t cap, used, exact, g; uint8_t a[MAXS]; double val; } Entry;
static Entry *memo; static uint64_t memo_mask;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

/* optimal prefix code cost of the node's worlds' masses (two queues over masses in increasing order) */
static double code_bound(const Node *x) {
    int per[200] = {0}, deep = 0, k = 0;
    for (int s = 0; s < W; s++) if (x->c[s]) { per[x->e[s]] += x->c[s]; k += x->c[s]; if (x->e[s] > deep) deep = x->e[s]; }
    if (k <= 1) return 0;
    double m[MAXC], q[MAXC]; int mk = 0;
    for (int j = deep; j >= 0; j--) for (int i = 0; i < per[j]; i++) m[mk++] = P2[j];
    return huffman_queues(m, k, q);
}

static uint64_t hash_of(const Node *x, int cap) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)cap;
    for (int s = 0; s < W; s++) { h ^= x->c[s] | x->e[s] << 8; h *= 1099511628211ULL; }
    return h ^ h >> 31;
}

static Entry *lookup(const Node *x, int cap, int create) {
    uint64_t h = hash_of(x, cap);
    for (int i = 0; i < 4; i++) {
        Entry *e = &memo[(h + i) & memo_mask];
        if (e->used && e->cap == cap && !memcmp(e->c, x->c, W) && !memcmp(e->e, x->e, W)) return e;
        if (!e->used) {
            if (!create) return NULL;
            memcpy(e->c, x->c, W); memcpy(e->e, x->e, W); e->cap = cap; e->used = 1; e->exact = 0; e->val = 0;
            return e;
        }
    }
    if (!create) return NULL;
    Entry *e = &memo[h & memo_mask];   /* full: the first slot is overwritten (a result lost, never a wrong one) */
    memcpy(e->c, x->c, W); memcpy(e->e, x->e, W); e->cap = cap; e->used = 1; e->exact = 0; e->val = 0;
    return e;
}

/* exponents relative to the least present one; returns the factor 2^-least */
static double normal(Node *x) {
    int lo = 255;
    for (int s = 0; s < W; s++) if (x->c[s] && x->e[s] < lo) lo = x->e[s];
    for (int s = 0; s < W; s++) x->e[s] = x->c[s] ? x->e[s] - lo : 0;
    return P2[lo];
}

/* the node's least cost within cap questions if below ub (*exact = 1), else a lower bound >= ub */
static double solve(const Node *in, int cap, double ub, int *exact) {
    int total = 0;
    for (int s = 0; s < W; s++) total += in->c[s];
    *exact = 1;
    if (total <= 1) return 0;
    if (cap == 0) { *exact = 0; return INF; }
    Node x = *in; double scale = normal(&x); double lim = ub / scale;
    Entry *hit = lookup(&x, cap, 0);
    if (hit && (hit->exact || hit->val >= lim)) { *exact = hit->exact && hit->val < lim; return hit->val * scale; }
    double lower = code_bound(&x);
    if (hit && hit->val > lower) lower = hit->val;
    if (lower >= lim) { Entry *e = lookup(&x, cap, 1); if (!e->exact && lower > e->val) e->val = lower; *exact = 0; return lower * scale; }
    if (++calls % 4096 == 0 && now() > deadline) timed_out = 1;
    if (timed_out) { *exact = 0; return lower * scale; }
    double M = 0;
    for (int s = 0; s < W; s++) if (x.c[s]) M += x.c[s] * P2[x.e[s]];
    double best = lim; int bg = -1; uint8_t ba[MAXS];
    int fs[MAXS];
    for (int g = 0; g < n; g++) {
        int nf = 0, nk = 0;
        for (int s = 0; s < W; s++) if (x.c[s]) { if (mask[s] >> g & 1) nk++; else fs[nf++] = s; }
        if (!nf) continue;
        Node A, B; memset(&A, 0, sizeof A); memset(&B, 0, sizeof B);
        for (int s = 0; s < W; s++) if (x.c[s] && mask[s] >> g & 1) { A.c[s] = B.c[s] = x.c[s]; A.e[s] = B.e[s] = x.e[s] + 1; }
        for (int i = 0; i < nf; i++) { int s = fs[i]; A.c[s] = 0; B.c[s] = x.c[s]; A.e[s] = B.e[s] = x.e[s]; }
        for (int first = 1;; first = 0) {   /* every division: a mixed-radix counter over the first child's counts */
            if (!first) {
                int i = 0;
                while (i < nf && A.c[fs[i]] == x.c[fs[i]]) { A.c[fs[i]] = 0; B.c[fs[i]] = x.c[fs[i]]; i++; }
                if (i == nf) break;
                A.c[fs[i]]++; B.c[fs[i]]--;
            }
            int cmp = 0;   /* the branches swapped: keep the division whose first differing count is the smaller */
            for (int j = nf - 1; j >= 0 && !cmp; j--) cmp = (A.c[fs[j]] > B.c[fs[j]]) - (A.c[fs[j]] < B.c[fs[j]]);
            if (cmp > 0) continue;
            if (!nk) { int some = 0, all = 1; for (int j = 0; j < nf; j++) { if (A.c[fs[j]]) some = 1; if (B.c[fs[j]]) all = 0; } if (!some || all) continue; }
            double room = best - M;
            if (room <= 0) break;
            double la = code_bound(&A), lb = code_bound(&B);
            if (la + lb >= room) continue;
            int xa, xb;
            double va = solve(&A, cap - 1, room - lb, &xa);
            if (timed_out) break;
            if (!xa || va + lb >= room) continue;
            double vb = solve(&B, cap - 1, room - va, &xb);
            if (timed_out) break;
            if (!xb || va + vb >= room) continue;
            best = M + va + vb; bg = g;
            for (int s = 0; s < W; s++) ba[s] = A.c[s];
        }
        if (timed_out) break;
    }
    if (timed_out) { *exact = 0; return lower * scale; }
    Entry *e = lookup(&x, cap, 1);
    if (bg >= 0) { e->exact = 1; e->val = best; e->g = bg; memcpy(e->a, ba, W); return best * scale; }
    if (best > e->val) e->val = best;
    *exact = 0; return best * scale;
}

/* the optimal tree of a node solved exactly, in preorder */
static int emit(const Node *in, int cap) {
    int total = 0;
    for (int s = 0; s < W; s++) total += in->c[s];
    if (total <= 1) { printf("L\n"); return 0; }
    int ex; solve(in, cap, INF, &ex);
    Node x = *in; normal(&x);
    Entry *e = lookup(&x, cap, 0);
    if (!ex || !e || !e->exact) { fprintf(stderr, "internal: a solved node lost from the memo\n"); return 70; }
    int g = e->g; uint8_t a[MAXS]; memcpy(a, e->a, W);
    Node A = *in, B = *in;
    printf("Q %d", g);
    for (int s = 0; s < W; s++) {
        if (!in->c[s]) { printf(" 0"); continue; }
        if (mask[s] >> g & 1) { printf(" %d", in->c[s]); A.e[s]++; B.e[s]++; continue; }
        printf(" %d", a[s]); A.c[s] = a[s]; B.c[s] = in->c[s] - a[s];
    }
    printf("\n");
    int r = emit(&A, cap - 1);
    return r ? r : emit(&B, cap - 1);
}

int main(void) {
    int cap, ml; double ub, secs;
    for (int j = 0; j < 200; j++) P2[j] = ldexp(1.0, -j);
    if (scanf("%d %d %d %lf %lf %d", &n, &W, &cap, &ub, &secs, &ml) != 6 || n < 1 || n > 16 || W < 1 || W > MAXS
        || cap < 1 || cap > 40 || !(secs > 0) || ml < 10 || ml > 28) {
        fprintf(stderr, "expected: n (1-16) W (1-%d) CAP (1-40) UB SECONDS MEMO_LOG2 (10-28)\n", MAXS); return 2;
    }
    Node root; int total = 0;
    for (int s = 0; s < W; s++) if (scanf("%d", &mask[s]) != 1 || mask[s] < 0 || mask[s] >= 1 << n) { fprintf(stderr, "set %d: not a mask of the gods\n", s); return 2; }
    for (int s = 0; s < W; s++) { int v; if (scanf("%d", &v) != 1 || v < 0 || v > 255) { fprintf(stderr, "count %d: 0 to 255\n", s); return 2; } root.c[s] = v; total += v; }
    for (int s = 0; s < W; s++) { int v; if (scanf("%d", &v) != 1 || v < 0 || v > 150) { fprintf(stderr, "exponent %d: 0 to 150\n", s); return 2; } root.e[s] = v; }
    if (total > MAXC) { fprintf(stderr, "at most %d worlds in a node\n", MAXC); return 2; }
    memo = calloc((size_t)1 << ml, sizeof(Entry)); memo_mask = ((uint64_t)1 << ml) - 1;
    if (!memo) { fprintf(stderr, "no memory for the memo\n"); return 2; }
    deadline = now() + secs;
    int ex;
    double v = solve(&root, cap, ub, &ex);
    if (timed_out) { printf("timeout\n"); return 3; }
    if (!ex) { printf("none\n"); return 1; }
    printf("value %.17g\n", v);
    return emit(&root, cap);
}
