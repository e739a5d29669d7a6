/* Executor throughput: runs the accumulate kernel through the tracer
 * (instrumented, persistent child, rounds through shared memory) and
 * through an uninstrumented in-process loop that unpacks each input the
 * way the harness does and calls the same kernel compiled into this
 * binary, as the build type says and without vectorisation, for arrays of
 * 16 and 400 elements, and prints exec/s for the three.
 * Usage: bench_tracer [SPEC] [SECONDS] [ELEMENTS] [INPUTS_PER_CALL]  (run
 * by hand; not a test); without ELEMENTS (or with 0) both 16 and 400 are
 * measured. Each figure is the best of 3 runs of SECONDS (default 1) each;
 * the tracer gets INPUTS_PER_CALL (default 4096) inputs per tracer_run
 * call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracer/tracer.h"
#include "util/budget.h"
#include "util/rng.h"
#include "util/types.h"

int accumulate(const int *data, int size);
/* The same kernel compiled without vectorisation (bench/tracer/CMakeLists.txt). */
int accumulate_scalar(const int *data, int size);

typedef int (*kernel_fn)(const int *data, int size);

#define NINPUTS 4096
#define REPS 3

/* The uninstrumented baseline: same unpacking work as the harness (copy
 * the elements, re-poison the slots the previous input used), then the
 * kernel. Returns the number of executions done in `seconds`. */
static double baseline(kernel_fn kernel, input_t **ins, size_t n, double seconds, int64_t *check)
{
    static int buf[512];
    size_t dirty = 512, execs = 0;
    int64_t sum = 0;
    const int poison = (int)lg_type_poison(LG_I32);
    uint64_t start = lg_now_ns(), limit = (uint64_t)(seconds * 1e9);
    while (lg_now_ns() - start < limit) {
        for (size_t k = 0; k < n; k++) {
            const input_value_t *d = &ins[k]->v[0];
            for (size_t i = 0; i < d->len; i++)
                buf[i] = (int)d->elems[i];
            for (size_t i = d->len; i < dirty; i++)
                buf[i] = poison;
            dirty = d->len;
            sum += kernel(buf, (int)ins[k]->v[1].scalar);
        }
        execs += n;
    }
    *check = sum;
    return (double)execs / ((double)(lg_now_ns() - start) / 1e9);
}

static double instrumented(tracer_t *t, input_t **ins, size_t n, size_t per_call, double seconds, lg_err_t *err)
{
    size_t execs = 0;
    tracer_trace_t *tr;
    uint64_t start = lg_now_ns(), limit = (uint64_t)(seconds * 1e9);
    while (lg_now_ns() - start < limit) {
        for (size_t k = 0; k < n; k += per_call) {
            size_t m = n - k < per_call ? n - k : per_call;
            if (tracer_run(t, (const input_t *const *)ins + k, m, &tr, err) != 0)
                return -1;
        }
        execs += n;
    }
    return (double)execs / ((double)(lg_now_ns() - start) / 1e9);
}

int main(int argc, char **argv)
{
    const char *spec_path = argc > 1 ? argv[1] : LGFUZZ_DATA_DIR "/kernels/accumulate/kernel.yaml";
    double seconds = argc > 2 ? atof(argv[2]) : 1.0;
    lg_err_t err;
    lg_err_clear(&err);
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    spec_t *spec = spec_load(spec_path, &err);
    tracer_t *t = spec ? tracer_create(spec, NULL, &log, &err) : NULL;
    if (!t) {
        fprintf(stderr, "bench_tracer: %s\n", err.msg);
        spec_destroy(spec);
        return 2;
    }
    size_t sizes[] = {16, 400}, nsizes = 2;
    if (argc > 3 && atoi(argv[3]) > 0) {
        sizes[0] = (size_t)atoi(argv[3]);
        nsizes = 1;
    }
    size_t per_call = argc > 4 && atoi(argv[4]) > 0 ? (size_t)atoi(argv[4]) : NINPUTS;
    lg_rng_t rng;
    lg_rng_seed(&rng, 1);
    input_t **ins = calloc(NINPUTS, sizeof *ins);
    printf("%-8s %16s %16s %8s %16s %8s\n", "elements", "tracer exec/s", "in-process/s", "ratio", "scalar/s", "ratio");
    int rc = 0;
    for (size_t s = 0; s < nsizes && rc == 0; s++) {
        for (size_t k = 0; k < NINPUTS; k++) {
            input_destroy(ins[k]);
            ins[k] = input_create(spec);
            input_set_len(ins[k], 0, sizes[s]);
            for (size_t i = 0; i < sizes[s]; i++)
                ins[k]->v[0].elems[i] = lg_rng_range(&rng, 0, 255);
        }
        /* Alternate the two loops and keep the best of REPS runs of each:
         * the machine is shared, so the best run is the least disturbed. */
        int64_t check = 0;
        double base = 0, inst = 0, scalar = 0;
        for (int r = 0; r < REPS && rc == 0; r++) {
            double b = baseline(accumulate, ins, NINPUTS, seconds, &check);
            double sc = baseline(accumulate_scalar, ins, NINPUTS, seconds, &check);
            scalar = sc > scalar ? sc : scalar;
            double i = instrumented(t, ins, NINPUTS, per_call, seconds, &err);
            if (i < 0) {
                fprintf(stderr, "bench_tracer: %s\n", err.msg);
                rc = 2;
            }
            base = b > base ? b : base;
            inst = i > inst ? i : inst;
        }
        if (rc != 0)
            break;
        printf("%-8zu %16.0f %16.0f %7.1fx %16.0f %7.1fx\n", sizes[s], inst, base, base / inst, scalar, scalar / inst);
        fprintf(stderr, "(checksum %lld)\n", (long long)check);
    }
    for (size_t k = 0; k < NINPUTS; k++)
        input_destroy(ins[k]);
    free(ins);
    tracer_destroy(t);
    spec_destroy(spec);
    return rc;
}
