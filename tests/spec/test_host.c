/* The spec's host section: a valid one resolves as docs/spec.md says
 * (paths, entry, argv words and inputs, stdin, named files, alpha), and
 * each malformed one is refused at its file:line:col with the value or
 * path at fault named. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/spec.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static char tmpdir[256];

static char *write_file(const char *name, const char *text)
{
    char *path = lg_asprintf("%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

#define HEAD "kernel: k\nc: {source: k.c, function: k}\nparams:\n  - {name: n, type: i32}\nhost:\n"

static const struct {
    const char *text;
    int line, col;
    const char *msg;
} bad[] = {
    {HEAD "  entry: main\n", 6, 3, "missing required key 'sources' in host"},
    {HEAD "  sources: [h.c]\n  sorces: x\n", 7, 3, "unknown key 'sorces' in host"},
    {HEAD "  sources: [h.c, gone.c]\n", 6, 18, "host source 'gone.c' does not exist"},
    {HEAD "  sources: []\n", 6, 12, "host.sources is empty"},
    {HEAD "  sources: h.c\n  entry: 9main\n", 7, 10, "host.entry '9main' is not a C identifier"},
    {HEAD "  sources: h.c\n  argv: [{input: a}, {input: a}]\n", 7, 30,
     "duplicate host input 'a' (first given at 7:18)"},
    {HEAD "  sources: h.c\n  argv: [{input: a, kind: dir}]\n", 7, 27, "kind of a host.argv input must be word or file"},
    {HEAD "  sources: h.c\n  argv: [{input: a, size: 3}]\n", 7, 21, "unknown key 'size' in a host.argv word"},
    {HEAD "  sources: h.c\n  argv: [{kind: file}]\n", 7, 10, "missing required key 'input' in a host.argv word"},
    {HEAD "  sources: h.c\n  argv: [{input: a, kind: file, value: x}]\n", 7, 40, "give its first content as seed:"},
    {HEAD "  sources: h.c\n  argv: [{input: a, kind: file, seed: none.txt}]\n", 7, 39,
     "seed of host input 'a' 'none.txt' does not exist"},
    {HEAD "  sources: h.c\n  argv: [{input: a, seed: h.c}]\n", 7, 27, "give its first text as value:"},
    {HEAD "  sources: h.c\n  stdin: {input: a}\n  files: [{input: a, path: x}]\n", 8, 19,
     "duplicate host input 'a' (first given at 7:18)"},
    {HEAD "  sources: h.c\n  files: [{input: a, path: ../x}]\n", 7, 28,
     "host file path '../x' must be a relative name"},
    {HEAD "  sources: h.c\n  files: [{input: a, path: /etc/passwd}]\n", 7, 28, "must be a relative name"},
    {HEAD "  sources: h.c\n  files: [{input: a, path: x}, {input: b, path: x}]\n", 7, 49,
     "host file 'x' is already input 'a'"},
    {HEAD "  sources: h.c\n  files: [{input: a}]\n", 7, 11, "missing required key 'path' in a host.files entry"},
    {HEAD "  sources: h.c\n  stdin: a\n", 7, 10, "host.stdin ({input: NAME}) must be a mapping"},
    {HEAD "  sources: h.c\n  alpha: 1.5\n", 7, 10, "host.alpha must be a probability in [0, 1], found '1.5'"},
    {HEAD "  sources: h.c\n  alpha: x\n", 7, 10, "host.alpha must be a probability"},
    {HEAD "  sources: h.c\n  sources: h.c\n", 7, 3, "duplicate key 'sources'"},
};

static void test_valid(void)
{
    char *path = write_file("good.yaml", HEAD "  sources: [h.c]\n  argv:\n    - --mode\n"
                                              "    - {input: data, kind: file, seed: d.txt}\n"
                                              "    - {input: th, value: \"12\"}\n"
                                              "  stdin: {input: vec}\n"
                                              "  files: [{input: cfg, path: conf/c.txt}]\n"
                                              "  alpha: 0.05\n");
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    const spec_host_t *h = s ? s->host : NULL;
    CHECK(h != NULL);
    if (h) {
        CHECK(h->nsources == 1 && strstr(h->sources[0], "/h.c") != NULL);
        CHECK(strcmp(h->entry, "main") == 0);
        CHECK(h->nargv == 3);
        CHECK(h->argv[0].input == -1 && strcmp(h->argv[0].literal, "--mode") == 0);
        CHECK(h->argv[1].input == 0 && h->argv[2].input == 1);
        CHECK(h->ninputs == 4);
        CHECK(strcmp(h->inputs[0].name, "data") == 0 && h->inputs[0].kind == SPEC_HOST_FILE);
        CHECK(h->inputs[0].argv_index == 2 && h->inputs[0].seed && strstr(h->inputs[0].seed, "d.txt"));
        CHECK(h->inputs[1].kind == SPEC_HOST_WORD && h->inputs[1].argv_index == 3);
        CHECK(h->inputs[1].value && strcmp(h->inputs[1].value, "12") == 0);
        CHECK(h->inputs[2].kind == SPEC_HOST_STDIN && h->inputs[2].argv_index == -1);
        CHECK(h->inputs[3].kind == SPEC_HOST_NAMED && strcmp(h->inputs[3].path, "conf/c.txt") == 0);
        CHECK(h->alpha == 0.05);
        CHECK(strcmp(spec_host_kind_name(h->inputs[3].kind), "named file") == 0);
    }
    spec_destroy(s);
    free(path);
    /* without host: no host; with it, alpha defaults to 0.2 and entry to main */
    path = write_file("plain.yaml", "kernel: k\nc: {source: k.c, function: k}\nparams: []\n");
    s = spec_load(path, &err);
    CHECK(s && s->host == NULL);
    spec_destroy(s);
    free(path);
    path = write_file("min.yaml", HEAD "  sources: h.c\n");
    s = spec_load(path, &err);
    CHECK_MSG(s && s->host && s->host->alpha == 0.2 && s->host->nargv == 0, "%s", err.msg);
    spec_destroy(s);
    free(path);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/lgfuzz-test-spec-host-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    free(write_file("k.c", "int k(int n) { return n; }\n"));
    free(write_file("h.c", "int k(int);\nint main(void) { return k(1); }\n"));
    free(write_file("d.txt", "1 2 3\n"));
    test_valid();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.yaml", i);
        char *path = write_file(name, bad[i].text);
        lg_err_t err;
        lg_err_clear(&err);
        spec_t *s = spec_load(path, &err);
        CHECK_MSG(s == NULL, "case %zu loaded", i);
        char *where = lg_asprintf("%s:%d:%d: ", path, bad[i].line, bad[i].col);
        CHECK_MSG(strstr(err.msg, where) != NULL, "case %zu: '%s' does not contain '%s'", i, err.msg, where);
        CHECK_MSG(strstr(err.msg, bad[i].msg) != NULL, "case %zu: '%s' does not contain '%s'", i, err.msg, bad[i].msg);
        free(where);
        spec_destroy(s);
        free(path);
    }
    lg_remove_tree(tmpdir);
    TEST_DONE();
}
