/* libFuzzer target for the spec loader: each input is a kernel.yaml read
 * by spec_load_text as if it were a file in a scratch directory that holds
 * the files the bundled specs name (kernel.c, kernel.v, seeds/), so that
 * mutations reach every section. Any crash, leak, sanitizer report or
 * broken invariant of a loaded spec is a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's entry points take no context: the scratch directory is the
 * one state kept between inputs. */
static char scratch[] = "/tmp/lgfuzz-fuzz-spec-XXXXXX";
static char *spec_path;

static void remove_scratch(void)
{
    lg_remove_tree(scratch);
    free(spec_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!mkdtemp(scratch))
        abort();
    static const char *const files[] = {"kernel.c", "kernel.v", "k.c", "k.v", "rtl/a.v", "rtl/b.sv", "seeds/a.json"};
    static const char *const dirs[] = {"rtl", "seeds"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char *d = lg_path_join(scratch, dirs[i]);
        mkdir(d, 0700);
        free(d);
    }
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *f = lg_path_join(scratch, files[i]);
        lg_err_t err;
        if (lg_write_file_atomic(f, "x\n", 2, &err) != LG_OK)
            abort();
        free(f);
    }
    spec_path = lg_path_join(scratch, "kernel.yaml");
    atexit(remove_scratch);
    return 0;
}

/* What every loaded spec guarantees its users. */
static void check_spec(const spec_t *s)
{
    if (!s->kernel || !s->c_source || !s->c_function || (s->nparams && !s->params) || !s->ifaces)
        abort();
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        int max_width = p->wide ? LG_WIDE_BITS_MAX : 64;
        if (!p->name || !s->ifaces[i].port || s->ifaces[i].width < 1 || s->ifaces[i].width > max_width)
            abort();
        if (p->is_array && (p->max_len < 1 || (p->len_param >= 0 && (size_t)p->len_param >= s->nparams)))
            abort();
        /* A wide param: its limbs, whole elements of them, a scalar's a fixed array. */
        if (p->wide && (p->limbs != (p->wide + 63) / 64 || !p->is_array || p->max_len % (size_t)p->limbs != 0 ||
                        (p->wide_scalar && (!p->fixed_len || p->max_len != (size_t)p->limbs))))
            abort();
    }
    for (size_t i = 0; s->has_rtl && i < s->nrtl_sources; i++)
        if (!s->rtl_sources[i] || s->rtl_sources[i][0] == '-')
            abort();
    if (s->has_rtl && (s->nrtl_sources == 0 || !s->rtl_top || s->rtl_top[0] == '-'))
        abort();
    char sig[4096];
    spec_format_signature(s, sig, sizeof sig);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lg_err_t err;
    spec_t *s = spec_load_text(spec_path, (const char *)data, size, &err);
    if (s)
        check_spec(s);
    else if (err.code != LG_EINVAL || strncmp(err.msg, spec_path, strlen(spec_path)) != 0)
        abort(); /* every rejection is a located LG_EINVAL */
    spec_destroy(s);
    return 0;
}
