/* Runs tiny purpose-written RTL modules through the oracle, one table row
 * per input: every interface mode (ap_none, ap_vld, ap_return, single- and
 * dual-port ap_memory in/out/inout, ap_fifo in/out with _r port names),
 * the POISON fill, the cycle limit and $stop; then each module's rows
 * again as one batch. Then out-of-range addresses: a read returns POISON
 * and is a note, a write is RUN_OOB. */
#include "rtl-oracle/oracle.h"
#include "test_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P16 (-23131) /* 0xA5A5 as int16_t: POISON for i16 */
#define P8 (-91)     /* 0xA5 as int8_t: what an 8-bit RAM read out of range returns */
#define NO_RET INT64_MIN

typedef struct rtl_case {
    const char *spec; /* file under tests/rtl-oracle/rtl */
    const char *input;
    run_status_t status;
    int64_t ret;     /* expected return, NO_RET when not checked */
    const char *out; /* output param to check, or NULL */
    int64_t vals[8]; /* its expected first nvals slots (or scalar) */
    size_t nvals;
    const char *detail; /* substring of the RTL detail, or NULL */
} rtl_case_t;

static const rtl_case_t cases[] = {
    /* ap_none in, ap_vld out, ap_return; b is a 16-bit port */
    {"scalars.yaml", "{\"a\": 5, \"b\": -3}", RUN_OK, 2, "prod", {-15}, 1, NULL},
    {"scalars.yaml", "{\"a\": 7, \"b\": -32768}", RUN_OK, -32761, "prod", {-229376}, 1, NULL},
    {"scalars.yaml", "{\"a\": 2147483647, \"b\": 1}", RUN_OK, INT32_MIN, "prod", {2147483647}, 1, NULL},
    /* the cycle limit (max_cycles: 50) */
    {"scalars.yaml", "{\"a\": 1000, \"b\": 0}", RUN_HANG, NO_RET, NULL, {0}, 0, "max_cycles 50"},
    /* $stop is an assertion; the next call still works */
    {"scalars.yaml", "{\"a\": 2000, \"b\": 0}", RUN_ASSERT, NO_RET, NULL, {0}, 0, "$stop"},
    {"scalars.yaml", "{\"a\": 1, \"b\": 2}", RUN_OK, 3, "prod", {2}, 1, NULL},
    /* dual-port inout memory: swaps through both ports in one cycle, the
     * last pair written in the ap_done cycle, POISON past the length */
    {"rev.yaml", "{\"v\": [1, 2, 3, 4, 5], \"n\": 5}", RUN_OK, NO_RET, "v", {5, 4, 3, 2, 1, P16, P16, P16}, 8, NULL},
    {"rev.yaml", "{\"v\": [10, -20], \"n\": 2}", RUN_OK, NO_RET, "v", {-20, 10, P16}, 3, NULL},
    {"rev.yaml", "{\"v\": [1, 2, 3, 4, 5, 6, 7, 8], \"n\": 8}", RUN_OK, NO_RET, "v", {8, 7, 6, 5, 4, 3, 2, 1}, 8, NULL},
    {"rev.yaml", "{\"v\": [], \"n\": 0}", RUN_OK, NO_RET, "v", {P16, P16}, 2, NULL},
    /* single-port in (8-bit, depth 8) and out memories */
    {"copy.yaml", "{\"src\": [1, -2, 127], \"n\": 3}", RUN_OK, NO_RET, "dst", {2, -1, 128, 0, 0}, 5, NULL},
    {"copy.yaml",
     "{\"src\": [0, 1, 2, 3, 4, 5, 6, -128], \"n\": 8}",
     RUN_OK,
     NO_RET,
     "dst",
     {1, 2, 3, 4, 5, 6, 7, -127},
     8,
     NULL},
    /* ap_fifo in and out */
    {"fifo.yaml", "{\"in\": [1, 2, -3], \"n\": 3}", RUN_OK, NO_RET, "out", {3, 6, -9, 0}, 4, NULL},
    {"fifo.yaml", "{\"in\": [], \"n\": 0}", RUN_OK, NO_RET, "out", {0, 0}, 2, NULL},
    {"fifo.yaml",
     "{\"in\": [1, 2, 3, 4, 5, 6, 7, 8], \"n\": 8}",
     RUN_OK,
     NO_RET,
     "out",
     {3, 6, 9, 12, 15, 18, 21, 24},
     8,
     NULL},
};

typedef struct loaded {
    const char *name;
    spec_t *spec;
    oracle_t *oracle;
} loaded_t;

static loaded_t *load(loaded_t *all, size_t *n, const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp(all[i].name, name) == 0)
            return &all[i];
    char path[1024];
    snprintf(path, sizeof path, "%s/rtl/%s", ORACLE_TEST_DIR, name);
    loaded_t *l = &all[(*n)++];
    l->name = name;
    l->spec = test_spec(path);
    lg_err_t err;
    lg_log_t log = lg_log_make(LG_LOG_INFO);
    l->oracle = oracle_create(l->spec, NULL, &log, &err);
    if (!l->oracle) {
        fprintf(stderr, "setup: oracle_create(%s): %s\n", name, err.msg);
        exit(2);
    }
    return l;
}

