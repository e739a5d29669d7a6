/* The build cache's keys (key.c), no model built: the harness key changes
 * with any engine file, the generated table, the build flags, the ports
 * key or the runtime key, and not with where the engine lies; the runtime
 * key with the Verilator version, the flags or any engine file, and not
 * with where the engine lies; the ports key changes with the
 * Verilator version, its flags and the RTL's contents, and not with where
 * the RTL lies. Engine and RTL changes are made on copies in a temp dir. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const flags[] = {"--build", "--exe", "-O3", "--trace"};
static const char *const other_flags[] = {"--build", "--exe", "-O2", "--trace"};

/* Copies file from to to, appending extra when not NULL; exits on error. */
static void copy_file(const char *from, const char *to, const char *extra)
{
    lg_err_t err;
    char *text = lg_read_file(from, NULL, &err);
    char *out = text ? lg_asprintf("%s%s", text, extra ? extra : "") : NULL;
    if (!out || lg_write_file_atomic(to, out, strlen(out), &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    free(out);
    free(text);
}

/* Copies the engine to dir; edit, when not NULL, names the file to which a
 * comment is appended. */
static void copy_engine(const char *from, const char *dir, const char *edit)
{
    lg_err_t err;
    char **names;
    size_t n;
    if (lg_mkdirs(dir, &err) != 0 || key_engine_files(from, &names, &n, &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    for (size_t i = 0; i < n; i++) {
        char *src = lg_path_join(from, names[i]);
        char *dst = lg_path_join(dir, names[i]);
        copy_file(src, dst, edit && strcmp(names[i], edit) == 0 ? "// edited\n" : NULL);
        free(dst);
        free(src);
    }
    lg_list_free(names, n);
}

typedef enum { H_SAME, H_COPY, H_EDIT, H_ADD, H_TABLE, H_FLAGS, H_PORTS, H_RUNTIME } hvary_t;

typedef struct hcase {
    const char *what;
    hvary_t vary;
    int same; /* the key must stay the same */
} hcase_t;

static const hcase_t hcases[] = {
    {"the same inputs", H_SAME, 1},       {"the engine copied elsewhere", H_COPY, 1},
    {"an engine file edited", H_EDIT, 0}, {"a file added to the engine", H_ADD, 0},
    {"another table", H_TABLE, 0},        {"another build flag", H_FLAGS, 0},
    {"another ports key", H_PORTS, 0},    {"another runtime key", H_RUNTIME, 0},
};

static void test_harness_key(const char *tmp)
{
    char *engine = lg_path_join(LGFUZZ_SOURCE_DIR, "rtl-oracle/engine");
    char *copy = lg_path_join(tmp, "engine-copy");
    char *edit = lg_path_join(tmp, "engine-edit");
    char *add = lg_path_join(tmp, "engine-add");
    copy_engine(engine, copy, NULL);
    copy_engine(engine, edit, "sim.cpp");
    copy_engine(engine, add, NULL);
    char *extra = lg_path_join(add, "extra.h");
    copy_file(LGFUZZ_SOURCE_DIR "/rtl-oracle/engine/wire.h", extra, NULL);
    const char *table = "using Vtop = Vscalars;\n";
    lg_err_t err;
    char base[KEY_LEN];
    CHECK_MSG(key_harness("0123456789abcdef", "fedcba9876543210", engine, table, flags, 4, base, &err) == 0, "%s",
              err.msg);
    for (size_t i = 0; i < sizeof hcases / sizeof *hcases; i++) {
        const hcase_t *c = &hcases[i];
        const char *dir = c->vary == H_COPY ? copy : c->vary == H_EDIT ? edit : c->vary == H_ADD ? add : engine;
        char key[KEY_LEN];
        int rc = key_harness(c->vary == H_PORTS ? "0123456789abcdee" : "0123456789abcdef",
                             c->vary == H_RUNTIME ? "fedcba9876543211" : "fedcba9876543210", dir,
                             c->vary == H_TABLE ? "using Vtop = Vother;\n" : table,
                             c->vary == H_FLAGS ? other_flags : flags, 4, key, &err);
        CHECK_MSG(rc == 0, "%s: %s", c->what, err.msg);
        CHECK_MSG((strcmp(key, base) == 0) == c->same, "%s: key %s, base %s, want %s", c->what, key, base,
                  c->same ? "the same" : "another");
    }
    /* An engine directory that is not there is an error naming it. */
    char key[KEY_LEN];
    char *gone = lg_path_join(tmp, "no-engine");
    int rc = key_harness("0123456789abcdef", "fedcba9876543210", gone, table, flags, 4, key, &err);
    CHECK_MSG(rc == LG_EIO && strstr(err.msg, gone), "missing engine: %d %s", rc, err.msg);
    free(gone);
    free(extra);
    free(add);
    free(edit);
    free(copy);
    free(engine);
}

/* The runtime key: the same inputs, the engine copied elsewhere (the same
 * key); another version, flag, an edited or an added engine file (another). */
static void test_runtime_key(const char *tmp)
{
    char *engine = lg_path_join(LGFUZZ_SOURCE_DIR, "rtl-oracle/engine");
    char *copy = lg_path_join(tmp, "engine-copy");
    char *edit = lg_path_join(tmp, "engine-edit");
    char *add = lg_path_join(tmp, "engine-add");
    lg_err_t err;
    char base[KEY_LEN], key[KEY_LEN];
    CHECK_MSG(key_runtime("Verilator 5.006", flags, 4, engine, base, &err) == 0, "%s", err.msg);
    CHECK(key_runtime("Verilator 5.006", flags, 4, engine, key, &err) == 0 && strcmp(key, base) == 0);
    CHECK(key_runtime("Verilator 5.006", flags, 4, copy, key, &err) == 0 && strcmp(key, base) == 0);
    CHECK(key_runtime("Verilator 5.008", flags, 4, engine, key, &err) == 0 && strcmp(key, base) != 0);
    CHECK(key_runtime("Verilator 5.006", other_flags, 4, engine, key, &err) == 0 && strcmp(key, base) != 0);
    CHECK(key_runtime("Verilator 5.006", flags, 4, edit, key, &err) == 0 && strcmp(key, base) != 0);
    CHECK(key_runtime("Verilator 5.006", flags, 4, add, key, &err) == 0 && strcmp(key, base) != 0);
    free(add);
    free(edit);
    free(copy);
    free(engine);
}

typedef enum { P_SAME, P_VERSION, P_FLAGS, P_COPY, P_EDIT } pvary_t;

typedef struct pcase {
    const char *what;
    pvary_t vary;
    int same;
} pcase_t;

static const pcase_t pcases[] = {
    {"the same inputs", P_SAME, 1},         {"another Verilator version", P_VERSION, 0},
    {"another Verilator flag", P_FLAGS, 0}, {"the RTL copied elsewhere", P_COPY, 1},
    {"the RTL edited", P_EDIT, 0},
};

/* Copies scalars.{yaml,c,v} into dir, appending a comment to the Verilog
 * when edit is set, and loads the copy. */
static spec_t *spec_copy(const char *dir, int edit)
{
    const char *names[] = {"scalars.yaml", "scalars.c", "scalars.v"};
    lg_err_t err;
    if (lg_mkdirs(dir, &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    for (int i = 0; i < 3; i++) {
        char *from = lg_asprintf("%s/rtl/%s", ORACLE_TEST_DIR, names[i]);
        char *to = lg_path_join(dir, names[i]);
        copy_file(from, to, edit && i == 2 ? "// edited\n" : NULL);
        free(to);
        free(from);
    }
    char *path = lg_path_join(dir, "scalars.yaml");
    spec_t *s = test_spec(path);
    free(path);
    return s;
}

static void test_ports_key(const char *tmp)
{
    char *path = lg_asprintf("%s/rtl/scalars.yaml", ORACLE_TEST_DIR);
    spec_t *orig = test_spec(path);
    char *copy_dir = lg_path_join(tmp, "rtl-copy");
    char *edit_dir = lg_path_join(tmp, "rtl-edit");
    spec_t *copy = spec_copy(copy_dir, 0);
    spec_t *edit = spec_copy(edit_dir, 1);
    const char *version = "Verilator 5.006 2023-01-22";
    lg_err_t err;
    char base[KEY_LEN];
    CHECK_MSG(key_ports(orig, version, flags, 4, base, &err) == 0, "%s", err.msg);
    for (size_t i = 0; i < sizeof pcases / sizeof *pcases; i++) {
        const pcase_t *c = &pcases[i];
        const spec_t *s = c->vary == P_COPY ? copy : c->vary == P_EDIT ? edit : orig;
        char key[KEY_LEN];
        int rc = key_ports(s, c->vary == P_VERSION ? "Verilator 5.008 2023-03-04" : version,
                           c->vary == P_FLAGS ? other_flags : flags, 4, key, &err);
        CHECK_MSG(rc == 0, "%s: %s", c->what, err.msg);
        CHECK_MSG((strcmp(key, base) == 0) == c->same, "%s: key %s, base %s, want %s", c->what, key, base,
                  c->same ? "the same" : "another");
    }
    spec_destroy(edit);
    spec_destroy(copy);
    spec_destroy(orig);
    free(edit_dir);
    free(copy_dir);
    free(path);
}

/* The version is what `verilator --version` prints; a Verilator that does
 * not run is a build error naming it. */
static void test_version(void)
{
    lg_err_t err;
    char *v = NULL;
    int rc = key_verilator_version("verilator", NULL, &v, &err);
    CHECK_MSG(rc == 0 && v && strncmp(v, "Verilator ", 10) == 0, "verilator --version: %s", rc ? err.msg : v);
    free(v);
    rc = key_verilator_version("no-such-verilator", NULL, &v, &err);
    CHECK_MSG(rc == LG_EBUILD && strstr(err.msg, "no-such-verilator"), "%d %s", rc, err.msg);
}

/* Writes a stand-in Verilator at path that prints text and appends a line
 * to runs each time it runs. */
static void write_fake(const char *path, const char *text, const char *runs)
{
    char *script = lg_asprintf("#!/bin/sh\necho run >> '%s'\necho '%s'\n", runs, text);
    lg_err_t err;
    CHECK_MSG(lg_write_file_atomic(path, script, strlen(script), &err) == 0, "%s", err.msg);
    CHECK(chmod(path, 0755) == 0);
    free(script);
}

static size_t count_runs(const char *runs)
{
    lg_err_t err;
    char *t = lg_read_file(runs, NULL, &err);
    size_t n = 0;
    for (const char *p = t; p && (p = strchr(p, '\n')); p++)
        n++;
    free(t);
    return n;
}

/* The remembered version: a second model opened does not run the program
 * again; a program replaced (another installation) is run again and its
 * answer used; a memo damaged to empty is not trusted; a program that is
 * not found is still a build error naming it. */
static void test_version_memo(const char *tmp)
{
    char *bin = lg_path_join(tmp, "vbin"), *memo = lg_path_join(tmp, "vmemo");
    char *prog = lg_path_join(bin, "verilator"), *runs = lg_path_join(tmp, "vruns");
    lg_err_t err;
    CHECK(lg_mkdirs(bin, &err) == 0 && lg_mkdirs(memo, &err) == 0);
    write_fake(prog, "Verilator 9.001 fake", runs);
    char *v[4] = {NULL};
    for (int i = 0; i < 2; i++)
        CHECK_MSG(key_verilator_version(prog, memo, &v[i], &err) == 0, "%s", err.msg);
    CHECK_MSG(v[0] && v[1] && strcmp(v[0], "Verilator 9.001 fake\n") == 0 && strcmp(v[0], v[1]) == 0, "%s / %s", v[0],
              v[1]);
    CHECK_MSG(count_runs(runs) == 1, "the program ran %zu times for two models", count_runs(runs));
    /* An upgrade: a new file (inode, size and times change). */
    write_fake(prog, "Verilator 9.002 fake, upgraded", runs);
    CHECK_MSG(key_verilator_version(prog, memo, &v[2], &err) == 0, "%s", err.msg);
    CHECK_MSG(v[2] && strcmp(v[2], "Verilator 9.002 fake, upgraded\n") == 0, "after the upgrade: %s", v[2]);
    CHECK_MSG(count_runs(runs) == 2, "the upgraded program was not run (%zu runs)", count_runs(runs));
    /* Damaged memos (emptied) are run again. */
    char **names;
    size_t n;
    CHECK(lg_list_dir(memo, ".version", &names, &n, &err) == 0 && n == 2);
    for (size_t i = 0; i < n; i++) {
        char *p = lg_path_join(memo, names[i]);
        CHECK(lg_write_file_atomic(p, "", 0, &err) == 0);
        free(p);
    }
    lg_list_free(names, n);
    CHECK_MSG(key_verilator_version(prog, memo, &v[3], &err) == 0, "%s", err.msg);
    CHECK_MSG(v[3] && strcmp(v[3], v[2]) == 0 && count_runs(runs) == 3, "an empty memo: %s, %zu runs", v[3],
              count_runs(runs));
    char *missing = NULL, *none = lg_path_join(bin, "no-such-verilator");
    int rc = key_verilator_version(none, memo, &missing, &err);
    CHECK_MSG(rc == LG_EBUILD && strstr(err.msg, "no-such-verilator"), "%d %s", rc, err.msg);
    for (int i = 0; i < 4; i++)
        free(v[i]);
    free(none);
    free(runs);
    free(prog);
    free(memo);
    free(bin);
}

int main(void)
{
    char tmp[] = "/tmp/lgfuzz-oracle-key-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 2;
    }
    test_harness_key(tmp);
    test_runtime_key(tmp);
    test_ports_key(tmp);
    test_version();
    test_version_memo(tmp);
    lg_remove_tree(tmp);
    TEST_DONE();
}
