/* Branch paths of small kernels (if/else, switch, short-circuit, nested
 * loops, early return) against paths derived by hand from the sources in
 * tests/tracer/kernels/, plus the operands recorded for comparisons, the
 * static site table, the comparison constants and flipped directions. */
#include <stdlib.h>
#include <string.h>

#include "tutil.h"

typedef struct path_case {
    const char *kernel;
    const char *input;
    /* the full sequence "line:dir ..." (the second site of a line is
     * "line.1"): br 1 = true; switch dir = case index, 0 = default */
    const char *path;
    int64_t ret;
} path_case_t;

static const path_case_t cases[] = {
    /* x > 10 taken, y becomes 1, case 1 returns early */
    {"branches", "{\"x\": 20, \"y\": 0}", "5:1 9:1", 100},
    /* else branch, y becomes 5 -> case 5, then x > 0 true, y(7) < 5 false */
    {"branches", "{\"x\": 3, \"y\": 6}", "5:0 9:2 18:1 18.1:0", 0},
    /* default case; x > 0 false short-circuits the second test */
    {"branches", "{\"x\": -4, \"y\": 0}", "5:0 9:0 18:0", 0},
    /* both tests of the && true */
    {"branches", "{\"x\": 12, \"y\": 2}", "5:1 9:0 18:1 18.1:1", 1},
    /* loop never entered */
    {"loops", "{\"data\": [], \"n\": 0}", "5:0", 0},
    /* outer twice; inner once then not at all */
    {"loops", "{\"data\": [1, 0], \"n\": 2}", "5:1 6:0 8:1 8:0 5:1 6:0 8:0 5:0", 0},
    /* inner loop twice (s = 0 + 1), then an early return from the second element */
    {"loops", "{\"data\": [2, -1], \"n\": 2}", "5:1 6:0 8:1 8:1 8:0 5:1 6:1", -1},
    /* three inner iterations: s = 0 + 1 + 2 */
    {"loops", "{\"data\": [3], \"n\": 1}", "5:1 6:0 8:1 8:1 8:1 8:0 5:0", 3},
};

static void run_cases(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const path_case_t *c = &cases[i];
        spec_t *spec = tu_spec(c->kernel);
        tracer_t *t = tu_tracer(spec, NULL);
        input_t *in = tu_input(spec, c->input);
        const tracer_trace_t *tr = tu_run1(t, in);
        char path[512], want[512];
        tu_path(t, tr, path, sizeof path);
        tu_aggregate(c->path, want, sizeof want);
        CHECK_MSG(strcmp(path, want) == 0, "%s %s: path \"%s\", expected \"%s\"", c->kernel, c->input, path, want);
        CHECK_MSG(tr->result->status == RUN_OK && tr->result->ret == c->ret,
                  "%s %s: status %s return %lld, expected %lld", c->kernel, c->input,
                  run_status_name(tr->result->status), (long long)tr->result->ret, (long long)c->ret);
        input_destroy(in);
        tracer_destroy(t);
        spec_destroy(spec);
    }
}

/* The comparison operands travel with each event: `x > 10` carries (x, 10),
 * the switch carries its scrutinee. */
