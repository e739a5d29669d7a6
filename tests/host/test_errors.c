/* host_slice_create's errors: each names what is at fault (the source
 * that does not compile, the kernel function the host never calls, the
 * entry function that is not defined, a call with the wrong number of
 * arguments). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/alloc.h"
#include "common/fsutil.h"
#include "common/spec.h"
#include "host/host.h"
#include "tests/test.h"

static const char kernel_c[] = "int k(const int *d, int n) { return n ? d[0] : 0; }\n";
static const char spec_fmt[] = "kernel: k\nc: {source: kernel.c, function: k}\n"
                               "params:\n  - {name: d, type: i32, array: {max_len: 4, len: n}}\n"
                               "  - {name: n, type: i32}\n"
                               "host:\n  sources: [host.c]\n  entry: %s\n  argv: [{input: x}]\n";

static const struct {
    const char *host_c;
    const char *entry;
    const char *msg; /* %s: the host source's path */
} cases[] = {
    {"int main(void) { return k(; }\n", "main", "host source %s does not compile"},
    {"int main(int argc, char **argv) { return argc; }\n", "main", "never call the kernel function 'k'"},
    {"int k(const int *, int);\nint main(void) { int d[1] = {0}; return k(d, 1); }\n", "start",
     "host entry function 'start' is not defined in %s"},
    {"int k();\nint main(void) { return k(0); }\n", "main",
     "calls kernel function 'k' in function 'main' with 1 argument, but"},
};

static void write_text(const char *dir, const char *name, const char *text)
{
    char *path = lg_path_join(dir, name);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    free(path);
}

int main(void)
{
    char dir[] = "/tmp/lgfuzz-host-test-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    write_text(dir, "kernel.c", kernel_c);
    char *spec_path = lg_path_join(dir, "host.yaml");
    char *host_path = lg_path_join(dir, "host.c");
    lg_log_t log = lg_log_make(LG_LOG_QUIET);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *spec_text = lg_asprintf(spec_fmt, cases[i].entry);
        write_text(dir, "host.yaml", spec_text);
        write_text(dir, "host.c", cases[i].host_c);
        lg_err_t err;
        lg_err_clear(&err);
        spec_t *spec = spec_load(spec_path, &err);
        CHECK_MSG(spec != NULL, "%s", err.msg);
        host_slice_t *sl = spec ? host_slice_create(spec, &log, &err) : NULL;
        CHECK_MSG(sl == NULL, "case %zu loaded", i);
        CHECK(err.code < 0);
        char *want = lg_asprintf(cases[i].msg, host_path);
        CHECK_STR_CONTAINS(err.msg, want);
        free(want);
        host_slice_destroy(sl);
        spec_destroy(spec);
        free(spec_text);
    }
    free(host_path);
    free(spec_path);
    lg_remove_tree(dir);
    TEST_DONE();
}
