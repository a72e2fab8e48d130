/* Exact fewest questions on average for n gods of which r answer at random and the rest can be made to
 * answer either word in each world (truthful gods, or liars: any question can be wrapped so that they
 * say the word we choose). Research code for issue 18; see README.md beside this file.
 *
 * World: a type assignment; here the set of random gods plus, with liars, which of the others lie.
 * Question to god g: each world where g is not random goes to the branch we choose for it; each world
 * where g is random goes to both branches with half its mass. Goal: a leaf holds one world.
 * Cost of a strategy: sum over leaves of mass x depth (the average times the number of worlds).
 *
 * Search: relaxed branch and bound of design note 29. A node at the depth cap is charged its lower
 * bound (true of strategies of any length) instead of being searched, so every value returned is at
 * most the optimum over strategies of ANY length; when the optimal relaxed tree has no charged leaf it
 * is a real strategy, and its cost is then the optimum over strategies of any length.
 *
 * Bounds of a node (each a lower bound on every strategy's cost from the node, any length):
 *   huffman: the optimal prefix code of the world masses (a world's leaves are disjoint codewords; keep
 *            its shallowest one);
 *   kraft + charge: the informative questions meet Kraft's inequality (kraft_relax), and the first two
 *            questions on each world's path cost its mass for every one put to a god random in it
 *            (least over the first addressee a and the two second addressees b, c; a world a answers
 *            freely is charged only if b and c are both random in it).
 *
 * Input (stdin): n W, then W lines "randmask" (the random gods of each world; every set of r of the n
 * gods must be a world, so every renaming of gods maps worlds to worlds), and optionally a node
 * "S c0 .. c(n-1)" (its worlds, and the questions put to each god so far) to solve instead of the root.
 * Arguments: cap seconds memo_log2 [capped] [code-only] [limit=X] [roots=FILE [below]] [progress=S]  (roots: the root's
 * divisions one per orbit, from a file: roots_main; capped: strategies of at most `cap`
 * questions, no relaxation; code-only: prune with the code bound alone, a slower cross-check of the other
 * bound; limit=X: the root's first limit in cost units, e.g. a claimed optimum times the worlds + 1/1024:
 * the search then proves the optimum in one round; below: with roots=FILE, print each root division whose
 * bound is under the limit, the divisions a proof that nothing beats the limit must search deeper, and stop;
 * progress=S: where the search is, on stderr at most every S seconds; the time limit is checked every 2^22 splits;
 * rq=X: each question also costs X times the mass of the worlds random in its addressee (the bounds leave that
 * charge out, so the value found is at most every tree's charged cost; recompute the printed tree's to see it
 * met: with X = 2^-10, the fewest questions to random gods among the trees of least cost);
 * padded-tree: with lambda=X, also print the padded optimum's tree ("charged C", "tree", the tree; padding left out);
 * charged-tree: print the relaxed tree even when it charges capped nodes, each as "C S c0 .. c(n-1) V", a node
 * "S c0 .. c(n-1)" for stdin and the bound V it was charged, in the node's own units; near=D: with roots=FILE, also
 * count each root child's splits whose bound (with cap 2: whose relaxed value) is below the child's value + D;
 * near-list: also print each as "N g A B M bA bB": the god, the two sides, the child's mass and the sides' bounds,
 * in the child's own units; query: with limit=X and a node, only whether its relaxed value is below X: "value V
 * charged c", or "at-least V" (every strategy from the node, of any length, costs at least V >= X), no tree;
 * serve: many queries, one per stdin line after the model, "S c0 .. c(n-1) X SECONDS", each answered on one line as
 * query does ("timeout lb V ..." when its SECONDS run out), the memo kept between them: its values and bounds hold
 * for every strategy of any length whatever query stored them, so later queries reuse what earlier ones proved)
 * Output: lines "value NUM/DEN", "exact 0|1", "charged 0|1", "tree" then the tree in preorder:
 * "A g yesmask nomask" or "L w".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include "model.h"
#include "huffman.h"

#define INF 1e300

static int cap;
static double deadline;
static long long nodes, splits, passed, memo_hits, capped_leaves;
static int timed_out;
static double progress_every, next_progress;   /* progress=S: a line on stderr at most every S seconds */


static double P2[128];   /* P2[j] = 2^-j */
#define HALF(j) (P2[(j)])


/* ------------------------------------------------------------------ masses */

/* exponents of the node's worlds relative to the least; returns the least absolute exponent */
static int exps(const Node *nd, int *e) {
    int lo = 1 << 30;
    for (uint64_t s = nd->S; s; s &= s - 1) {
        int w = __builtin_ctzll(s), x = 0;
        for (int g = 0; g < n; g++) if (wr[w] >> g & 1) x += nd->c[g];
        e[w] = x;
        if (x < lo) lo = x;
    }
    for (uint64_t s = nd->S; s; s &= s - 1) e[__builtin_ctzll(s)] -= lo;
    return lo;
}

/* ------------------------------------------------------------------ bounds over masses 2^-level */


/* huffman_sorted's value from the counts alone: levels[j] masses of unit x 2^-j (j <= deep). Runs of equal
 * masses are merged in bulk, so the cost is O(runs), not O(k); a Huffman code's cost does not depend on how
 * ties are broken, and every sum here is a dyadic fraction, exact in a double, so the value is the same. */
static double huffman_levels(const int *levels, int deep, double unit) {
    double am[64], bm[MAXW]; long ac[64], bc[MAXW];
    int ah = 0, at = 0, bh = 0, bt = 0;
    long left = 0;
    for (int j = deep; j >= 0; j--)
        if (levels[j]) { am[at] = unit * HALF(j); ac[at++] = levels[j]; left += levels[j]; }
    double cost = 0;
    while (left > 1) {
        int fa = bh == bt || (ah < at && am[ah] <= bm[bh]);
        double x = fa ? am[ah] : bm[bh], sum; long *pc = fa ? &ac[ah] : &bc[bh], made;
        if (*pc >= 2) {                       /* the two least are both x: pair them all at once */
            made = *pc / 2; *pc -= 2 * made; sum = 2 * x;
            if (!*pc) { if (fa) ah++; else bh++; }
        } else {                              /* one x: it goes with the next least */
            if (fa) ah++; else bh++;
            int fb = bh == bt || (ah < at && am[ah] <= bm[bh]);
            long *qc = fb ? &ac[ah] : &bc[bh];
            sum = x + (fb ? am[ah] : bm[bh]); made = 1;
            if (!--*qc) { if (fb) ah++; else bh++; }
        }
        cost += made * sum; left -= made;
        if (bt > bh && bm[bt - 1] == sum) bc[bt - 1] += made; else { bm[bt] = sum; bc[bt++] = made; }
    }
    return cost;
}

/* optimal binary prefix code cost of k masses (sorted ascending in m) */
static double huffman_sorted(const double *m, int k) {
    double q[MAXW];
    return huffman_queues(m, k, q);
}

/* least cost of a prefix code of the k masses (sorted ascending) with codewords of at most L letters
 * (package-merge); INF if k > 2^L */
static double package_merge(const double *m, int k, int L) {
    if (k <= 1) return 0;
    if (L < 31 && k > (1 << L)) return INF;
    if (L >= k - 1) return huffman_sorted(m, k);   /* no codeword of an optimal code is longer */
    double cur[2 * MAXW], pk[MAXW], nxt[2 * MAXW];
    int nc = k;
    for (int i = 0; i < k; i++) cur[i] = m[i];
    for (int it = 0; it < L - 1; it++) {
        int np = nc / 2;
        for (int i = 0; i < np; i++) pk[i] = cur[2 * i] + cur[2 * i + 1];
        int a = 0, b = 0, t = 0;
        while (a < k || b < np) {
            if (b >= np || (a < k && m[a] <= pk[b])) nxt[t++] = m[a++]; else nxt[t++] = pk[b++];
        }
        nc = t;
        for (int i = 0; i < nc; i++) cur[i] = nxt[i];
    }
    double cost = 0;
    for (int i = 0; i < 2 * k - 2; i++) cost += cur[i];
    return cost;
}

