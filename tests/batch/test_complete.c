/* Unit tests of lgfuzz report's completeness checks, on batch directories
 * written by the test (batch.json, run.json and stats.json of a batch of 7
 * kernels in 3 shards): a complete set, shards missing, given twice or of
 * another batch, kernels given twice, written by another run or
 * unfinished; and batch_dir_check, which keeps lgfuzz batch from writing
 * over another shard's directory.
 *
 * `test_batch_complete --make DIR` writes the same directories into DIR
 * and exits, for the end-to-end check of `lgfuzz report` (run_batch.cmake,
 * CHECK=report). */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* The batch: 7 kernels dealt round-robin to 3 shards, so shard 1 holds a,
 * d, g; shard 2 b, e; shard 3 c, f. */
static const char *const all[] = {"a", "b", "c", "d", "e", "f", "g"};
#define NALL 7
#define NSHARD 3

static void write_text(const char *dir, const char *name, const char *text)
{
    char *p = lg_path_join(dir, name);
    lg_err_t err;
    CHECK_MSG(lg_write_file_atomic(p, text, strlen(text), &err) == LG_OK, "%s", err.msg);
    free(p);
}

/* One kernel directory as the batch run run_id writes it: run.json, and
 * stats.json of a complete run with seed stats_seed (the batch's seed for
 * the kernel unless a test replaces it), status and divergences. */
static void make_kernel(const char *bdir, const char *name, uint64_t seed, const char *run_id, uint64_t stats_seed,
                        const char *status, int divergences)
{
    char *d = lg_path_join(bdir, name);
    lg_err_t err;
    CHECK(lg_mkdirs(d, &err) == LG_OK);
    char *run = lg_asprintf("{\"name\":\"%s\",\"kernel\":\"%s\",\"spec\":\"/s/%s.yaml\",\"budget_seconds\":2,"
                            "\"seed\":%llu,\"started\":true,\"exit_code\":%d,\"wall_seconds\":2.5,\"run_id\":\"%s\","
                            "\"spec_error\":false}",
                            name, name, name, (unsigned long long)seed, divergences ? 1 : 0, run_id);
    char *stats = lg_asprintf("{\"kernel\":\"%s\",\"spec\":\"/s/%s.yaml\",\"status\":\"%s\",\"seconds\":2,"
                              "\"seed\":%llu,\"execs\":10,\"branches_covered\":1,\"branches_total\":2,"
                              "\"divergences\":%d,\"divergences_detail\":[%s]}",
                              name, name, status, (unsigned long long)stats_seed, divergences,
                              divergences ? "{\"class\":\"mismatch:return\",\"detail\":\"d\",\"dir\":\"x\"}" : "");
    write_text(d, "run.json", run);
    write_text(d, "stats.json", stats);
    free(run);
    free(stats);
    free(d);
}

/* How a shard directory differs from the batch run's own output. */
typedef struct tweak {
    const char *kernel;  /* the kernel it applies to; NULL for none */
    uint64_t stats_seed; /* its stats.json's seed, when not 0 */
    const char *run_id;  /* its run.json's run_id, when not NULL */
    const char *status;  /* its stats.json's status, when not NULL */
    int divergences;
    int no_dir; /* no directory at all (the batch ended before it) */
} tweak_t;

/* Shard index/count of the batch with seed into root/dir, written by the
 * batch run run_id; with count 1 the whole batch. */
static void make_shard(const char *root, const char *dir, unsigned index, unsigned count, uint64_t seed,
                       const char *run_id, const tweak_t *tw)
{
    char *bdir = lg_path_join(root, dir);
    lg_err_t err;
    CHECK(lg_mkdirs(bdir, &err) == LG_OK);
    lg_strbuf_t allj, mine;
    lg_strbuf_init(&allj);
    lg_strbuf_init(&mine);
    size_t n = 0;
    batch_shard_t sh = {index, count};
    for (size_t p = 0; p < NALL; p++) {
        lg_strbuf_printf(&allj, "%s\"%s\"", p ? "," : "", all[p]);
        if (!batch_shard_has(sh, p))
            continue;
        lg_strbuf_printf(&mine, "%s\"%s\"", n++ ? "," : "", all[p]);
        uint64_t ks = batch_kernel_seed(seed, all[p]);
        int mine_tw = tw && tw->kernel && strcmp(tw->kernel, all[p]) == 0;
        if (mine_tw && tw->no_dir)
            continue;
        make_kernel(bdir, all[p], ks, mine_tw && tw->run_id ? tw->run_id : run_id,
                    mine_tw && tw->stats_seed ? tw->stats_seed : ks, mine_tw && tw->status ? tw->status : "complete",
                    mine_tw ? tw->divergences : 0);
    }
    char *bj = lg_asprintf("{\"format\":2,\"status\":\"complete\",\"run_id\":\"%s\",\"shard\":\"%u/%u\","
                           "\"shard_index\":%u,\"shard_count\":%u,\"kernels_total\":%d,\"seed\":%llu,"
                           "\"budget_seconds\":0,\"kernel_budget_seconds\":2,\"all_kernels\":[%s],\"kernels\":[%s],"
                           "\"jobs\":1,\"run_args\":[]}",
                           run_id, index, count, index, count, NALL, (unsigned long long)seed, allj.s, mine.s);
    write_text(bdir, "batch.json", bj);
    free(bj);
    lg_strbuf_free(&allj);
    lg_strbuf_free(&mine);
    free(bdir);
}

