/* The slice on small hosts, one C library model or rule each (scanf,
 * getchar, read(0), files opened by name, argv in a loop, strcpy, fread,
 * helpers writing through pointers, call-site context): each input
 * reaches exactly the params the table gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hfixture.h"
#include "host/host.h"
#include "util/alloc.h"

static const char kernel_c[] = "int k(const int *d, int n) { return n > 0 ? d[0] : 0; }\n";
static const char spec_fmt[] = "kernel: k\nc: {source: kernel.c, function: k}\n"
                               "params:\n  - {name: d, type: i32, array: {max_len: 8, len: n}}\n"
                               "  - {name: n, type: i32}\n"
                               "host:\n  sources: [host.c]\n%s";
static const char prelude[] = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n"
                              "int k(const int *d, int n);\n";

static const struct {
    const char *what;
    const char *host_c; /* after the prelude */
    const char *inputs; /* the host section after sources */
    const char *expect; /* "input=params" separated by spaces */
    int unlisted_stdin;
} cases[] = {
    {"scanf", "int main(void) { int n = 0; scanf(\"%d\", &n); int d[4] = {0}; return k(d, n); }\n",
     "  stdin: {input: in}\n", "in=n", 0},
    {"getchar", "int main(void) { int d[1] = {getchar()}; return k(d, 1); }\n", "  stdin: {input: in}\n", "in=d", 0},
    {"read0", "int main(void) { int d[4]; read(0, d, sizeof d); return k(d, 4); }\n", "  stdin: {input: in}\n", "in=d",
     0},
    {"named file",
     "int main(void) { FILE *f = fopen(\"cfg.txt\", \"r\"); int n = f ? fgetc(f) : 0; int d[1] = {0};\n"
     "  FILE *g = fopen(\"log.txt\", \"r\"); if (g) fclose(g); return k(d, n); }\n",
     "  files: [{input: cfg, path: cfg.txt}, {input: log, path: log.txt}]\n", "cfg=n log=", 0},
    {"argv loop",
     "int main(int argc, char **argv) { int n = 0; for (int i = 1; i < argc; i++) n += atoi(argv[i]);\n"
     "  int d[1] = {0}; return k(d, n); }\n",
     "  argv: [{input: a}, {input: b}]\n", "a=n b=n", 0},
    {"strcpy",
     "int main(int argc, char **argv) { char buf[16]; strcpy(buf, argv[1]); int d[1] = {atoi(buf)};\n"
     "  printf(\"%s\\n\", argv[2]); return k(d, 1); }\n",
     "  argv: [{input: a}, {input: b}]\n", "a=d b=", 0},
    {"fread",
     "int main(int argc, char **argv) { FILE *f = fopen(argv[1], \"rb\"); int d[8];\n"
     "  if (!f) return 1; size_t m = fread(d, sizeof *d, 8, f); fclose(f); return k(d, (int)m); }\n",
     "  argv: [{input: a, kind: file}, {input: b}]\n", "a=d,n b=", 0},
    {"helper writes",
     "static void fill(int *b, int v) { for (int i = 0; i < 4; i++) b[i] = v; }\n"
     "int main(int argc, char **argv) { int *buf = malloc(4 * sizeof *buf); if (!buf) return 1;\n"
     "  fill(buf, atoi(argv[1])); int r = k(buf, atoi(argv[2])); free(buf); return r; }\n",
     "  argv: [{input: a}, {input: b}]\n", "a=d b=n", 0},
    {"call-site context",
     "static int twice(int x) { return 2 * x; }\n"
     "int main(int argc, char **argv) { int d[1] = {0}; int n = twice(atoi(argv[1]));\n"
     "  printf(\"%d\\n\", twice(atoi(argv[2]))); return k(d, n); }\n",
     "  argv: [{input: a}, {input: b}]\n", "a=n b=", 0},
    {"after the call",
     "int main(int argc, char **argv) { int d[2] = {1, 2}; int r = k(d, 2);\n"
     "  d[0] = atoi(argv[1]); return r + d[0]; }\n",
     "  argv: [{input: a}]\n", "a=", 0},
    {"unlisted stdin", "int main(void) { int d[1] = {0}; return k(d, getchar()); }\n", "  argv: [x]\n", "", 1},
};

static int input_index(const spec_t *spec, const char *name)
{
    for (size_t i = 0; i < spec->host->ninputs; i++)
        if (strcmp(spec->host->inputs[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Checks every "input=params" of expect. */
static void check_expect(const char *what, const spec_t *spec, const host_slice_t *sl, const char *expect)
{
    char *copy = lg_strdup(expect), *save = NULL;
    size_t n = 0;
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), n++) {
        char *eq = strchr(tok, '=');
        *eq = '\0';
        int i = input_index(spec, tok);
        CHECK_MSG(i >= 0, "%s: no input %s", what, tok);
        char got[128] = "";
        for (size_t p = 0; i >= 0 && p < spec->nparams; p++)
            if (host_slice_reaches(sl, (size_t)i, p))
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? "," : "", spec->params[p].name);
        CHECK_MSG(strcmp(got, eq + 1) == 0, "%s: %s reaches '%s', expected '%s'", what, tok, got, eq + 1);
    }
    CHECK_MSG(n == spec->host->ninputs, "%s: %zu of %zu inputs checked", what, n, spec->host->ninputs);
    free(copy);
}

int main(void)
{
    char *dir = hf_dir_create("lgfuzz-host-models", kernel_c);
    if (!dir)
        TEST_DONE();
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *spec_text = lg_asprintf(spec_fmt, cases[i].inputs);
        char *host_text = lg_asprintf("%s%s", prelude, cases[i].host_c);
        lg_err_t err;
        spec_t *spec = hf_spec_load(dir, spec_text, host_text, &err);
        CHECK_MSG(spec != NULL, "%s: %s", cases[i].what, err.msg);
        host_slice_t *sl = spec ? host_slice_create(spec, &log, &err) : NULL;
        CHECK_MSG(!spec || sl, "%s: %s", cases[i].what, err.msg);
        if (sl) {
            check_expect(cases[i].what, spec, sl, cases[i].expect);
            CHECK_MSG(host_slice_unlisted_stdin(sl) == cases[i].unlisted_stdin, "%s: unlisted stdin %d", cases[i].what,
                      host_slice_unlisted_stdin(sl));
        }
        host_slice_destroy(sl);
        spec_destroy(spec);
        free(host_text);
        free(spec_text);
    }
    hf_dir_remove(dir);
    TEST_DONE();
}
