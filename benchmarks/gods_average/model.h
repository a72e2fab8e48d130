/* The T/R model shared by avg.c and leaves.c: n gods, worlds = every set of r of them that answer at
 * random (the others answer either word as the question makes them), nodes and their canonical forms.
 * Research code for issue 18; see README.md beside this file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MAXG 10
#define MAXW 64

static int n, W;
static uint16_t wr[MAXW];            /* random gods of each world */
static uint64_t rnd[MAXG];          /* worlds where god g is random */
static int widx[1 << MAXG];         /* world of a random set (T/R models), -1 if none */

typedef struct { uint64_t S; uint8_t c[MAXG]; uint8_t kk; } Node;  /* kk: questions left, in the key only when capped */

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

/* ------------------------------------------------------------------ canonical forms */


static int less_node(const Node *a, const Node *b) {
    if (a->S != b->S) return a->S < b->S;
    return memcmp(a->c, b->c, MAXG) < 0;
}

/* irrelevant counts (a god random in none or all of the node's worlds) set to 0 */
static __attribute__((unused)) void tidy(Node *nd) {
    for (int g = 0; g < n; g++) {
        uint64_t x = nd->S & rnd[g];
        if (x == 0 || x == nd->S) nd->c[g] = 0;
    }
}

/* The least image of a node under the renamings that order gods by an invariant (their count, the
 * number and weights of the node's worlds random in them): a renaming that does not respect the order
 * cannot give the least form of any image, and the invariant is the same for a node and its images, so
 * the form is canonical. Where ties leave more than CANON_MAX renamings, the least among the first
 * CANON_MAX is used: the key is then one of several for the same node (less sharing, still sound). */
#define CANON_MAX 2000
static void canonical(const Node *nd, Node *out) {
    uint64_t inv[MAXG];
    for (int g = 0; g < n; g++) {
        uint64_t x = (uint64_t)nd->c[g] << 56 | (uint64_t)__builtin_popcountll(nd->S & rnd[g]) << 48, h = 0;
        for (int q = 0; q < n; q++) if (q != g) {
            uint64_t pc = __builtin_popcountll(nd->S & rnd[g] & rnd[q]);
            uint64_t t = (pc * 31 + nd->c[q] + 1) * 0x9E3779B97F4A7C15ULL;
            h += t ^ (t >> 29);   /* order-free sum over the other gods */
        }
        inv[g] = x | (h & 0xFFFFFFFFFFFFULL);
    }
    int ord[MAXG];
    for (int g = 0; g < n; g++) ord[g] = g;
    for (int i = 1; i < n; i++) for (int j = i; j > 0 && inv[ord[j - 1]] > inv[ord[j]]; j--) { int t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t; }
    /* classes of equal invariants: slots [lo, hi) */
    int lo[MAXG], hi[MAXG];
    for (int i = 0; i < n;) { int j = i; while (j < n && inv[ord[j]] == inv[ord[i]]) j++; for (int q = i; q < j; q++) { lo[ord[q]] = i; hi[ord[q]] = j; } i = j; }
    int p[MAXG], used = 0, tried = 0, have = 0;
    /* iterative enumeration of bijections god -> slot within its class */
    int choice[MAXG]; int depth = 0; choice[0] = -1;
    Node best;
    while (depth >= 0) {
        int g = depth;
        if (g == n) {
            uint64_t S = 0;
            for (uint64_t s = nd->S; s; s &= s - 1) {
                int w = __builtin_ctzll(s), m = 0;
                for (int r = wr[w]; r; r &= r - 1) m |= 1 << p[__builtin_ctz(r)];
                S |= 1ULL << widx[m];
            }
            Node t; t.S = S; memset(t.c, 0, sizeof t.c);
            for (int q = 0; q < n; q++) t.c[p[q]] = nd->c[q];
            if (!have || less_node(&t, &best)) { best = t; have = 1; }
            if (++tried >= CANON_MAX) break;
            depth--; continue;
        }
        if (choice[g] >= 0) used &= ~(1 << choice[g]);
        int next = choice[g] < 0 ? lo[g] : choice[g] + 1;
        while (next < hi[g] && (used >> next & 1)) next++;
        if (next >= hi[g]) { choice[g] = -1; depth--; continue; }
        choice[g] = next; used |= 1 << next; p[g] = next;
        depth++; if (depth < n) choice[depth] = -1;
    }
    *out = best;
}


/* Reads "n W" and W random masks from stdin; returns 0, or 2 with a message on stderr. */
static int read_model(void) {
    if (scanf("%d %d", &n, &W) != 2) return 2;
    if (W < 1 || W > MAXW || n < 1 || n > MAXG) { fprintf(stderr, "too many worlds or gods\n"); return 2; }
    for (int w = 0; w < W; w++) { int m; if (scanf("%d", &m) != 1) return 2; wr[w] = m; for (int g = 0; g < n; g++) if (m >> g & 1) rnd[g] |= 1ULL << w; }
    for (int m = 0; m < 1 << MAXG; m++) widx[m] = -1;
    for (int w = 0; w < W; w++) widx[wr[w]] = w;
    /* every renaming of gods must map worlds to worlds: every set of r gods is a world */
    long long all = 1; int r = __builtin_popcount(wr[0]);
    for (int i = 0; i < r; i++) all = all * (n - i) / (i + 1);
    for (int w = 0; w < W; w++) if (__builtin_popcount(wr[w]) != r) all = -1;
    if (all != W) { fprintf(stderr, "the worlds must be every set of r random gods among n\n"); return 2; }
    return 0;
}


/* One graph6 line of nauty's genbg (first class: the gods 1..n-1, second class: worlds where god 0 is not
 * random, each joined to its random gods) as the mask *X of those worlds; 0 if the line is not such a graph. */
static __attribute__((unused)) int division_of(const char *line, uint64_t *out) {
    int nv = line[0] - 63, n1 = n - 1, k = 0;
    if (nv < n1 || nv > 62 || (int)strlen(line) != 1 + (nv * (nv - 1) / 2 + 5) / 6) return 0;
    uint16_t edge[64]; memset(edge, 0, sizeof edge);
    const char *p = line + 1;
    for (int j = 1; j < nv; j++)
        for (int i = 0; i < j; i++, k++) {
            int byte = p[k / 6] - 63;
            if (byte < 0 || byte > 63) return 0;
            if (byte >> (5 - k % 6) & 1) {
                if (i >= n1 || j < n1) return 0;  /* edges only between the classes */
                edge[j - n1] |= 1 << (i + 1);
            }
        }
    uint64_t X = 0;
    for (int e = 0; e < nv - n1; e++) {
        int w = widx[edge[e]];
        if (w < 0 || (rnd[0] >> w & 1) || (X >> w & 1)) return 0;
        X |= 1ULL << w;
    }
    *out = X;
    return 1;
}

/* The next division of a genbg file (blank lines and genbg's ">" lines skipped) into *X, its text left in
 * line for messages: 1, 0 at the end of the file, -1 after a message naming a line that is not a division. */
static __attribute__((unused)) int next_division(FILE *f, char *line, int size, long long *count, uint64_t *X) {
    while (fgets(line, size, f)) {
        if (line[0] == '\n' || line[0] == '>') continue;
        line[strcspn(line, "\n")] = 0;
        if (!division_of(line, X)) { fprintf(stderr, "line %lld: not a division of the model: %s\n", *count + 1, line); return -1; }
        ++*count;
        return 1;
    }
    return 0;
}
