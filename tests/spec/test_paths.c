/* The files and directories a spec names and the limits on its lists:
 * each path is refused at its file:line:col with the reason (not a regular
 * file: a FIFO, a symlink to /dev/zero; outside the design: ../, a symlink
 * out of it) unless design_dirs takes its tree into the design; search
 * directories may lie anywhere; an input in a seeds directory lies inside
 * it; a second YAML document and a list past its limit are refused at the
 * entry at fault. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spec/input.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* The test's directory: d/ holds the specs, o/ lies outside their design. */
static char tmpdir[64];
static char real[PATH_MAX];

#define HEAD "kernel: k\nc:\n  source: k.c\n  function: k\nparams: []\n"

/* '@' in a message stands for the test directory's real path. */
static const struct {
    const char *text;
    int line, col;
    const char *msg;
} bad[] = {
    {"kernel: k\nc:\n  source: ../o/k.c\n  function: k\n", 3, 11,
     "c.source '../o/k.c': outside the design: ../o/k.c resolves to @/o/k.c"},
    {"kernel: k\nc:\n  source: out.c\n  function: k\n", 3, 11,
     "c.source 'out.c': outside the design: out.c resolves to @/o/k.c"},
    {HEAD "rtl:\n  sources: [zero.v]\n", 7, 13,
     "rtl source 'zero.v': not a regular file: zero.v resolves to /dev/zero, a character device"},
    {HEAD "rtl:\n  sources: [f.v]\n", 7, 13, "rtl source 'f.v': not a regular file: f.v resolves to @/d/f.v, a FIFO"},
    {HEAD "rtl:\n  sources: [rtl2]\n", 7, 13,
     "rtl source 'rtl2/esc.v': outside the design: rtl2/esc.v resolves to @/o/k.v"},
    {HEAD "rtl:\n  sources: [\"../o/*.v\"]\n", 7, 13,
     "rtl source '../o/k.v': outside the design: ../o/k.v resolves to @/o/k.v"},
    {HEAD "rtl:\n  sources: ../o\n", 7, 12, "rtl source directory '../o': outside the design"},
    {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [-v, /dev/zero]\n", 8, 25,
     "rtl.verilator_flags: -v '/dev/zero': not a regular file: /dev/zero is a character device"},
    {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [-v, ../o/k.v]\n", 8, 25,
     "rtl.verilator_flags: -v '../o/k.v': outside the design: ../o/k.v resolves to @/o/k.v"},
    {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [-y, /dev]\n", 8, 25,
     "rtl.verilator_flags: -y '/dev': not a directory of files on disk: /dev is a system directory"},
    {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [-y, k.v]\n", 8, 25,
     "rtl.verilator_flags: -y 'k.v': not a directory: k.v resolves to @/d/k.v, a regular file"},
    {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [\"+incdir+/proc\"]\n", 8, 21,
     "rtl.verilator_flags: +incdir+ '/proc': not a directory of files on disk"},
    {HEAD "rtl:\n  sources: [k.v]\n  registers: ../o/k.c\n", 8, 14,
     "rtl.registers '../o/k.c': outside the design: ../o/k.c resolves to @/o/k.c"},
    {HEAD "seeds: ../o/seeds\n", 6, 8, "seeds '../o/seeds': outside the design: ../o/seeds resolves to @/o/seeds"},
    {HEAD "seeds: k.c\n", 6, 8, "seeds 'k.c': not a directory"},
    {HEAD "host:\n  sources: [../o/k.c]\n", 7, 13, "host source '../o/k.c': outside the design"},
    {HEAD "host:\n  sources: [k.c]\n  stdin: {input: s, seed: zero.v}\n", 8, 27,
     "seed of host input 's' 'zero.v': not a regular file: zero.v resolves to /dev/zero"},
    {"kernel: k\nc:\n  source: k.c\n  function: k\n  include_dirs: [/dev/shm]\n", 5, 18,
     "c.include_dirs entry '/dev/shm': not a directory of files on disk"},
    {HEAD "design_dirs: [/]\n", 6, 15, "design_dirs entry '/' is /: the design cannot be the whole file system"},
    {HEAD "design_dirs: [k.c]\n", 6, 15, "design_dirs entry 'k.c': not a directory: k.c resolves to @/d/k.c"},
    {HEAD "design_dirs: [nowhere]\n", 6, 15, "design_dirs entry 'nowhere' does not exist"},
    {HEAD "design_dirs: [/proc]\n", 6, 15, "design_dirs entry '/proc': not a directory of files on disk"},
    {HEAD "design_dirs: ../o\n", 6, 14, "design_dirs must be a list"},
    /* One document per spec: the second is named, not ignored. */
    {HEAD "---\nkernel: other\n", 6, 1, "a second YAML document starts here: lgfuzz reads one document per file"},
    {HEAD "...\n---\n", 7, 1, "a second YAML document starts here"},
};

/* Specs that load: what design_dirs takes in, and the search directories,
 * which may lie anywhere. */
static const char *const good[] = {
    "kernel: k\ndesign_dirs: [../o]\nc:\n  source: ../o/k.c\n  function: k\nparams: []\nrtl:\n"
    "  sources: [\"../o/*.v\"]\n  verilator_flags: [-v, ../o/k.v, \"+incdir+../o\", -y, ../o, -I../o]\n"
    "  registers: ../o/k.c\nseeds: ../o/seeds\nhost:\n  sources: [../o/k.c]\n",
    "kernel: k\nc:\n  source: out.c\n  function: k\n  include_dirs: [../o, /usr/include]\nparams: []\n"
    "design_dirs: [../o]\n",
    HEAD "rtl:\n  sources: [k.v]\n  verilator_flags: [-y, ../o, \"+incdir+../o\", -I/usr/include]\n",
    HEAD "design_dirs: [., ../o, ../o/seeds]\n",
};

static char *expand(const char *msg)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (const char *c = msg; *c; c++)
        if (*c == '@')
            lg_strbuf_puts(&b, real);
        else
            lg_strbuf_printf(&b, "%c", *c);
    return lg_strbuf_take(&b);
}

