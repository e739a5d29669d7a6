/* minimise.c and the identity of divergences on kernels/accumulate, with
 * the real executor and RTL model: the C path signature counts a loop's
 * iterations once; an oob input of 510 elements minimises to the shortest
 * even length past the memory's depth, all zeros, the same way every
 * time, the second time with no RTL call simulated again; and two inputs that differ in incidental values (their probes
 * as found differ) come to one divergence directory, whose input.json is the minimised input and input.orig.json the
 * first one as found, while a found key seen before is only a hit, not minimised again; one divergence per cause of
 * accumulate's five plants (cause.c). On tests/explore/kernels/eqpair: two values that must move together do. */
#include <stdlib.h>
#include <string.h>

#include "explore/explore_int.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

static input_t *parse(const spec_t *spec, const char *json)
{
    lg_err_t err;
    input_t *in = input_from_json(spec, json, NULL, &err);
    CHECK_MSG(in != NULL, "%s: %s", json, err.msg);
    if (!in)
        exit(1);
    return in;
}

/* The native run of in on the explorer's own executor (valid until its
 * next run). */
static const tracer_trace_t *trace_of(explore_t *ex, const input_t *in)
{
    lg_err_t err;
    tracer_trace_t *tr;
    int rc = tracer_run(ex->tracer, &in, 1, &tr, &err);
    CHECK_MSG(rc == LG_OK, "%s", err.msg);
    if (rc)
        exit(1);
    return tr;
}

static void test_path(explore_t *ex)
{
    input_t *two = parse(ex->spec, "{\"data\": [0, 0], \"size\": 2}");
    input_t *four = parse(ex->spec, "{\"data\": [0, 0, 0, 0], \"size\": 4}");
    input_t *none = parse(ex->spec, "{\"data\": [], \"size\": 0}");
    const tracer_trace_t *tr = trace_of(ex, two);
    uint64_t p2 = minimise_path(ex, tr), h2 = verdict_path_hash(tr);
    tr = trace_of(ex, four);
    uint64_t p4 = minimise_path(ex, tr), h4 = verdict_path_hash(tr);
    tr = trace_of(ex, none);
    uint64_t p0 = minimise_path(ex, tr);
    CHECK_MSG(p2 == p4, "2 and 4 iterations of one loop: paths %016llx, %016llx", (unsigned long long)p2,
              (unsigned long long)p4);
    CHECK_MSG(h2 != h4, "path novelty still tells trip counts apart");
    CHECK_MSG(p0 != p2, "a loop never entered is another path");
    input_destroy(two);
    input_destroy(four);
    input_destroy(none);
}

static void test_oob(explore_t *ex)
{
    /* 510, the longest that still ends: 511 and 512 wrap the 9-bit counter. */
    char *json = lg_strdup("{\"size\": 510, \"data\": [");
    for (int i = 0; i < 510; i++) {
        char *next = lg_asprintf("%s%s%d", json, i ? "," : "", 1000 + i);
        free(json);
        json = next;
    }
    char *full = lg_asprintf("%s]}", json);
    input_t *in = parse(ex->spec, full);
    free(json);
    free(full);
    lg_err_t err;
    input_t *out[2] = {NULL, NULL};
    uint64_t steps = 0, calls[2], hits[2];
    for (int k = 0; k < 2; k++) {
        const tracer_trace_t *tr = trace_of(ex, in);
        uint64_t c0 = ex->st.rtl_calls, h0 = ex->st.rtl_memo_hits;
        int rc = minimise_input(ex, in, tr, "rtl-oob:data", &out[k], &err);
        CHECK_MSG(rc == LG_OK, "%s", err.msg);
        steps = minimise_last_steps(ex);
        calls[k] = ex->st.rtl_calls - c0;
        hits[k] = ex->st.rtl_memo_hits - h0;
    }
    CHECK_MSG(input_equal(out[0], out[1]), "minimising twice gave different inputs");
    /* The second time, every candidate that reached the RTL had run before
     * (rtlmemo.c): the same calls, none simulated. */
    CHECK_MSG(calls[0] > 0 && calls[1] == 0 && hits[1] == calls[0] + hits[0],
              "RTL calls simulated %llu then %llu, answered by the memo %llu then %llu", (unsigned long long)calls[0],
              (unsigned long long)calls[1], (unsigned long long)hits[0], (unsigned long long)hits[1]);
    /* 401 elements would fire the loop's remainder probe, which the input
     * as found did not: a possible other cause, so the length stays even. */
    CHECK_MSG(out[0]->v[0].len == 402 && out[0]->v[1].scalar == 402, "minimised to length %zu", out[0]->v[0].len);
    int zeros = 1;
    for (size_t i = 0; i < out[0]->v[0].len; i++)
        zeros &= out[0]->v[0].elems[i] == 0;
    CHECK_MSG(zeros, "minimised elements not all 0");
    CHECK_MSG(steps > 0 && steps <= 400 + 16, "%llu steps", (unsigned long long)steps);
    CHECK_MSG(ex->st.minimise_steps >= 2 * steps, "stats count %llu steps", (unsigned long long)ex->st.minimise_steps);
    minimise_run_t run;
    CHECK(minimise_rerun(ex, out[0], "rtl-oob:data", &run, &err) == LG_OK);
    CHECK_MSG(run.shown && strcmp(run.sym.cls, "rtl-oob:data") == 0, "re-run shows %s", run.shown ? run.sym.cls : "-");
    input_destroy(out[0]);
    input_destroy(out[1]);
    input_destroy(in);
}