/* Every directory the cases below read. */
static void make_all(const char *root)
{
    make_shard(root, "s1", 1, NSHARD, 1, "r1", NULL);
    make_shard(root, "s2", 2, NSHARD, 1, "r2", NULL);
    make_shard(root, "s3", 3, NSHARD, 1, "r3", NULL);
    /* A copy of shard 2 (the same run's output, somewhere else). */
    make_shard(root, "s2-copy", 2, NSHARD, 1, "r2", NULL);
    /* Shard 1 with d's directory rewritten by a run of another seed. */
    make_shard(root, "s1-seed", 1, NSHARD, 1, "r1", &(tweak_t){.kernel = "d", .stats_seed = 999});
    /* Shard 1 with g's run.json from another batch run. */
    make_shard(root, "s1-run", 1, NSHARD, 1, "r1", &(tweak_t){.kernel = "g", .run_id = "r0"});
    /* Shard 3 with a divergence in f. */
    make_shard(root, "s3-div", 3, NSHARD, 1, "r3", &(tweak_t){.kernel = "f", .divergences = 1});
    /* Shard 3 interrupted in c; shard 2 ended before e. */
    make_shard(root, "s3-int", 3, NSHARD, 1, "r3", &(tweak_t){.kernel = "c", .status = "interrupted"});
    make_shard(root, "s2-cut", 2, NSHARD, 1, "r2", &(tweak_t){.kernel = "e", .no_dir = 1});
    /* The whole batch again, as --shard 1/1; shard 3 with another seed. */
    make_shard(root, "whole", 1, 1, 1, "r9", NULL);
    make_shard(root, "s3-seed2", 3, NSHARD, 2, "r8", NULL);
    /* Shards 1 and 3 run one after the other into one --out: shard 3's
     * batch.json replaced shard 1's. */
    make_shard(root, "mixed", 1, NSHARD, 1, "r1", NULL);
    make_shard(root, "mixed", 3, NSHARD, 1, "r3", NULL);
}

/* Reads the members of summary.json's completeness object. */
static char *list_text(json_object * compl, const char *key)
{
    json_object *arr = NULL;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    if (json_object_object_get_ex(compl, key, &arr) && json_object_is_type(arr, json_type_array))
        for (size_t i = 0; i < json_object_array_length(arr); i++)
            lg_strbuf_printf(&b, "%s%s", i ? "," : "", json_object_get_string(json_object_array_get_idx(arr, i)));
    return lg_strbuf_take(&b);
}

typedef struct ccase {
    const char *dirs[5];
    int code;
    /* "list=a,b" pairs the completeness object must hold; lists not named
     * must be empty. */
    const char *lists[6];
    const char *lines[5]; /* parts of problem lines */
} ccase_t;

static const char *const list_keys[] = {"conflicts", "missing_shards", "duplicate_shards", "missing", "duplicated",
                                        "replaced",  "interrupted",    "not_run",          "running"};