/* Kraft relaxation: least sum mass x mean length over fractional codes; levels[j] worlds of mass 2^-j times
 * `unit` (two or more). Lengthening a world of mass m from i to i + 1 letters frees 2^-(i+1) of the Kraft sum
 * at a cost of m: whole stages (equal i - level, equal cost per unit freed) are taken cheapest first until
 * the sum is 1, the last in part. For the padded problem (l > 0) each world also pays l x its share of the
 * Kraft sum (its leaves' 2^-depth, at least 2^-(mean informative length) interpolated, by Jensen: the
 * worlds' shares add to at most 1), so a lengthening nets m - l 2^-(i+1): stages are also taken, whole,
 * while that is negative. */
/* The largest multiple of 2^-KRAFT_GRID at most num / den (den > 0; both sums of powers of two). Every
 * other bound here is a sum of powers of two (masses, depths, lambda), which doubles hold exactly at these
 * sizes; the Kraft relaxation's last, partial stage is the one quotient, so rounding it down onto a grid of
 * 2^-40 keeps every bound and value exact in floating point and never above the true bound: a comparison
 * with a limit is then exact, with no margin, while bounds stay below 2^12 in a node's own units (64 worlds x 64
 * questions; the quotient itself is at most the node's mass). fma gives the sign of q x den - num exactly, so a
 * quotient the division rounded up is stepped down. The padded problem (lambda > 0) is not exact (bound_of). */
#define KRAFT_GRID 40
static double dyadic_floor(double num, double den) {
    double g = floor(ldexp(num / den, KRAFT_GRID));
    while (fma(ldexp(g, -KRAFT_GRID), den, -num) > 0) g -= 1;
    return ldexp(g, -KRAFT_GRID);
}

static double kraft_relax(const int *levels, int deep, double unit, double l) {
    int cnt = 0;
    for (int j = 0; j <= deep; j++) cnt += levels[j];
    double excess = cnt - 1, cost = l * cnt;
    for (int t = 1 - deep;; t++) {
        double freed = 0, paid = 0;
        for (int j = (1 - t > 0 ? 1 - t : 0); j <= deep; j++) {
            if (!levels[j]) continue;
            freed += levels[j] * HALF(t + j);
            paid += levels[j] * HALF(j);
        }
        double net = paid * unit - l * freed;
        if (unit * ldexp(1.0, t) < l) { cost += net; excess -= freed; continue; }
        if (excess <= 0) break;
        if (freed >= excess) {   /* the last stage in part: net x excess / freed, rounded down (exact below) */
            double num = net * excess;
            if (fma(net, excess, -num) != 0) {   /* never at these sizes; stay safely below if so */
                cost += net * excess / freed - ldexp(1.0, 8 - KRAFT_GRID) * (fabs(net) + 1);
                break;
            }
            cost += dyadic_floor(num, freed);
            break;
        }
        excess -= freed; cost += net;
    }
    return cost;
}

/* Bound of a set of worlds with given masses (mass of world w = unit * 2^-lev[w]).
 * Sets *exact when the value is the node's exact optimum (one world, or a god random in none). */
static int capped_mode;   /* 1: strategies of at most `cap` questions (a node with none left is infinite) */
static int code_only;     /* 1: the code bound alone (a cross-check that does not rest on the random charge) */
static double rq_pen;    /* rq=X: each question also costs X x the mass of the worlds random in its addressee */
static int padded_tree;   /* 1: with lambda=X, also print the padded optimum's tree (its leaves' padding left out) */
static int charged_tree;  /* 1: the tree may hold charged leaves, printed as "C S c0 .. c(n-1) bound" (a node to solve on its own) */
static const Node *record_node;   /* solve() notes its best split when called on exactly this node */
static int rec_g; static uint64_t rec_A, rec_B;
static int count_only; static long long near_count;   /* near=D: count record_node's splits below a limit, search none */
static int serve;   /* serve: queries from stdin, one per line, sharing the memo */
static int optdiv;   /* optdiv: list the node's divisions of least value (optdiv_main) */
static int query;   /* query (with limit=X, a node on stdin): "value V charged c" if the relaxed value is below X, else "at-least V" */
static double near_margin; static int near_list;   /* near-list: print each such split, "N g A B M bA bB" (own units) */
static int below_mode;    /* 1 (with roots=FILE): list the root's divisions whose bound is below the limit, then stop */
static double first_limit; /* >0: the root's first limit (cost units: worlds x questions), e.g. a known optimum + a little */
static double lam;         /* >0: the padded problem of the layer bound (lambda=X; README "Liar rows on average") */

/* least over d >= 0 of m d + l 2^-d: a leaf of mass m, l in the same units, padded as it pays */
static double pad_plus;   /* AVG_PAD_PLUS: a deliberate error for check_padded.py to catch (0 in use) */
static double pad_leaf(double m, double l) {
    double best = l;
    for (int d = 1; d < 126; d++) { double v = m * d + l * HALF(d); if (v >= best) break; best = v; }
    return best + pad_plus;
}

/* The padded code bound: the least sum over worlds of phi_D(m_w) = min over d >= D of m_w d + l 2^-d over
 * depths D_w meeting Kraft's inequality (D_w: the depth of w's shallowest leaf; phi_D is concave in the mass
 * with phi_D(0) = 0, so a world's leaves together cost at least phi_D of its mass). phi_D - phi_(D-1) =
 * max(0, m - l 2^-D) grows with D, so the coins (w, D) of width 2^-D and those weights, chosen by
 * package-merge to a total width of k - 1, are nested per world: the exact optimum (depths above k - 1 are
 * never needed: a full code tree is no deeper). m ascending, k >= 2. */
static double padded_code(const double *m, int k, double l) {
    double base = 0;
    for (int i = 0; i < k; i++) base += pad_leaf(m[i], l);
    double cur[2 * MAXW], nxt[2 * MAXW], coin[MAXW];
    int nc = 0;
    for (int j = k - 1; j >= 1; j--) {
        for (int i = 0; i < k; i++) { double x = m[i] - l * HALF(j); coin[i] = x > 0 ? x : 0; }
        int np = nc / 2, a = 0, b = 0, t = 0;
        double pk[MAXW];
        for (int i = 0; i < np; i++) pk[i] = cur[2 * i] + cur[2 * i + 1];
        while (a < k || b < np) {
            if (b >= np || (a < k && coin[a] <= pk[b])) nxt[t++] = coin[a++]; else nxt[t++] = pk[b++];
        }
        nc = t;
        for (int i = 0; i < nc; i++) cur[i] = nxt[i];
    }
    for (int i = 0; i < 2 * k - 2; i++) base += cur[i];
    return base;
}

/* add x to Q[sub] for every set sub of 1 to 3 of the random gods R of a world (random_charge's Q) */
static void q_add(double *Q, int R, double x) {
    for (int sub = R; sub; sub = (sub - 1) & R) if (__builtin_popcount(sub) <= 3) Q[sub] += x;
}

/* The random charge from Q[mask], the mass of the worlds whose random gods include mask (masks of 1 to 3 gods):
 * least over the first addressee a and the two second addressees b, c (README, "bounds") */
static double random_charge(const double *Q) {
    double charge = INF;
    for (int a = 0; a < n; a++) {
        int A = 1 << a;
        for (int b = 0; b < n; b++) {
            int B = 1 << b;
            for (int c = b; c < n; c++) {
                int C = 1 << c;
                double v = Q[A] + 0.5 * (Q[A | B] + Q[A | C]) + Q[B | C] - Q[A | B | C];
                if (v < charge) charge = v;
            }
        }
    }
    return charge;
}

