/* `lgfuzz init`'s reading of constant sizes in C: the named integer
 * constants of a source (util/cconst.h: object-like #defines, enum
 * constants, const-qualified variables) with those of the headers it
 * includes by "name" from its own directory, so that array lengths and
 * pragma depths may be written as HLS code writes them (`int a[N]`,
 * `int a[ROWS * COLS]`, `depth=LEN`). What is not such a constant stays
 * unknown, for the caller to guess and say so. */
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/err.h"
#include "util/fsutil.h"
#include "util/proc.h"
#include "util/strbuf.h"

#define CEXPR_INCLUDE_DEPTH 4 /* headers including headers */
#define INIT_STUB_MAX 32      /* missing headers stubbed before preprocessing gives up */

#ifndef LGFUZZ_CLANG
#error "LGFUZZ_CLANG must name the clang 14 binary"
#endif

/* Appends path's text to b, each header it includes by "name" (from its
 * directory, at most CEXPR_INCLUDE_DEPTH deep) before it. */
static void gather(lg_strbuf_t *b, const char *path, int depth)
{
    lg_err_t err;
    char *text = depth <= CEXPR_INCLUDE_DEPTH ? lg_read_file_max(path, LG_READ_MAX, NULL, &err) : NULL;
    if (!text)
        return;
    char *dir = lg_path_dirname(path);
    for (const char *line = text; line && *line;) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        const char *nl = strchr(line, '\n');
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            const char *q = strncmp(p, "include", 7) == 0 ? strchr(p, '"') : NULL;
            const char *e = q ? strchr(q + 1, '"') : NULL;
            if (e && (!nl || e < nl)) {
                char *name = lg_strndup(q + 1, (size_t)(e - q - 1));
                char *inc = lg_path_join(dir, name);
                gather(b, inc, depth + 1);
                free(inc);
                free(name);
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    lg_strbuf_puts(b, text);
    lg_strbuf_puts(b, "\n");
    free(dir);
    free(text);
}

/* The header clang's log says it could not find ("fatal error: 'x.h'
 * file not found"), or NULL. */
static char *missing_header(const char *log)
{
    const char *at = log ? strstr(log, "' file not found") : NULL;
    if (!at)
        return NULL;
    const char *q = at;
    while (q > log && q[-1] != '\'')
        q--;
    return q > log && at > q ? lg_strndup(q, (size_t)(at - q)) : NULL;
}

/* Runs argv (clang -E) until it succeeds, stubbing each header it cannot
 * find as an empty file in stubs; 0 on success, -1 when a failure is not
 * a missing header or the stubs run out. */
static int run_stubbed(char **argv, const char *stubs, const char *log)
{
    lg_err_t err;
    for (int tries = 0; tries < INIT_STUB_MAX; tries++) {
        if (lg_run_logged(argv, log, &err) == 0)
            return 0;
        char *logtext = lg_read_file(log, NULL, &err);
        char *name = missing_header(logtext);
        free(logtext);
        /* A stub in a subdirectory for "hls/x.h"; never outside stubs. */
        char *stub = name && !strstr(name, "..") && name[0] != '/' ? lg_path_join(stubs, name) : NULL;
        char *dir = stub ? lg_path_dirname(stub) : NULL;
        int made =
            dir && lg_mkdirs(dir, &err) == 0 && !lg_path_exists(stub) && lg_write_file_atomic(stub, "", 0, &err) == 0;
        free(dir);
        free(stub);
        free(name);
        if (!made)
            return -1;
    }
    return -1;
}

/* Runs clang's preprocessor on path with flags, headers it cannot find
 * (the HLS install's, which lgfuzz does not ship) stubbed as empty files
 * in a scratch directory: *text the preprocessed source, *defs the
 * macros defined at its end (-dM). 0, or -1 when clang cannot. */
static int preprocess(const char *path, const init_cflags_t *flags, char **text, char **defs)
{
    *text = *defs = NULL;
    const char *tmp = getenv("TMPDIR");
    char *scratch = lg_asprintf("%s/lgfuzz-init-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        free(scratch);
        return -1;
    }
    char *stubs = lg_path_join(scratch, "stubs"), *out = lg_path_join(scratch, "out.i");
    char *log = lg_path_join(scratch, "clang.log"), *standin = lg_data_path("tracer/include");
    lg_err_t err;
    size_t n = 0, cap = flags->ndefines + flags->nincludes + 16;
    char **argv = lg_calloc(cap, sizeof *argv), **own = lg_calloc(cap, sizeof *own);
    size_t nown = 0;
    char *src_dir = lg_path_dirname(path);
    const char *dot = strrchr(path, '.');
    argv[n++] = (char *)(dot && strcmp(dot, ".c") == 0 ? LGFUZZ_CLANG : LGFUZZ_CLANGXX);
    argv[n++] = "-E";
    argv[n++] = "-w";
    for (size_t i = 0; i < flags->ndefines; i++)
        argv[n++] = own[nown++] = lg_asprintf("-D%s", flags->defines[i]);
    argv[n++] = own[nown++] = lg_asprintf("-I%s", src_dir);
    for (size_t i = 0; i < flags->nincludes; i++)
        argv[n++] = own[nown++] = lg_asprintf("-I%s", flags->includes[i]);
    argv[n++] = own[nown++] = lg_asprintf("-I%s", standin);
    argv[n++] = own[nown++] = lg_asprintf("-I%s", stubs);
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n++] = (char *)path;
    size_t mode = n++; /* -P: the text; -dM: the macros */
    argv[n] = NULL;
    LG_ASSERT(n < cap);
    int rc = lg_mkdirs(stubs, &err) == 0 ? 0 : -1;
    argv[mode] = "-P";
    if (rc == 0 && (rc = run_stubbed(argv, stubs, log)) == 0)
        *text = lg_read_file_max(out, LG_READ_MAX, NULL, &err);
    argv[mode] = "-dM";
    if (rc == 0 && *text && (rc = run_stubbed(argv, stubs, log)) == 0)
        *defs = lg_read_file_max(out, LG_READ_MAX, NULL, &err);
    if (!*text || !*defs) {
        free(*text);
        free(*defs);
        *text = *defs = NULL;
        rc = -1;
    }
    lg_remove_tree(scratch);
    lg_list_free(own, nown);
    free(argv);
    free(src_dir);
    free(standin);
    free(log);
    free(out);
    free(stubs);
    free(scratch);
    return rc;
}

void init_macros_read(const char *path, const init_cflags_t *flags, init_macros_t *out)
{
    memset(out, 0, sizeof *out);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    gather(&b, path, 0);
    cconsts_collect(b.s ? b.s : "", &out->consts);
    out->text = lg_strbuf_take(&b);
    char *text, *defs;
    if (!flags || !flags->ndefines || preprocess(path, flags, &text, &defs) != 0)
        return;
    /* The macros in force at the end of the source, then its enums and
     * constants as the compiler sees them. */
    cconsts_free(&out->consts);
    lg_strbuf_init(&b);
    lg_strbuf_puts(&b, defs);
    lg_strbuf_puts(&b, "\n");
    lg_strbuf_puts(&b, text);
    cconsts_collect(b.s, &out->consts);
    lg_strbuf_free(&b);
    free(defs);
    free(out->text);
    out->text = text;
}

void init_macros_free(init_macros_t *m)
{
    if (!m)
        return;
    cconsts_free(&m->consts);
    free(m->text);
    memset(m, 0, sizeof *m);
}

int init_macros_eval(const init_macros_t *m, const char *text, int64_t *out)
{
    return cconsts_eval(&m->consts, text, out, NULL, 0);
}