/* Records the RTL verdict of in as the round would. */
static void record(explore_t *ex, const input_t *in)
{
    lg_err_t err;
    run_result_t *rtl = run_result_create(ex->spec);
    CHECK(oracle_run(ex->oracle, in, rtl, &err) == LG_OK);
    int64_t *fv = lg_calloc(ex->fs->n ? ex->fs->n : 1, sizeof *fv);
    features_eval(ex->fs, in, fv);
    const tracer_trace_t *tr = trace_of(ex, in);
    int rc = verdict_record(ex, in, fv, 0, 0, tr, rtl, &err);
    CHECK_MSG(rc == LG_OK, "%s", err.msg);
    free(fv);
    run_result_destroy(rtl);
}

static char *read_text(const char *dir, const char *name)
{
    char *path = lg_path_join(dir, name);
    lg_err_t err;
    char *text = lg_read_file(path, NULL, &err);
    CHECK_MSG(text != NULL, "%s", err.msg);
    free(path);
    return text;
}

static void test_identity(explore_t *ex)
{
    /* A truncated element: it fires port:data. */
    input_t *a = parse(ex->spec, "{\"data\": [0, 256], \"size\": 2}");
    /* The same bug, found with a value that also wraps the sum (width:sum)
     * and a longer array: another found key, the same minimised one. */
    input_t *b = parse(ex->spec, "{\"data\": [1000, 0, 0, 0], \"size\": 4}");
    record(ex, a);
    CHECK_MSG(ex->ndivs == 1, "%zu divergences", ex->ndivs);
    uint64_t mins = ex->st.minimisations;
    record(ex, b);
    CHECK_MSG(ex->ndivs == 1, "incidental values made %zu divergences", ex->ndivs);
    CHECK_MSG(ex->st.minimisations == mins + 1, "b was not minimised");
    CHECK_MSG(ex->nfound == 2, "%zu found keys", ex->nfound);
    /* The 2nd input with b's found key is minimised again, to the same
     * divergence; the 3rd is a duplicate and costs nothing. */
    record(ex, b);
    CHECK_MSG(ex->st.minimisations == mins + 2 && ex->ndivs == 1, "2nd with a key: %llu minimisations, %zu divergences",
              (unsigned long long)(ex->st.minimisations - mins), ex->ndivs);
    record(ex, b);
    CHECK_MSG(ex->st.minimisations == mins + 2, "the 3rd input with a found key was minimised again");
    CHECK_MSG(findings_set_hits(ex->findings, 0) == 4, "hits %llu",
              (unsigned long long)findings_set_hits(ex->findings, 0));
    /* Another bug behind b's found key (mismatch:return on the same path,
     * port:data and width:sum fired): the 9-bit sum wraps on the elements
     * that fit the 8-bit port's range (the RTL reads it with zeros), and
     * the last one, which the port cuts to 255, is incidental to it. It
     * comes 4th with the key, so it is minimised again, and it is not the
     * truncation b led to. */
    input_t *c = parse(ex->spec, "{\"data\": [200, 200, 200, -1], \"size\": 4}");
    record(ex, c);
    CHECK_MSG(ex->nfound == 2, "c's found key is not b's: %zu found keys", ex->nfound);
    CHECK_MSG(ex->ndivs == 2, "the wrapped sum behind the truncation's found key: %zu divergences", ex->ndivs);
    if (ex->ndivs == 2) {
        char *in = read_text(ex->divs[1].dir, "input.json");
        CHECK_MSG(!test_contains(in, "-") && !test_contains(in, "256"), "the wrapped sum minimised to %s",
                  test_str(in));
        free(in);
    }
    input_destroy(c);
    if (ex->ndivs >= 1) {
        const char *key = findings_set_text(ex->findings, ex->divs[0].id);
        CHECK_MSG(strcmp(key, "mismatch|cause|port:data") == 0, "key %s", key);
        char *in = read_text(ex->divs[0].dir, "input.json");
        char *orig = read_text(ex->divs[0].dir, "input.orig.json");
        char *sym = read_text(ex->divs[0].dir, "symptom.json");
        CHECK_MSG(test_contains(in, "[0,256]"), "input.json %s", test_str(in));
        CHECK_MSG(test_contains(orig, "[0,256]"), "input.orig.json %s", test_str(orig));
        CHECK_MSG(test_contains(sym, "\"found_key\""), "symptom.json %s", test_str(sym));
        free(in);
        free(orig);
        free(sym);
    }
    input_destroy(a);
    input_destroy(b);
}