/* The random charge kept per triple as one world moves (the split loop): TRI[t] = (a, b, c) in random_charge's
 * order; a world whose random gods are R adds coef x its mass to triple t's term, coef = [a in R] + ([a,b in R] +
 * [a,c in R]) / 2 + [b,c in R] - [a,b,c in R] (tri_coef). Every term is a sum of dyadic masses, exact in a double,
 * so a triple's kept term equals random_charge's, and their least is its value. */
#define MAXT (MAXG * MAXG * (MAXG + 1) / 2)
static int n_tri;
static int tri_mask[MAXT + 4][5];              /* A, A|B, A|C, B|C, A|B|C */
static double w_coef[MAXW][MAXT + 4];     /* per world: how much its mass moves each triple's term (dense, so the
                                              update is one vector loop; n_tri is padded to a multiple of 4) */

static void tri_init(void) {
    n_tri = 0;
    for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) for (int c = b; c < n; c++) {
        int A = 1 << a, B = 1 << b, C = 1 << c;
        int *m = tri_mask[n_tri++];
        m[0] = A; m[1] = A | B; m[2] = A | C; m[3] = B | C; m[4] = A | B | C;
    }
    int real = n_tri;
    while (n_tri % 4) { memcpy(tri_mask[n_tri], tri_mask[0], sizeof tri_mask[0]); n_tri++; }   /* repeats: same min */
    for (int w = 0; w < W; w++) {
        int R = wr[w];
        for (int t = 0; t < n_tri; t++) {
            const int *m = tri_mask[t < real ? t : 0];
            w_coef[w][t] = ((m[0] & R) == m[0]) + 0.5 * (((m[1] & R) == m[1]) + ((m[2] & R) == m[2]))
                         + ((m[3] & R) == m[3]) - ((m[4] & R) == m[4]);
        }
    }
}

/* a world of mass m moves from the terms tf to the terms tt */
static inline void tri_move(double *restrict tf, double *restrict tt, const double *restrict coef, double m) {
    for (int t = 0; t < n_tri; t += 4)
        for (int i = 0; i < 4; i++) { double d = coef[t + i] * m; tf[t + i] -= d; tt[t + i] += d; }
}

/* a triple's terms from Q (random_charge's expression) */
static void tri_from_q(const double *Q, double *terms) {
    for (int t = 0; t < n_tri; t++) {
        const int *m = tri_mask[t];
        terms[t] = Q[m[0]] + 0.5 * (Q[m[1]] + Q[m[2]]) + Q[m[3]] - Q[m[4]];
    }
}

static double tri_min(const double *terms) {
    double b[4] = {INF, INF, INF, INF};
    for (int t = 0; t < n_tri; t += 4)
        for (int i = 0; i < 4; i++) b[i] = terms[t + i] < b[i] ? terms[t + i] : b[i];
    double x = b[0] < b[1] ? b[0] : b[1], y = b[2] < b[3] ? b[2] : b[3];
    return x < y ? x : y;
}

/* Huffman and Kraft values of level counts with at most three levels (0..2) and fewer than 64 worlds on each,
 * tabled as they are first met: both are functions of the counts alone (unit 1, no padding). NaN: not yet. */
#define LT_SIDE 64
static double *lt_huff, *lt_kraft;
static int lt_index(const int *levels, int deep) {
    if (deep > 2 || levels[0] >= LT_SIDE || levels[1] >= LT_SIDE || levels[2] >= LT_SIDE) return -1;
    return levels[0] + LT_SIDE * (levels[1] + LT_SIDE * (deep >= 2 ? levels[2] : 0));
}

/* bound_of(S, lev, exact, k_left, 0, l) outside the capped mode, from what the split loop keeps as it moves
 * one world at a time: S's count of worlds per level, its size k, and whether a god is random in none of them */
static double cheap_bound(const int *levels, int maxlev, int k, int free_god, double l, int *exact) {
    *exact = k <= 1;
    int deep = maxlev;
    while (deep > 0 && !levels[deep]) deep--;
    if (k == 0) return 0;
    if (k == 1) return l > 0 ? pad_leaf(HALF(deep), l) : 0;
    int at = lt_index(levels, deep);
    double huff;
    if (at >= 0 && lt_huff[at] == lt_huff[at]) huff = lt_huff[at];
    else { huff = huffman_levels(levels, deep, 1.0); if (at >= 0) lt_huff[at] = huff; }
    if (l > 0) {
        double sep = 0;
        for (int j = 0; j <= deep; j++) if (levels[j]) sep += levels[j] * pad_leaf(HALF(j), l);
        return sep > huff ? sep : huff;
    }
    *exact = free_god;
    return huff;
}

/* bound_of(S, lev, exact, k_left, 1, 0) outside the capped and code-only modes and without padding, from
 * the counts the split loop keeps: per level, the size, whether a god is random in none, and Q (random_charge) */
static double full_bound(const int *levels, int maxlev, int k, int free_god, const double *terms, int *exact) {
    *exact = k <= 1 || free_god;
    if (k <= 1) return 0;
    int deep = maxlev;
    while (deep > 0 && !levels[deep]) deep--;
    int at = lt_index(levels, deep);
    double huff, kraft;
    if (at >= 0 && lt_huff[at] == lt_huff[at]) huff = lt_huff[at];
    else { huff = huffman_levels(levels, deep, 1.0); if (at >= 0) lt_huff[at] = huff; }
    if (free_god) return huff;
    if (at >= 0 && lt_kraft[at] == lt_kraft[at]) kraft = lt_kraft[at];
    else { kraft = kraft_relax(levels, deep, 1.0, 0); if (at >= 0) lt_kraft[at] = kraft; }
    double b2 = kraft + tri_min(terms);   /* exact: kraft is on its grid (dyadic_floor) */
    return huff > b2 ? huff : b2;
}

/* `full` 0: the code bound only (cheap); 1: the better of both. */
#ifndef PADDED_CODE_MAX
#define PADDED_CODE_MAX 8   /* larger sets use the cheap code bound in the padded problem (O(k^2) otherwise) */
#endif
static double bound_of(uint64_t S, const int *lev, int *exact, int k_left, int full, double l) {
    int k = __builtin_popcountll(S);
    *exact = 0;
    if (k == 0) { *exact = 1; return 0; }
    if (k == 1) { *exact = 1; return l > 0 ? pad_leaf(HALF(lev[__builtin_ctzll(S)]), l) : 0; }
    double m[MAXW]; int i = 0, levels[64] = {0}, deep = 0;
    for (uint64_t s = S; s; s &= s - 1) {
        int w = __builtin_ctzll(s);
        levels[lev[w]]++;
        if (lev[w] > deep) deep = lev[w];
    }
    int free_god = 0;
    for (int g = 0; g < n; g++) if (!(S & rnd[g])) free_god = 1;
    /* Q[mask]: mass of worlds whose random gods include mask (masks of 1 to 3 gods) */
    double Q[1 << MAXG];
    if (full && !code_only) {
        memset(Q, 0, sizeof(double) << n);
        for (uint64_t s = S; s; s &= s - 1) { int w = __builtin_ctzll(s); q_add(Q, wr[w], HALF(lev[w])); }
    }
    if (!capped_mode && (l == 0 || !full)) {   /* the split loop's functions, on counts made here */
        if (!full || code_only) return cheap_bound(levels, deep, k, free_god, l, exact);
        double terms[MAXT + 4];
        if (!free_god && k > 1) tri_from_q(Q, terms);
        return full_bound(levels, deep, k, free_god, terms, exact);
    }
    for (int j = deep; j >= 0; j--) { double x = HALF(j); for (int q = 0; q < levels[j]; q++) m[i++] = x; }
    double huff = capped_mode ? package_merge(m, k, k_left) : huffman_sorted(m, k);
    if (huff >= INF) { *exact = 1; return INF; }
    if (l > 0 && full && (free_god || k <= PADDED_CODE_MAX)) huff = padded_code(m, k, l);   /* m is ascending */
    else if (l > 0) {   /* cheap: Huffman, or each world's padded leaf alone (not exact) */
        double sep = 0;
        for (int j = 0; j <= deep; j++) if (levels[j]) sep += levels[j] * pad_leaf(HALF(j), l);
        if (sep > huff) huff = sep;
        if (!full) return huff;
    }
    if (free_god && (l == 0 || full)) { *exact = 1; return huff; }
    if (code_only || !full) return huff;
    double b2 = kraft_relax(levels, deep, 1.0, l) + random_charge(Q);  /* exact without padding: kraft is on its grid */
    if (l > 0) b2 *= 1 - 1e-12;   /* padded: lambda x 2^-depth terms and costs near lambda x worlds span more bits than a
                                     double holds, so sums may round up; stay below (bounds then sit 10^-12 of themselves low) */
    /* with padding (l > 0): huff is the padded code bound, the Kraft term the padded Kraft relaxation */
    return huff > b2 ? huff : b2;
}

