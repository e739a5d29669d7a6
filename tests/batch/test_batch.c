/* Unit tests of lgfuzz batch's planning and summaries: --shard parsing,
 * round-robin shards, the budget rule and its guarantees, per-kernel
 * seeds, unique directory names from real specs, the status of a kernel
 * directory read back from its files, and the summary's exit code. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch/batch.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

#define SEC 1000000000ull

static void test_shard_parse(void)
{
    static const struct {
        const char *text;
        int ok;
        unsigned i, n;
        const char *msg; /* part of the error message */
    } cases[] = {
        {"1/1", 1, 1, 1, NULL},
        {"1/2", 1, 1, 2, NULL},
        {"2/2", 1, 2, 2, NULL},
        {"8/8", 1, 8, 8, NULL},
        {"3/10", 1, 3, 10, NULL},
        {"0/2", 0, 0, 0, "count from 1"},
        {"3/2", 0, 0, 0, "does not exist"},
        {"1/0", 0, 0, 0, "at least 1"},
        {"a/b", 0, 0, 0, "expected I/N"},
        {"1/2x", 0, 0, 0, "expected I/N"},
        {"", 0, 0, 0, "expected I/N"},
        {"-1/2", 0, 0, 0, "expected I/N"},
        {"1/", 0, 0, 0, "expected I/N"},
        {"/2", 0, 0, 0, "expected I/N"},
        {"2", 0, 0, 0, "expected I/N"},
        {"1/2/3", 0, 0, 0, "expected I/N"},
        {" 1/2", 0, 0, 0, "expected I/N"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        batch_shard_t s = {0, 0};
        lg_err_t err;
        lg_err_clear(&err);
        int rc = batch_shard_parse(cases[k].text, &s, &err);
        CHECK_MSG((rc == LG_OK) == cases[k].ok, "'%s': rc %d", cases[k].text, rc);
        if (cases[k].ok) {
            CHECK_MSG(s.index == cases[k].i && s.count == cases[k].n, "'%s' -> %u/%u", cases[k].text, s.index, s.count);
        } else {
            CHECK(rc == LG_EINVAL);
            CHECK_STR_CONTAINS(err.msg, cases[k].msg);
        }
    }
    lg_err_t err;
    CHECK(batch_shard_parse(NULL, &(batch_shard_t){0, 0}, &err) == LG_EINVAL);
}

/* Every kernel is in exactly one shard and shard sizes differ by <= 1. */
static void test_shard_cover(void)
{
    for (unsigned n = 1; n <= 9; n++) {
        for (size_t nall = 0; nall <= 20; nall++) {
            size_t lo = (size_t)-1, hi = 0;
            for (size_t pos = 0; pos < nall; pos++) {
                int owners = 0;
                for (unsigned i = 1; i <= n; i++)
                    owners += batch_shard_has((batch_shard_t){i, n}, pos);
                CHECK_MSG(owners == 1, "pos %zu of %zu in %d of %u shards", pos, nall, owners, n);
            }
            for (unsigned i = 1; i <= n; i++) {
                size_t cnt = 0;
                for (size_t pos = 0; pos < nall; pos++)
                    cnt += batch_shard_has((batch_shard_t){i, n}, pos);
                CHECK(cnt == batch_shard_size((batch_shard_t){i, n}, nall));
                lo = cnt < lo ? cnt : lo;
                hi = cnt > hi ? cnt : hi;
            }
            CHECK_MSG(hi - lo <= 1, "%zu kernels over %u shards: sizes %zu..%zu", nall, n, lo, hi);
        }
    }
}

