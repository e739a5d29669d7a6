/* Unit tests of the oracle's pure parts, no Verilator needed: comparison
 * into symptoms, selective invocation, the port parser
 * for Verilator model headers, port value conversion and the diff JSON. */
#include "rtl-oracle/oracle.h"
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- comparison */

/* How the RTL result differs from the CPU's. M_READ*: the RTL read src out
 * of range, the value read not reaching / reaching (_REACH) its result. */
typedef enum {
    M_NONE,
    M_RET,
    M_PROD,
    M_PROD_UNSET,    /* the RTL did not write prod, the CPU did */
    M_PROD_CPU_ONLY, /* the CPU did not write prod, the RTL did */
    M_PROD_NEITHER,  /* neither wrote prod (their values differ) */
    M_DST15,
    M_RET_PROD,
    M_READ,
    M_READ_REACH,
    M_READ_DST15,
    M_READ_REACH_DST15
} mutation_t;

typedef struct cmp_case {
    const char *spec;
    run_status_t cpu_status, rtl_status;
    int sig;
    mutation_t mut;   /* how the RTL result differs from the CPU's */
    const char *want; /* classes joined by ',' */
} cmp_case_t;

static const cmp_case_t cmp_cases[] = {
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_NONE, ""},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_RET, "mismatch:return"},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_PROD, "mismatch:prod"},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_PROD_UNSET, "mismatch:prod"},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_PROD_CPU_ONLY, "mismatch:prod"},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_PROD_NEITHER, ""},
    {"scalars.yaml", RUN_OK, RUN_OK, 0, M_RET_PROD, "mismatch:return,mismatch:prod"},
    {"scalars.yaml", RUN_CRASH, RUN_OK, SIGSEGV, M_NONE, "cpu-crash:SIGSEGV"},
    {"scalars.yaml", RUN_CRASH, RUN_OK, SIGFPE, M_RET, "cpu-crash:SIGFPE"},
    {"scalars.yaml", RUN_CRASH, RUN_OK, 0, M_NONE, "cpu-crash:exit"}, /* the kernel called exit */
    {"scalars.yaml", RUN_HANG, RUN_OK, 0, M_NONE, "cpu-hang"},
    {"scalars.yaml", RUN_HANG, RUN_HANG, 0, M_NONE, ""},
    {"scalars.yaml", RUN_OK, RUN_HANG, 0, M_RET, "rtl-hang"},
    {"scalars.yaml", RUN_OK, RUN_ASSERT, 0, M_NONE, "rtl-assert"},
    {"copy.yaml", RUN_OK, RUN_OOB, 0, M_NONE, "rtl-oob:src"},
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_NONE, ""},
    /* a write one side makes beyond the input's length is still compared */
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_DST15, "mismatch:dst"},
    /* a read out of range is no divergence by itself; a difference it
     * caused is rtl-oob:<array>, one it did not cause is a mismatch */
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_READ, ""},
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_READ_REACH, ""},
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_READ_DST15, "mismatch:dst"},
    {"copy.yaml", RUN_OK, RUN_OK, 0, M_READ_REACH_DST15, "rtl-oob:src"},
    {"copy.yaml", RUN_OK, RUN_HANG, 0, M_READ_REACH, "rtl-oob:src"},
    {"copy.yaml", RUN_OK, RUN_HANG, 0, M_READ, "rtl-hang"},
    {"copy.yaml", RUN_CRASH, RUN_OK, SIGSEGV, M_READ_REACH_DST15, "cpu-crash:SIGSEGV"},
    {"copy.yaml", RUN_HANG, RUN_ASSERT, 0, M_READ_REACH, "cpu-hang,rtl-oob:src"},
};

