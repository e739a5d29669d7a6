/* Whether a divergence's RTL result rests on state the RTL leaves
 * undefined: a register or memory with no reset or initial value, or an
 * X it assigns (a don't-care address, a case's default). Verilator's
 * model gives all of them 0; hardware may start with anything. The
 * minimised input runs again on models whose initial state is all ones,
 * then random (oracle_run_xstate); the first result that differs from the
 * one the divergence was found with makes it rtl-x, whatever the C does:
 * the RTL has no one result on that input to compare with.
 *
 * The tries are many because a minimised input is sparse: an X address
 * into an array that is zero but for one element changes the result only
 * when the X lands on that element. They stop at the first difference, at
 * XSTATE_CYCLES_MAX cycles of the tries' results (a hang costs
 * max_cycles a try), at the deadline or on a signal. A try costs the
 * harness two calls: the one answered, and the same call from the usual
 * state, whose memory accesses it compares with the first's to name the
 * first that differs (run_result_t.xaccess). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cause_int.h"
#include "util/fsutil.h"

/* Initial states tried, at most: all ones, then random ones. */
#define XSTATE_TRIES 64
/* Cycles the tries of one input may simulate in all, at most. */
#define XSTATE_CYCLES_MAX (UINT64_C(1) << 24)

/* The k-th random initial state of a run seeded with seed: above
 * ORACLE_XSTATE_ONES, and the same for the same seed. */
static uint64_t random_state(uint64_t seed, int k)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_u64(&h, seed);
    lg_hash_u64(&h, (uint64_t)k);
    return ORACLE_XSTATE_ONES + 1 + h.h % UINT32_MAX;
}

/* Writes the first difference between two RTL results of one input (a
 * the model's usual, b another state's) into x: the output's name and
 * its two values. 0 when they are the same result. */
static int first_difference(const spec_t *spec, const run_result_t *a, const run_result_t *b, xstate_t *x)
{
    if (a->status != b->status) {
        snprintf(x->output, sizeof x->output, "status");
        snprintf(x->zero, sizeof x->zero, "%s", run_status_name(a->status));
        snprintf(x->other, sizeof x->other, "%s", run_status_name(b->status));
        return 1;
    }
    if (a->status != RUN_OK)
        return 0; /* a hang or a fault the same way: no outputs to compare */
    if (spec->has_return && a->ret != b->ret) {
        snprintf(x->output, sizeof x->output, "return");
        snprintf(x->zero, sizeof x->zero, "%" PRId64, a->ret);
        snprintf(x->other, sizeof x->other, "%" PRId64, b->ret);
        return 1;
    }
    for (size_t i = 0; i < spec->nparams && i < a->nout; i++) {
        const spec_param_t *p = &spec->params[i];
        const run_output_t *oa = &a->out[i], *ob = &b->out[i];
        if (p->dir == SPEC_DIR_IN)
            continue;
        if (!p->is_array) {
            if (oa->valid == ob->valid && (!oa->valid || oa->scalar == ob->scalar))
                continue;
            snprintf(x->output, sizeof x->output, "%s", p->name);
            snprintf(x->zero, sizeof x->zero, oa->valid ? "%" PRId64 : "not written", oa->scalar);
            snprintf(x->other, sizeof x->other, ob->valid ? "%" PRId64 : "not written", ob->scalar);
            return 1;
        }
        for (size_t j = 0; j < oa->len && j < ob->len; j++)
            if (oa->elems[j] != ob->elems[j]) {
                snprintf(x->output, sizeof x->output, "%s", p->name);
                snprintf(x->element, sizeof x->element, "%s[%zu]", p->name, j);
                snprintf(x->zero, sizeof x->zero, "%" PRId64, oa->elems[j]);
                snprintf(x->other, sizeof x->other, "%" PRId64, ob->elems[j]);
                return 1;
            }
    }
    return 0;
}

int xstate_check(explore_t *ex, const input_t *m, const run_result_t *rtl, xstate_t *x)
{
    memset(x, 0, sizeof *x);
    run_result_t *r = run_result_create(ex->spec);
    uint64_t cycles = 0;
    int rc = LG_OK;
    for (int k = 0; k < XSTATE_TRIES && !x->state && cycles < XSTATE_CYCLES_MAX; k++) {
        if (explore_past_deadline(ex))
            break;
        uint64_t state = k == 0 ? ORACLE_XSTATE_ONES : random_state(ex->cfg.seed, k);
        uint64_t t0 = lg_now_ns();
        lg_err_t rerr;
        rc = oracle_run_xstate(ex->oracle, m, state, NULL, r, &rerr);
        ex->st.rtl_ns += lg_now_ns() - t0;
        ex->st.rtl_calls++;
        ex->st.cause_runs++;
        if (rc != LG_OK) {
            if (rc != LG_EINTR)
                LG_WARN(ex->log, "RTL run failed while replaying a divergence from another initial state: %s",
                        rerr.msg);
            break;
        }
        cycles += r->cycles ? r->cycles : 1;
        if (first_difference(ex->spec, rtl, r, x)) {
            x->state = state;
            x->access = r->xaccess;
        }
        /* Every try of a call that hangs costs its whole limit. */
        if (r->status == RUN_HANG)
            break;
    }
    run_result_destroy(r);
    return LG_OK;
}