static void test_budget_table(void)
{
    static const struct {
        uint64_t total;
        size_t nall;
        unsigned jobs, i, n;
        uint64_t want;
    } cases[] = {
        {12 * SEC, 3, 2, 1, 1, 6 * SEC},           /* 2 waves */
        {12 * SEC, 3, 2, 1, 2, 6 * SEC},           /* shard of 2 kernels: 6s share, 1 wave */
        {12 * SEC, 3, 2, 2, 2, 6 * SEC},           /* shard of 1 kernel */
        {60 * SEC, 4, 1, 1, 1, 15 * SEC},          /* one at a time */
        {60 * SEC, 4, 8, 1, 1, 60 * SEC},          /* more jobs than kernels */
        {60 * SEC, 7, 3, 1, 2, 15 * SEC},          /* shard of 4: 30s share over 2 waves */
        {60 * SEC, 7, 3, 2, 2, 20 * SEC},          /* shard of 3: 30s share in 1 wave, capped at 60/ceil(7/3) */
        {10 * SEC, 3, 1, 1, 1, 3333 * 1000000ull}, /* truncated to ms */
        {60 * SEC, 2, 1, 3, 3, 0},                 /* empty shard */
        {60 * SEC, 2, 0, 1, 1, 0},                 /* no job slot */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint64_t got =
            batch_kernel_budget(cases[k].total, cases[k].nall, cases[k].jobs, (batch_shard_t){cases[k].i, cases[k].n});
        CHECK_MSG(got == cases[k].want, "case %zu: %llu ns, want %llu", k, (unsigned long long)got,
                  (unsigned long long)cases[k].want);
    }
}

/* The guarantees stated in docs/batch.md, over many shapes: a shard's
 * fuzzing wall time stays within its share, all shards together within
 * the total, and the shards' kernel-seconds within the unsharded run's. */
static void test_budget_rule(void)
{
    const uint64_t total = 3600 * SEC;
    for (size_t nall = 1; nall <= 16; nall++) {
        for (unsigned jobs = 1; jobs <= 5; jobs++) {
            uint64_t whole = batch_kernel_budget(total, nall, jobs, (batch_shard_t){1, 1});
            uint64_t whole_ks = whole * nall;
            CHECK(whole * ((nall + jobs - 1) / jobs) <= total);
            for (unsigned n = 1; n <= 6; n++) {
                uint64_t wall_sum = 0, ks_sum = 0;
                for (unsigned i = 1; i <= n; i++) {
                    batch_shard_t s = {i, n};
                    size_t ni = batch_shard_size(s, nall);
                    uint64_t per = batch_kernel_budget(total, nall, jobs, s);
                    uint64_t wall = per * ((ni + jobs - 1) / jobs);
                    CHECK_MSG(wall <= total / n, "n=%zu jobs=%u shard %u/%u: wall %llu", nall, jobs, i, n,
                              (unsigned long long)wall);
                    CHECK(per <= whole);
                    wall_sum += wall;
                    ks_sum += per * ni;
                }
                CHECK(wall_sum <= total);
                CHECK_MSG(ks_sum <= whole_ks, "n=%zu jobs=%u shards %u: %llu > %llu kernel-ns", nall, jobs, n,
                          (unsigned long long)ks_sum, (unsigned long long)whole_ks);
            }
        }
    }
}

