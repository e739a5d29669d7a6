/* What the RTL answered for the inputs the minimiser and the cause
 * analysis ran before. A result depends on its input alone (the oracle
 * starts every call from the model's initial state, its AXI models draw
 * from the run's seed mixed with the input), so an input that comes back
 * needs no second simulation, and minimising the 2nd, 4th, 8th, ... input
 * of one found key walks mostly the candidates the first one walked.
 * Results the model did not give (run_result_t.lost: its harness died or
 * gave no answer) are not remembered; neither is anything from a batch
 * that failed or was cut. The memo holds at most RTLMEMO_BYTES of inputs
 * and results and is emptied when full: what it answers is what the RTL
 * would, whatever it holds. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/hashset.h"

#define RTLMEMO_BYTES (16u << 20)

typedef struct rtlmemo_entry {
    input_t *in;
    run_result_t *r;
} rtlmemo_entry_t;

struct rtlmemo {
    const spec_t *spec;
    lg_hashset_t index; /* input_hash -> entry */
    rtlmemo_entry_t *v;
    size_t n, max;
};

/* The memory an entry of spec's inputs and results takes, about. */
static size_t entry_bytes(const spec_t *spec)
{
    size_t b = sizeof(rtlmemo_entry_t) + sizeof(input_t) + sizeof(run_result_t);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        size_t vals = p->is_array ? p->max_len : 1;
        b += sizeof(input_value_t) + sizeof(run_output_t) + 2 * vals * sizeof(int64_t);
    }
    return b;
}

rtlmemo_t *rtlmemo_create(const spec_t *spec)
{
    rtlmemo_t *m = lg_calloc(1, sizeof *m);
    m->spec = spec;
    lg_hashset_init(&m->index);
    size_t e = entry_bytes(spec);
    m->max = RTLMEMO_BYTES / e ? RTLMEMO_BYTES / e : 1;
    return m;
}

static void clear(rtlmemo_t *m)
{
    for (size_t i = 0; i < m->n; i++) {
        input_destroy(m->v[i].in);
        run_result_destroy(m->v[i].r);
    }
    m->n = 0;
    lg_hashset_free(&m->index);
    lg_hashset_init(&m->index);
}

void rtlmemo_destroy(rtlmemo_t *m)
{
    if (!m)
        return;
    clear(m);
    free(m->v);
    free(m);
}

static const run_result_t *find(const rtlmemo_t *m, const input_t *in, uint64_t h)
{
    size_t pos = 0;
    uint32_t at;
    while (lg_hashset_next(&m->index, h, &pos, &at))
        if (input_equal(m->v[at].in, in))
            return m->v[at].r;
    return NULL;
}

static void add(rtlmemo_t *m, const input_t *in, uint64_t h, const run_result_t *r)
{
    if (r->lost || find(m, in, h))
        return;
    if (m->n == m->max)
        clear(m);
    if (!m->v)
        m->v = lg_calloc(m->max, sizeof *m->v);
    LG_ASSERT(m->n < m->max);
    rtlmemo_entry_t *e = &m->v[m->n];
    e->in = input_clone(in);
    e->r = run_result_create(m->spec);
    run_result_copy(e->r, r);
    lg_hashset_add(&m->index, h, (uint32_t)m->n);
    m->n++;
}

int rtlmemo_run_batch(explore_t *ex, const input_t *const *in, size_t n, run_result_t *const *rtl, lg_err_t *err)
{
    rtlmemo_t *m = ex->rtlmemo;
    uint64_t t0 = lg_now_ns();
    uint64_t *h = lg_malloc((n ? n : 1) * sizeof *h);
    const input_t **miss = lg_malloc((n ? n : 1) * sizeof *miss);
    run_result_t **out = lg_malloc((n ? n : 1) * sizeof *out);
    size_t *at = lg_malloc((n ? n : 1) * sizeof *at), nm = 0;
    for (size_t i = 0; i < n; i++) {
        LG_ASSERT(in[i]->spec == m->spec);
        h[i] = input_hash(in[i]);
        const run_result_t *r = find(m, in[i], h[i]);
        if (r) {
            run_result_copy(rtl[i], r);
            continue;
        }
        miss[nm] = in[i];
        out[nm] = rtl[i];
        at[nm++] = i;
    }
    int rc = nm ? oracle_run_batch(ex->oracle, miss, nm, out, err) : 0;
    if (rc == 0)
        for (size_t k = 0; k < nm; k++)
            add(m, miss[k], h[at[k]], out[k]);
    ex->st.rtl_ns += lg_now_ns() - t0;
    ex->st.rtl_calls += nm;
    ex->st.rtl_memo_hits += n - nm;
    free(at);
    free(out);
    free(miss);
    free(h);
    return rc;
}
