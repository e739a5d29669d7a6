/* The RTL scheduler: every input run natively is a candidate for the RTL,
 * and the order, not a rule that can be wrong, decides which are simulated
 * first. Candidates wait in four classes, drained in this order:
 *   0  it found a new C path, branch direction or probe side (or a corner)
 *   1  it was made on purpose: a seed or a solver model
 *   2  it lies outside the feature ranges of the simulated inputs of its
 *      own C path (ranges are per path, never pooled across paths)
 *   3  the rest, drained as a uniform sample (random picks)
 * Classes 0-2 are first in, first out. When the queue is full the newest
 * arrival or a random entry of the lowest class present is dropped, and
 * counted. An input already simulated is not queued again: the model
 * starts every call from the same state, so it would show the same. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"

struct schedule {
    schedule_entry_t *v[SCHEDULE_CLASSES];
    size_t n[SCHEDULE_CLASSES], cap[SCHEDULE_CLASSES];
    size_t total, limit, nf;
    lg_hashset_t path_index; /* path hash -> its row in pmin/pmax */
    int64_t *pmin, *pmax;    /* per simulated path: nf values each */
    size_t npaths, pmin_cap, pmax_cap;
    lg_hashset_t simulated; /* hashes of simulated inputs */
    uint64_t drops, repeats;
};

schedule_t *schedule_create(size_t nfeatures, size_t limit)
{
    schedule_t *q = lg_calloc(1, sizeof *q);
    q->nf = nfeatures;
    q->limit = limit ? limit : 1;
    return q;
}

static void entry_free(schedule_entry_t *e)
{
    input_destroy(e->in);
    free(e->fv);
}

void schedule_destroy(schedule_t *q)
{
    if (!q)
        return;
    for (int c = 0; c < SCHEDULE_CLASSES; c++) {
        for (size_t i = 0; i < q->n[c]; i++)
            entry_free(&q->v[c][i]);
        free(q->v[c]);
    }
    lg_hashset_free(&q->path_index);
    lg_hashset_free(&q->simulated);
    free(q->pmin);
    free(q->pmax);
    free(q);
}

/* The row of path in the per-path ranges, or -1 if none was simulated. */
static long path_row(const schedule_t *q, uint64_t path)
{
    size_t pos = 0;
    uint32_t row;
    return lg_hashset_next(&q->path_index, path, &pos, &row) ? (long)row : -1;
}

static int outside_path_range(const schedule_t *q, uint64_t path, const int64_t *fv)
{
    long row = path_row(q, path);
    if (row < 0)
        return 1;
    const int64_t *lo = q->pmin + (size_t)row * q->nf, *hi = q->pmax + (size_t)row * q->nf;
    for (size_t i = 0; i < q->nf; i++)
        if (fv[i] < lo[i] || fv[i] > hi[i])
            return 1;
    return 0;
}

/* Removes entry i of class c, filling its place from the back (class 3 has
 * no order) or by moving the rest up (classes 0-2 keep theirs). */
static schedule_entry_t take(schedule_t *q, int c, size_t i)
{
    schedule_entry_t e = q->v[c][i];
    if (c == SCHEDULE_CLASSES - 1)
        q->v[c][i] = q->v[c][q->n[c] - 1];
    else
        memmove(&q->v[c][i], &q->v[c][i + 1], (q->n[c] - i - 1) * sizeof e);
    q->n[c]--;
    q->total--;
    return e;
}

input_t *schedule_push(schedule_t *q, const input_t *in, const int64_t *fv, uint64_t sig, uint64_t path, int fresh,
                       int targeted, int corner, lg_rng_t *rng)
{
    if (lg_hashset_next(&q->simulated, input_hash(in), &(size_t){0}, &(uint32_t){0})) {
        q->repeats++;
        return NULL;
    }
    int c = fresh || corner ? 0 : targeted ? 1 : outside_path_range(q, path, fv) ? 2 : 3;
    input_t *dropped = NULL;
    if (q->total >= q->limit) {
        int low = SCHEDULE_CLASSES - 1;
        while (low > 0 && !q->n[low])
            low--;
        q->drops++;
        if (low < c)
            return input_clone(in); /* the arrival is the least worth */
        schedule_entry_t e =
            take(q, low, low == SCHEDULE_CLASSES - 1 ? (size_t)lg_rng_below(rng, q->n[low]) : q->n[low] - 1);
        dropped = e.in;
        free(e.fv);
    }
    lg_grow((void **)&q->v[c], &q->cap[c], q->n[c] + 1, sizeof *q->v[c]);
    schedule_entry_t *e = &q->v[c][q->n[c]++];
    q->total++;
    e->in = input_clone(in);
    e->fv = lg_malloc((q->nf ? q->nf : 1) * sizeof *e->fv);
    memcpy(e->fv, fv, q->nf * sizeof *fv);
    e->sig = sig;
    e->path = path;
    e->corner = corner;
    e->cls = c;
    return dropped;
}

int schedule_pop(schedule_t *q, lg_rng_t *rng, schedule_entry_t *out)
{
    for (int c = 0; c < SCHEDULE_CLASSES; c++) {
        if (!q->n[c])
            continue;
        *out = take(q, c, c == SCHEDULE_CLASSES - 1 ? (size_t)lg_rng_below(rng, q->n[c]) : 0);
        return 1;
    }
    return 0;
}

void schedule_simulated(schedule_t *q, const schedule_entry_t *e)
{
    lg_hashset_insert(&q->simulated, input_hash(e->in));
    if (e->corner)
        return; /* a corner would stretch its path's range over the domain */
    long row = path_row(q, e->path);
    if (row < 0) {
        row = (long)q->npaths++;
        size_t want = q->npaths * q->nf + 1;
        lg_grow((void **)&q->pmin, &q->pmin_cap, want, sizeof *q->pmin);
        lg_grow((void **)&q->pmax, &q->pmax_cap, want, sizeof *q->pmax);
        lg_hashset_add(&q->path_index, e->path, (uint32_t)row);
        memcpy(q->pmin + (size_t)row * q->nf, e->fv, q->nf * sizeof *e->fv);
        memcpy(q->pmax + (size_t)row * q->nf, e->fv, q->nf * sizeof *e->fv);
        return;
    }
    int64_t *lo = q->pmin + (size_t)row * q->nf, *hi = q->pmax + (size_t)row * q->nf;
    for (size_t i = 0; i < q->nf; i++) {
        lo[i] = e->fv[i] < lo[i] ? e->fv[i] : lo[i];
        hi[i] = e->fv[i] > hi[i] ? e->fv[i] : hi[i];
    }
}

size_t schedule_len(const schedule_t *q)
{
    return q->total;
}

size_t schedule_len_class(const schedule_t *q, int c)
{
    return q->n[c];
}

uint64_t schedule_drops(const schedule_t *q)
{
    return q->drops;
}

uint64_t schedule_repeats(const schedule_t *q)
{
    return q->repeats;
}