/* ------------------------------------------------------------------ memo */

typedef struct {
    uint64_t S; uint8_t c[MAXG]; uint8_t kk;
    double lb;        /* lower bound on every strategy (any length) */
    double val;       /* relaxed value at depth-left k (valid if k >= 0) */
    int8_t k; int8_t charged; uint8_t used;
} Entry;

static Entry *memo; static uint64_t memo_mask;

static uint64_t hash_node(const Node *nd) {
    uint64_t h = nd->S * 0x9E3779B97F4A7C15ULL;
    for (int g = 0; g < n; g++) h = (h ^ nd->c[g]) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ nd->kk) * 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 31);
}

static Entry *lookup(const Node *nd, int create) {
    uint64_t h = hash_node(nd);
    Entry *victim = NULL;
    for (int i = 0; i < 8; i++) {
        Entry *e = &memo[(h + i) & memo_mask];
        if (e->used && e->S == nd->S && e->kk == nd->kk && !memcmp(e->c, nd->c, MAXG)) return e;
        if (!e->used) { if (!victim || victim->used) victim = e; }
        else if (!victim) victim = e;
    }
    if (!create) return NULL;
    if (!victim) victim = &memo[h & memo_mask];
    memset(victim, 0, sizeof *victim);
    victim->S = nd->S; victim->kk = nd->kk; memcpy(victim->c, nd->c, MAXG);
    victim->lb = 0; victim->k = -1; victim->used = 1;
    return victim;
}

/* ------------------------------------------------------------------ search */

/* the child of a split (ch's counts, worlds S) and the factor taking its values (its least world weighing
 * 1) to the parent's units (the parent's least absolute exponent pl) */
static double child_of(const Node *ch, uint64_t S, int pl, Node *out) {
    int ce[MAXW];
    *out = *ch; out->S = S;
    return ldexp(1.0, -(exps(out, ce) - pl));
}

/* Returns v, relative to the node's own masses (least exponent 0). If *exact, v is the node's relaxed
 * value with k questions before the cap; else v >= limit and v is a lower bound. Either way v is at most
 * the node's optimum over strategies of any length. *charged: the relaxed tree charges a capped leaf. */
