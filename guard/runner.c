/* Runs inputs on both sides (native executor and Verilated RTL): whether
 * the oracle's comparison finds no symptom, and which values the native
 * run passed through the RTL's narrowed ports. */
#include <stdlib.h>
#include <string.h>

#include "guard_int.h"
#include "util/alloc.h"

/* The RTL results of a batch. */
static void open_results(runner_t *r)
{
    r->rtl = lg_calloc(RUNNER_BATCH, sizeof *r->rtl);
    for (size_t i = 0; i < RUNNER_BATCH; i++)
        r->rtl[i] = run_result_create(r->spec);
}

static int need_rtl(const spec_t *spec, lg_err_t *err)
{
    if (!spec->has_rtl)
        return lg_err_set(err, LG_EINVAL, "%s: the spec has no rtl section, so nothing tells safe inputs apart",
                          spec->path);
    return LG_OK;
}

int runner_borrow(runner_t *r, const spec_t *spec, tracer_t *tracer, oracle_t *oracle, lg_err_t *err)
{
    memset(r, 0, sizeof *r);
    r->spec = spec;
    if (need_rtl(spec, err))
        return err->code;
    LG_ASSERT(tracer && oracle);
    r->tracer = tracer;
    r->oracle = oracle;
    r->borrowed = 1;
    open_results(r);
    return LG_OK;
}

int runner_open(runner_t *r, const spec_t *spec, const guard_cfg_t *cfg, const lg_log_t *log, lg_err_t *err)
{
    memset(r, 0, sizeof *r);
    r->spec = spec;
    if (need_rtl(spec, err))
        return err->code;
    tracer_cfg_t tcfg;
    tracer_cfg_default(&tcfg);
    tcfg.stop = cfg->stop;
    tcfg.deadline_ns = &cfg->deadline_ns;
    tcfg.memory_bytes = cfg->kernel_memory;
    r->tracer = tracer_create(spec, &tcfg, log, err);
    if (!r->tracer)
        goto fail;
    oracle_cfg_t ocfg;
    oracle_cfg_default(&ocfg);
    ocfg.stop = cfg->stop;
    ocfg.deadline_ns = &cfg->deadline_ns;
    r->oracle = oracle_create(spec, &ocfg, log, err);
    if (!r->oracle)
        goto fail;
    open_results(r);
    return LG_OK;
fail:
    runner_close(r);
    return err->code ? err->code : LG_EINTERNAL;
}

void runner_close(runner_t *r)
{
    for (size_t i = 0; i < r->ndivergent; i++)
        input_destroy(r->divergent[i]);
    free(r->divergent);
    free(r->divergent_hash);
    r->divergent = NULL;
    r->divergent_hash = NULL;
    r->ndivergent = 0;
    if (!r->borrowed) {
        oracle_destroy(r->oracle);
        tracer_destroy(r->tracer);
    }
    for (size_t i = 0; r->rtl && i < RUNNER_BATCH; i++)
        run_result_destroy(r->rtl[i]);
    free(r->rtl);
    r->oracle = NULL;
    r->tracer = NULL;
    r->rtl = NULL;
}

/* The width use of one trace, from its port probes (see width_use_t).
 * Width probes are left out of the label: a local's declared width also
 * fires on a loop counter's exit value, which the RTL never computes with,
 * and a register that really wraps shows up as a disagreement anyway. The
 * single value a width probe stored is kept for learning its term. */
static width_use_t width_use(const runner_t *r, const tracer_trace_t *tr)
{
    width_use_t u = {0};
    size_t np, port = 0, wk = 0;
    const tracer_probe_t *p = tracer_probes(r->tracer, &np);
    for (size_t k = 0; k < np; k++) {
        if (p[k].kind == TRACER_PROBE_WIDTH && wk < LABELSET_WIDTHS) {
            if (tr->seen[k] && tr->min[k] == tr->max[k]) {
                u.one |= (uint8_t)(1u << wk);
                u.wval[wk] = tr->min[k];
            }
            wk++;
        }
        if (p[k].kind != TRACER_PROBE_PORT)
            continue;
        int64_t w = p[k].param;
        if (port < 64 && w > 0 && w < 63 && tr->seen[k]) {
            int64_t half = (int64_t)1 << (w - 1);
            u.wide |= tr->min[k] < -half || tr->max[k] > 2 * half - 1;
            u.neg |= (uint64_t)(tr->min[k] < 0) << port;
            u.high |= (uint64_t)(tr->max[k] >= half) << port;
        }
        port++;
    }
    return u;
}

/* Keeps a copy of an input whose RTL run diverged, unless it is kept
 * already or the list is full. */
static void keep_divergent(runner_t *r, const input_t *in)
{
    if (r->ndivergent == GUARD_DIVERGENT_MAX)
        return;
    uint64_t h = input_hash(in);
    for (size_t i = 0; i < r->ndivergent; i++)
        if (r->divergent_hash[i] == h && input_equal(r->divergent[i], in))
            return;
    if (!r->divergent) {
        r->divergent = lg_calloc(GUARD_DIVERGENT_MAX, sizeof *r->divergent);
        r->divergent_hash = lg_calloc(GUARD_DIVERGENT_MAX, sizeof *r->divergent_hash);
    }
    r->divergent_hash[r->ndivergent] = h;
    r->divergent[r->ndivergent++] = input_clone(in);
}

/* Both entry points: natively in batches, and on the RTL too when agree is
 * given (each batch's inputs that use no width the RTL lacks, in one
 * oracle batch). */
static int run_inputs(runner_t *r, input_t *const *in, size_t n, uint8_t *agree, width_use_t *use, lg_err_t *err)
{
    oracle_symptoms_t syms = {0};
    const input_t *sim[RUNNER_BATCH];
    size_t which[RUNNER_BATCH];
    int rc = LG_OK;
    for (size_t base = 0; base < n && rc == LG_OK; base += RUNNER_BATCH) {
        size_t m = n - base < RUNNER_BATCH ? n - base : RUNNER_BATCH, nsim = 0;
        tracer_trace_t *tr;
        rc = tracer_run(r->tracer, (const input_t *const *)(in + base), m, &tr, err);
        for (size_t i = 0; i < m && rc == LG_OK; i++) {
            use[base + i] = width_use(r, &tr[i]);
            if (!agree)
                continue;
            agree[base + i] = 0;
            if (use[base + i].wide)
                continue;
            which[nsim] = i;
            sim[nsim++] = in[base + i];
        }
        if (rc == LG_OK && nsim)
            rc = oracle_run_batch(r->oracle, sim, nsim, r->rtl, err);
        for (size_t k = 0; k < nsim && rc == LG_OK; k++) {
            agree[base + which[k]] = oracle_compare(r->spec, tr[which[k]].result, r->rtl[k], &syms) == 0;
            if (!agree[base + which[k]])
                keep_divergent(r, sim[k]);
        }
        r->runs += m;
    }
    oracle_symptoms_free(&syms);
    return rc;
}

int runner_label(runner_t *r, input_t *const *in, size_t n, uint8_t *agree, width_use_t *use, lg_err_t *err)
{
    return run_inputs(r, in, n, agree, use, err);
}

int runner_widths(runner_t *r, input_t *const *in, size_t n, width_use_t *use, lg_err_t *err)
{
    return run_inputs(r, in, n, NULL, use, err);
}