static const ccase_t ccases[] = {
    /* Complete, in any order. */
    {{"s1", "s2", "s3"}, 0, {NULL}, {NULL}},
    {{"s3", "s1", "s2"}, 0, {NULL}, {NULL}},
    {{"s1", "s2", "s3-div"}, 1, {NULL}, {NULL}},
    /* One shard missing, one given twice, one kernel replaced. */
    {{"s1-seed", "s2", "s2-copy"},
     3,
     {"missing_shards=3/3", "missing=c,f", "duplicate_shards=2/3", "duplicated=b,e", "replaced=d"},
     {"shard 3/3 missing", "its kernels: c, f", "shard 2/3 given 2 times", "kernel b given 2 times",
      "kernel d replaced by another run: "}},
    /* The same directory twice. */
    {{"s1", "s2", "s3", "s2"},
     3,
     {"duplicate_shards=2/3", "duplicated=b,e"},
     {"(a directory given more than once)", "kernel e given 2 times"}},
    {{"s1-run", "s2", "s3"}, 3, {"replaced=g"}, {"run.json was written by batch run r0, not by the run of"}},
    {{"s1", "s2", "s3", "whole"},
     3,
     {"conflicts=", "duplicated=a,b,c,d,e,f,g"},
     {"is not a shard of the batch of", "shard count", "kernel a given 2 times"}},
    {{"s1", "s2", "s3-seed2"},
     3,
     {"conflicts=", "missing_shards=3/3"},
     {"seed:", "--seed 1", "--seed 2", "shard 3/3 missing"}},
    {{"s1", "s2-cut", "s3-int"}, 3, {"interrupted=c", "not_run=e"}, {"1 kernel interrupted: c", "1 kernel not run: e"}},
    {{"s2", "mixed"},
     3,
     {"missing_shards=1/3", "missing=a,d,g"},
     {"shard 1/3 missing", "its kernels: a, d, g", "has directories of them, but its batch.json is another shard's"}},
    /* Shard 1 alone: the others are missing. */
    {{"s1"}, 3, {"missing_shards=2/3,3/3", "missing=b,e,c,f"}, {"shard 2/3 missing", "shard 3/3 missing"}},
};

/* A list named in c->lists with its expected text; NULL when not named. */
static const char *want_list(const ccase_t *c, const char *key)
{
    size_t lk = strlen(key);
    for (int i = 0; i < 6 && c->lists[i]; i++)
        if (strncmp(c->lists[i], key, lk) == 0 && c->lists[i][lk] == '=')
            return c->lists[i] + lk + 1;
    return NULL;
}

static void check_case(const char *root, size_t k)
{
    const ccase_t *c = &ccases[k];
    batch_summary_t *s = batch_summary_create();
    batch_summary_check_complete(s);
    for (int i = 0; i < 5 && c->dirs[i]; i++) {
        char *d = lg_path_join(root, c->dirs[i]);
        lg_err_t err;
        CHECK_MSG(batch_summary_add_dir(s, d, &err) == LG_OK, "%s", err.msg);
        free(d);
    }
    CHECK_MSG(batch_summary_exit_code(s) == c->code, "case %zu: exit %d, want %d", k, batch_summary_exit_code(s),
              c->code);
    char **lines;
    size_t n = batch_summary_problems(s, &lines);
    lg_strbuf_t all_lines;
    lg_strbuf_init(&all_lines);
    for (size_t i = 0; i < n; i++) {
        lg_strbuf_printf(&all_lines, "%s\n", lines[i]);
        free(lines[i]);
    }
    free(lines);
    CHECK_MSG((n == 0) == (c->code != 3), "case %zu: %zu problems:\n%s", k, n, all_lines.s);
    for (int i = 0; i < 5 && c->lines[i]; i++)
        CHECK_MSG(strstr(all_lines.s, c->lines[i]), "case %zu: no problem line with '%s':\n%s", k, c->lines[i],
                  all_lines.s);
    char *js = batch_summary_json(s);
    json_object *o = json_tokener_parse(js);
    json_object *compl = NULL;
    CHECK(o && json_object_object_get_ex(o, "completeness", &compl ) && compl );
    for (size_t i = 0; compl &&i < sizeof list_keys / sizeof list_keys[0]; i++) {
        const char *want = want_list(c, list_keys[i]);
        char *got = list_text(compl, list_keys[i]);
        if (!want)
            CHECK_MSG(*got == '\0', "case %zu: %s holds %s", k, list_keys[i], got);
        else if (*want)
            CHECK_MSG(strcmp(got, want) == 0, "case %zu: %s is '%s', want '%s'", k, list_keys[i], got, want);
        else
            CHECK_MSG(*got != '\0', "case %zu: %s is empty", k, list_keys[i]);
        free(got);
    }
    json_object *complete = NULL;
    CHECK(compl &&json_object_object_get_ex(compl, "complete", &complete) &&
          json_object_get_boolean(complete) == (c->code != 3));
    json_object_put(o);
    free(js);
    char *md = batch_summary_markdown(s);
    CHECK_STR_CONTAINS(md,
                       c->code == 3 ? "Incomplete (exit code 3)" : "Complete: all 3 shards of the batch, 7 kernels");
    free(md);
    lg_strbuf_free(&all_lines);
    batch_summary_destroy(s);
}

/* Without the check (a batch's own summary) nothing of this shows. */
static void test_unchecked(const char *root)
{
    batch_summary_t *s = batch_summary_create();
    char *d = lg_path_join(root, "s1");
    lg_err_t err;
    CHECK(batch_summary_add_dir(s, d, &err) == LG_OK);
    CHECK(batch_summary_exit_code(s) == 0);
    char **lines;
    CHECK(batch_summary_problems(s, &lines) == 0 && lines == NULL);
    char *md = batch_summary_markdown(s);
    CHECK(!strstr(md, "Completeness"));
    free(md);
    free(d);
    batch_summary_destroy(s);
}