static double solve(const Node *in, int k, double limit, int *exact, int *charged, int s) {
    Node nd = *in; tidy(&nd);
    *charged = 0;
    int e[MAXW]; int pl = exps(&nd, e);
    int ex;
    double l = lam > 0 ? ldexp(lam, -s) : 0;   /* lambda in the node's units: s = depth - least exponent */
    double own = bound_of(nd.S, e, &ex, k, 1, l);
    if (ex) { *exact = 1; return own; }
    Node key; canonical(&nd, &key); key.kk = capped_mode ? k : lam > 0 ? s : 0;
    Entry *ent = lookup(&key, 1);
    int counting = count_only && in == record_node;
    if (ent->k == k && !counting) { memo_hits++; *exact = 1; *charged = ent->charged; return ent->val; }
    if (ent->lb > own) own = ent->lb;
    if (own >= limit) { *exact = 0; return own; }
    if (k == 0) {
        if (capped_mode) { *exact = 1; return INF; }
        capped_leaves++; *exact = 1; *charged = 1; return own;
    }
    if (timed_out || ((++nodes & 1023) == 0 && now() > deadline)) { timed_out = 1; *exact = 0; return limit; }
    double M0 = 0;
    for (uint64_t s = nd.S; s; s &= s - 1) M0 += HALF(e[__builtin_ctzll(s)]);
    double cur = limit, best = INF, failmin = INF; int best_charged = 0;
    for (int g = 0; g < n; g++) {
        uint64_t R = nd.S & rnd[g], T = nd.S & ~rnd[g];
        double M = M0;   /* the question's cost: the node's mass, plus rq=X's charge on the worlds random in g */
        for (uint64_t q = R; q; q &= q - 1) M += rq_pen * HALF(e[__builtin_ctzll(q)]);
        if (!T) continue;
        /* skip g if swapping it with an earlier god leaves the node unchanged */
        int dup = 0;
        for (int h = 0; h < g && !dup; h++) {
            if (nd.c[h] != nd.c[g]) continue;
            uint64_t S2 = 0;
            for (uint64_t s = nd.S; s; s &= s - 1) {
                int w = __builtin_ctzll(s), m = wr[w];
                int bg = m >> g & 1, bh = m >> h & 1;
                m = (m & ~((1 << g) | (1 << h))) | (bg << h) | (bh << g);
                int found = widx[m];
                if (found < 0) { S2 = ~0ULL; break; }
                S2 |= 1ULL << found;
            }
            if (S2 == nd.S) dup = 1;
        }
        if (dup) continue;
        Node ch; ch = nd; ch.c[g]++;
        int le[MAXW];
        for (uint64_t s = nd.S; s; s &= s - 1) { int w = __builtin_ctzll(s); le[w] = e[w] + (R >> w & 1); }
        int tw[MAXW], tn = 0;
        for (uint64_t s = T; s; s &= s - 1) tw[tn++] = __builtin_ctzll(s);
        /* Y holds tw[0] (the swap of branches gives the same split). The divisions go in Gray-code order, one
         * world moving between A and B at a time, and the cheap bound is computed from counts kept per level
         * and per god (cheap_bound) instead of from the worlds (bound_of) */
        uint64_t count = 1ULL << (tn - 1);
        uint64_t A = R | 1ULL << tw[0], B = R | (T & ~(1ULL << tw[0]));
        int lv[2][64] = {{0}}, kc[2] = {0, 0}, rc[2][MAXG] = {{0}}, maxlev = 0;
        int fast_full = !capped_mode && !code_only && l == 0;   /* full bounds from kept counts too */
        double Q[2][1 << MAXG], terms[2][MAXT + 4];
        if (fast_full) { memset(Q[0], 0, sizeof(double) << n); memset(Q[1], 0, sizeof(double) << n); }
        for (uint64_t s2 = nd.S; s2; s2 &= s2 - 1) {
            int w = __builtin_ctzll(s2);
            if (le[w] > maxlev) maxlev = le[w];
            for (int side = 0; side < 2; side++) {
                if (!((side ? B : A) >> w & 1)) continue;
                lv[side][le[w]]++; kc[side]++;
                for (int h = 0; h < n; h++) rc[side][h] += wr[w] >> h & 1;
                if (fast_full) q_add(Q[side], wr[w], HALF(le[w]));
            }
        }
        if (fast_full) { tri_from_q(Q[0], terms[0]); tri_from_q(Q[1], terms[1]); }
        for (uint64_t y = 0; y < count; y++) {
            if (y) {
                int w = tw[1 + __builtin_ctzll(y)], from = (int)(B >> w & 1);
                A ^= 1ULL << w; B ^= 1ULL << w;
                lv[from][le[w]]--; kc[from]--; lv[1 - from][le[w]]++; kc[1 - from]++;
                for (int h = 0; h < n; h++) { int r = wr[w] >> h & 1; rc[from][h] -= r; rc[1 - from][h] += r; }
                if (fast_full) tri_move(terms[from], terms[1 - from], w_coef[w], HALF(le[w]));
            }
            if ((++splits & ((1 << 22) - 1)) == 0) {   /* a node can have 2^30 divisions: the limit holds inside it */
                double t = now();
                if (t > deadline) { timed_out = 1; *exact = 0; return limit; }
                if (progress_every > 0 && t >= next_progress) {
                    fprintf(stderr, "progress: depth-left %d god %d division %llu of %llu, splits %lld passed %lld\n",
                            k, g, (unsigned long long)y, (unsigned long long)count, splits, passed);
                    next_progress = t + progress_every;
                }
            }
            int ea, eb;
            double ba, bb;
            if (capped_mode) {
                ba = bound_of(A, le, &ea, k - 1, 0, l / 2); bb = bound_of(B, le, &eb, k - 1, 0, l / 2);
            } else {
                int fa = 0, fb = 0;
                for (int h = 0; h < n; h++) { fa |= !rc[0][h]; fb |= !rc[1][h]; }
                ba = cheap_bound(lv[0], maxlev, kc[0], fa, l / 2, &ea); bb = cheap_bound(lv[1], maxlev, kc[1], fb, l / 2, &eb);
            }
            double lo = M + ba + bb;
            if (lo >= cur) { if (lo < failmin) failmin = lo; continue; }
            if (fast_full) {
                int fa = 0, fb = 0;
                for (int h = 0; h < n; h++) { fa |= !rc[0][h]; fb |= !rc[1][h]; }
                /* the larger side first; when it alone cuts the split, the other's charge is not computed (the
                 * split's recorded bound is then the weaker sum, still a lower bound and still at the limit) */
                if (ba >= bb) {
                    if (!ea) ba = full_bound(lv[0], maxlev, kc[0], fa, terms[0], &ea);
                    if (M + ba + bb < cur && !eb) bb = full_bound(lv[1], maxlev, kc[1], fb, terms[1], &eb);
                } else {
                    if (!eb) bb = full_bound(lv[1], maxlev, kc[1], fb, terms[1], &eb);
                    if (M + ba + bb < cur && !ea) ba = full_bound(lv[0], maxlev, kc[0], fa, terms[0], &ea);
                }
            } else {
                if (!ea) ba = bound_of(A, le, &ea, k - 1, 1, l / 2);
                if (!eb) bb = bound_of(B, le, &eb, k - 1, 1, l / 2);
            }
            lo = M + ba + bb;
            if (lo >= cur) { if (lo < failmin) failmin = lo; continue; }
            if (counting) {
                near_count++;
                if (near_list) printf("N %d %llu %llu %.17g %.17g %.17g\n", g, (unsigned long long)A, (unsigned long long)B, M, ba, bb);
                continue;
            }
            passed++;
            /* solve the child with the larger bound first */
            uint64_t first = ba >= bb ? A : B, second = ba >= bb ? B : A;
            double bf = ba >= bb ? ba : bb, bs = ba >= bb ? bb : ba;
            int efirst = ba >= bb ? ea : eb, esecond = ba >= bb ? eb : ea;
            double v1 = bf, v2 = bs; int c1 = 0, c2 = 0, x1 = 1, x2 = 1;
            if (!efirst) {
                Node cn; double scale = child_of(&ch, first, pl, &cn);
                v1 = solve(&cn, k - 1, (cur - M - bs) / scale, &x1, &c1, s + 1 + ilogb(scale)) * scale;
                if (timed_out) { *exact = 0; return limit; }
                if (!x1) { double lo2 = M + v1 + bs; if (lo2 < failmin) failmin = lo2; continue; }
            }
            if (!esecond) {
                Node cn; double scale = child_of(&ch, second, pl, &cn);
                v2 = solve(&cn, k - 1, (cur - M - v1) / scale, &x2, &c2, s + 1 + ilogb(scale)) * scale;
                if (timed_out) { *exact = 0; return limit; }
                if (!x2) { double lo2 = M + v1 + v2; if (lo2 < failmin) failmin = lo2; continue; }
            }
            double tot = M + v1 + v2;
            if (tot < cur) {
                cur = tot; best = tot; best_charged = c1 | c2;
                if (in == record_node) { rec_g = g; rec_A = A; rec_B = B; }
            }
            else if (tot < failmin) failmin = tot;
        }
    }
    if (counting) { *exact = 0; return limit; }   /* nothing searched: no value, and nothing for the memo */
    if (best < limit) {
        ent = lookup(&key, 1);
        ent->k = k; ent->val = best; ent->charged = best_charged;
        if (best > ent->lb) ent->lb = best;
        *exact = 1; *charged = best_charged; return best;
    }
    ent = lookup(&key, 1);
    if (failmin > ent->lb) ent->lb = failmin;
    *exact = 0; return failmin;
}


/* ------------------------------------------------------------------ the tree */

/* masses' optimal code asked of god g, who is random in no world of S: preorder lines */
static void emit_code(uint64_t S, const int *lev, int g) {
    int k = __builtin_popcountll(S);
    if (k <= 1) { printf("L %d\n", __builtin_ctzll(S)); return; }
    /* Huffman with explicit sets */
    uint64_t set[2 * MAXW]; double mass[2 * MAXW]; int alive[2 * MAXW], left[2 * MAXW], right[2 * MAXW], cnt = 0;
    for (uint64_t s = S; s; s &= s - 1) { int w = __builtin_ctzll(s); set[cnt] = 1ULL << w; mass[cnt] = HALF(lev[w]); alive[cnt] = 1; left[cnt] = right[cnt] = -1; cnt++; }
    for (int step = 0; step < k - 1; step++) {
        int a = -1, b = -1;
        for (int i = 0; i < cnt; i++) if (alive[i]) {
            if (a < 0 || mass[i] < mass[a]) { b = a; a = i; } else if (b < 0 || mass[i] < mass[b]) b = i;
        }
        alive[a] = alive[b] = 0;
        set[cnt] = set[a] | set[b]; mass[cnt] = mass[a] + mass[b]; alive[cnt] = 1; left[cnt] = a; right[cnt] = b; cnt++;
    }
    /* preorder over the merge tree */
    int stack[2 * MAXW], sp = 0; stack[sp++] = cnt - 1;
    while (sp) {
        int x = stack[--sp];
        if (left[x] < 0) { printf("L %d\n", __builtin_ctzll(set[x])); continue; }
        printf("A %d %llu %llu\n", g, (unsigned long long)set[left[x]], (unsigned long long)set[right[x]]);
        stack[sp++] = right[x]; stack[sp++] = left[x];
    }
}

/* the relaxed-optimal tree of a node whose value (own units) is `value`, in preorder; s as in solve (padded
 * problem: a leaf's padding is not printed, so the tree is the padded optimum's strategy) */
