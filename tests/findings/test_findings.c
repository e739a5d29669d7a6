/* Unit tests of findings/: keys (made, written, parsed back, grouped),
 * the set of distinct findings, and records written and read back,
 * records of older versions among them. */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "findings/findings.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* -------------------------------------------------------------------- set */

typedef struct set_step {
    const char *cls;
    uint64_t path;
    const char *probes[3];
    size_t nprobes;
    size_t want_id;
    int want_new;
} set_step_t;

static const set_step_t set_steps[] = {
    {"mismatch:return", 7, {"width:sum"}, 1, 0, 1},
    {"mismatch:return", 7, {"width:sum"}, 1, 0, 0},
    {"mismatch:return", 7, {"width:sum", "loop:k.c:9:remainder"}, 2, 1, 1},
    {"mismatch:return", 7, {"loop:k.c:9:remainder", "width:sum"}, 2, 1, 0},              /* order-free */
    {"mismatch:return", 7, {"width:sum", "width:sum", "loop:k.c:9:remainder"}, 3, 1, 0}, /* set */
    {"mismatch:return", 7, {NULL}, 0, 2, 1},
    {"rtl-oob:data", 7, {"width:sum"}, 1, 3, 1},
    /* A wrong value in another output on the same path: the same. */
    {"mismatch:data", 7, {"width:sum"}, 1, 0, 0},
    /* Another C path: another finding, whatever the class and probes. */
    {"mismatch:return", 0xfedcba9876543210ull, {"width:sum"}, 1, 4, 1},
    {"mismatch:data", 0xfedcba9876543210ull, {"width:sum"}, 1, 4, 0},
};

static void test_set(void)
{
    findings_set_t *s = findings_set_create();
    for (size_t i = 0; i < sizeof set_steps / sizeof *set_steps; i++) {
        const set_step_t *st = &set_steps[i];
        finding_key_t k;
        findings_key_path(&k, st->cls, st->path, st->probes, st->nprobes);
        int is_new = -1;
        size_t id = findings_set_add(s, &k, &is_new);
        CHECK_MSG(id == st->want_id && is_new == st->want_new, "step %zu: id %zu new %d", i, id, is_new);
        findings_key_free(&k);
    }
    CHECK_MSG(findings_set_count(s) == 5, "count %zu", findings_set_count(s));
    CHECK_MSG(strcmp(findings_set_text(s, 1), "mismatch|path:0000000000000007|loop:k.c:9:remainder,width:sum") == 0,
              "key '%s'", findings_set_text(s, 1));
    CHECK_MSG(strcmp(findings_set_text(s, 2), "mismatch|path:0000000000000007|") == 0, "key '%s'",
              findings_set_text(s, 2));
    CHECK_MSG(strcmp(findings_set_text(s, 4), "mismatch|path:fedcba9876543210|width:sum") == 0, "key '%s'",
              findings_set_text(s, 4));
    CHECK_MSG(findings_set_key(s, 1)->nprobes == 2 && findings_set_key(s, 1)->path == 7, "struct of key 1");
    CHECK_MSG(findings_set_hits(s, 1) == 3, "hits %llu", (unsigned long long)findings_set_hits(s, 1));
    CHECK_MSG(findings_set_key(s, 9) == NULL && findings_set_text(s, 9) == NULL, "key out of range");
    /* A probe named by a key of the class, whole names only. */
    CHECK_MSG(findings_set_names_probe(s, "mismatch:return", "loop:k.c:9:remainder"), "remainder in mismatch:return");
    CHECK_MSG(findings_set_names_probe(s, "mismatch:data", "width:sum"), "width:sum in mismatch:data");
    CHECK_MSG(!findings_set_names_probe(s, "rtl-oob:data", "loop:k.c:9:remainder"), "remainder not in rtl-oob:data");
    CHECK_MSG(!findings_set_names_probe(s, "mismatch:return", "width:su"), "a prefix is no probe");
    CHECK_MSG(!findings_set_names_probe(s, "mismatc", "width:sum"), "a class prefix is no class");
    CHECK_MSG(!findings_set_names_probe(s, "rtl-oob:dat", "width:sum"), "an output's prefix is no output");
    /* Looking up counts nothing; a hit counts one. */
    finding_key_t k;
    const char *probes[] = {"width:sum"};
    findings_key_path(&k, "mismatch:return", 0xfedcba9876543210ull, probes, 1);
    CHECK_MSG(findings_set_find(s, &k) == 4, "found %zu", findings_set_find(s, &k));
    CHECK_MSG(findings_set_hits(s, 4) == 2, "hits %llu", (unsigned long long)findings_set_hits(s, 4));
    findings_set_hit(s, 4);
    CHECK_MSG(findings_set_hits(s, 4) == 3, "hits %llu", (unsigned long long)findings_set_hits(s, 4));
    findings_key_free(&k);
    findings_key_path(&k, "mismatch:return", 8, probes, 1);
    CHECK_MSG(findings_set_find(s, &k) == SIZE_MAX, "another path is not found");
    findings_key_free(&k);
    findings_key_free(&k); /* an emptied key frees again */
    findings_set_destroy(s);
    findings_set_destroy(NULL);
}

