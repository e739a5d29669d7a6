/* Every spectra probe kind fires on an input that should trigger it and
 * stays quiet on one that should not: width, loop remainder and trip count,
 * offset (interface depth and partitioned local array), port, recursion
 * depth, ub, fifo (kernels/dfscale's two streams, depths 4 and 2) and dep (kernels/vote's histogram, whose
 * iterations it declares independent). Uses kernels/accumulate (8-bit data port of depth
 * 400 that the RTL reads with zeros, sum and i in u9, unroll factor 2, trip count 400) and tests' probes kernel and
 * portsign kernel (ports read with a sign, with zeros, and neither way). */
#include <stdlib.h>
#include <string.h>

#include "tutil.h"
#include "util/alloc.h"

typedef struct probe_case {
    const char *kernel;
    const char *probe;
    const char *json; /* NULL: accumulate input of n elements all equal to v */
    int n;
    int v;
    int fired;
} probe_case_t;

#define ACC "kernels/accumulate"
#define PRB "probes"
#define WID "widths"
#define PSG "portsign"
#define DFS "kernels/dfscale"
#define VOTE "kernels/vote"
#define DFS_IN4(m) "{\"src\": [1, 2, 3, 4], \"n\": 4, \"m\": " #m ", \"gain\": 1, \"bias\": 0}"
#define DFS_IN5(m) "{\"src\": [1, 2, 3, 4, 5], \"n\": 5, \"m\": " #m ", \"gain\": 1, \"bias\": 0}"
#define PSG_IN(a, b, c) "{\"a\": " #a ", \"b\": " #b ", \"c\": " #c "}"
#define PRB_IN(d, k, a, b, c)                                                                                          \
    "{\"d\": " #d ", \"k\": " #k ", \"a\": " #a ", \"b\": " #b ", \"c\": " #c ", \"io\": [1, 2], \"len\": 2}"