static int emit(const Node *in, int k, double value, int s) {
    Node nd = *in; tidy(&nd);
    int e[MAXW]; int pl = exps(&nd, e), ex;
    double l = lam > 0 ? ldexp(lam, -s) : 0;
    double own = bound_of(nd.S, e, &ex, k, 1, l);
    if (ex) {
        if (__builtin_popcountll(nd.S) <= 1) { printf("L %d\n", __builtin_ctzll(nd.S)); return 1; }
        for (int g = 0; g < n; g++) if (!(nd.S & rnd[g])) { emit_code(nd.S, e, g); return 1; }
    }
    if (k == 0) {
        if (!charged_tree) { printf("X charged\n"); return 0; }
        printf("C %llu", (unsigned long long)nd.S);
        for (int g = 0; g < n; g++) printf(" %d", nd.c[g]);
        printf(" %.17g\n", value);
        return 1;
    }
    (void)own;
    double M0 = 0;
    for (uint64_t s = nd.S; s; s &= s - 1) M0 += HALF(e[__builtin_ctzll(s)]);
    for (int g = 0; g < n; g++) {
        uint64_t R = nd.S & rnd[g], T = nd.S & ~rnd[g];
        double M = M0;   /* the question's cost: the node's mass, plus rq=X's charge on the worlds random in g */
        for (uint64_t q = R; q; q &= q - 1) M += rq_pen * HALF(e[__builtin_ctzll(q)]);
        if (!T) continue;
        Node ch = nd; ch.c[g]++;
        int le[MAXW];
        for (uint64_t s = nd.S; s; s &= s - 1) { int w = __builtin_ctzll(s); le[w] = e[w] + (R >> w & 1); }
        int tw[MAXW], tn = 0;
        for (uint64_t s = T; s; s &= s - 1) tw[tn++] = __builtin_ctzll(s);
        uint64_t count = 1ULL << (tn - 1);
        for (uint64_t y = 0; y < count; y++) {
            uint64_t Y = 1ULL << tw[0];
            for (int i = 1; i < tn; i++) if (y >> (i - 1) & 1) Y |= 1ULL << tw[i];
            uint64_t A = R | Y, B = R | (T & ~Y);
            int ea, eb;
            double ba = bound_of(A, le, &ea, k - 1, 1, l / 2), bb = bound_of(B, le, &eb, k - 1, 1, l / 2);
            if (M + ba + bb > value) continue;
            double v[2], sc[2]; uint64_t part[2] = {A, B}; int ok = 1, cs[2];
            for (int i = 0; i < 2 && ok; i++) {
                Node cn; sc[i] = child_of(&ch, part[i], pl, &cn);
                cs[i] = s + 1 + ilogb(sc[i]);
                double other = i == 0 ? bb : v[0];
                int x, c;
                v[i] = solve(&cn, k - 1, (value - M - other) / sc[i] + 1e-9, &x, &c, cs[i]) * sc[i];
                if (!x || (c && !charged_tree)) ok = 0;
            }
            if (!ok || M + v[0] + v[1] != value) continue;
            printf("A %d %llu %llu\n", g, (unsigned long long)A, (unsigned long long)B);
            for (int i = 0; i < 2; i++) { Node cn = ch; cn.S = part[i]; if (!emit(&cn, k - 1, v[i] / sc[i], cs[i])) return 0; }
            return 1;
        }
    }
    printf("X none\n");
    return 0;
}

/* ------------------------------------------------------------------ root divisions up to renamings */

/* The root's value with its first question put to god 0 (every god is alike at the root) and its divisions
 * of the worlds where god 0 is not random taken from a file, one per orbit under renamings of the other gods
 * and the swap of the branches (genbg graph6 lines: leaves.c, worst_bound.py --orbits). Needs limit=X: the
 * least value below X, with its tree, or "at-least V" (V >= X: every strategy of any length costs at least
 * V; the relaxation charges capped nodes a lower bound, so this holds for any length). */
static int roots_main(const char *file) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot read %s\n", file); return 2; }
    if (first_limit <= 0) { fprintf(stderr, "roots=FILE needs limit=X\n"); return 2; }
    Node nd; nd.S = W == 64 ? ~0ULL : (1ULL << W) - 1; memset(nd.c, 0, sizeof nd.c); nd.kk = 0;
    int e[MAXW]; int pl = exps(&nd, e);
    double M = 0;
    for (uint64_t s = nd.S; s; s &= s - 1) M += HALF(e[__builtin_ctzll(s)]);
    uint64_t R = nd.S & rnd[0], T = nd.S & ~rnd[0];
    Node ch = nd; ch.c[0]++;
    int le[MAXW];
    for (uint64_t s = nd.S; s; s &= s - 1) { int w = __builtin_ctzll(s); le[w] = e[w] + (R >> w & 1); }
    double cur = first_limit, best = INF, failmin = INF, bv[2] = {0, 0}; int best_charged = 0;
    uint64_t bestA = 0, bestB = 0;
    int split_g[2] = {-1, -1}, best_g[2] = {-1, -1}; uint64_t split_A[2] = {0, 0}, split_B[2] = {0, 0}, best_sA[2], best_sB[2];
    char line[256]; long long count = 0, cut = 0, searched = 0;
    double t0 = now();
    uint64_t X; int got;
    while ((got = next_division(f, line, sizeof line, &count, &X)) == 1) {
        if (count % 100000 == 0)
            fprintf(stderr, "%lld divisions, cut %lld, searched %lld, nodes %lld, %.0fs\n", count, cut, searched, nodes, now() - t0);
        if (X == 0 || X == T) continue;
        uint64_t A = R | X, B = R | (T & ~X);
        int ea, eb;
        double ba = bound_of(A, le, &ea, cap - 1, 1, lam / 2), bb = bound_of(B, le, &eb, cap - 1, 1, lam / 2);
        double lo = M + ba + bb;
        if (below_mode) {   /* list the divisions a proof of "nothing below the limit" must search deeper */
            if (lo < first_limit) { searched++; printf("below %s %.9f\n", line, lo); } else cut++;
            continue;
        }
        if (lo >= cur) { cut++; if (lo < failmin) failmin = lo; continue; }
        searched++;
        uint64_t part[2] = {A, B}; double bd[2] = {ba, bb}, v[2], sc[2]; int ex[2] = {ea, eb}, c[2] = {0, 0}, ok = 1;
        split_g[0] = split_g[1] = -1;
        int first = ba >= bb ? 0 : 1;
        for (int q = 0; q < 2 && ok; q++) {
            int i = q == 0 ? first : 1 - first;
            Node cn; sc[i] = child_of(&ch, part[i], pl, &cn);
            double other = q == 0 ? bd[1 - i] : v[1 - i];
            v[i] = bd[i];
            if (!ex[i]) {
                int x;
                record_node = &cn; rec_g = -1;
                v[i] = solve(&cn, cap - 1, (cur - M - other) / sc[i], &x, &c[i], 1 + ilogb(sc[i])) * sc[i];
                record_node = NULL; split_g[i] = rec_g; split_A[i] = rec_A; split_B[i] = rec_B;
                if (timed_out) { printf("timeout after %lld divisions nodes %lld splits %lld\n", count, nodes, splits); return 3; }
                if (!x) { double lo2 = M + v[i] + other; if (lo2 < failmin) failmin = lo2; ok = 0; }
            }
        }
        if (!ok) continue;
        double tot = M + v[0] + v[1];
        if (tot < cur) {
            cur = tot; best = tot; best_charged = c[0] | c[1]; bestA = A; bestB = B;
            bv[0] = v[0] / sc[0]; bv[1] = v[1] / sc[1];
            for (int i = 0; i < 2; i++) { best_g[i] = split_g[i]; best_sA[i] = split_A[i]; best_sB[i] = split_B[i]; }
            fprintf(stderr, "division %s: %.9f (avg %.9f) charged %d (%.0fs)\n", line, tot, tot / W, best_charged, now() - t0);
        } else if (tot < failmin) failmin = tot;
    }
    fclose(f);
    if (got < 0) return 2;
    if (below_mode) { printf("divisions %lld below the limit %lld\n", count, searched); return 0; }
    fprintf(stderr, "divisions %lld cut by bounds %lld searched %lld nodes %lld splits %lld hits %lld %.1fs\n",
            count, cut, searched, nodes, splits, memo_hits, now() - t0);
    if (best >= first_limit) {
        printf("at-least %.17g avg %.12f divisions %lld seconds %.1f\n", failmin, failmin / W, count, now() - t0);
        return 0;
    }
    if (lam > 0) {   /* the padded problem's relaxed value over the root's orbits: a lower bound, no tree */
        printf("padded %.17g exact %a lambda %.17g nodes %lld splits %lld seconds %.1f\n", best, best, lam, nodes, splits, now() - t0);
        return 0;
    }
    printf("value %.17g avg %.12f charged %d nodes %lld splits %lld seconds %.1f\n", best, best / W, best_charged, nodes, splits, now() - t0);
    deadline = INF;
    if (near_margin > 0) {   /* how many splits of each root child come within the margin of its value */
        for (int i = 0; i < 2; i++) {
            Node cn; double sc = child_of(&ch, i ? bestB : bestA, pl, &cn);
            int x, c;
            record_node = &cn; count_only = 1; near_count = 0;
            solve(&cn, cap - 1, bv[i] + near_margin / sc, &x, &c, 1 + ilogb(sc));
            record_node = NULL; count_only = 0;
            printf("near child %d: %lld splits below its value %.9f + %g\n", i, near_count, bv[i] * sc, near_margin);
        }
    }
    printf("tree\n");
    printf("A 0 %llu %llu\n", (unsigned long long)bestA, (unsigned long long)bestB);
    uint64_t part[2] = {bestA, bestB};
    for (int i = 0; i < 2; i++) {
        Node cn = ch; cn.S = part[i];
        if (best_g[i] < 0 || cap < 2) { if (!emit(&cn, cap - 1, bv[i], 0)) return 1; continue; }
        /* the split solve() chose for this child: its children's values, then their trees (no search for it) */
        Node cc = cn; tidy(&cc); cc.c[best_g[i]]++;
        printf("A %d %llu %llu\n", best_g[i], (unsigned long long)best_sA[i], (unsigned long long)best_sB[i]);
        uint64_t gpart[2] = {best_sA[i], best_sB[i]};
        for (int j = 0; j < 2; j++) {
            Node gn = cc; gn.S = gpart[j];
            int x, c;
            double gv = solve(&gn, cap - 2, INF, &x, &c, 0);   /* own units, like emit's */
            if (!x || !emit(&gn, cap - 2, gv, 0)) return 1;
        }
    }
    return 0;
}