static char *put(const char *name, const char *text)
{
    char *path = lg_asprintf("%s/%s", tmpdir, name);
    lg_err_t err;
    CHECK(lg_write_file_atomic(path, text, strlen(text), &err) == LG_OK);
    return path;
}

/* Loads text as d/<name>; the spec, or NULL with err set. */
static spec_t *load(const char *name, const char *text, lg_err_t *err)
{
    char *rel = lg_asprintf("d/%s", name);
    char *path = put(rel, text);
    spec_t *s = spec_load(path, err);
    unlink(path);
    free(path);
    free(rel);
    return s;
}

static void test_bad(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.yaml", i);
        lg_err_t err;
        spec_t *s = load(name, bad[i].text, &err);
        CHECK_MSG(s == NULL, "case %zu accepted", i);
        if (s) {
            spec_destroy(s);
            continue;
        }
        char *where = lg_asprintf("%s/d/%s:%d:%d: ", tmpdir, name, bad[i].line, bad[i].col);
        char *msg = expand(bad[i].msg);
        CHECK_MSG(strncmp(err.msg, where, strlen(where)) == 0, "case %zu: '%s' does not start with '%s'", i, err.msg,
                  where);
        CHECK_MSG(strstr(err.msg, msg) != NULL, "case %zu: '%s' lacks '%s'", i, err.msg, msg);
        free(msg);
        free(where);
    }
}

static void test_good(void)
{
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        lg_err_t err;
        spec_t *s = load("good.yaml", good[i], &err);
        CHECK_MSG(s != NULL, "good %zu: %s", i, err.msg);
        if (s && i == 0) {
            char *o = lg_asprintf("%s/o", real), *d = lg_asprintf("%s/d", real);
            CHECK(s->ndesign_dirs == 2 && strcmp(s->design_dirs[0], d) == 0 && strcmp(s->design_dirs[1], o) == 0);
            CHECK(s->nrtl_vflags == 6 && strcmp(s->rtl_vflags[1], o) != 0 && strstr(s->rtl_vflags[1], "/o/k.v"));
            free(d);
            free(o);
        }
        spec_destroy(s);
    }
}

/* A file the oracle finds through the RTL ($readmem) is held to the same
 * design, and to the extra trees its caller allows. */
