/* Unit tests of the groups of a run's divergences (batch_groups.c) and of
 * their place in lgfuzz report's summary: divergence directories written
 * with a group, C path and probes in symptom.json merge with those of
 * earlier versions (class and key only) by class and C path, the smallest
 * input stands for its group, long arrays are abbreviated, and unreadable
 * or half-written directories are left out. */
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

#define PA "path:00000000000000a1"
#define PB "path:00000000000000b2"
/* symptom.json as lgfuzz run writes it now, and as earlier versions did. */
#define NEW(cls, detail, path, probes, c_path)                                                                         \
    "{\"class\":\"" cls "\",\"detail\":\"" detail "\",\"key\":\"" cls "|" path "|" probes "\",\"found_key\":\"" cls    \
    "|" path "|\",\"group\":\"" cls "|" path "\",\"c_path\":\"" c_path "\",\"probes\":[\"" probes "\"]}"
#define OLD(cls, detail, key) "{\"class\":\"" cls "\",\"detail\":\"" detail "\",\"key\":\"" key "\"}"

/* One directory under divergences/. */
typedef struct divcase {
    const char *name;
    const char *symptom; /* NULL: no symptom.json */
    const char *input;   /* NULL: no input.json */
} divcase_t;

static const divcase_t divcases[] = {
    /* Two keys of one group, the second one with the smaller input... */
    {"001-mismatch-return", NEW("mismatch:return", "return: cpu 9, rtl 8", PA, "width:r", "case 4 (k.c:20)"),
     "{\"op\":4,\"data\":[1,2,3],\"size\":3}"},
    {"002-mismatch-return", NEW("mismatch:return", "return: cpu 7, rtl 6", PA, "port:data", "case 4 (k.c:20)"),
     "{\"op\":4,\"data\":[5,0],\"size\":2}"},
    /* ... and one of an earlier version, without group, C path or probes:
     * its key's class and path put it into the same group, its probes come
     * from the key; its input is as small, but not smaller. */
    {"003-mismatch-return", OLD("mismatch:return", "return: cpu 5, rtl 4", "mismatch:return|" PA "|ub:x,width:r"),
     "{\"op\":4,\"data\":[0,5],\"size\":2}"},
    /* The same path in another class: another group. */
    {"004-rtl-hang", OLD("rtl-hang", "no ap_done within max_cycles", "rtl-hang|" PA "|"), NULL},
    /* Another path, old: a group named by the path's hash; a long array. */
    {"005-mismatch-return", OLD("mismatch:return", "return: cpu 1, rtl 2", "mismatch:return|" PB "|"),
     "{\"op\":1,\"data\":[1,2,3,4,5,6,7,8,9,10],\"size\":10}"},
    /* A key without a path: a group of its own. */
    {"006-mismatch-out", OLD("mismatch:out", "out[0]: cpu 1, rtl 2 (1 of 4 slots differ)", "mismatch:out|width:x"),
     NULL},
    /* A cause that explains the divergence on every path: the line names
     * it first, and the probes are evidence. */
    {"011-mismatch-return",
     "{\"class\":\"mismatch:return\",\"detail\":\"return: cpu -1, rtl 255\",\"key\":\"mismatch:return|cause|"
     "port:data\",\"group\":\"mismatch:return|cause|port:data\",\"c_path\":\"case 4 (k.c:20)\",\"probes\":["
     "\"width:r\"]}",
     "{\"op\":4,\"data\":[-1,0],\"size\":2}"},
    /* A cause of two probes seen on three C paths: the line says so, and
     * its evidence leaves out the probes the cause names. */
    {"012-mismatch-return",
     "{\"class\":\"mismatch:return\",\"detail\":\"return: cpu 3, rtl 2\",\"key\":\"mismatch:return|cause|"
     "loop:k.c:7:remainder,width:r\",\"group\":\"mismatch:return|cause|loop:k.c:7:remainder,width:r\",\"c_path\":"
     "\"case 1 (k.c:20)\",\"c_paths\":[\"case 1 (k.c:20)\",\"case 2 (k.c:20)\",\"case 3 (k.c:20)\"],\"probes\":["
     "\"loop:k.c:7:remainder\",\"ub:x\",\"width:r\"]}",
     "{\"op\":1,\"data\":[3],\"size\":1}"},
    /* Left out: symptom.json malformed, missing, without a class. */
    {"007-mismatch-return", "{\"class\": ", "{}"},
    {"008-rtl-hang", NULL, "{}"},
    {"009-rtl-hang", "{\"detail\":\"d\"}", "{}"},
    /* Left out: a hidden directory a killed run was writing. */
    {".010-rtl-hang.partial", OLD("rtl-hang", "d", "rtl-hang|" PB "|"), "{}"},
};