static const probe_case_t cases[] = {
    {ACC, "width:sum", NULL, 3, 170, 0},               /* 510 fits u9 */
    {ACC, "width:sum", NULL, 3, 171, 1},               /* 513 does not */
    {ACC, "width:sum", NULL, 1, -1, 1},                /* negative: outside u9 */
    {ACC, "width:i", NULL, 511, 0, 0},                 /* i reaches 511 */
    {ACC, "width:i", NULL, 512, 0, 1},                 /* i reaches 512 */
    {ACC, "loop:kernel.c:7:remainder", NULL, 4, 1, 0}, /* 4 trips, factor 2 */
    {ACC, "loop:kernel.c:7:remainder", NULL, 3, 1, 1},
    {ACC, "loop:kernel.c:7:tripcount", NULL, 400, 0, 0}, /* max=400 */
    {ACC, "loop:kernel.c:7:tripcount", NULL, 401, 0, 1},
    {ACC, "offset:data", NULL, 400, 0, 0}, /* depth 400: index 399 */
    {ACC, "offset:data", NULL, 401, 0, 1}, /* index 400 */
    {ACC, "port:data", NULL, 5, 255, 0},   /* 8-bit port the RTL reads with zeros */
    {ACC, "port:data", NULL, 5, 256, 1},
    {ACC, "port:data", NULL, 1, -1, 1},
    {ACC, "port:data", "{\"data\": [1, -129], \"size\": 2}", 0, 0, 1},
    {PSG, "port:a", PSG_IN(2047, 0, 0), 0, 0, 0}, /* 12 bits read with a sign */
    {PSG, "port:a", PSG_IN(-2048, 0, 0), 0, 0, 0},
    {PSG, "port:a", PSG_IN(2048, 0, 0), 0, 0, 1},
    {PSG, "port:a", PSG_IN(-2049, 0, 0), 0, 0, 1},
    {PSG, "port:b", PSG_IN(0, 255, 0), 0, 0, 0}, /* 8 bits read with zeros */
    {PSG, "port:b", PSG_IN(0, 256, 0), 0, 0, 1},
    {PSG, "port:b", PSG_IN(0, -1, 0), 0, 0, 1},
    {PSG, "port:c", PSG_IN(0, 0, 127), 0, 0, 0}, /* read neither way: the C type's sign */
    {PSG, "port:c", PSG_IN(0, 0, 128), 0, 0, 1},
    {PSG, "port:c", PSG_IN(0, 0, -128), 0, 0, 0},
    {ACC, "ub:add-overflow:kernel.c:10", "{\"data\": [2147483647, 0], \"size\": 2}", 0, 0, 0},
    {ACC, "ub:add-overflow:kernel.c:10", "{\"data\": [2147483647, 1], \"size\": 2}", 0, 0, 1},
    {PRB, "depth:nest", PRB_IN(3, 0, 1, 1, 1), 0, 0, 0},                          /* nest(3): 4 levels, bound 4 */
    {PRB, "depth:nest", PRB_IN(4, 0, 1, 1, 1), 0, 0, 1},                          /* 5 levels */
    {PRB, "offset:buf", PRB_IN(0, 3, 1, 1, 1), 0, 0, 0},                          /* buf[4]: index 3 */
    {PRB, "offset:buf", PRB_IN(0, 5, 1, 1, 1), 0, 0, 1},                          /* index 5 */
    {PRB, "ub:shift-out-of-bounds:kernel.c:18", PRB_IN(0, 0, 1, 31, 1), 0, 0, 1}, /* 1 << 31 overflows int */
    {PRB, "ub:shift-out-of-bounds:kernel.c:18", PRB_IN(0, 0, 1, 30, 1), 0, 0, 0},
    {PRB, "ub:shift-out-of-bounds:kernel.c:18", PRB_IN(0, 0, 1, 40, 1), 0, 0, 1},
    {PRB, "ub:mul-overflow:kernel.c:19", PRB_IN(0, 0, 65536, 0, 65536), 0, 0, 1},
    {PRB, "ub:mul-overflow:kernel.c:19", PRB_IN(0, 0, 65535, 0, 32767), 0, 0, 0},
    {WID, "width:i", "{\"n\": 7, \"u\": 0}", 0, 0, 0}, /* second loop's i reaches 14 */
    {WID, "width:i", "{\"n\": 8, \"u\": 0}", 0, 0, 1}, /* ... and 16 */
    {WID, "width:big", "{\"n\": 0, \"u\": 5}", 0, 0, 0},
    {WID, "width:big", "{\"n\": 0, \"u\": 4294967294}", 0, 0, 1}, /* 4294967295 is not an i32 */
    {DFS, "fifo:tap_fifo", DFS_IN4(2), 0, 0, 0},                  /* depth 2: the C holds 2 taps */
    {DFS, "fifo:tap_fifo", DFS_IN4(3), 0, 0, 1},                  /* 3, written through scale()'s pointer */
    {DFS, "fifo:data_fifo", DFS_IN4(0), 0, 0, 0},                 /* depth 4 */
    {DFS, "fifo:data_fifo", DFS_IN5(0), 0, 0, 1},
    {VOTE, "dep:bins", "{\"lab\": [1, 2, 3], \"k\": 3}", 0, 0, 0}, /* no bin twice */
    {VOTE, "dep:bins", "{\"lab\": [1, 1], \"k\": 2}", 0, 0, 1},    /* bins[1] read after the last write */
    {VOTE, "dep:bins", "{\"lab\": [5, 2, 5], \"k\": 3}", 0, 0, 1}, /* ... two iterations after it */
    {VOTE, "dep:bins", "{\"lab\": [5], \"k\": 1}", 0, 0, 0},       /* one iteration */
};

static char *gen_input(int n, int v)
{
    char *s = lg_malloc(16 * (size_t)n + 64);
    size_t used = (size_t)sprintf(s, "{\"data\": [");
    for (int i = 0; i < n; i++)
        used += (size_t)sprintf(s + used, "%s%d", i ? ", " : "", v);
    sprintf(s + used, "], \"size\": %d}", n);
    return s;
}