static void fill(const spec_t *s, run_result_t *r, run_status_t st, int sig)
{
    r->status = st;
    r->sig = sig;
    r->ret = 42;
    for (size_t i = 0; i < s->nparams; i++) {
        if (s->params[i].dir == SPEC_DIR_IN)
            continue;
        r->out[i].valid = 1;
        r->out[i].scalar = -7;
        for (size_t j = 0; s->params[i].is_array && j < r->out[i].len; j++)
            r->out[i].elems[j] = (int64_t)j * 3 - 5;
    }
}

static void mutate(const spec_t *s, run_result_t *cpu, run_result_t *r, mutation_t m)
{
    int prod = spec_param_index(s, "prod"), dst = spec_param_index(s, "dst");
    if (m == M_RET || m == M_RET_PROD)
        r->ret = 43;
    if (m == M_PROD || m == M_RET_PROD || m == M_PROD_NEITHER)
        r->out[prod].scalar = 7;
    if (m == M_PROD_UNSET || m == M_PROD_NEITHER)
        r->out[prod].valid = 0;
    if (m == M_PROD_CPU_ONLY || m == M_PROD_NEITHER)
        cpu->out[prod].valid = 0;
    if (m == M_DST15 || m == M_READ_DST15 || m == M_READ_REACH_DST15)
        r->out[dst].elems[15] = 99;
    if (m >= M_READ) {
        r->oob_reads = (run_oob_reads_t){.count = 3, .param = 0, .addr = 8, .cycle = 20};
        r->oob_reads.reaches_outputs = m == M_READ_REACH || m == M_READ_REACH_DST15;
    }
}

static void test_compare(void)
{
    oracle_symptoms_t syms = {0};
    for (size_t i = 0; i < sizeof cmp_cases / sizeof *cmp_cases; i++) {
        const cmp_case_t *c = &cmp_cases[i];
        char path[1024], got[512] = "";
        snprintf(path, sizeof path, "%s/rtl/%s", ORACLE_TEST_DIR, c->spec);
        spec_t *s = test_spec(path);
        run_result_t *cpu = run_result_create(s), *rtl = run_result_create(s);
        fill(s, cpu, c->cpu_status, c->sig);
        fill(s, rtl, c->rtl_status, 0);
        if (c->rtl_status == RUN_OOB)
            rtl->oob_param = 0;
        mutate(s, cpu, rtl, c->mut);
        size_t n = oracle_compare(s, cpu, rtl, &syms);
        for (size_t k = 0; k < n; k++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? "," : "", syms.v[k].cls);
        CHECK_MSG(strcmp(got, c->want) == 0, "case %zu: got '%s', want '%s'", i, got, c->want);
        CHECK_MSG(n == 0 || syms.v[0].detail[0] != '\0', "case %zu: empty detail", i);
        for (size_t k = 0; k < n; k++)
            if (strncmp(syms.v[k].cls, "rtl-oob:", 8) == 0 && c->rtl_status != RUN_OOB)
                CHECK_MSG(strstr(syms.v[k].detail, "src[8] >= depth 8, read at cycle 20, returned poison") &&
                              syms.v[k].param == 0,
                          "case %zu: detail '%s'", i, syms.v[k].detail);
        run_result_destroy(cpu);
        run_result_destroy(rtl);
        spec_destroy(s);
    }
    oracle_symptoms_free(&syms);
}

/* ---------------------------------------------------- selective invocation */

typedef struct select_step {
    int64_t fv[2];
    int brings_new;
    uint64_t sig; /* the native run's signature */
    int targeted;
    int want_run;
    int diverged; /* recorded after a run */
} select_step_t;

