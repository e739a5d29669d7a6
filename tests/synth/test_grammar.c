/* Grammar loading (the shipped stages and user files, with errors naming
 * file:line:col), user stage lists, label-balanced sampling that always
 * keeps the newest counter-examples, and MCC on known confusion matrices. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spec/features.h"
#include "synth/grammar_int.h"
#include "synth/sample_int.h"
#include "synth/synth.h"
#include "tests/test.h"

static const struct {
    const char *yaml;
    const char *error; /* NULL: loads */
} files[] = {
    {"name: t\nterms: {atoms: [var]}\nconds: {compare: [eq]}\n", NULL},
    {"name: t\nconds: {compare: [eq, lt]}\nvars: [scalar, max]\n", NULL},
    {"name: t\nconds: {compare: [eq]}\nfoo: 1\n", ":3:1: unknown key 'foo'"},
    {"name: t\nconds: {compare: [eq, lq]}\n", ":2:23: unknown name (expected one of: eq ne lt le gt ge): 'lq'"},
    {"name: t\nconds: {compare: []}\n", "conds.compare must list at least one"},
    {"name: t\nconds: {compare: [eq], max_size: 99}\n", ":2:34: expected an integer in range, found '99'"},
    {"name: t\nconds: {compare: [eq]}\nconsts: {pool: [1, x]}\n", ":3:20: expected an integer in range, found 'x'"},
    {"name: t\nconds: {compare: [eq]}\nconsts: {fit: maybe}\n", ":3:15: expected true or false"},
    {"name: t\nconds: {compare: [eq], pairs: false}\n", NULL},
    {"name: t\nconds: {compare: [eq], pairs: 2}\n", ":2:31: expected true or false"},
    {"name: t\nconds: {compare: [eq]}\nterms: {atoms: [const]}\n", "terms.atoms must include var"},
    {"name: [t\n", ":2:1:"},
    {"- 1\n- 2\n", ":1:1: expected a mapping"},
};

static void test_files(void)
{
    char path[] = "/tmp/lgfuzz-grammar-XXXXXX";
    int fd = mkstemp(path);
    CHECK_MSG(fd >= 0, "mkstemp");
    close(fd);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(path, "w");
        fputs(files[i].yaml, f);
        fclose(f);
        grammar_stage_t g;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = grammar_load(path, &g, &err);
        if (!files[i].error) {
            CHECK_MSG(rc == 0, "case %zu: %s", i, err.msg);
        } else {
            CHECK_MSG(rc == LG_EINVAL && strstr(err.msg, files[i].error) && strncmp(err.msg, path, strlen(path)) == 0,
                      "case %zu: message '%s' lacks '%s'", i, err.msg, files[i].error);
        }
        grammar_free(&g);
    }
    unlink(path);
    grammar_stage_t g;
    lg_err_t err;
    CHECK_MSG(grammar_load("/nonexistent/g.yaml", &g, &err) == LG_EIO && strstr(err.msg, "/nonexistent/g.yaml"),
              "missing file: %s", err.msg);
}

static void test_shipped(void)
{
    static const char *const names[] = {"x", "len(d)", "d[2]", "max(d)", "sum(d)"};
    features_t *fs = features_from_names(names, 5);
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    lg_err_t err;
    synth_t *s = synth_create(&cfg, &err);
    CHECK_MSG(s && synth_nstages(s) == 4, "default stages: %s", s ? "" : err.msg);
    if (s)
        CHECK_MSG(strcmp(synth_stage_name(s, 0), "level1") == 0 && strcmp(synth_stage_name(s, 2), "level3") == 0 &&
                      strcmp(synth_stage_name(s, 3), "numeric") == 0 && synth_stage_name(s, 4) == NULL,
                  "stage names");
    synth_destroy(s);
    /* Class of each feature from its name. */
    CHECK_MSG(grammar_feature_class(&fs->f[0]) == GCLASS_SCALAR && grammar_feature_class(&fs->f[1]) == GCLASS_LEN &&
                  grammar_feature_class(&fs->f[2]) == GCLASS_ELEM && grammar_feature_class(&fs->f[3]) == GCLASS_MAX &&
                  grammar_feature_class(&fs->f[4]) == GCLASS_SUM,
              "feature classes");
    /* A user's stage list. */
    const char *one[] = {LGFUZZ_DATA_DIR "/grammars/level2.yaml"};
    cfg.grammar_files = one;
    cfg.ngrammar_files = 1;
    s = synth_create(&cfg, &err);
    CHECK_MSG(s && synth_nstages(s) == 1 && strcmp(synth_stage_name(s, 0), "level2") == 0, "user list");
    synth_destroy(s);
    const char *bad[] = {LGFUZZ_DATA_DIR "/grammars/level2.yaml", "/nonexistent.yaml"};
    cfg.grammar_files = bad;
    cfg.ngrammar_files = 2;
    CHECK_MSG(synth_create(&cfg, &err) == NULL && strstr(err.msg, "/nonexistent.yaml"), "bad list: %s", err.msg);
    cfg.grammar_files = NULL;
    cfg.fs = NULL;
    CHECK_MSG(synth_create(&cfg, &err) == NULL && err.code == LG_EINVAL, "no feature set");
    synth_destroy(NULL);
    features_destroy(fs);
}

static void test_sampling(void)
{
    enum { N = 200, CAP = 30 };
    int is_new[N] = {0}, label[N];
    for (int i = 0; i < N; i++)
        label[i] = i < 20; /* 20 positives, 180 negatives */
    is_new[150] = is_new[151] = is_new[199] = 1;
    lg_rng_t rng;
    lg_rng_seed(&rng, 5);
    size_t out[CAP];
    size_t n = synth_sample_pick(&rng, N, is_new, label, CAP, out);
    int got_new = 0, pos = 0;
    for (size_t i = 0; i < n; i++) {
        got_new += is_new[out[i]];
        pos += label[out[i]];
        CHECK_MSG(i == 0 || out[i] > out[i - 1], "increasing, distinct");
    }
    CHECK_MSG(n == CAP && got_new == 3, "cap and newest kept: n=%zu new=%d", n, got_new);
    /* 27 balanced slots after the 3 new (negative) ones: 13 or 14 positives. */
    CHECK_MSG(pos == 13 || pos == 14, "balanced: %d positives", pos);
    /* Few positives: the negatives take the rest of the room. */
    for (int i = 0; i < N; i++)
        label[i] = i < 4;
    n = synth_sample_pick(&rng, N, NULL, label, CAP, out);
    pos = 0;
    for (size_t i = 0; i < n; i++)
        pos += label[out[i]];
    CHECK_MSG(n == CAP && pos == 4, "short label: n=%zu pos=%d", n, pos);
    n = synth_sample_pick(&rng, 10, NULL, label, CAP, out);
    CHECK_MSG(n == 10 && out[9] == 9, "all taken when under the cap");
}

static void test_mcc(void)
{
    CHECK_MSG(synth_mcc_counts(10, 0, 10, 0) == 1.0, "perfect");
    CHECK_MSG(synth_mcc_counts(0, 10, 0, 10) == -1.0, "inverted");
    CHECK_MSG(synth_mcc_counts(5, 5, 5, 5) == 0.0, "chance");
    CHECK_MSG(synth_mcc_counts(10, 0, 0, 0) == 0.0, "degenerate");
    CHECK_MSG(fabs(synth_mcc_counts(9, 1, 8, 2) - 0.7035) < 1e-3, "known value %f", synth_mcc_counts(9, 1, 8, 2));
}

int main(void)
{
    test_files();
    test_shipped();
    test_sampling();
    test_mcc();
    TEST_DONE();
}
