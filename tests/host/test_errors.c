/* host_slice_create's errors: each names what is at fault (the source
 * that does not compile, the kernel function the host never calls, the
 * entry function that is not defined, a call with the wrong number of
 * arguments). */
#include <stdlib.h>

#include "hfixture.h"
#include "host/host.h"
#include "util/alloc.h"
#include "util/fsutil.h"

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

int main(void)
{
    char *dir = hf_dir_create("lgfuzz-host-test", kernel_c);
    if (!dir)
        TEST_DONE();
    char *host_path = lg_path_join(dir, "host.c");
    lg_log_t log = lg_log_make(LG_LOG_QUIET);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *spec_text = lg_asprintf(spec_fmt, cases[i].entry);
        lg_err_t err;
        spec_t *spec = hf_spec_load(dir, spec_text, cases[i].host_c, &err);
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
    hf_dir_remove(dir);
    TEST_DONE();
}