/* Checks one case's RTL result r. */
static void check_result(const rtl_case_t *c, loaded_t *l, const run_result_t *r)
{
    CHECK_MSG(r->status == c->status, "%s %s: status %s, want %s (%s)", c->spec, c->input, run_status_name(r->status),
              run_status_name(c->status), r->detail);
    if (c->ret != NO_RET)
        CHECK_MSG(r->ret == c->ret, "%s %s: return %lld, want %lld", c->spec, c->input, (long long)r->ret,
                  (long long)c->ret);
    if (c->detail)
        CHECK_MSG(strstr(r->detail, c->detail) != NULL, "%s %s: detail '%s' lacks '%s'", c->spec, c->input, r->detail,
                  c->detail);
    if (c->out) {
        int p = spec_param_index(l->spec, c->out);
        const run_output_t *o = &r->out[p];
        if (!l->spec->params[p].is_array) {
            CHECK_MSG(o->valid && o->scalar == c->vals[0], "%s %s: %s = %lld (valid %d), want %lld", c->spec, c->input,
                      c->out, (long long)o->scalar, o->valid, (long long)c->vals[0]);
        } else {
            for (size_t j = 0; j < c->nvals; j++)
                CHECK_MSG(o->elems[j] == c->vals[j], "%s %s: %s[%zu] = %lld, want %lld", c->spec, c->input, c->out, j,
                          (long long)o->elems[j], (long long)c->vals[j]);
        }
    }
    CHECK_MSG(r->oob_reads.count == 0, "%s %s: %llu reads out of range", c->spec, c->input,
              (unsigned long long)r->oob_reads.count);
    /* The model's own message, from the part of the log the call wrote. */
    if (c->status == RUN_ASSERT)
        CHECK_MSG(strstr(r->detail, "%Error") != NULL, "%s %s: detail '%s' lacks the %%Error line", c->spec, c->input,
                  r->detail);
}

static void check_case(const rtl_case_t *c, loaded_t *l)
{
    lg_err_t err;
    input_t *in = test_input(l->spec, c->input);
    run_result_t *r = run_result_create(l->spec);
    int rc = oracle_run(l->oracle, in, r, &err);
    CHECK_MSG(rc == 0, "%s %s: %s", c->spec, c->input, err.msg);
    check_result(c, l, r);
    run_result_destroy(r);
    input_destroy(in);
}

/* Every case of one spec in a single oracle_run_batch, twice in a row (so
 * the $stop and the hang sit between other calls of the same batch): the
 * same results as one call each. */
static void check_batch(loaded_t *l)
{
    const rtl_case_t *mine[2 * sizeof cases / sizeof *cases];
    input_t *in[2 * sizeof cases / sizeof *cases];
    run_result_t *r[2 * sizeof cases / sizeof *cases];
    size_t n = 0;
    for (int rep = 0; rep < 2; rep++)
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
            if (strcmp(cases[i].spec, l->name) == 0) {
                mine[n] = &cases[i];
                in[n] = test_input(l->spec, cases[i].input);
                r[n++] = run_result_create(l->spec);
            }
    lg_err_t err;
    int rc = oracle_run_batch(l->oracle, (const input_t *const *)in, n, r, &err);
    CHECK_MSG(rc == 0, "%s: batch of %zu: %s", l->name, n, err.msg);
    for (size_t i = 0; i < n; i++) {
        if (rc == 0)
            check_result(mine[i], l, r[i]);
        run_result_destroy(r[i]);
        input_destroy(in[i]);
    }
}

/* A call that outlives the wall-clock limit in the middle of a batch: the
 * harness is killed, that input alone is a hang (marked lost), and the rest of the batch
 * runs in a fresh harness with the results of a healthy one. */