/* An input of accumulate of n zeros. */
static input_t *zeros(const spec_t *spec, int n)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "{\"size\": %d, \"data\": [", n);
    for (int i = 0; i < n; i++)
        lg_strbuf_puts(&b, i ? ",0" : "0");
    lg_strbuf_puts(&b, "]}");
    char *json = lg_strbuf_take(&b);
    input_t *in = parse(spec, json);
    free(json);
    return in;
}

/* The key of divergence i of ex, as text. */
static const char *div_key(const explore_t *ex, size_t i)
{
    const char *key = findings_set_text(ex->findings, ex->divs[i].id);
    return key ? key : "(none)";
}

/* Records in and checks that the explorer then holds ndivs divergences,
 * the last with a key that starts with prefix. */
static void expect(explore_t *ex, input_t *in, size_t ndivs, const char *prefix, const char *what)
{
    record(ex, in);
    CHECK_MSG(ex->ndivs == ndivs, "%s: %zu divergences, not %zu", what, ex->ndivs, ndivs);
    if (ex->ndivs)
        CHECK_MSG(strncmp(div_key(ex, ex->ndivs - 1), prefix, strlen(prefix)) == 0, "%s: key %s", what,
                  div_key(ex, ex->ndivs - 1));
    input_destroy(in);
}

/* One divergence per cause on accumulate's five plants, each found by
 * inputs whose probes differ (cause.c): an element the 8-bit port cuts,
 * negative or past 255, on an array of any length, is the port's
 * divergence ("|cause|port:data"; the C on the input as the port hands it
 * over gives the RTL's result); bytes the port hands over as they are
 * whose sum wraps the 9-bit accumulator are another, although cut and
 * read as signed two of them would sum to the RTL's wrapped result too
 * (keyed by the probes it needs on any path, width:sum among them);
 * 511 and 512 elements hang the RTL (the remainder probe of the odd
 * length and the counter's width probe of the even one are evidence, not
 * cause), 401 and 402 read past the memory's depth where the C reads its
 * own array (that depth is the cause, "|cause|depth:data"), and an odd length
 * reads the poisoned word past the unrolled loop's end. */