/* A key's text parses back to an equal key, whatever the number of probes
 * in it (a resumed run once kept the first 256 and recorded such a
 * divergence again). */
static void test_key_text(void)
{
    enum { NPROBES = 300 };
    static char names[NPROBES][16];
    const char *probes[NPROBES];
    for (size_t i = 0; i < NPROBES; i++) {
        snprintf(names[i], sizeof names[i], "width:v%03zu", i);
        probes[i] = names[i];
    }
    finding_key_t k, back;
    lg_err_t err;
    findings_key_path(&k, "mismatch:return", 42, probes, NPROBES);
    char *text = findings_key_text(&k);
    CHECK_STR_CONTAINS(text, "width:v299");
    CHECK_MSG(findings_key_parse(text, &back, &err) == LG_OK && findings_key_equal(&k, &back), "'%s' back", text);
    findings_set_t *resumed = findings_set_create();
    int is_new = -1;
    CHECK_MSG(findings_set_add(resumed, &back, &is_new) == 0 && is_new == 1, "restored: new %d", is_new);
    CHECK_MSG(findings_set_add(resumed, &k, &is_new) == 0 && is_new == 0, "the same finding after resuming");
    findings_key_free(&k);
    findings_key_path(&k, "mismatch:return", 42, probes, NPROBES - 1);
    CHECK_MSG(findings_set_add(resumed, &k, &is_new) == 1 && is_new == 1, "one probe fewer: new %d", is_new);
    findings_set_destroy(resumed);
    findings_key_free(&k);
    findings_key_free(&back);
    free(text);

    /* Texts that are no key are refused with the text named. */
    static const char *const bad[] = {
        "mismatch:return",                            /* no bar */
        "|cause|port:a",                              /* no class */
        "mismatch|cause|",                            /* a cause key without a cause */
        "mismatch:return|path:12|width:sum",          /* too few digits */
        "mismatch:return|path:000000000000000g|",     /* not hex */
        "mismatch:return|path:0000000000000007",      /* no bar after the path */
        "mismatch:return|path:0000000000000007|a,,b", /* an empty probe */
        "mismatch:return|path:0000000000000007|a,",   /* a trailing comma */
        "mismatch:return|width:sum",                  /* neither path nor cause */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_MSG(findings_key_parse(bad[i], &back, &err) == LG_EINVAL, "'%s' parsed", bad[i]);
        CHECK_STR_CONTAINS(err.msg, bad[i]);
        CHECK_MSG(back.cls == NULL && back.nprobes == 0, "'%s': a refused key is empty", bad[i]);
    }
}

/* A cause key names its causes sorted and once each, no C path, and a
 * mismatch's class without its output; an input firing those probes (and
 * others) on any path can show it, for any output, one firing fewer
 * cannot. */
