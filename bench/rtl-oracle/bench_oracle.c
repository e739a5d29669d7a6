/* Benchmark: RTL calls per second (oracle, Verilator model in its child)
 * versus native runs per second (tracer executor) on the same inputs of a
 * kernel, measured in the same run. Usage:
 *   bench_oracle [SPEC] [N] [SEED]   (defaults: kernels/accumulate, 2000, 1) */
#include "common/budget.h"
#include "common/input.h"
#include "common/rng.h"
#include "rtl-oracle/oracle.h"
#include "tracer/tracer.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Inputs drawn from the spec's domains, except array elements, which are
 * kept in [0, 255] so most runs complete on both sides. */
static input_t **make_inputs(const spec_t *s, size_t n, uint64_t seed)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, seed);
    input_t **v = calloc(n, sizeof *v);
    for (size_t k = 0; k < n; k++) {
        input_t *in = input_create(s);
        for (size_t i = 0; i < s->nparams; i++) {
            const spec_param_t *p = &s->params[i];
            if (p->is_array) {
                for (size_t j = 0; j < p->max_len; j++)
                    in->v[i].elems[j] = lg_rng_range(&rng, 0, 255);
            } else {
                in->v[i].scalar = lg_rng_range(&rng, p->range_lo, p->range_hi);
            }
        }
        input_normalize(in, 0);
        v[k] = in;
    }
    return v;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : LGFUZZ_SOURCE_DIR "/kernels/accumulate/kernel.yaml";
    size_t n = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 2000;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    lg_err_t err;
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    spec_t *s = spec_load(path, &err);
    if (!s) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    tracer_t *t = tracer_create(s, NULL, &log, &err);
    oracle_t *o = t ? oracle_create(s, NULL, &log, &err) : NULL;
    if (!o) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    input_t **inputs = make_inputs(s, n, seed);
    run_result_t *r = run_result_create(s);

    uint64_t t0 = lg_now_ns(), cycles = 0, diverged = 0;
    for (size_t k = 0; k < n; k++) {
        if (oracle_run(o, inputs[k], r, &err) != 0) {
            fprintf(stderr, "%s\n", err.msg);
            return 2;
        }
        cycles += r->cycles;
        diverged += r->status != RUN_OK;
    }
    double rtl_s = (double)(lg_now_ns() - t0) / 1e9;

    t0 = lg_now_ns();
    tracer_trace_t *tr;
    const size_t batch = 500;
    for (size_t k = 0; k < n; k += batch) {
        size_t m = n - k < batch ? n - k : batch;
        if (tracer_run(t, (const input_t *const *)inputs + k, m, &tr, &err) != 0) {
            fprintf(stderr, "%s\n", err.msg);
            return 2;
        }
    }
    double cpu_s = (double)(lg_now_ns() - t0) / 1e9;

    printf("kernel %s, %zu inputs (seed %" PRIu64 ")\n", s->kernel, n, seed);
    printf("rtl:    %8.0f calls/s  (%.3f s, %.1f cycles/call, %" PRIu64 " not ok)\n", (double)n / rtl_s, rtl_s,
           (double)cycles / (double)n, diverged);
    printf("native: %8.0f runs/s   (%.3f s, batches of %zu through the tracer executor)\n", (double)n / cpu_s, cpu_s,
           batch);
    printf("ratio:  native/rtl = %.1f\n", rtl_s / cpu_s);

    run_result_destroy(r);
    for (size_t k = 0; k < n; k++)
        input_destroy(inputs[k]);
    free(inputs);
    oracle_destroy(o);
    tracer_destroy(t);
    spec_destroy(s);
    return 0;
}