/* huffman_levels against huffman_sorted on random counts per level (argument "selftest"); exit 1 on a difference */
static int selftest(void) {
    srand(7);
    for (int t = 0; t < 200000; t++) {
        int levels[64] = {0}, deep = rand() % 12, k = 0;
        for (int j = 0; j <= deep && k < MAXW; j++) { levels[j] = rand() % 7; if (k + levels[j] > MAXW) levels[j] = MAXW - k; k += levels[j]; }
        double m[MAXW]; int i = 0;
        for (int j = deep; j >= 0; j--) for (int q = 0; q < levels[j]; q++) m[i++] = HALF(j);
        double a = huffman_levels(levels, deep, 1.0), b = k > 1 ? huffman_sorted(m, k) : 0;
        if (a != b) { printf("differ: case %d k %d: %.17g against %.17g\n", t, k, a, b); return 1; }
    }
    printf("selftest: huffman_levels equals huffman_sorted on 200000 random cases\n");
    return 0;
}

/* the rest of a node "S c0 .. c(n-1)" after S was read: 1 if S is empty or names a world beyond W, or a count
 * is missing or outside 0..40 (masses down to 2^-120) */
static int read_node(unsigned long long rs, Node *nd) {
    if (!rs || (W < 64 && rs >> W)) return 1;
    nd->S = rs;
    for (int g = 0; g < n; g++) { int x; if (scanf("%d", &x) != 1 || x < 0 || x > 40) return 1; nd->c[g] = x; }
    return 0;
}

/* one query: is the node's relaxed value below lim? Prints one line; returns 3 if the time limit stopped it */
static int answer(const Node *nd, double lim) {
    double t0 = now();
    int e[MAXW], ex, x = 0, ch = 0; exps(nd, e);
    double lb = bound_of(nd->S, e, &ex, cap, 1, lam);
    double v = lim > lb ? solve(nd, cap, lim, &x, &ch, 0) : lb;
    if (lim <= lb) { x = 0; ch = 0; }
    if (timed_out) {   /* the node's bound, raised by what the memo now knows of it (a limit of 0 returns that) */
        long long nn = nodes, ss = splits; int x2, c2; timed_out = 0;
        double b = solve(nd, cap, 0.0, &x2, &c2, 0);
        printf("timeout lb %.17g nodes %lld splits %lld\n", b > lb ? b : lb, nn, ss);
        fflush(stdout);
        return 3;
    }
    if (x) printf("value %.17g charged %d nodes %lld splits %lld seconds %.1f\n", v, ch, nodes, splits, now() - t0);
    else printf("at-least %.17g nodes %lld splits %lld seconds %.1f\n", v, nodes, splits, now() - t0);
    fflush(stdout);
    return 0;
}

/* serve: answer "S c0 .. c(n-1) X SECONDS" lines as query does, one line each, the memo shared */
static int serve_main(void) {
    unsigned long long rs;
    while (scanf("%llu", &rs) == 1) {
        Node nd; memset(nd.c, 0, sizeof nd.c); nd.kk = 0;
        double lim, secs;
        if (read_node(rs, &nd) || scanf("%lf %lf", &lim, &secs) != 2 || !(lim > 0) || !(secs > 0)) {
            fprintf(stderr, "serve needs lines \"S c0 .. c(n-1) LIMIT SECONDS\": S a nonempty set of the %d worlds, "
                    "each c from 0 to 40, LIMIT and SECONDS above 0\n", W);
            return 2;
        }
        nodes = splits = 0; timed_out = 0; deadline = now() + secs;
        answer(&nd, lim);
    }
    return 0;
}

/* optdiv: every division of the node on stdin whose value equals the node's (relaxed, exact when nothing is
 * charged): "V value charged" then "D g A B total" per such division (A, B: world masks, B may be empty when g
 * is random in none of the node's worlds: a question that does not split them); depth=D is the node's depth
 * (questions asked so far; default the sum of its counts), which places lambda. For design note 60's search
 * for a strategy meeting the layer bound, which may only take such divisions. */
