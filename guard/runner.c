/* Runs inputs on both sides (native executor and Verilated RTL) and labels
 * each safe when the oracle's comparison finds no symptom. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "guard_priv.h"

/* Inputs per tracer round trip; the RTL side runs one at a time anyway. */
#define RUNNER_BATCH 256

int runner_open(runner_t *r, const spec_t *spec, const lg_log_t *log, lg_err_t *err)
{
    memset(r, 0, sizeof *r);
    r->spec = spec;
    if (!spec->has_rtl)
        return lg_err_set(err, LG_EINVAL, "%s: the spec has no rtl section, so nothing tells safe inputs apart",
                          spec->path);
    r->tracer = tracer_create(spec, NULL, log, err);
    if (!r->tracer)
        goto fail;
    r->oracle = oracle_create(spec, NULL, log, err);
    if (!r->oracle)
        goto fail;
    r->rtl = run_result_create(spec);
    return LG_OK;
fail:
    runner_close(r);
    return err->code ? err->code : LG_EINTERNAL;
}

void runner_close(runner_t *r)
{
    oracle_destroy(r->oracle);
    tracer_destroy(r->tracer);
    run_result_destroy(r->rtl);
    r->oracle = NULL;
    r->tracer = NULL;
    r->rtl = NULL;
}

int runner_label(runner_t *r, input_t *const *in, size_t n, uint8_t *safe, lg_err_t *err)
{
    oracle_symptoms_t syms = {0};
    int rc = LG_OK;
    for (size_t base = 0; base < n && rc == LG_OK; base += RUNNER_BATCH) {
        size_t m = n - base < RUNNER_BATCH ? n - base : RUNNER_BATCH;
        tracer_trace_t *tr;
        rc = tracer_run(r->tracer, (const input_t *const *)(in + base), m, &tr, err);
        for (size_t i = 0; i < m && rc == LG_OK; i++) {
            rc = oracle_run(r->oracle, in[base + i], r->rtl, err);
            if (rc == LG_OK)
                safe[base + i] = oracle_compare(r->spec, tr[i].result, r->rtl, &syms) == 0;
        }
        r->runs += m;
    }
    oracle_symptoms_free(&syms);
    return rc;
}