#define KDIR LG_TEST_SRC "/tests/batch/kernels/"
#define SEC 1000000000ull

/* batch_dir_check against a directory whose batch.json another batch
 * wrote: refused for another shard or batch, accepted for a re-run of the
 * same shard and for whole batches. */
static void test_dir_check(const char *root)
{
    char *specs[] = {KDIR "clamp/kernel.yaml", KDIR "histo/kernel.yaml", KDIR "clamp-copy/kernel.yaml"};
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    lg_err_t err;
    static const struct {
        unsigned old_i, old_n, new_i, new_n;
        uint64_t old_seed, new_seed, old_budget, new_budget;
        int ok;
        const char *msg;
    } cases[] = {
        {1, 2, 1, 2, 5, 5, 3, 3, 1, NULL},                                      /* the same shard again */
        {1, 2, 2, 2, 5, 5, 3, 3, 0, "holds shard 1/2 of a batch of 3 kernels"}, /* another shard */
        {2, 2, 1, 1, 5, 5, 3, 3, 0, "this run is shard 1/1"},                   /* the whole batch over a shard */
        {1, 2, 1, 2, 5, 6, 3, 3, 0, "with --seed 5"},                           /* another seed */
        {1, 2, 1, 2, 5, 5, 3, 4, 0, "--budget-per-kernel 3s"},                  /* another budget */
        {1, 1, 1, 1, 5, 6, 3, 4, 1, NULL},                                      /* whole batches: reused */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *dir = lg_asprintf("%s/dircheck-%zu", root, k);
        batch_plan_t *old = NULL, *now = NULL;
        batch_plan_cfg_t oc = {0, cases[k].old_budget * SEC, 1, cases[k].old_seed, {cases[k].old_i, cases[k].old_n}};
        batch_plan_cfg_t nc = {0, cases[k].new_budget * SEC, 1, cases[k].new_seed, {cases[k].new_i, cases[k].new_n}};
        CHECK(batch_plan_create(specs, 3, &oc, &quiet, &old, &err) == LG_OK);
        CHECK(batch_plan_create(specs, 3, &nc, &quiet, &now, &err) == LG_OK);
        /* The old batch.json as batch_run writes it, without running
         * anything: a plan of no kernel to run keeps batch_run quick. */
        CHECK(batch_dir_check(now, dir, &quiet, &err) == LG_OK); /* no batch.json yet */
        if (old) {
            size_t n = old->n;
            old->n = 0;
            batch_run_cfg_t rcfg = {dir, "/bin/false", NULL, 0, NULL, &quiet, 0, NULL};
            CHECK(batch_run(old, &rcfg, &err) == LG_OK);
            old->n = n;
        }
        int got = now ? batch_dir_check(now, dir, &quiet, &err) : -1;
        CHECK_MSG((got == LG_OK) == cases[k].ok, "case %zu: rc %d", k, got);
        if (!cases[k].ok && got == LG_EINVAL) {
            CHECK_STR_CONTAINS(err.msg, cases[k].msg);
            CHECK_STR_CONTAINS(err.msg, "give each shard its own --out");
        }
        batch_plan_destroy(old);
        batch_plan_destroy(now);
        free(dir);
    }
    /* An unreadable batch.json is refused too. */
    char *dir = lg_path_join(root, "dircheck-bad");
    CHECK(lg_mkdirs(dir, &err) == LG_OK);
    write_text(dir, "batch.json", "{\"shard\": ");
    batch_plan_t *p = NULL;
    batch_plan_cfg_t cfg = {0, 3 * SEC, 1, 1, {1, 1}};
    CHECK(batch_plan_create(specs, 3, &cfg, &quiet, &p, &err) == LG_OK);
    CHECK(p && batch_dir_check(p, dir, &quiet, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "cannot be read");
    batch_plan_destroy(p);
    free(dir);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--make") == 0) {
        make_all(argv[2]);
        TEST_DONE();
    }
    char tmpl[] = "/tmp/lgfuzz-test-complete-XXXXXX";
    char *root = mkdtemp(tmpl);
    CHECK(root != NULL);
    if (root) {
        make_all(root);
        for (size_t k = 0; k < sizeof ccases / sizeof ccases[0]; k++)
            check_case(root, k);
        test_unchecked(root);
        test_dir_check(root);
        char *cmd = lg_asprintf("rm -rf '%s'", root);
        CHECK(system(cmd) == 0);
        free(cmd);
    }
    TEST_DONE();
}