static int optdiv_depth = -1;
static int optdiv_main(const Node *in) {
    Node raw = *in;
    int e[MAXW];
    int pl_abs = exps(&raw, e), d = optdiv_depth;
    if (d < 0) { d = 0; for (int g = 0; g < n; g++) d += raw.c[g]; }
    int s = d - pl_abs, x = 0, chg = 0, ex0;
    double lb = bound_of(raw.S, e, &ex0, cap, 1, lam > 0 ? ldexp(lam, -s) : 0), step = 1.0 / 64, V = lb;
    while (!ex0) {   /* raise the limit until the node's value is found, as main does */
        V = solve(&raw, cap, lb + step, &x, &chg, s);
        if (timed_out) { printf("timeout\n"); return 3; }
        if (x) break;
        if (V > lb) lb = V;
        step *= 2;
    }
    printf("V %.17g charged %d\n", V, chg);
    Node nd = raw; tidy(&nd);
    int pl = exps(&nd, e);
    double l = lam > 0 ? ldexp(lam, -s) : 0, M0 = 0, tol = 1e-9 * (V > 1 ? V : 1);
    for (uint64_t q = nd.S; q; q &= q - 1) M0 += HALF(e[__builtin_ctzll(q)]);
    for (int g = 0; g < n; g++) {
        uint64_t R = nd.S & rnd[g], T = nd.S & ~rnd[g];
        if (!T) continue;
        Node ch = nd; ch.c[g]++;
        int le[MAXW], tw[MAXW], tn = 0;
        for (uint64_t q = nd.S; q; q &= q - 1) { int w = __builtin_ctzll(q); le[w] = e[w] + (R >> w & 1); }
        for (uint64_t q = T; q; q &= q - 1) tw[tn++] = __builtin_ctzll(q);
        for (uint64_t y = 0; y < (1ULL << (tn - 1)); y++) {
            uint64_t X = 1ULL << tw[0];
            for (int j = 1; j < tn; j++) if (y >> (j - 1) & 1) X |= 1ULL << tw[j];
            uint64_t A = R | X, B = R | (T & ~X), part[2] = {A, B};
            int ea, eb;
            double ba = bound_of(A, le, &ea, cap - 1, 1, l / 2), bb = bound_of(B, le, &eb, cap - 1, 1, l / 2);
            if (M0 + ba + bb > V + tol) continue;
            double v[2] = {ba, bb}; int ok = 1, ex2[2] = {ea, eb}, cc = chg;
            for (int i = 0; i < 2 && ok; i++) {
                if (!part[i] || ex2[i]) continue;
                Node cn; double scale = child_of(&ch, part[i], pl, &cn);
                int xi, ci;
                v[i] = solve(&cn, cap - 1, (V + tol - M0 - v[1 - i]) / scale, &xi, &ci, s + 1 + ilogb(scale)) * scale;
                if (timed_out) { printf("timeout\n"); return 3; }
                if (!xi) ok = 0;
                if (ci) cc = 1;
            }
            if (!ok) continue;
            double tot = M0 + v[0] + v[1];
            if (tot <= V + tol) printf("D %d %llu %llu %.17g charged %d\n", g, (unsigned long long)A, (unsigned long long)B, tot, cc);
        }
    }
    printf("end\n");
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "selftest")) { for (int j = 0; j < 128; j++) P2[j] = ldexp(1.0, -j); return selftest(); }
    if (argc < 4) { fprintf(stderr, "usage: avg CAP SECONDS MEMO_LOG2 [capped] [code-only] [limit=X] [roots=FILE [below]] [progress=S] [charged-tree] [near=D [near-list]] [query|serve] < model\n"); return 2; }
    const char *roots = NULL;
    for (int i = 4; i < argc; i++) {
        if (!strcmp(argv[i], "capped")) capped_mode = 1;
        else if (!strcmp(argv[i], "code-only")) code_only = 1;
        else if (!strncmp(argv[i], "limit=", 6)) first_limit = atof(argv[i] + 6);
        else if (!strncmp(argv[i], "roots=", 6)) roots = argv[i] + 6;
        else if (!strcmp(argv[i], "below")) below_mode = 1;
        else if (!strcmp(argv[i], "charged-tree")) charged_tree = 1;
        else if (!strcmp(argv[i], "padded-tree")) padded_tree = 1;
        else if (!strncmp(argv[i], "rq=", 3)) rq_pen = atof(argv[i] + 3);
        else if (!strncmp(argv[i], "near=", 5)) near_margin = atof(argv[i] + 5);
        else if (!strcmp(argv[i], "near-list")) near_list = 1;
        else if (!strcmp(argv[i], "query")) query = 1;
        else if (!strcmp(argv[i], "serve")) serve = 1;
        else if (!strcmp(argv[i], "optdiv")) optdiv = 1;
        else if (!strncmp(argv[i], "depth=", 6)) optdiv_depth = atoi(argv[i] + 6);
        else if (!strncmp(argv[i], "lambda=", 7)) lam = atof(argv[i] + 7);
        else if (!strncmp(argv[i], "progress=", 9)) progress_every = atof(argv[i] + 9);
        else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
    }
    if (lam < 0 || lam != lam || ((capped_mode || code_only) && lam > 0)) {
        fprintf(stderr, "lambda=X needs X >= 0, and neither capped nor code-only\n"); return 2;
    }
    for (int j = 0; j < 128; j++) P2[j] = ldexp(1.0, -j);
    if (getenv("AVG_PAD_PLUS")) pad_plus = atof(getenv("AVG_PAD_PLUS"));
    cap = atoi(argv[1]);
    deadline = now() + atof(argv[2]);
    int ml = atoi(argv[3]);
    if (read_model()) return 2;
    tri_init();
    lt_huff = malloc(sizeof(double) * LT_SIDE * LT_SIDE * LT_SIDE);
    lt_kraft = malloc(sizeof(double) * LT_SIDE * LT_SIDE * LT_SIDE);
    for (int i = 0; i < LT_SIDE * LT_SIDE * LT_SIDE; i++) lt_huff[i] = lt_kraft[i] = NAN;
    memo = calloc((size_t)1 << ml, sizeof(Entry)); memo_mask = ((uint64_t)1 << ml) - 1;
    if (roots) return roots_main(roots);
    if (serve) return serve_main();
    Node root; root.S = W == 64 ? ~0ULL : (1ULL << W) - 1; memset(root.c, 0, sizeof root.c); root.kk = 0;
    unsigned long long rs;  /* optional: a node to solve instead of the root, "S c0 .. c(n-1)" */
    if (scanf("%llu", &rs) == 1 && read_node(rs, &root)) {
        fprintf(stderr, "a node is \"S c0 .. c(n-1)\": S a nonempty set of the %d worlds, each c from 0 to 40\n", W);
        return 2;
    }
    int ex; int e[MAXW]; exps(&root, e);
    double lb = bound_of(root.S, e, &ex, cap, 1, lam);
    if (lb >= INF) { printf("none within %d questions\n", cap); return 1; }
    double step = 1.0 / 64; double t0 = now();
    if (optdiv) return optdiv_main(&root);
    if (query) {   /* one question: is the node's relaxed value below the limit? no tree */
        if (first_limit <= 0) { fprintf(stderr, "query needs limit=X\n"); return 2; }
        return answer(&root, first_limit);
    }
    if (first_limit > lb) { step = first_limit - lb; }
    for (;;) {
        int x, ch;
        double v = solve(&root, cap, lb + step, &x, &ch, 0);
        if (timed_out) { printf("timeout lb %.17g avg %.9f nodes %lld splits %lld\n", lb, lb / W, nodes, splits); return 3; }
        fprintf(stderr, "limit %.6f: %s %.9f (avg %.9f) nodes %lld splits %lld passed %lld hits %lld capped %lld %.1fs\n", (lb + step) / W,
                x ? "value" : "lb", v, v / W, nodes, splits, passed, memo_hits, capped_leaves, now() - t0);
        if (x && v >= INF) { printf("none within %d questions\n", cap); return 1; }
        if (x && lam > 0) {   /* the padded problem's relaxed value: a lower bound; with padded-tree, its tree */
            printf("padded %.17g exact %a lambda %.17g nodes %lld splits %lld seconds %.1f\n", v, v, lam, nodes, splits, now() - t0);
            if (!padded_tree) return 0;
            printf("charged %d\ntree\n", ch);
            deadline = INF;
            return emit(&root, cap, v, 0) ? 0 : 1;
        }
        if (x) {
            printf("value %.17g avg %.12f charged %d nodes %lld splits %lld seconds %.1f\n", v, v / W, ch, nodes, splits, now() - t0);
            printf("tree\n");
            deadline = INF;
            int ok = emit(&root, cap, v, 0);
            return ok ? 0 : 1;
        }
        if (v > lb) lb = v;
        step *= 2;
    }
}
