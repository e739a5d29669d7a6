/* The accumulate kernel's RTL against a reference model of kernel.c (the
 * CPU results are constructed here, as the tracer would report them):
 * small even inputs agree; a byte sum above 511, an odd size and a data
 * value outside the 8-bit port give mismatch:return; sizes above the
 * depth of 400 read POISON there, which reaches the sum: rtl-oob:data;
 * sizes 511 and 512 wrap the 9-bit counter: rtl-hang. Then the artifacts of one divergence:
 * the generated repro.c must compile and its assertion must fail. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle.h"
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct acc_case {
    const char *name;
    int size;
    int fill;         /* data[i] = fill, or i % 7 when fill < 0 */
    int last;         /* value of the last element */
    const char *want; /* symptom class, "" for agreement */
} acc_case_t;

static const acc_case_t cases[] = {
    {"empty", 0, 0, 0, ""},
    {"small even", 4, -1, 5, ""},
    {"even at depth", 400, 1, 1, ""},
    {"sum 511", 2, 255, 256 - 0, "mismatch:return"}, /* 256 does not fit the 8-bit port */
    {"sum exactly 510", 2, 255, 255, ""},
    {"sum above 511", 4, 200, 10, "mismatch:return"},
    {"odd size", 3, 1, 1, "mismatch:return"},
    {"odd size 1", 1, 0, 0, "mismatch:return"},
    {"negative byte", 2, 0, -1, "mismatch:return"},
    {"size 401", 401, 0, 0, "rtl-oob:data"},
    {"size 402", 402, 0, 0, "rtl-oob:data"},
    {"size 510", 510, 1, 1, "rtl-oob:data"},
    {"size 511", 511, 1, 1, "rtl-hang"}, /* the 9-bit counter wraps at 512 */
    {"size 512", 512, 1, 1, "rtl-hang"},
};

static input_t *make_input(const spec_t *s, const acc_case_t *c)
{
    input_t *in = input_create(s);
    input_set_len(in, 0, (size_t)c->size);
    for (int i = 0; i < c->size; i++)
        in->v[0].elems[i] = i == c->size - 1 ? c->last : c->fill < 0 ? i % 7 : c->fill;
    input_normalize(in, 1);
    return in;
}

/* kernel.c on the CPU: int sum of the first size elements. */
static void cpu_model(const input_t *in, run_result_t *r)
{
    run_result_reset(r);
    uint32_t sum = 0;
    for (size_t i = 0; i < in->v[0].len; i++)
        sum += (uint32_t)in->v[0].elems[i];
    r->ret = (int32_t)sum;
}

static void run_cases(const spec_t *s, oracle_t *o)
{
    oracle_symptoms_t syms = {0};
    run_result_t *cpu = run_result_create(s), *rtl = run_result_create(s);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const acc_case_t *c = &cases[i];
        input_t *in = make_input(s, c);
        lg_err_t err;
        cpu_model(in, cpu);
        CHECK_MSG(oracle_run(o, in, rtl, &err) == 0, "%s: %s", c->name, err.msg);
        size_t n = oracle_compare(s, cpu, rtl, &syms);
        const char *got = n ? syms.v[0].cls : "";
        CHECK_MSG(strcmp(got, c->want) == 0 && n <= 1, "%s: got '%s' (%zu symptoms: %s), want '%s'", c->name, got, n,
                  n ? syms.v[0].detail : "", c->want);
        input_destroy(in);
    }
    run_result_destroy(cpu);
    run_result_destroy(rtl);
    oracle_symptoms_free(&syms);
}

static int contains(const char *dir, const char *name, const char *needle)
{
    char *path = lg_path_join(dir, name);
    lg_err_t err;
    char *text = lg_read_file(path, NULL, &err);
    int ok = text && strstr(text, needle) != NULL;
    free(text);
    free(path);
    return ok;
}

/* Writes the artifacts of the odd-size divergence, then compiles and runs
 * repro.c: it must build and die on its assertion (SIGABRT). */