/* The groups, in order, and their lines. */
static const struct {
    const char *id;
    size_t ndirs;
    const char *rep;
    const char *line;
} want[] = {
    {"mismatch:out|divergences/006-mismatch-out", 1, "divergences/006-mismatch-out",
     "mismatch:out: out[0]: cpu 1, rtl 2 (1 of 4 slots differ) (1 report: divergences/006-mismatch-out)"},
    {"mismatch:return|" PA, 3, "divergences/002-mismatch-return",
     "mismatch:return on path case 4 (k.c:20): cpu 7, rtl 6; op = 4, data = [5, 0], size = 2; probes port:data, "
     "ub:x, width:r (3 reports: divergences/002-mismatch-return, divergences/001-mismatch-return, "
     "divergences/003-mismatch-return)"},
    {"mismatch:return|" PB, 1, "divergences/005-mismatch-return",
     "mismatch:return on path 00000000000000b2: cpu 1, rtl 2; op = 1, data = [1, 2, 3, 4, ...] (10 elements), "
     "size = 10 (1 report: divergences/005-mismatch-return)"},
    {"mismatch:return|cause|port:data", 1, "divergences/011-mismatch-return",
     "mismatch:return caused by port:data: cpu -1, rtl 255; op = 4, data = [-1, 0], size = 2; evidence width:r (1 "
     "report: divergences/011-mismatch-return)"},
    {"mismatch:return|cause|loop:k.c:7:remainder,width:r", 1, "divergences/012-mismatch-return",
     "mismatch:return caused by loop:k.c:7:remainder,width:r on 3 C paths: cpu 3, rtl 2; op = 1, data = [3], size = 1; "
     "evidence ub:x (1 report: divergences/012-mismatch-return)"},
    {"rtl-hang|" PA, 1, "divergences/004-rtl-hang",
     "rtl-hang on path 00000000000000a1: no ap_done within max_cycles (1 report: divergences/004-rtl-hang)"},
};
#define NWANT (sizeof want / sizeof want[0])

static void write_text(const char *dir, const char *name, const char *text)
{
    if (!text)
        return;
    char *p = lg_path_join(dir, name);
    lg_err_t err;
    CHECK(lg_write_file_atomic(p, text, strlen(text), &err) == LG_OK);
    free(p);
}

/* A run directory holding the divergences of the table. */
static void make_run(const char *run)
{
    lg_err_t err;
    for (size_t i = 0; i < sizeof divcases / sizeof divcases[0]; i++) {
        char *d = lg_asprintf("%s/divergences/%s", run, divcases[i].name);
        CHECK(lg_mkdirs(d, &err) == LG_OK);
        write_text(d, "symptom.json", divcases[i].symptom);
        write_text(d, "input.json", divcases[i].input);
        free(d);
    }
    write_text(run, "stats.json",
               "{\"kernel\":\"k\",\"status\":\"complete\",\"seconds\":1,\"divergences\":8,\"divergences_detail\":[]}");
}

static void test_load(const char *run)
{
    batch_groups_t g;
    lg_err_t err;
    CHECK(batch_groups_load(run, &g, &err) == LG_OK);
    CHECK_MSG(g.n == NWANT && g.ndivs == 8, "%zu groups of %zu divergences", g.n, g.ndivs);
    for (size_t i = 0; i < g.n && i < NWANT; i++) {
        const batch_group_t *grp = &g.v[i];
        CHECK_MSG(strcmp(grp->id, want[i].id) == 0, "group %zu: %s", i, grp->id);
        CHECK_MSG(grp->ndirs == want[i].ndirs && strcmp(grp->rep, want[i].rep) == 0, "group %zu: %zu dirs, rep %s", i,
                  grp->ndirs, grp->rep);
        char *line = batch_group_line(grp);
        CHECK_MSG(strcmp(line, want[i].line) == 0, "group %zu:\n  got  %s\n  want %s", i, line, want[i].line);
        free(line);
    }
    batch_groups_free(&g);
    batch_groups_free(NULL);
    /* No divergences/: no group. */
    CHECK(batch_groups_load("/nonexistent/run", &g, &err) == LG_OK && g.n == 0 && g.ndivs == 0);
    batch_groups_free(&g);
}

/* lgfuzz report: the number of groups in the table and in the JSON, and
 * each group's line under its kernel. */
static void test_summary(const char *run)
{
    batch_summary_t *s = batch_summary_create();
    lg_err_t err;
    CHECK(batch_summary_add_dir(s, run, &err) == LG_OK);
    char *md = batch_summary_markdown(s);
    char *js = batch_summary_json(s);
    CHECK_STR_CONTAINS(md, "| run | divergent | 1.0 | - | - | 0 | 0/0 | 8 | 6 | 0/0 | no |");
    CHECK_STR_CONTAINS(md,
                       "## Divergences by class and C path\n\n### run: 6 groups of 8 divergences\n\n- mismatch:out");
    for (size_t i = 0; i < NWANT; i++) {
        char *item = lg_asprintf("\n- %s\n", want[i].line);
        CHECK_STR_CONTAINS(md, item);
        free(item);
    }
    CHECK_STR_CONTAINS(js, "\"divergence_groups\":6");
    CHECK_STR_CONTAINS(js, "\"c_paths\":3");
    CHECK_STR_CONTAINS(js, "\"group\":\"mismatch:return|" PA "\"");
    CHECK_STR_CONTAINS(js, "\"c_path\":\"case 4 (k.c:20)\"");
    CHECK_STR_CONTAINS(js, "\"c_path\":null");
    CHECK_STR_CONTAINS(js, "\"count\":3");
    CHECK_STR_CONTAINS(js, "\"representative\":\"divergences/002-mismatch-return\"");
    CHECK_STR_CONTAINS(js, "\"input\":\"op = 4, data = [5, 0], size = 2\"");
    free(md);
    free(js);
    batch_summary_destroy(s);
}

int main(void)
{
    char tmpl[] = "/tmp/lgfuzz-test-groups-XXXXXX";
    char *root = mkdtemp(tmpl);
    CHECK(root != NULL);
    if (root) {
        char *run = lg_path_join(root, "run");
        make_run(run);
        test_load(run);
        test_summary(run);
        free(run);
        char *cmd = lg_asprintf("rm -rf '%s'", root);
        CHECK(system(cmd) == 0);
        free(cmd);
    }
    TEST_DONE();
}