static void test_cause(void)
{
    const char *causes[] = {"width:sum", "port:data", "width:sum"};
    finding_key_t k, back;
    findings_key_cause(&k, "mismatch:return", causes, 3);
    char *text = findings_key_text(&k), *group = findings_key_group(&k), *list = findings_key_list(&k, ", ");
    CHECK_MSG(strcmp(text, "mismatch|cause|port:data,width:sum") == 0, "cause key '%s'", text);
    CHECK_MSG(strcmp(group, text) == 0, "a cause key is its own group: '%s'", group);
    CHECK_MSG(strcmp(list, "port:data, width:sum") == 0, "list '%s'", list);
    lg_err_t err;
    CHECK_MSG(findings_key_parse(text, &back, &err) == LG_OK && back.by == FINDINGS_BY_CAUSE &&
                  findings_key_equal(&k, &back),
              "'%s' back", text);
    CHECK(findings_key_names(&k, "port:data") && !findings_key_names(&k, "port:dat"));
    findings_set_t *s = findings_set_create();
    int is_new = -1;
    CHECK_MSG(findings_set_add(s, &k, &is_new) == 0 && is_new == 1, "added: new %d", is_new);
    const char *fired[] = {"loop:k.c:7:remainder", "port:data", "width:sum"};
    CHECK_MSG(findings_set_find_within(s, "mismatch:return", 1, fired, 3) == 0, "a superset on another path");
    CHECK_MSG(findings_set_find_within(s, "mismatch:return", 2, fired + 1, 1) == SIZE_MAX, "port:data alone");
    CHECK_MSG(findings_set_find_within(s, "mismatch:y", 1, fired, 3) == 0, "another output");
    CHECK_MSG(findings_set_find_within(s, "rtl-hang", 1, fired, 3) == SIZE_MAX, "another class");
    CHECK_MSG(findings_set_names_probe(s, "mismatch:return", "width:sum"), "the cause names width:sum");
    CHECK_MSG(findings_set_names_probe(s, "mismatch:y", "port:data"), "for a mismatch of any output");
    CHECK_MSG(!findings_set_names_probe(s, "rtl-oob:data", "port:data"), "not for another class");
    /* A read-back cause is among the probes when a read-back probe is. */
    const char *rb[] = {"readback:out30"};
    finding_key_t kr;
    findings_key_cause(&kr, "mismatch:return", rb, 1);
    findings_set_add(s, &kr, NULL);
    const char *fired_rb[] = {"ub:add-overflow:k.c:3", "ub:readback:k.c:28"};
    CHECK_MSG(findings_set_find_within(s, "mismatch:return", 5, fired_rb, 2) == 1, "a read-back");
    CHECK_MSG(findings_set_find_within(s, "mismatch:return", 5, fired_rb, 1) == SIZE_MAX, "no read-back");
    findings_key_free(&kr);
    /* Paths: a key by path is found on its own path only. */
    finding_key_t kp;
    findings_key_path(&kp, "rtl-hang", 9, fired, 1);
    findings_set_add(s, &kp, NULL);
    char *pgroup = findings_key_group(&kp);
    CHECK_MSG(strcmp(pgroup, "rtl-hang|path:0000000000000009") == 0, "group '%s'", pgroup);
    CHECK_MSG(findings_set_find_within(s, "rtl-hang", 9, fired, 3) == 2, "on its path");
    CHECK_MSG(findings_set_find_within(s, "rtl-hang", 8, fired, 3) == SIZE_MAX, "not on another");
    free(pgroup);
    findings_key_free(&kp);
    finding_key_t hang;
    findings_key_cause(&hang, "rtl-hang", causes, 1);
    char *htext = findings_key_text(&hang);
    CHECK_MSG(strcmp(htext, "rtl-hang|cause|width:sum") == 0, "cause key '%s'", htext);
    free(htext);
    findings_key_free(&hang);
    findings_set_destroy(s);
    findings_key_free(&back);
    findings_key_free(&k);
    free(list);
    free(group);
    free(text);
}

/* ---------------------------------------------------------------- records */