static void test_artifacts(const spec_t *s, oracle_t *o)
{
    char tmp[] = "/tmp/lgfuzz-oracle-art-XXXXXX";
    if (!mkdtemp(tmp)) {
        CHECK_MSG(0, "mkdtemp: cannot create %s", tmp);
        return;
    }
    char *dir = lg_path_join(tmp, "divergences/0");
    input_t *in = make_input(s, &cases[6]);
    run_result_t *cpu = run_result_create(s), *rtl = run_result_create(s);
    oracle_symptoms_t syms = {0};
    lg_err_t err;
    cpu_model(in, cpu);
    CHECK_MSG(oracle_run(o, in, rtl, &err) == 0, "%s", err.msg);
    CHECK_MSG(oracle_compare(s, cpu, rtl, &syms) == 1, "no symptom");
    if (syms.n == 1) {
        CHECK_MSG(oracle_write_artifacts(o, dir, in, cpu, rtl, &syms.v[0], &err) == 0, "%s", err.msg);
        CHECK_MSG(contains(dir, "README", "mismatch:return: return: cpu 3, rtl 168"), "README");
        CHECK_MSG(contains(dir, "input.json", "\"size\":3"), "input.json");
        CHECK_MSG(contains(dir, "rtl.json", "168"), "rtl.json");
        CHECK_MSG(contains(dir, "cpu.json", "3"), "cpu.json");
        CHECK_MSG(contains(dir, "wave.vcd", "$enddefinitions") && contains(dir, "wave.vcd", "data_address0"),
                  "wave.vcd");
        char *cmd =
            lg_asprintf("cc -std=c11 -w -o %s/repro %s/repro.c && %s/repro > %s/repro.out 2>&1", dir, dir, dir, dir);
        int st = system(cmd);
        CHECK_MSG(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) != 0, "repro status %d", st);
        CHECK_MSG(contains(dir, "repro", "ELF"), "repro.c did not compile");
        CHECK_MSG(contains(dir, "repro.out", "return: cpu 3, rtl 168") && contains(dir, "repro.out", "Assertion"),
                  "repro output");
        free(cmd);
    }
    oracle_symptoms_free(&syms);
    run_result_destroy(cpu);
    run_result_destroy(rtl);
    input_destroy(in);
    lg_remove_tree(tmp);
    free(dir);
}

/* A waveform that cannot be written (here /dev/full: every write fails
 * with ENOSPC) is an error naming the file, promptly; the harness neither
 * dies nor hangs, and the next call runs as usual. */
static void test_wave_full(const spec_t *s, oracle_t *o)
{
    input_t *in = make_input(s, &cases[6]);
    run_result_t *rtl = run_result_create(s);
    lg_err_t err;
    lg_err_clear(&err);
    uint64_t restarts = oracle_restarts(o);
    int rc = oracle_run_traced(o, in, "/dev/full", rtl, &err);
    CHECK_MSG(rc == LG_EIO && strstr(err.msg, "/dev/full: cannot write: No space left on device"),
              "traced run to /dev/full: rc %d, status %d (%s), '%s'", rc, (int)rtl->status, rtl->detail, err.msg);
    CHECK_MSG(oracle_restarts(o) == restarts, "the harness was restarted");
    CHECK_MSG(oracle_run(o, in, rtl, &err) == 0 && rtl->status == RUN_OK && rtl->ret == 168,
              "the call after: status %d, return %lld", (int)rtl->status, (long long)rtl->ret);
    run_result_destroy(rtl);
    input_destroy(in);
}

int main(void)
{
    spec_t *s = test_spec(LGFUZZ_SOURCE_DIR "/kernels/accumulate/kernel.yaml");
    lg_log_t log = lg_log_make(LG_LOG_INFO);
    lg_err_t err;
    oracle_t *o = oracle_create(s, NULL, &log, &err);
    if (!o) {
        fprintf(stderr, "setup: %s\n", err.msg);
        return 2;
    }
    run_cases(s, o);
    test_artifacts(s, o);
    test_wave_full(s, o);
    oracle_destroy(o);
    spec_destroy(s);
    TEST_DONE();
}