static const select_step_t select_steps[] = {
    {{4, 10}, 0, 0, 0, 1, 0},  /* nothing remembered yet */
    {{4, 10}, 0, 0, 0, 0, 0},  /* inside [4,4] x [10,10] */
    {{6, 20}, 0, 0, 0, 1, 0},  /* outside: runs, ranges grow to [4,6] x [10,20] */
    {{5, 15}, 0, 0, 0, 0, 0},  /* inside both */
    {{5, 15}, 1, 0, 0, 1, 0},  /* new coverage always runs */
    {{9, 15}, 0, 7, 0, 1, 1},  /* outside; diverges: no growth, divergent box of 7 is [9,9] x [15,15] */
    {{9, 15}, 0, 7, 0, 0, 0},  /* inside the divergent box of 7: a known symptom */
    {{9, 15}, 0, 8, 0, 1, 1},  /* another signature; diverges: box of 8 */
    {{9, 15}, 0, 7, 1, 1, 1},  /* targeted: runs even inside the box of 7 */
    {{12, 30}, 0, 7, 0, 1, 1}, /* outside the box of 7; diverges: it grows to [9,12] x [15,30] */
    {{10, 16}, 0, 7, 0, 0, 0}, /* inside the grown box of 7 */
    {{10, 16}, 0, 8, 0, 1, 0}, /* outside the box of 8; no divergence: safe ranges grow to [4,10] x [10,20] */
    {{7, 11}, 0, 9, 0, 0, 0},  /* inside the safe ranges */
    {{10, 16}, 1, 7, 0, 1, 0}, /* inside the box of 7, but new coverage always runs */
};

static void test_select(void)
{
    oracle_select_t *s = oracle_select_create(2, 0);
    uint64_t runs = 0;
    for (size_t i = 0; i < sizeof select_steps / sizeof *select_steps; i++) {
        const select_step_t *st = &select_steps[i];
        int run = oracle_select_should_run(s, st->fv, st->brings_new, st->sig, st->targeted);
        CHECK_MSG(run == st->want_run, "step %zu: run %d", i, run);
        if (run) {
            runs++;
            oracle_select_record(s, st->fv, st->sig, st->diverged);
        }
    }
    size_t nsteps = sizeof select_steps / sizeof *select_steps;
    CHECK_MSG(oracle_select_invoked(s) == runs, "invoked %llu", (unsigned long long)oracle_select_invoked(s));
    CHECK_MSG(oracle_select_skipped(s) == nsteps - runs, "skipped %llu", (unsigned long long)oracle_select_skipped(s));
    CHECK_MSG(oracle_select_skipped_divergent(s) == 2, "skipped as divergent %llu",
              (unsigned long long)oracle_select_skipped_divergent(s));
    oracle_select_destroy(s);
    /* Many signatures: the table of divergent boxes grows and finds each. */
    s = oracle_select_create(1, 0);
    for (uint64_t sig = 0; sig < 500; sig++) {
        int64_t v = (int64_t)sig;
        oracle_select_record(s, &v, sig * 0x10000, 1);
    }
    int lost = 0;
    for (uint64_t sig = 0; sig < 500; sig++) {
        int64_t v = (int64_t)sig, w = v + 1;
        lost += oracle_select_should_run(s, &v, 0, sig * 0x10000, 0) != 0;
        lost += oracle_select_should_run(s, &w, 0, sig * 0x10000, 0) != 1;
    }
    CHECK_MSG(lost == 0, "%d wrong answers over 500 divergent boxes", lost);
    oracle_select_destroy(s);
    /* --rtl always */
    s = oracle_select_create(2, 1);
    int64_t fv[2] = {1, 1};
    oracle_select_record(s, fv, 0, 0);
    CHECK_MSG(oracle_select_should_run(s, fv, 0, 0, 0) == 1, "always mode skipped");
    CHECK_MSG(oracle_select_skipped(s) == 0, "always mode counted a skip");
    oracle_select_destroy(s);
    oracle_select_destroy(NULL);
}

/* ------------------------------------------------------- ports and values */