static char *make_run_dir(void)
{
    char tmpl[] = "/tmp/lgfuzz-findings-XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir)
        return NULL;
    char *divs = lg_path_join(dir, "divergences");
    lg_err_t err;
    CHECK(lg_mkdirs(divs, &err) == LG_OK);
    free(divs);
    return lg_strdup(dir);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK_MSG(f != NULL, "cannot write %s", path);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* A record written and read back is the record; a C path added once is
 * listed once. */
static void test_record(const char *run)
{
    char *dir = lg_asprintf("%s/divergences/001-mismatch-return", run);
    lg_err_t err;
    CHECK(lg_mkdirs(dir, &err) == LG_OK);
    const char *causes[] = {"readback:out30"};
    char *paths[] = {"kernel.c:9 true"};
    char *probes[] = {"ub:readback:kernel.c:28", "width:acc"};
    finding_t f = {.cls = "mismatch:return",
                   .detail = "return: cpu 5, rtl 4",
                   .has_key = 1,
                   .found_key = "mismatch:return|path:0000000000000003|width:acc",
                   .c_paths = paths,
                   .nc_paths = 1,
                   .probes = probes,
                   .nprobes = 2,
                   .minimise_steps = 17,
                   .triage = {.cls = "out-of-contract",
                              .at = "tab[-5]",
                              .why = "the C reads past tab",
                              .rests_on = "c-ub:oob",
                              .contract = "idx >= 0 && idx <= 15",
                              .range_param = "idx",
                              .lo = 0,
                              .hi = 15},
                   .cut = 1,
                   .found_after_s = 1.5,
                   .found_after_execs = 300,
                   .found_after_rtl_calls = 40};
    findings_key_cause(&f.key, "mismatch:return", causes, 1);
    CHECK_MSG(findings_write(dir, &f, &err) == LG_OK, "write: %s", err.msg);
    CHECK(findings_add_c_path(dir, "kernel.c:9 false", 16, &err) == LG_OK);
    CHECK(findings_add_c_path(dir, "kernel.c:9 false", 16, &err) == LG_OK);
    CHECK(findings_add_c_path(dir, "kernel.c:12 true", 2, &err) == LG_OK); /* at most 2 */
    finding_t r;
    CHECK_MSG(findings_read(dir, &r, &err) == LG_OK, "read: %s", err.msg);
    CHECK(strcmp(r.name, "001-mismatch-return") == 0);
    CHECK(strcmp(r.cls, f.cls) == 0 && strcmp(r.detail, f.detail) == 0);
    CHECK(r.has_key && findings_key_equal(&r.key, &f.key));
    CHECK(strcmp(r.found_key, f.found_key) == 0);
    CHECK_MSG(strcmp(r.group, "mismatch|cause|readback:out30") == 0, "group '%s'", r.group);
    CHECK_MSG(r.nc_paths == 2 && strcmp(r.c_paths[1], "kernel.c:9 false") == 0, "%zu C paths", r.nc_paths);
    CHECK(r.nprobes == 2 && strcmp(r.probes[1], "width:acc") == 0);
    CHECK(r.minimise_steps == 17 && r.cut == 1);
    CHECK(strcmp(r.triage.cls, "out-of-contract") == 0 && strcmp(r.triage.rests_on, "c-ub:oob") == 0);
    CHECK(strcmp(r.triage.range_param, "idx") == 0 && r.triage.lo == 0 && r.triage.hi == 15);
    CHECK(r.found_after_s == 1.5 && r.found_after_execs == 300 && r.found_after_rtl_calls == 40);
    finding_free(&r);
    finding_free(&r); /* an emptied record frees again */
    findings_key_free(&f.key);
    free(dir);
}

/* Records of older versions: no group (from the key's C path, or the
 * found key's), no probes (from the key), c_path alone; a key that is not
 * one; an unreadable record is listed by name, a file is no finding. */
static void test_list(const char *run)
{
    char *d2 = lg_asprintf("%s/divergences/002-rtl-hang", run);
    char *d3 = lg_asprintf("%s/divergences/003-mismatch-y", run);
    char *d4 = lg_asprintf("%s/divergences/004-broken", run);
    lg_err_t err;
    CHECK(lg_mkdirs(d2, &err) == LG_OK && lg_mkdirs(d3, &err) == LG_OK && lg_mkdirs(d4, &err) == LG_OK);
    char *p = lg_path_join(d2, "symptom.json");
    write_text(p, "{\"class\": \"rtl-hang\", \"detail\": \"no ap_done\", "
                  "\"key\": \"rtl-hang|path:00000000000000aa|loop:k.c:4:count,width:i\", \"c_path\": \"k.c:4\"}");
    free(p);
    p = lg_path_join(d3, "symptom.json");
    write_text(p, "{\"class\": \"mismatch:y\", \"key\": \"mismatch:y|width:t\", "
                  "\"found_key\": \"mismatch:y|path:00000000000000bb|width:t\", \"analysed\": true}");
    free(p);
    p = lg_path_join(d4, "symptom.json");
    write_text(p, "{\"detail\": \"no class\"}");
    free(p);
    p = lg_asprintf("%s/divergences/README", run);
    write_text(p, "a file beside the findings\n");
    free(p);

    findings_list_t l;
    CHECK_MSG(findings_list(run, &l, &err) == LG_OK, "list: %s", err.msg);
    CHECK_MSG(l.n == 3 && l.nunreadable == 1, "%zu read, %zu unreadable", l.n, l.nunreadable);
    if (l.n == 3 && l.nunreadable == 1) {
        CHECK(strcmp(l.unreadable[0], "004-broken") == 0);
        const finding_t *h = &l.v[1], *y = &l.v[2];
        CHECK(strcmp(h->name, "002-rtl-hang") == 0 && h->has_key && h->key.by == FINDINGS_BY_PATH);
        CHECK_MSG(strcmp(h->group, "rtl-hang|path:00000000000000aa") == 0, "group '%s'", h->group);
        CHECK_MSG(h->nprobes == 2 && strcmp(h->probes[0], "loop:k.c:4:count") == 0, "%zu probes", h->nprobes);
        CHECK(h->nc_paths == 1 && strcmp(h->c_paths[0], "k.c:4") == 0);
        CHECK(strcmp(h->detail, "no ap_done") == 0 && !h->cut && !h->triage.cls);
        CHECK(!y->has_key && y->nprobes == 0 && y->nc_paths == 0 && strcmp(y->detail, "") == 0);
        CHECK_MSG(strcmp(y->group, "mismatch:y|path:00000000000000bb") == 0, "group '%s'", y->group);
    }
    findings_list_free(&l);
    findings_list_free(NULL);
    char *none = lg_asprintf("%s/nothing-here", run);
    CHECK(findings_list(none, &l, &err) == LG_OK && l.n == 0 && l.nunreadable == 0);
    findings_list_free(&l);
    free(none);
    free(d2);
    free(d3);
    free(d4);
}

int main(void)
{
    test_set();
    test_key_text();
    test_cause();
    char *run = make_run_dir();
    CHECK(run != NULL);
    if (run) {
        test_record(run);
        test_list(run);
        lg_remove_tree(run);
        free(run);
    }
    TEST_DONE();
}