static void test_seed(void)
{
    uint64_t a = batch_kernel_seed(1, "accumulate");
    CHECK(a == batch_kernel_seed(1, "accumulate"));
    CHECK(a != batch_kernel_seed(2, "accumulate"));
    CHECK(a != batch_kernel_seed(1, "accumulate-2"));
    CHECK(batch_kernel_seed(1, "clamp") != batch_kernel_seed(1, "histo"));
    const char *names[] = {"a", "b", "accumulate", "clamp", "histo", "x-2"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        for (uint64_t seed = 0; seed < 50; seed++)
            CHECK(batch_kernel_seed(seed, names[i]) < (1ull << 63));
}

#define KDIR LG_TEST_SRC "/tests/batch/kernels/"

static const char *find_name(const batch_plan_t *p, const char *spec_suffix)
{
    for (size_t i = 0; i < p->n; i++) {
        size_t ls = strlen(p->k[i].spec), lx = strlen(spec_suffix);
        if (ls >= lx && strcmp(p->k[i].spec + ls - lx, spec_suffix) == 0)
            return p->k[i].name;
    }
    return NULL;
}

/* Names come from the specs, are unique, do not depend on the order of
 * the command line, and shards split the same list. */
static void test_plan(void)
{
    char *order1[] = {KDIR "clamp/kernel.yaml", KDIR "clamp-copy/kernel.yaml", KDIR "histo/kernel.yaml",
                      KDIR "invalid/kernel.yaml", KDIR "histo/../histo/kernel.yaml"};
    char *order2[] = {KDIR "invalid/kernel.yaml", KDIR "histo/kernel.yaml", KDIR "clamp-copy/kernel.yaml",
                      KDIR "clamp/kernel.yaml"};
    batch_plan_cfg_t cfg = {0, 5 * SEC, 2, 7, {1, 1}};
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    batch_plan_t *p1 = NULL, *p2 = NULL;
    lg_err_t err;
    CHECK(batch_plan_create(order1, 5, &cfg, &quiet, &p1, &err) == LG_OK);
    CHECK(batch_plan_create(order2, 4, &cfg, &quiet, &p2, &err) == LG_OK);
    if (!p1 || !p2)
        goto done;
    CHECK(p1->n == 4 && p1->n_all == 4); /* histo listed twice runs once */
    const char *want[] = {"clamp", "clamp-2", "histo", "invalid"};
    for (size_t i = 0; i < 4 && i < p1->n; i++) {
        CHECK_MSG(strcmp(p1->k[i].name, want[i]) == 0, "name %zu: %s", i, p1->k[i].name);
        CHECK(strcmp(p1->k[i].name, p2->k[i].name) == 0 && strcmp(p1->k[i].spec, p2->k[i].spec) == 0);
        CHECK(p1->k[i].seed == batch_kernel_seed(7, p1->k[i].name));
        CHECK(p1->k[i].budget_ns == 5 * SEC);
    }
    const char *a = find_name(p1, "/clamp/kernel.yaml"), *b = find_name(p1, "/clamp-copy/kernel.yaml");
    CHECK(a && b && strcmp(a, b) != 0);
    CHECK(find_name(p1, "/invalid/kernel.yaml") && p1->k[3].spec_error && !p1->k[3].kernel);
    CHECK_STR_CONTAINS(p1->k[3].spec_error, "missing.c");
    CHECK(p1->k[0].spec_error == NULL && strcmp(p1->k[0].kernel, "clamp") == 0);
    for (unsigned i = 1; i <= 2; i++) {
        batch_plan_cfg_t sc = cfg;
        sc.shard = (batch_shard_t){i, 2};
        batch_plan_t *ps = NULL;
        CHECK(batch_plan_create(order2, 4, &sc, &quiet, &ps, &err) == LG_OK);
        for (size_t j = 0; ps && j < ps->n; j++) {
            CHECK(strcmp(ps->k[j].name, want[2 * j + i - 1]) == 0);
            CHECK(ps->k[j].seed == p1->k[2 * j + i - 1].seed);
        }
        batch_plan_destroy(ps);
    }
done:
    batch_plan_destroy(p1);
    batch_plan_destroy(p2);
}

static void test_plan_errors(void)
{
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    batch_plan_t *p = NULL;
    lg_err_t err;
    char *missing[] = {KDIR "clamp/kernel.yaml", KDIR "nosuch/kernel.yaml"};
    batch_plan_cfg_t cfg = {0, 5 * SEC, 1, 1, {1, 1}};
    CHECK(batch_plan_create(missing, 2, &cfg, &quiet, &p, &err) == LG_EINVAL && !p);
    CHECK_STR_CONTAINS(err.msg, "nosuch/kernel.yaml");
    char *three[] = {KDIR "clamp/kernel.yaml", KDIR "histo/kernel.yaml", KDIR "clamp-copy/kernel.yaml"};
    batch_plan_cfg_t tiny = {2 * SEC, 0, 1, 1, {1, 1}}; /* 0.666s each */
    CHECK(batch_plan_create(three, 3, &tiny, &quiet, &p, &err) == LG_EINVAL && !p);
    CHECK_STR_CONTAINS(err.msg, "below the 1s minimum");
    batch_plan_cfg_t total = {6 * SEC, 0, 1, 1, {1, 1}};
    CHECK(batch_plan_create(three, 3, &total, &quiet, &p, &err) == LG_OK && p && p->kernel_ns == 2 * SEC &&
          p->wall_ns == 6 * SEC);
    batch_plan_destroy(p);
}

/* Kernel directories written from text, read back as rows. */
typedef struct dircase {
    const char *name;
    const char *run_json;   /* NULL: no file */
    const char *stats_json; /* NULL: no file */
    const char *guard_json; /* NULL: no file */
    const char *run_log;
    const char *status;
    const char *error; /* part of the error, NULL when none */
    size_t divergences;
} dircase_t;

#define STATS(st, nd, det)                                                                                             \
    "{\"kernel\":\"k\",\"spec\":\"/s/k.yaml\",\"status\":\"" st "\",\"seconds\":2.5,\"seed\":9,"                       \
    "\"execs\":100,\"branches_covered\":3,\"branches_total\":4,\"paths\":2,\"rtl_invoked\":7,"                         \
    "\"rtl_skipped\":5,\"divergences\":" #nd ",\"divergences_detail\":[" det "]}"
#define DIV(c) "{\"class\":\"" c "\",\"detail\":\"d\",\"dir\":\"x\"}"
#define DIVT(c, t) "{\"class\":\"" c "\",\"detail\":\"d\",\"dir\":\"x\",\"triage\":\"" t "\"}"
#define RUN(extra) "{\"name\":\"k\",\"kernel\":\"k\",\"spec\":\"/s/k.yaml\",\"budget_seconds\":2,\"seed\":9," extra "}"

static const dircase_t dircases[] = {
    {"ok", RUN("\"started\":true,\"exit_code\":0,\"wall_seconds\":3"), STATS("complete", 0, ""), NULL, "", "ok", NULL,
     0},
    {"divergent", NULL,
     STATS("complete", 3, DIV("rtl-hang") "," DIVT("mismatch:return", "c-ub:readback") "," DIV("rtl-hang")),
     "{\"precision\":0.75,\"recall\":1}", "", "divergent", NULL, 3},
    {"interrupted", RUN("\"started\":true,\"exit_code\":1"), STATS("interrupted", 1, DIV("rtl-hang")), NULL, "",
     "interrupted", NULL, 1},
    {"build", RUN("\"started\":true,\"exit_code\":2"), NULL, NULL,
     "lgfuzz: tracer: building\nlgfuzz run: clang failed: k.c:5:16: error: nope\n  more\n", "build-failed",
     "k.c:5:16: error: nope", 0},
    {"failed", RUN("\"started\":true,\"exit_code\":2"), STATS("failed", 0, ""), NULL, "lgfuzz run: disk full\n",
     "failed", "disk full", 0},
    {"crashed", RUN("\"started\":true,\"exit_code\":null,\"signal\":\"SIGKILL\""), STATS("running", 0, ""), NULL, "",
     "crashed", "SIGKILL", 0},
    {"stale", RUN("\"started\":true,\"exit_code\":0"), STATS("running", 0, ""), NULL, "", "crashed", "final", 0},
    {"specerr", RUN("\"started\":false,\"spec_error\":true,\"error\":\"k.yaml:3:1: bad\""), NULL, NULL, "",
     "spec-error", "k.yaml:3:1: bad", 0},
    {"notrun", RUN("\"started\":false,\"spec_error\":false,\"error\":null"), NULL, NULL, "", "not-run", NULL, 0},
};

static void write_text(const char *dir, const char *name, const char *text)
{
    if (!text)
        return;
    char *p = lg_path_join(dir, name);
    lg_err_t err;
    CHECK(lg_write_file_atomic(p, text, strlen(text), &err) == LG_OK);
    free(p);
}

static void make_dir(const char *root, const dircase_t *c)
{
    char *d = lg_path_join(root, c->name);
    char *g = lg_path_join(d, "guards");
    lg_err_t err;
    CHECK(lg_mkdirs(g, &err) == LG_OK);
    write_text(d, "run.json", c->run_json);
    write_text(d, "stats.json", c->stats_json);
    write_text(g, "guard.json", c->guard_json);
    write_text(d, "run.log", c->run_log);
    free(g);
    free(d);
}

static void test_rows(const char *root)
{
    for (size_t k = 0; k < sizeof dircases / sizeof dircases[0]; k++) {
        const dircase_t *c = &dircases[k];
        make_dir(root, c);
        char *d = lg_path_join(root, c->name);
        batch_row_t row;
        lg_err_t err;
        int rc = batch_row_load(d, &row, &err);
        CHECK_MSG(rc == LG_OK, "%s: %s", c->name, err.msg);
        if (rc == LG_OK) {
            CHECK_MSG(strcmp(row.status, c->status) == 0, "%s: status %s, want %s", c->name, row.status, c->status);
            CHECK_MSG(c->error ? test_contains(row.error, c->error) : row.error == NULL, "%s: error '%s'", c->name,
                      row.error ? row.error : "(none)");
            CHECK(row.divergences == c->divergences);
            batch_row_free(&row);
        }
        free(d);
    }
    /* The divergent case in detail: classes and triage classes counted and
     * sorted, guard read. */
    char *d = lg_path_join(root, "divergent");
    batch_row_t row;
    lg_err_t err;
    if (batch_row_load(d, &row, &err) == LG_OK) {
        CHECK(row.nclasses == 2 && strcmp(row.classes[0].cls, "mismatch:return") == 0 && row.classes[0].count == 1 &&
              strcmp(row.classes[1].cls, "rtl-hang") == 0 && row.classes[1].count == 2);
        CHECK(row.ntriages == 1 && strcmp(row.triages[0].cls, "c-ub:readback") == 0 && row.triages[0].count == 1);
        CHECK(row.guard && row.has_precision && row.precision == 0.75 && row.has_recall && row.recall == 1.0);
        CHECK(row.execs == 100 && row.branches_covered == 3 && row.rtl_invoked == 7 && row.rtl_skipped == 5);
        CHECK(strcmp(row.name, "divergent") == 0 && strcmp(row.kernel, "k") == 0);
        batch_row_free(&row);
    }
    free(d);
    /* Nested one level down, so the summaries of root below do not meet it. */
    d = lg_path_join(root, "nested/malformed");
    CHECK(lg_mkdirs(d, &err) == LG_OK);
    write_text(d, "stats.json", "{\"kernel\": ");
    CHECK(batch_row_load(d, &row, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "stats.json");
    free(d);
    CHECK(batch_row_load(root, &row, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "not an lgfuzz output directory");
}

/* Exit codes of summaries made of some of the cases above. */
static void test_summary(const char *root)
{
    static const struct {
        const char *dirs[3];
        int code;
    } cases[] = {
        {{"ok", NULL, NULL}, 0},          {{"ok", "notrun", NULL}, 0},        {{"ok", "divergent", NULL}, 1},
        {{"interrupted", NULL, NULL}, 1}, {{"divergent", "build", NULL}, 2},  {{"specerr", NULL, NULL}, 2},
        {{"ok", "crashed", NULL}, 2},     {{"failed", "divergent", "ok"}, 2},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        batch_summary_t *s = batch_summary_create();
        size_t n = 0;
        for (int i = 0; i < 3 && cases[k].dirs[i]; i++, n++) {
            char *d = lg_path_join(root, cases[k].dirs[i]);
            lg_err_t err;
            CHECK(batch_summary_add_dir(s, d, &err) == LG_OK);
            free(d);
        }
        CHECK(batch_summary_count(s) == n);
        CHECK_MSG(batch_summary_exit_code(s) == cases[k].code, "case %zu: exit %d", k, batch_summary_exit_code(s));
        batch_summary_destroy(s);
    }
    /* A batch directory without batch.json: every kernel directory in it. */
    batch_summary_t *s = batch_summary_create();
    lg_err_t err;
    CHECK(batch_summary_add_dir(s, root, &err) == LG_OK);
    CHECK(batch_summary_count(s) == sizeof dircases / sizeof dircases[0]);
    char *md = batch_summary_markdown(s);
    char *js = batch_summary_json(s);
    CHECK_STR_CONTAINS(md, "| divergent | divergent | 2.5 | - | - | 100 | 3/4 | 3 (mismatch:return 1, rtl-hang 2; "
                           "c-ub:readback 1) | 0 | 7/5 |"
                           " yes (precision 0.75, recall 1.00) |");
    CHECK_STR_CONTAINS(md, "**total: 9 kernels**");
    CHECK_STR_CONTAINS(md, "- k (build-failed): clang failed: k.c:5:16: error: nope");
    CHECK_STR_CONTAINS(js, "\"rtl-hang\":3");
    CHECK_STR_CONTAINS(js, "\"divergence_triage\"");
    CHECK_STR_CONTAINS(js, "\"c-ub:readback\":1");
    CHECK_STR_CONTAINS(js, "\"exit_code\":2");
    free(md);
    free(js);
    batch_summary_destroy(s);
    /* With batch.json, only the kernels it lists; a listed kernel without a
     * directory is not-run. */
    write_text(root, "batch.json", "{\"shard\":\"1/1\",\"kernels\":[\"ok\",\"gone\"]}");
    s = batch_summary_create();
    CHECK(batch_summary_add_dir(s, root, &err) == LG_OK);
    CHECK(batch_summary_count(s) == 2);
    md = batch_summary_markdown(s);
    CHECK_STR_CONTAINS(md, "| gone | not-run |");
    free(md);
    batch_summary_destroy(s);
    s = batch_summary_create();
    char *nodir = lg_path_join(root, "ok/corpus-none");
    CHECK(batch_summary_add_dir(s, nodir, &err) == LG_EINVAL);
    free(nodir);
    batch_summary_destroy(s);
}

/* The watchdog, with a stand-in for lgfuzz that ignores SIGINT and never
 * ends: it must get SIGINT, then SIGKILL, and the batch must finish. */
static void test_watchdog(const char *root)
{
    char *exe = lg_path_join(root, "stubborn.sh");
    write_text(root, "stubborn.sh", "#!/bin/sh\ntrap '' INT\nexec sleep 120\n");
    CHECK(chmod(exe, 0755) == 0);
    char *out = lg_path_join(root, "wd");
    batch_kernel_t k = {"stubborn", "stubborn", "/nonexistent/kernel.yaml", NULL, 1, SEC};
    batch_plan_t plan = {
        .k = &k, .n = 1, .n_all = 1, .shard = {1, 1}, .jobs = 1, .kernel_ns = SEC, .wall_ns = SEC, .seed = 1};
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    batch_run_cfg_t cfg = {out, exe, NULL, 0, NULL, &quiet, SEC, NULL};
    lg_err_t err;
    CHECK(batch_run(&plan, &cfg, &err) == LG_OK);
    char *dir = lg_path_join(out, "stubborn");
    batch_row_t row;
    if (batch_row_load(dir, &row, &err) == LG_OK) {
        CHECK_MSG(strcmp(row.status, "crashed") == 0, "status %s", row.status);
        CHECK_STR_CONTAINS(row.error, "killed by SIGKILL from the batch watchdog");
        batch_row_free(&row);
    } else {
        CHECK_MSG(0, "%s", err.msg);
    }
    char *runj = lg_path_join(dir, "run.json");
    char *text = lg_read_file(runj, NULL, &err);
    CHECK_STR_CONTAINS(text, "\"watchdog\":\"SIGKILL\"");
    CHECK_STR_CONTAINS(text, "\"signal\":\"SIGKILL\"");
    free(text);
    free(runj);
    free(dir);
    free(out);
    free(exe);
}

int main(void)
{
    test_shard_parse();
    test_shard_cover();
    test_budget_table();
    test_budget_rule();
    test_seed();
    test_plan();
    test_plan_errors();
    char tmpl[] = "/tmp/lgfuzz-test-batch-XXXXXX";
    char *root = mkdtemp(tmpl);
    CHECK(root != NULL);
    if (root) {
        test_rows(root);
        test_summary(root);
        test_watchdog(root);
        char *cmd = lg_asprintf("rm -rf '%s'", root);
        CHECK(system(cmd) == 0);
        free(cmd);
    }
    TEST_DONE();
}