static void test_ports(void)
{
    const char *hdr = "#define VL_IN8(name, msb, lsb) ...\n"
                      "class Vk VL_NOT_FINAL : public VerilatedModel {\n"
                      "    VL_IN8(&ap_clk,0,0);\n"
                      "    VL_OUT16(&data_address0,8,0);\n"
                      "    VL_IN(&size,31,0);\n"
                      "    VL_OUT64(&wide,39,0);\n"
                      "    VL_INOUT8(&bus,7,0);\n";
    oports_t p = {0};
    lg_err_t err;
    CHECK_MSG(ports_parse(hdr, "Vk.h", &p, &err) == 0, "%s", err.msg);
    CHECK_MSG(p.n == 5, "n %zu", p.n);
    const oport_t *a = ports_find(&p, "data_address0");
    CHECK_MSG(a && a->bits == 9 && a->is_output, "data_address0");
    a = ports_find(&p, "size");
    CHECK_MSG(a && a->bits == 32 && !a->is_output, "size");
    a = ports_find(&p, "wide");
    CHECK_MSG(a && a->bits == 40, "wide");
    CHECK_MSG(ports_find(&p, "name") == NULL, "macro definition parsed as a port");
    ports_free(&p);
    CHECK_MSG(ports_parse("nothing here", "x.h", &p, &err) == LG_EBUILD, "empty header accepted");

    static const struct {
        int bits;
        lg_type_t t;
        uint64_t raw;
        int64_t want;
    } conv[] = {
        {8, LG_I32, 0xFF, -1},
        {8, LG_U32, 0xFF, 255},
        {9, LG_I32, 0x1FF, -1},
        {16, LG_I16, 0xA5A5, -23131},
        {32, LG_I32, 0x80000000u, INT32_MIN},
        {64, LG_U64, UINT64_MAX, -1},
        {8, LG_I8, 0x17F, 127},
    };
    for (size_t i = 0; i < sizeof conv / sizeof *conv; i++) {
        int64_t v = binding_from_port(conv[i].bits, conv[i].t, conv[i].raw);
        CHECK_MSG(v == conv[i].want, "conv %zu: %lld", i, (long long)v);
    }
    obind_t b = {.width = 8};
    CHECK_MSG(binding_to_port(&b, -1) == 0xFF, "to_port");
    CHECK_MSG(binding_to_port(&b, 300) == 44, "to_port truncation");
    char name[16];
    CHECK_MSG(strcmp(run_signal_name(SIGBUS, name), "SIGBUS") == 0, "signal name");
    CHECK_MSG(strcmp(run_signal_name(42, name), "SIG42") == 0, "unknown signal: %s", name);
    CHECK_MSG(strcmp(run_signal_name(0, name), "exit") == 0, "exit: %s", name);
}

static void test_json(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/rtl/scalars.yaml", ORACLE_TEST_DIR);
    spec_t *s = test_spec(path);
    run_result_t *cpu = run_result_create(s), *rtl = run_result_create(s);
    fill(s, cpu, RUN_OK, 0);
    fill(s, rtl, RUN_OK, 0);
    rtl->ret = 1;
    oracle_symptoms_t syms = {0};
    oracle_compare(s, cpu, rtl, &syms);
    char *text = oracle_diff_to_json(s, cpu, rtl, &syms);
    json_object *o = json_tokener_parse(text);
    json_object *div, *arr, *cls, *side;
    CHECK_MSG(o && json_object_object_get_ex(o, "divergent", &div) && json_object_get_boolean(div), "%s", text);
    CHECK_MSG(o && json_object_object_get_ex(o, "symptoms", &arr) && json_object_array_length(arr) == 1 &&
                  json_object_object_get_ex(json_object_array_get_idx(arr, 0), "class", &cls) &&
                  strcmp(json_object_get_string(cls), "mismatch:return") == 0,
              "%s", text);
    CHECK_MSG(o && json_object_object_get_ex(o, "rtl", &side) && json_object_is_type(side, json_type_object), "%s",
              text);
    json_object_put(o);
    free(text);
    oracle_symptoms_free(&syms);
    run_result_destroy(cpu);
    run_result_destroy(rtl);
    spec_destroy(s);
}

int main(void)
{
    test_compare();
    test_select();
    test_ports();
    test_json();
    TEST_DONE();
}