static void test_design_file(void)
{
    lg_err_t err;
    spec_t *s = load("good.yaml", HEAD, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (!s)
        return;
    char *inside = lg_asprintf("%s/d/k.v", tmpdir), *outside = lg_asprintf("%s/o/k.v", tmpdir);
    char *o = lg_asprintf("%s/o", real);
    const char *const extra[] = {o};
    CHECK(spec_check_design_file(s, inside, "k.v", NULL, 0, &err) == LG_OK);
    CHECK(spec_check_design_file(s, outside, "../o/k.v", NULL, 0, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "outside the design: ../o/k.v resolves to ");
    CHECK(spec_check_design_file(s, outside, "../o/k.v", extra, 1, &err) == LG_OK);
    CHECK(spec_check_design_file(s, "/dev/zero", "/dev/zero", extra, 1, &err) == LG_EINVAL);
    CHECK(strcmp(err.msg, "not a regular file: /dev/zero is a character device") == 0);
    free(o);
    free(outside);
    free(inside);
    spec_destroy(s);
}

/* An entry of a directory of inputs (seeds, a corpus) lies inside it: a
 * symlink out of it or to /dev/zero, or a FIFO, is refused by its name. */
static void test_entries(void)
{
    lg_err_t err;
    spec_t *s = load("good.yaml", HEAD, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (!s)
        return;
    char *seeds = lg_asprintf("%s/d/seeds", tmpdir);
    static const struct {
        const char *name, *msg;
    } entries[] = {
        {"a.json", NULL},
        {"out.json", "/d/seeds/out.json: outside its directory: "},
        {"zero.json", "/d/seeds/zero.json: not a regular file: "},
        {"fifo.json", "a FIFO"},
    };
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        input_t *in = input_load_entry(s, seeds, entries[i].name, &err);
        CHECK_MSG((in != NULL) == (entries[i].msg == NULL), "%s: %s", entries[i].name, in ? "loaded" : err.msg);
        if (!in)
            CHECK_STR_CONTAINS(err.msg, entries[i].msg);
        input_destroy(in);
    }
    free(seeds);
    spec_destroy(s);
}

/* A list past its limit is refused at its first entry past it, at once
 * (20,000 params took seconds to reach the compiler before). */
static void test_counts(void)
{
    static const struct {
        const char *head, *item, *tail;
        size_t n;
        int line; /* of the first entry past the limit, 0: loads */
        const char *msg;
    } lists[] = {
        {"kernel: k\nc: {source: k.c, function: k}\nparams:\n", "  - {name: p%zu, type: i8}\n", "", SPEC_PARAMS_MAX, 0,
         NULL},
        {"kernel: k\nc: {source: k.c, function: k}\nparams:\n", "  - {name: p%zu, type: i8}\n", "", SPEC_PARAMS_MAX + 1,
         4 + SPEC_PARAMS_MAX, "params has 1025 entries, more than the 1024 lgfuzz takes"},
        {"kernel: k\nc: {source: k.c, function: k}\nparams:\n", "  - {name: p%zu, type: i8}\n", "", 20000,
         4 + SPEC_PARAMS_MAX, "params has 20000 entries, more than the 1024 lgfuzz takes: this is entry 1025"},
        {HEAD "rtl:\n  sources: [k.v]\n  verilator_flags:\n", "    - -Wno-W%zu\n", "", SPEC_LIST_MAX + 1,
         9 + SPEC_LIST_MAX, "rtl.verilator_flags has 1025 entries"},
        {HEAD "hls:\n  widths:\n", "    v%zu: u8\n", "", SPEC_LIST_MAX + 1, 8 + SPEC_LIST_MAX,
         "hls.widths has 1025 entries"},
        {HEAD "host:\n  sources: [k.c]\n  argv:\n", "    - w%zu\n", "", 257, 9 + 256, "host.argv has 257 entries"},
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        lg_strbuf_t b;
        lg_strbuf_init(&b);
        lg_strbuf_puts(&b, lists[i].head);
        for (size_t k = 0; k < lists[i].n; k++)
            lg_strbuf_printf(&b, lists[i].item, k);
        lg_strbuf_puts(&b, lists[i].tail);
        char *text = lg_strbuf_take(&b);
        lg_err_t err;
        spec_t *s = load("count.yaml", text, &err);
        if (!lists[i].line) {
            CHECK_MSG(s != NULL, "list %zu: %s", i, err.msg);
        } else {
            CHECK_MSG(s == NULL, "list %zu accepted", i);
            char *where = lg_asprintf("%s/d/count.yaml:%d:", tmpdir, lists[i].line);
            CHECK_MSG(s || strncmp(err.msg, where, strlen(where)) == 0, "list %zu: '%s' is not at '%s'", i, err.msg,
                      where);
            CHECK_MSG(s || strstr(err.msg, lists[i].msg), "list %zu: '%s' lacks '%s'", i, err.msg, lists[i].msg);
            free(where);
        }
        spec_destroy(s);
        free(text);
    }
}

/* Runs the command made of fmt and tmpdir (each %s); 1 when it succeeded. */
static int run(const char *fmt)
{
    char *cmd = lg_asprintf(fmt, tmpdir, tmpdir, tmpdir);
    int ok = system(cmd) == 0;
    free(cmd);
    return ok;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/lgfuzz-test-paths-XXXXXX");
    if (!mkdtemp(tmpdir) || !realpath(tmpdir, real))
        return 2;
    CHECK(run("mkdir -p %s/d/rtl2 %s/d/seeds %s/o/seeds"));
    CHECK(run("mkfifo %s/d/f.v && ln -s /dev/zero %s/d/zero.v && ln -s ../o/k.c %s/d/out.c"));
    CHECK(run("ln -s ../../o/k.v %s/d/rtl2/esc.v && ln -s ../../o/k.c %s/d/seeds/out.json"));
    CHECK(run("ln -s /dev/zero %s/d/seeds/zero.json && mkfifo %s/d/seeds/fifo.json"));
    free(put("d/seeds/a.json", "{}\n"));
    static const char *const files[] = {"d/k.c", "d/k.v", "o/k.c", "o/k.v"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        free(put(files[i], "int k(void) { return 0; }\n"));
    test_bad();
    test_good();
    test_design_file();
    test_entries();
    test_counts();
    lg_remove_tree(tmpdir);
    TEST_DONE();
}