static void test_causes(explore_t *ex)
{
    expect(ex, parse(ex->spec, "{\"data\": [-1, 0], \"size\": 2}"), 1, "mismatch|cause|port:data", "[-1, 0]");
    expect(ex, parse(ex->spec, "{\"data\": [0, 256], \"size\": 2}"), 1, "mismatch|cause|port:data", "[0, 256]");
    expect(ex, parse(ex->spec, "{\"data\": [1, -1, 7, 9], \"size\": 4}"), 1, "mismatch|cause|port:data",
           "[1, -1, 7, 9]");
    expect(ex, parse(ex->spec, "{\"data\": [0, 197, 166, 106, 28, 15], \"size\": 6}"), 2, "mismatch|cause|",
           "a wrapped sum of bytes");
    if (ex->ndivs == 2)
        CHECK_MSG(strstr(div_key(ex, 1), "width:sum") != NULL, "the wrapped sum's key %s", div_key(ex, 1));
    expect(ex, zeros(ex->spec, 511), 3, "rtl-hang|path:", "511 elements");
    expect(ex, zeros(ex->spec, 512), 3, "rtl-hang|path:", "512 elements");
    expect(ex, zeros(ex->spec, 401), 4, "rtl-oob:data|cause|depth:data", "401 elements");
    expect(ex, zeros(ex->spec, 402), 4, "rtl-oob:data|cause|depth:data", "402 elements");
    expect(ex, zeros(ex->spec, 1), 5, "mismatch|path:", "1 element");
    CHECK_MSG(ex->st.cause_runs > 0, "no run told a cause from evidence");
}

/* eqpair diverges only where a == b: one value at a time, neither can
 * move (alone, either makes them differ: another branch direction), so
 * the minimised input keeps them as found; moved together they reach 0. */
static void test_together(explore_t *ex)
{
    input_t *in = parse(ex->spec, "{\"a\": 123456, \"b\": 123456, \"c\": 77}");
    const tracer_trace_t *tr = trace_of(ex, in);
    lg_err_t err;
    input_t *out = NULL;
    int rc = minimise_input(ex, in, tr, "mismatch:return", &out, &err);
    CHECK_MSG(rc == LG_OK, "%s", err.msg);
    if (out) {
        char *json = input_to_json(out);
        CHECK_MSG(out->v[0].scalar == 0 && out->v[1].scalar == 0 && out->v[2].scalar == 0, "minimised to %s", json);
        free(json);
    }
    input_destroy(out);
    input_destroy(in);
}

/* An explorer on the spec at path (owned by the caller with *spec) in a
 * fresh directory dir; NULL with a failed check. */
static explore_t *open_explorer(const char *path, spec_t **spec, char *dir)
{
    lg_err_t err;
    *spec = spec_load(path, &err);
    CHECK_MSG(*spec != NULL, "%s", err.msg);
    if (!*spec)
        return NULL;
    CHECK(mkdtemp(dir) != NULL);
    explore_cfg_t cfg;
    explore_cfg_default(&cfg);
    cfg.out_dir = dir;
    cfg.no_synth = 1;
    cfg.rtl_jobs = 1;
    cfg.progress = 0;
    static lg_log_t log; /* the explorer borrows it for its life */
    log = lg_log_make(LG_LOG_WARN);
    explore_t *ex = explore_create(*spec, &cfg, &log, &err);
    CHECK_MSG(ex != NULL, "%s: %s", path, err.msg);
    return ex;
}

static void close_explorer(explore_t *ex, spec_t *spec, const char *dir)
{
    explore_destroy(ex);
    lg_remove_tree(dir);
    spec_destroy(spec);
}

int main(void)
{
    spec_t *spec = NULL;
    char dir[] = "/tmp/lgfuzz-test-minimise-XXXXXX";
    explore_t *ex = open_explorer(LG_TEST_KERNELS "/accumulate/kernel.yaml", &spec, dir);
    if (ex) {
        test_path(ex);
        test_oob(ex);
        test_identity(ex);
    }
    close_explorer(ex, spec, dir);
    char dir3[] = "/tmp/lgfuzz-test-minimise-XXXXXX";
    ex = open_explorer(LG_TEST_KERNELS "/accumulate/kernel.yaml", &spec, dir3);
    if (ex)
        test_causes(ex);
    close_explorer(ex, spec, dir3);
    char dir2[] = "/tmp/lgfuzz-test-minimise-XXXXXX";
    ex = open_explorer(LG_TEST_OWN "/eqpair/kernel.yaml", &spec, dir2);
    if (ex)
        test_together(ex);
    close_explorer(ex, spec, dir2);
    TEST_DONE();
}