static void check_killed_mid_batch(void)
{
    spec_t *s = test_spec(ORACLE_TEST_DIR "/rtl/scalars_slow.yaml");
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.timeout_ms = 300;
    cfg.jobs = 1;
    lg_err_t err;
    lg_log_t log = lg_log_make(LG_LOG_INFO);
    oracle_t *o = oracle_create(s, &cfg, &log, &err);
    CHECK_MSG(o != NULL, "oracle_create(scalars_slow.yaml): %s", o ? "" : err.msg);
    if (!o) {
        spec_destroy(s);
        return;
    }
    const char *inputs[] = {"{\"a\": 5, \"b\": -3}", "{\"a\": 1, \"b\": 2}",    "{\"a\": 1000, \"b\": 0}",
                            "{\"a\": 7, \"b\": 1}",  "{\"a\": 2000, \"b\": 0}", "{\"a\": 9, \"b\": 9}"};
    const run_status_t want[] = {RUN_OK, RUN_OK, RUN_HANG, RUN_OK, RUN_ASSERT, RUN_OK};
    const int64_t ret[] = {2, 3, 0, 8, 0, 18};
    enum { N = sizeof inputs / sizeof *inputs };
    input_t *in[N];
    run_result_t *r[N];
    for (size_t i = 0; i < N; i++) {
        in[i] = test_input(s, inputs[i]);
        r[i] = run_result_create(s);
    }
    CHECK_MSG(oracle_run_batch(o, (const input_t *const *)in, N, r, &err) == 0, "batch: %s", err.msg);
    for (size_t i = 0; i < N; i++) {
        CHECK_MSG(r[i]->status == want[i], "input %zu (%s): status %s, want %s (%s)", i, inputs[i],
                  run_status_name(r[i]->status), run_status_name(want[i]), r[i]->detail);
        if (want[i] == RUN_OK)
            CHECK_MSG(r[i]->ret == ret[i], "input %zu: return %lld, want %lld", i, (long long)r[i]->ret,
                      (long long)ret[i]);
    }
    CHECK_STR_CONTAINS(r[2]->detail, "no answer within 300 ms");
    CHECK_STR_CONTAINS(r[4]->detail, "%Error");
    /* The model said nothing of the input whose harness was killed; the
     * assertion is the model's own answer. */
    for (size_t i = 0; i < N; i++)
        CHECK_MSG(r[i]->lost == (i == 2), "input %zu: lost %d", i, r[i]->lost);
    CHECK_MSG(oracle_restarts(o) == 1, "restarts %llu, want 1", (unsigned long long)oracle_restarts(o));
    for (size_t i = 0; i < N; i++) {
        run_result_destroy(r[i]);
        input_destroy(in[i]);
    }
    oracle_destroy(o);
    spec_destroy(s);
}

/* copy.v on an 8-deep src: n = 9 reads src[8], which returns POISON (a
 * note on the result; the call completes, and the value reaches dst[8]:
 * a second run returning other poison changes it). The same RTL with an
 * 8-deep dst: n = 9 writes dst[8], RUN_OOB naming dst. */
static void check_out_of_range(loaded_t *all, size_t *nloaded)
{
    const char *nine = "{\"src\": [0, 1, 2, 3, 4, 5, 6, 7, 8], \"n\": 9}";
    loaded_t *l = load(all, nloaded, "copy.yaml");
    input_t *in = test_input(l->spec, nine);
    run_result_t *r = run_result_create(l->spec);
    lg_err_t err;
    CHECK_MSG(oracle_run(l->oracle, in, r, &err) == 0, "copy: %s", err.msg);
    const run_oob_reads_t *rd = &r->oob_reads;
    CHECK_MSG(r->status == RUN_OK && r->oob_param == -1, "a read out of range: status %s (%s)",
              run_status_name(r->status), r->detail);
    CHECK_MSG(rd->count == 1 && rd->param == 0 && rd->addr == 8 && rd->reaches_outputs == 1,
              "reads out of range: %llu, first param %d address %llu, reaches %d", (unsigned long long)rd->count,
              rd->param, (unsigned long long)rd->addr, rd->reaches_outputs);
    CHECK_MSG(r->out[1].elems[7] == 8 && r->out[1].elems[8] == P8 + 1, "dst[7..8] = %lld, %lld",
              (long long)r->out[1].elems[7], (long long)r->out[1].elems[8]);
    char *json = run_result_to_json(l->spec, r);
    CHECK_STR_CONTAINS(json, "\"oob_reads\":{\"count\":1,\"first\":\"src[8]\"");
    free(json);
    run_result_destroy(r);
    input_destroy(in);

    l = load(all, nloaded, "copy_wr.yaml");
    in = test_input(l->spec, nine);
    r = run_result_create(l->spec);
    CHECK_MSG(oracle_run(l->oracle, in, r, &err) == 0, "copy_wr: %s", err.msg);
    CHECK_MSG(r->status == RUN_OOB && r->oob_param == 1, "a write out of range: status %s, param %d",
              run_status_name(r->status), r->oob_param);
    CHECK_STR_CONTAINS(r->detail, "writes address 8 >= depth 8");
    run_result_destroy(r);
    input_destroy(in);
}

int main(void)
{
    loaded_t all[8];
    size_t nloaded = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_case(&cases[i], load(all, &nloaded, cases[i].spec));
    for (size_t i = 0; i < nloaded; i++)
        check_batch(&all[i]);
    check_out_of_range(all, &nloaded);
    check_killed_mid_batch();
    /* The $stop case ran in a surviving harness: no restart was needed. */
    loaded_t *sc = load(all, &nloaded, "scalars.yaml");
    CHECK_MSG(oracle_restarts(sc->oracle) == 0, "restarts %llu", (unsigned long long)oracle_restarts(sc->oracle));
    for (size_t i = 0; i < nloaded; i++) {
        oracle_destroy(all[i].oracle);
        spec_destroy(all[i].spec);
    }
    TEST_DONE();
}
