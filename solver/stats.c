/* Query-time statistics in constant memory: a histogram with eight buckets
 * per doubling of the time, from 1 microsecond up, so a quantile is known to
 * within 2^(1/8) (9%) however many queries a run makes. */
#include "solver_int.h"
#include <math.h>

void solver_hist_add(solver_hist_t *h, double ms)
{
    double us = ms * 1000.0;
    size_t i = 0;
    if (us >= 1.0) {
        double b = floor(log2(us) * 8.0) + 1.0;
        i = b >= SOLVER_HIST_N - 1 ? SOLVER_HIST_N - 1 : (size_t)b;
    }
    h->bucket[i]++;
    h->n++;
    h->sum_ms += ms;
    if (ms > h->max_ms)
        h->max_ms = ms;
}

double solver_hist_quantile(const solver_hist_t *h, double q)
{
    if (!h->n)
        return 0.0;
    uint64_t need = (uint64_t)ceil(q * (double)h->n), seen = 0;
    if (need == 0)
        need = 1;
    for (size_t i = 0; i < SOLVER_HIST_N; i++) {
        seen += h->bucket[i];
        if (seen >= need) {
            /* Bucket i > 0 covers [2^((i-1)/8), 2^(i/8)) microseconds. */
            double edge_ms = i == 0 ? 0.001 : pow(2.0, (double)i / 8.0) / 1000.0;
            return edge_ms < h->max_ms ? edge_ms : h->max_ms;
        }
    }
    return h->max_ms;
}
