/* Benchmark: the RTL oracle against the speed of its own Verilated model.
 * For each kernel, on the same random inputs, in one run:
 *   in-process  the harness child running the inputs in a bare loop
 *               (oracle_time_model: each input loaded into the model's
 *               ports and RAMs, reset, the call; no transport)
 *   batched     oracle_run_batch with one worker (the way lgfuzz calls it)
 *   per call    oracle_run, one round trip per input
 *   2 workers   oracle_run_batch with cfg.jobs = 2
 * The first three are alternated, best of 5 each; per call is run once.
 * Usage:
 *   bench_oracle [SPEC:N ...]   (default: kernels l2dist:20000,
 *                                accumulate:4000, matmul:400; N inputs) */
#include "rtl-oracle/oracle.h"
#include "spec/input.h"
#include "util/budget.h"
#include "util/rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPEATS 5

/* Inputs drawn from the spec's domains, except array elements, which are
 * kept in [0, 255] so most runs complete. */
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

static void die(const char *what, const lg_err_t *err)
{
    fprintf(stderr, "bench_oracle: %s: %s\n", what, err->msg);
    exit(2);
}

static oracle_t *open_oracle(const spec_t *s, int jobs)
{
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.jobs = jobs;
    lg_err_t err;
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    oracle_t *o = oracle_create(s, &cfg, &log, &err);
    if (!o)
        die(s->kernel, &err);
    return o;
}

/* Seconds for the whole set by the given way, once. */
enum way { IN_PROCESS, BATCHED, PER_CALL };

static double seconds(oracle_t *o, input_t **in, run_result_t **r, size_t n, enum way how)
{
    lg_err_t err;
    uint64_t t0 = lg_now_ns(), ns = 0;
    if (how == IN_PROCESS) {
        for (size_t k = 0; k < n;) {
            uint64_t part;
            size_t m = n - k < 256 ? n - k : 256;
            if (oracle_time_model(o, (const input_t *const *)in + k, m, &part, &err) != 0)
                die("timing the model", &err);
            ns += part;
            k += m;
        }
    } else if (how == BATCHED) {
        if (oracle_run_batch(o, (const input_t *const *)in, n, r, &err) != 0)
            die("batch", &err);
        ns = lg_now_ns() - t0;
    } else {
        for (size_t k = 0; k < n; k++)
            if (oracle_run(o, in[k], r[k], &err) != 0)
                die("call", &err);
        ns = lg_now_ns() - t0;
    }
    return (double)ns / 1e9;
}

static void keep_best(double *best, double s)
{
    if (*best == 0 || s < *best)
        *best = s;
}

static void bench_kernel(const char *path, size_t n)
{
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    if (!s)
        die(path, &err);
    input_t **in = make_inputs(s, n, 1);
    run_result_t **r = calloc(n, sizeof *r);
    for (size_t k = 0; k < n; k++)
        r[k] = run_result_create(s);
    oracle_t *one = open_oracle(s, 1), *two = open_oracle(s, 2);
    /* Alternated, best of REPEATS each: the machine's speed drifts. */
    double inproc = 0, batched = 0, per_call = 0, parallel = 0;
    for (int rep = 0; rep < REPEATS; rep++) {
        keep_best(&inproc, seconds(one, in, r, n, IN_PROCESS));
        keep_best(&batched, seconds(one, in, r, n, BATCHED));
        keep_best(&parallel, seconds(two, in, r, n, BATCHED));
    }
    uint64_t cycles = 0;
    for (size_t k = 0; k < n; k++)
        cycles += r[k]->cycles;
    keep_best(&per_call, seconds(one, in, r, n, PER_CALL));
    oracle_destroy(one);
    oracle_destroy(two);

    printf("| %s | %zu | %.0f | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |\n", s->kernel, n, (double)cycles / (double)n,
           n / inproc, n / batched, inproc / batched, n / per_call, n / parallel, batched / parallel);
    fflush(stdout);
    for (size_t k = 0; k < n; k++) {
        input_destroy(in[k]);
        run_result_destroy(r[k]);
    }
    free(in);
    free(r);
    spec_destroy(s);
}

int main(int argc, char **argv)
{
    static const char *const defaults[] = {LGFUZZ_SOURCE_DIR "/kernels/l2dist/kernel.yaml:20000",
                                           LGFUZZ_SOURCE_DIR "/kernels/accumulate/kernel.yaml:4000",
                                           LGFUZZ_SOURCE_DIR "/kernels/matmul/kernel.yaml:400"};
    int nk = argc > 1 ? argc - 1 : (int)(sizeof defaults / sizeof *defaults);
    printf("| kernel | inputs | cycles/call | in-process calls/s | batched calls/s | batched / in-process | "
           "per-call calls/s | 2 workers calls/s | 2 workers / 1 |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < nk; i++) {
        const char *arg = argc > 1 ? argv[i + 1] : defaults[i];
        char path[4096];
        snprintf(path, sizeof path, "%s", arg);
        char *colon = strrchr(path, ':');
        size_t n = 1000;
        if (colon) {
            *colon = '\0';
            n = (size_t)strtoull(colon + 1, NULL, 10);
        }
        bench_kernel(path, n ? n : 1);
    }
    return 0;
}