static void check_operands_and_tables(void)
{
    spec_t *spec = tu_spec("branches");
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *in = tu_input(spec, "{\"x\": 3, \"y\": 6}");
    const tracer_trace_t *tr = tu_run1(t, in);
    CHECK_MSG(tr->nevents == 4, "%zu events", tr->nevents);
    if (tr->nevents == 4) {
        CHECK_MSG(tr->events[0].has_operands && tr->events[0].op0 == 3 && tr->events[0].op1 == 10,
                  "x > 10 operands (%lld, %lld)", (long long)tr->events[0].op0, (long long)tr->events[0].op1);
        CHECK_MSG(tr->events[1].has_operands && tr->events[1].op0 == 5, "switch scrutinee %lld",
                  (long long)tr->events[1].op0);
        CHECK_MSG(tr->events[3].op0 == 7 && tr->events[3].op1 == 5, "y < 5 operands (%lld, %lld)",
                  (long long)tr->events[3].op0, (long long)tr->events[3].op1);
    }
    size_t nsites, nconst;
    const tracer_site_t *sites = tracer_sites(t, &nsites);
    CHECK_MSG(nsites == 4, "%zu sites", nsites);
    for (size_t i = 0; i < nsites; i++) {
        CHECK_MSG(strcmp(sites[i].file, "kernel.c") == 0 && sites[i].id == i, "site %zu file %s", i, sites[i].file);
        CHECK_MSG(sites[i].kind == (sites[i].line == 9 ? TRACER_SITE_SWITCH : TRACER_SITE_BR), "site %zu kind", i);
        CHECK_MSG(sites[i].nsucc == (sites[i].line == 9 ? 3u : 2u), "site %zu has %u successors", i, sites[i].nsucc);
    }
    const int64_t *k = tracer_constants(t, &nconst);
    static const int64_t want[] = {0, 1, 5, 10};
    CHECK_MSG(nconst == 4, "%zu constants", nconst);
    for (size_t i = 0; i < 4 && i < nconst; i++)
        CHECK_MSG(k[i] == want[i], "constant %zu is %lld, expected %lld", i, (long long)k[i], (long long)want[i]);
    input_destroy(in);
    tracer_destroy(t);
    /* Same source, same ids: a second tracer reuses the cached build and
     * a forced rebuild numbers the sites identically. */
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.rebuild = 1;
    tracer_t *t2 = tu_tracer(spec, &cfg);
    size_t n2;
    const tracer_site_t *s2 = tracer_sites(t2, &n2);
    CHECK_MSG(n2 == 4, "rebuild: %zu sites", n2);
    for (size_t i = 0; i < n2 && i < 4; i++)
        CHECK_MSG(s2[i].line == (i == 0 ? 5 : i == 1 ? 9 : 18), "rebuild: site %zu at line %d", i, s2[i].line);
    tracer_destroy(t2);
    spec_destroy(spec);
}

/* The path the loops kernel takes, derived from its source. */
static void model_loops(const int *data, int n, char *buf, size_t cap)
{
    size_t used = 0;
#define EMIT(line, dir) used += (size_t)snprintf(buf + used, cap - used, "%s%d:%d", used ? " " : "", line, dir)
    for (int i = 0; i < n; i++) {
        EMIT(5, 1);
        EMIT(6, data[i] < 0);
        if (data[i] < 0)
            return;
        for (int j = 0; j < data[i]; j++)
            EMIT(8, 1);
        EMIT(8, 0);
    }
    EMIT(5, 0);
#undef EMIT
}

/* Many inputs in one call: several batches (round_max 500) and an events
 * area too small for all their events (room for two rounds of the 6
 * directions of `loops`), so events are spilled and the area reused;
 * every path must still be exact. */