static void run_cases(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const probe_case_t *c = &cases[i];
        spec_t *spec = tu_spec(c->kernel);
        tracer_t *t = tu_tracer(spec, NULL);
        char *json = c->json ? lg_strdup(c->json) : gen_input(c->n, c->v);
        input_t *in = tu_input(spec, json);
        const tracer_trace_t *tr = tu_run1(t, in);
        int p = tracer_probe_find(t, c->probe);
        CHECK_MSG(p >= 0, "no probe %s in %s", c->probe, c->kernel);
        if (p >= 0)
            CHECK_MSG(tr->fired[p] == c->fired, "%s on %.80s: fired %d, expected %d (range [%lld, %lld])", c->probe,
                      json, tr->fired[p], c->fired, (long long)tr->min[p], (long long)tr->max[p]);
        CHECK_MSG(tr->result->status == RUN_OK, "%s on %.80s: status %s", c->probe, json,
                  run_status_name(tr->result->status));
        free(json);
        input_destroy(in);
        tracer_destroy(t);
        spec_destroy(spec);
    }
}

/* Ranges and parameters the solver builds strengthenings from. */
static void check_ranges(void)
{
    spec_t *spec = tu_spec(ACC);
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *in = tu_input(spec, "{\"data\": [5, 300, -2], \"size\": 3}");
    const tracer_trace_t *tr = tu_run1(t, in);
    size_t np;
    const tracer_probe_t *probes = tracer_probes(t, &np);
    int sum = tracer_probe_find(t, "width:sum"), trip = tracer_probe_find(t, "loop:kernel.c:7:tripcount");
    int rem = tracer_probe_find(t, "loop:kernel.c:7:remainder"), port = tracer_probe_find(t, "port:data");
    CHECK_MSG(sum >= 0 && tr->seen[sum] && tr->min[sum] == 0 && tr->max[sum] == 305, "width:sum range [%lld, %lld]",
              (long long)tr->min[sum], (long long)tr->max[sum]);
    CHECK_MSG(probes[sum].kind == TRACER_PROBE_WIDTH && probes[sum].param == 9 && !probes[sum].is_signed,
              "width:sum parameters");
    CHECK_MSG(trip >= 0 && probes[trip].param == 400 && tr->min[trip] == 3 && tr->max[trip] == 3, "trip count");
    CHECK_MSG(rem >= 0 && probes[rem].param == 2 && tr->fired[rem], "remainder factor / verdict");
    CHECK_MSG(port >= 0 && probes[port].param == 8 && !probes[port].is_signed && tr->min[port] == -2 &&
                  tr->max[port] == 300 && tr->fired[port],
              "port:data range [%lld, %lld]", (long long)tr->min[port], (long long)tr->max[port]);
    input_destroy(in);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* dep:bins takes how many iterations apart the closest dependence is, and
 * holds the directions its pragma declares false (all: it names none). */
static void check_dep_distance(void)
{
    spec_t *spec = tu_spec(VOTE);
    tracer_t *t = tu_tracer(spec, NULL);
    static const struct {
        const char *json;
        int64_t apart;
    } dc[] = {{"{\"lab\": [4, 4, 9], \"k\": 3}", 1},
              {"{\"lab\": [5, 2, 5], \"k\": 3}", 2},
              {"{\"lab\": [3, 6, 8, 3, 6], \"k\": 5}", 3}};
    int p = tracer_probe_find(t, "dep:bins");
    size_t np;
    const tracer_probe_t *probes = tracer_probes(t, &np);
    CHECK_MSG(p >= 0 && probes[p].kind == TRACER_PROBE_DEP &&
                  probes[p].param == (TRACER_DEP_RAW | TRACER_DEP_WAR | TRACER_DEP_WAW),
              "dep:bins parameters");
    for (size_t i = 0; i < sizeof dc / sizeof *dc && p >= 0; i++) {
        input_t *in = tu_input(spec, dc[i].json);
        const tracer_trace_t *tr = tu_run1(t, in);
        CHECK_MSG(tr->fired[p] && tr->seen[p] && tr->min[p] == dc[i].apart,
                  "dep:bins on %s: range [%lld, %lld], want %lld", dc[i].json, (long long)tr->min[p],
                  (long long)tr->max[p], (long long)dc[i].apart);
        input_destroy(in);
    }
    tracer_destroy(t);
    spec_destroy(spec);
}

/* Locals are found through debug info, not IR names: `i` covers both loop
 * counters, `i1` is the local of that name, and an unsigned local is read
 * unsigned. */
static void check_width_locals(void)
{
    spec_t *spec = tu_spec(WID);
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *in = tu_input(spec, "{\"n\": 1, \"u\": 4294967295}");
    const tracer_trace_t *tr = tu_run1(t, in);
    int i = tracer_probe_find(t, "width:i"), i1 = tracer_probe_find(t, "width:i1"),
        big = tracer_probe_find(t, "width:big");
    CHECK_MSG(i >= 0 && tr->min[i] == 0 && tr->max[i] == 2, "width:i range [%lld, %lld]", (long long)tr->min[i],
              (long long)tr->max[i]);
    CHECK_MSG(i1 >= 0 && tr->min[i1] == 5 && tr->max[i1] == 5, "width:i1 range [%lld, %lld]", (long long)tr->min[i1],
              (long long)tr->max[i1]);
    CHECK_MSG(big >= 0 && tr->min[big] == 0 && !tr->fired[big], "width:big range [%lld, %lld]", (long long)tr->min[big],
              (long long)tr->max[big]);
    input_destroy(in);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* Division by zero: the ub probe fires (div-by-zero, told apart from
 * INT_MIN / -1, which fires divrem-overflow), then the CPU traps; both are
 * reported. The inout array is returned in full (max_len slots) with the
 * POISON convention beyond its length. */
static void check_divzero_and_outputs(void)
{
    spec_t *spec = tu_spec(PRB);
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *crash = tu_input(spec, PRB_IN(0, 0, 1, 1, 0));
    const tracer_trace_t *tr = tu_run1(t, crash);
    int p = tracer_probe_find(t, "ub:div-by-zero:kernel.c:20");
    CHECK_MSG(p >= 0 && tr->fired[p], "ub:div-by-zero did not fire");
    int q = tracer_probe_find(t, "ub:divrem-overflow:kernel.c:20");
    CHECK_MSG(q >= 0 && !tr->fired[q], "a division by zero fired ub:divrem-overflow too");
    CHECK_MSG(tr->result->status == RUN_CRASH, "division by zero: status %s", run_status_name(tr->result->status));
    input_t *ok = tu_input(spec, PRB_IN(0, 0, 1, 1, 1));
    tr = tu_run1(t, ok);
    int io = spec_param_index(spec, "io");
    const run_output_t *o = &tr->result->out[io];
    CHECK_MSG(o->len == 4 && o->elems[0] == 3 && o->elems[1] == 6, "io = [%lld, %lld]", (long long)o->elems[0],
              (long long)o->elems[1]);
    CHECK_MSG(o->elems[2] == (int32_t)0xA5A5A5A5 && o->elems[3] == (int32_t)0xA5A5A5A5, "io[2..3] not poison: %lld",
              (long long)o->elems[2]);
    CHECK_MSG(tr->result->ret == 0 + 0 + 2 + 1 + 1, "return %lld", (long long)tr->result->ret);
    input_destroy(ok);
    input_destroy(crash);
    tracer_destroy(t);
    spec_destroy(spec);
}

int main(void)
{
    run_cases();
    check_ranges();
    check_dep_distance();
    check_width_locals();
    check_divzero_and_outputs();
    TEST_DONE();
}
