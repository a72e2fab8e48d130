/* The optimal binary prefix code's cost of k masses sorted ascending (two queues: the masses, then the merged
 * sums, which come out in ascending order), shared by avg.c and polish.c. q: scratch for k - 1 sums. */
#ifndef HUFFMAN_H
#define HUFFMAN_H
static double huffman_queues(const double *m, int k, double *q) {
    if (k <= 1) return 0;
    int qh = 0, qt = 0, i = 0; double cost = 0;
    for (int step = 0; step < k - 1; step++) {
        double a, b;
        if (i < k && (qh == qt || m[i] <= q[qh])) a = m[i++]; else a = q[qh++];
        if (i < k && (qh == qt || m[i] <= q[qh])) b = m[i++]; else b = q[qh++];
        q[qt++] = a + b; cost += a + b;
    }
    return cost;
}
#endif