static void check_large_call(void)
{
    enum { N = 3000 };
    spec_t *spec = tu_spec("loops");
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.round_max = 500;
    cfg.event_limit = 200;
    tracer_t *t = tu_tracer(spec, &cfg);
    input_t **ins = calloc(N, sizeof *ins);
    int data[N][8];
    for (int k = 0; k < N; k++) {
        char json[160];
        for (int i = 0; i < 8; i++)
            data[k][i] = (k * 7 + i * 3) % 11 - (k % 97 == 5 && i == 6);
        snprintf(json, sizeof json, "{\"data\": [%d, %d, %d, %d, %d, %d, %d, %d], \"n\": 8}", data[k][0], data[k][1],
                 data[k][2], data[k][3], data[k][4], data[k][5], data[k][6], data[k][7]);
        ins[k] = tu_input(spec, json);
    }
    lg_err_t err;
    lg_err_clear(&err);
    tracer_trace_t *tr;
    int rc = tracer_run(t, (const input_t *const *)ins, N, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run: %s", err.msg);
    size_t total = 0;
    for (int k = 0; rc == 0 && k < N; k++) {
        static char got[4096], seq[4096], want[4096];
        tu_path(t, &tr[k], got, sizeof got);
        model_loops(data[k], 8, seq, sizeof seq);
        tu_aggregate(seq, want, sizeof want);
        total += tr[k].nevents;
        CHECK_MSG(strcmp(got, want) == 0, "input %d: path \"%.60s...\", expected \"%.60s...\"", k, got, want);
    }
    CHECK_MSG(total > 2 * (2 * 500 * (6 + 1) + 64), "only %zu events: the area was never reused", total);
    for (int k = 0; k < N; k++)
        input_destroy(ins[k]);
    free(ins);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* Inputs of one event each that fill the events area (2 * 16 * (6 + 1) +
 * 64 events: two rounds of 16 inputs of the 6 directions of `loops`)
 * exactly at the end of a batch (16 divides it), then one more batch and a second call: the area is emptied when an
 * input finds it full, never reported as an error, and every path stays
 * exact. */
static void check_exact_fill(void)
{
    enum { CAP = 2 * 16 * (6 + 1) + 64, N = CAP + 1 };
    spec_t *spec = tu_spec("loops");
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.event_limit = 200;
    cfg.round_max = 16;
    tracer_t *t = tu_tracer(spec, &cfg);
    input_t *in = tu_input(spec, "{\"data\": [], \"n\": 0}");
    const input_t **ins = calloc(N, sizeof *ins);
    for (size_t k = 0; k < N; k++)
        ins[k] = in;
    lg_err_t err;
    lg_err_clear(&err);
    for (int call = 0; call < 2; call++) {
        tracer_trace_t *tr;
        int rc = tracer_run(t, ins, call ? 1 : N, &tr, &err);
        CHECK_MSG(rc == 0, "call %d: tracer_run: %s", call, err.msg);
        size_t bad = 0;
        for (size_t k = 0; rc == 0 && k < (call ? 1u : (size_t)N); k++)
            bad += tr[k].result->status != RUN_OK || tr[k].nevents != 1 || tr[k].events[0].dir != 0;
        CHECK_MSG(bad == 0, "call %d: %zu inputs without their one event", call, bad);
    }
    free(ins);
    input_destroy(in);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* A tracer of spec in a build whose statements a run can turn. */
static tracer_t *turnable_tracer(const spec_t *spec)
{
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.turnable = 1;
    return tu_tracer(spec, &cfg);
}

/* A flipped direction, in a turnable build: the branch goes the other way
 * every time the input would take that direction, the event says which way it went, and
 * a direction the input does not take changes nothing. */
static void check_flip(void)
{
    spec_t *spec = tu_spec("branches");
    tracer_t *t = turnable_tracer(spec);
    /* x > 10 false: y = -1, default, then both tests of the && true */
    input_t *in = tu_input(spec, "{\"x\": 3, \"y\": 0}");
    static const struct {
        uint32_t site;
        int dir;
        const char *path;
        int64_t ret;
    } flips[] = {
        {TRACER_FLIP_NONE, 0, "5:0 9:0 18:1 18.1:1", 1},
        {0, 0, "5:1 9:1", 100},           /* then y = 1: case 1 returns early */
        {0, 1, "5:0 9:0 18:1 18.1:1", 1}, /* a direction not taken */
        {2, 1, "5:0 9:0 18:0", 0},        /* x > 0 decided false */
        {3, 1, "5:0 9:0 18:1 18.1:0", 0}, /* y < 5 decided false */
        {TRACER_FLIP_NONE, 0, "5:0 9:0 18:1 18.1:1", 1},
    };
    for (size_t i = 0; i < sizeof flips / sizeof *flips; i++) {
        tracer_set_flip(t, flips[i].site, flips[i].dir);
        const tracer_trace_t *tr = tu_run1(t, in);
        char path[512], want[512];
        tu_path(t, tr, path, sizeof path);
        tu_aggregate(flips[i].path, want, sizeof want);
        CHECK_MSG(strcmp(path, want) == 0 && tr->result->status == RUN_OK && tr->result->ret == flips[i].ret,
                  "flip %zu: path \"%s\" return %lld, expected \"%s\" and %lld", i, path, (long long)tr->result->ret,
                  want, (long long)flips[i].ret);
    }
    input_destroy(in);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* The operations a run can make the other way, in source order, and what
 * each makes of x = -5, y = 0: -5 / 4 = -1 rounds to -2, -5 < 0 unsigned
 * is false, (unsigned)-5 > 7 signed is false, -5 % 8 = -5 is 3 as a
 * mask. */
static void check_ops(void)
{
    spec_t *spec = tu_spec("ops");
    size_t n;
    /* A plain build has none: its runs pay for no other way. */
    tracer_t *plain = tu_tracer(spec, NULL);
    tracer_ops(plain, &n);
    CHECK_MSG(n == 0, "a plain build lists %zu operations", n);
    tracer_destroy(plain);
    tracer_t *t = turnable_tracer(spec);
    const tracer_op_t *ops = tracer_ops(t, &n);
    static const struct {
        tracer_op_kind_t kind;
        int line;
        int64_t ret;
    } want[] = {
        {TRACER_OP_DIV_FLOOR, 6, -2 + 100 - 1000 - 5},
        {TRACER_OP_CMP_UNSIGNED, 7, -1 - 1000 - 5},
        {TRACER_OP_CMP_SIGNED, 9, -1 + 100 - 5},
        {TRACER_OP_REM_FLOOR, 11, -1 + 100 - 1000 + 3},
    };
    CHECK_MSG(n == 4, "%zu operations, want 4", n);
    input_t *in = tu_input(spec, "{\"x\": -5, \"y\": 0}");
    for (size_t i = 0; i < n && i < 4; i++) {
        CHECK_MSG(ops[i].id == i && ops[i].kind == want[i].kind && ops[i].line == want[i].line &&
                      strcmp(ops[i].file, "kernel.c") == 0,
                  "operation %zu: kind %d at %s:%d", i, (int)ops[i].kind, ops[i].file, ops[i].line);
        tracer_set_op(t, (uint32_t)i);
        const tracer_trace_t *tr = tu_run1(t, in);
        CHECK_MSG(tr->result->status == RUN_OK && tr->result->ret == want[i].ret, "operation %zu: %lld, want %lld", i,
                  (long long)tr->result->ret, (long long)want[i].ret);
    }
    /* Two at once: the division and the remainder, both rounding down;
     * choosing one again turns the second back. */
    tracer_set_op(t, 0);
    tracer_also_op(t, 3);
    const tracer_trace_t *tr = tu_run1(t, in);
    CHECK_MSG(tr->result->ret == -2 + 100 - 1000 + 3, "division and remainder the other way: %lld",
              (long long)tr->result->ret);
    /* Both comparisons of the other signedness. */
    tracer_set_op(t, 1);
    tracer_also_op(t, 2);
    tr = tu_run1(t, in);
    CHECK_MSG(tr->result->ret == -1 - 5, "both comparisons the other way: %lld", (long long)tr->result->ret);
    tracer_set_op(t, 1);
    tr = tu_run1(t, in);
    CHECK_MSG(tr->result->ret == -1 - 1000 - 5, "the comparison alone again: %lld", (long long)tr->result->ret);
    tracer_set_op(t, TRACER_FLIP_NONE);
    tr = tu_run1(t, in);
    CHECK_MSG(tr->result->ret == -1 + 100 - 1000 - 5, "no operation made the other way: %lld",
              (long long)tr->result->ret);
    /* The branches on the comparisons keep the comparisons' operands. */
    CHECK_MSG(tr->nevents == 2 && tr->events[0].has_operands && tr->events[0].op0 == -5 && tr->events[0].op1 == 0 &&
                  tr->events[1].has_operands && tr->events[1].op1 == 7,
              "x < y, then x > 7: %zu events", tr->nevents);
    input_destroy(in);
    tracer_destroy(t);
    spec_destroy(spec);
}

/* A comparison of a local that the RTL holds in a narrower register, made
 * at that width: the loop counter j in 2 bits meets the bound cut to 2
 * bits, so a bound of 5 runs the loop once and a bound of 4 never. */
static void check_narrow(void)
{
    spec_t *spec = tu_spec("narrow");
    tracer_t *t = turnable_tracer(spec);
    size_t n, np;
    const tracer_op_t *ops = tracer_ops(t, &n);
    const tracer_probe_t *probes = tracer_probes(t, &np);
    CHECK_MSG(n == 2 && ops[0].kind == TRACER_OP_CMP_NARROW && ops[0].line == 7 && ops[0].probe >= 0 &&
                  (size_t)ops[0].probe < np && strcmp(probes[ops[0].probe].name, "width:j") == 0 &&
                  ops[1].kind == TRACER_OP_CMP_UNSIGNED && ops[1].probe == -1,
              "%zu operations: the narrowed comparison of j first, then its unsigned way", n);
    static const struct {
        const char *in;
        uint32_t op;
        int64_t ret;
    } want[] = {
        {"{\"n\": 5}", TRACER_FLIP_NONE, 5},
        {"{\"n\": 5}", 0, 1},
        {"{\"n\": 4}", 0, 0},
        {"{\"n\": 3}", 0, 3},
        {"{\"n\": 5}", 1, 5},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want && n == 2; i++) {
        input_t *in = tu_input(spec, want[i].in);
        tracer_set_op(t, want[i].op);
        const tracer_trace_t *tr = tu_run1(t, in);
        CHECK_MSG(tr->result->status == RUN_OK && tr->result->ret == want[i].ret, "%s, operation %d: %lld, want %lld",
                  want[i].in, (int)want[i].op, (long long)tr->result->ret, (long long)want[i].ret);
        input_destroy(in);
    }
    tracer_destroy(t);
    spec_destroy(spec);
}

int main(void)
{
    run_cases();
    check_flip();
    check_ops();
    check_narrow();
    check_operands_and_tables();
    check_large_call();
    check_exact_fill();
    TEST_DONE();
}
