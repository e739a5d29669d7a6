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

/* A clang command on path with flags: the compiler for its language
 * (clang for .c, clang++ else), -w, the defines, then -I for path's
 * directory, the flags' directories, lgfuzz's stand-in headers and
 * stubs; the caller appends the rest. */
typedef struct clang_cmd {
    char **argv; /* NULL-terminated; the words in own[] are allocated */
    char **own;
    size_t n, nown, cap;
} clang_cmd_t;

static void cmd_add(clang_cmd_t *c, char *word, int owned)
{
    LG_ASSERT(c->n + 1 < c->cap);
    c->argv[c->n++] = word;
    c->argv[c->n] = NULL;
    if (owned)
        c->own[c->nown++] = word;
}

static void cmd_init(clang_cmd_t *c, const char *path, const init_cflags_t *flags, const char *stubs)
{
    c->cap = (flags ? flags->ndefines + flags->nincludes : 0) + 24;
    c->argv = lg_calloc(c->cap, sizeof *c->argv);
    c->own = lg_calloc(c->cap, sizeof *c->own);
    c->n = c->nown = 0;
    const char *dot = strrchr(path, '.');
    cmd_add(c, (char *)(dot && strcmp(dot, ".c") == 0 ? LGFUZZ_CLANG : LGFUZZ_CLANGXX), 0);
    cmd_add(c, "-w", 0);
    for (size_t i = 0; flags && i < flags->ndefines; i++)
        cmd_add(c, lg_asprintf("-D%s", flags->defines[i]), 1);
    char *src_dir = lg_path_dirname(path), *standin = lg_data_path("tracer/include");
    cmd_add(c, lg_asprintf("-I%s", src_dir), 1);
    for (size_t i = 0; flags && i < flags->nincludes; i++)
        cmd_add(c, lg_asprintf("-I%s", flags->includes[i]), 1);
    cmd_add(c, lg_asprintf("-I%s", standin), 1);
    cmd_add(c, lg_asprintf("-I%s", stubs), 1);
    free(standin);
    free(src_dir);
}

static void cmd_free(clang_cmd_t *c)
{
    lg_list_free(c->own, c->nown);
    free(c->argv);
    memset(c, 0, sizeof *c);
}

/* A scratch directory below $TMPDIR (or /tmp), NULL when none can be made. */
static char *scratch_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    char *scratch = lg_asprintf("%s/lgfuzz-init-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        free(scratch);
        return NULL;
    }
    return scratch;
}

/* Runs clang's preprocessor on path with flags, headers it cannot find
 * (the HLS install's, which lgfuzz does not ship) stubbed as empty files
 * in a scratch directory: *text the preprocessed source, *defs the
 * macros defined at its end (-dM). 0, or -1 when clang cannot. */
static int preprocess(const char *path, const init_cflags_t *flags, char **text, char **defs)
{
    *text = *defs = NULL;
    char *scratch = scratch_dir();
    if (!scratch)
        return -1;
    char *stubs = lg_path_join(scratch, "stubs"), *out = lg_path_join(scratch, "out.i");
    char *log = lg_path_join(scratch, "clang.log");
    lg_err_t err;
    clang_cmd_t c;
    cmd_init(&c, path, flags, stubs);
    cmd_add(&c, "-E", 0);
    cmd_add(&c, "-o", 0);
    cmd_add(&c, out, 0);
    cmd_add(&c, (char *)path, 0);
    size_t mode = c.n; /* -P: the text; -dM: the macros */
    cmd_add(&c, "-P", 0);
    int rc = lg_mkdirs(stubs, &err) == 0 ? 0 : -1;
    if (rc == 0 && (rc = run_stubbed(c.argv, stubs, log)) == 0)
        *text = lg_read_file_max(out, LG_READ_MAX, NULL, &err);
    c.argv[mode] = "-dM";
    if (rc == 0 && *text && (rc = run_stubbed(c.argv, stubs, log)) == 0)
        *defs = lg_read_file_max(out, LG_READ_MAX, NULL, &err);
    if (!*text || !*defs) {
        free(*text);
        free(*defs);
        *text = *defs = NULL;
        rc = -1;
    }
    lg_remove_tree(scratch);
    cmd_free(&c);
    free(log);
    free(out);
    free(stubs);
    free(scratch);
    return rc;
}

/* The name of the constant the compiler evaluates an expression into. */
#define CEXPR_VALUE "__lgfuzz_cexpr_value"

/* The value clang gives text, an integer constant expression, after the
 * source at path (its types, `sizeof`, casts, constexpr functions: what
 * cconsts_eval does not read): a unit that includes the source, then
 * defines CEXPR_VALUE from text, compiled to LLVM IR, in which the
 * constant's initialiser is the value. 0, or -1 when clang does not
 * take text as a constant (or does not compile the source). */
static int compile_eval(const char *path, const init_cflags_t *flags, const char *text, int64_t *out)
{
    char *scratch = scratch_dir();
    if (!scratch)
        return -1;
    const char *dot = strrchr(path, '.');
    int is_c = dot && strcmp(dot, ".c") == 0;
    char *stubs = lg_path_join(scratch, "stubs"), *ir = lg_path_join(scratch, "out.ll");
    char *log = lg_path_join(scratch, "clang.log");
    char *unit = lg_asprintf("%s/eval.%s", scratch, is_c ? "c" : "cpp");
    char *abs = realpath(path, NULL);
    /* C++: constexpr refuses what is not a constant; C: a file-scope
     * initialiser must be one. The text is the caller's own, from the
     * source: it goes in parentheses, on a line of its own. */
    char *src =
        is_c ? lg_asprintf("#include \"%s\"\nconst long long " CEXPR_VALUE " = (long long)(\n%s\n);\n", abs, text)
             : lg_asprintf("#include \"%s\"\nconstexpr long long __lgfuzz_cexpr = (long long)(\n%s\n);\n"
                           "extern const long long " CEXPR_VALUE ";\n"
                           "const long long " CEXPR_VALUE " = __lgfuzz_cexpr;\n",
                           abs, text);
    lg_err_t err;
    clang_cmd_t c;
    cmd_init(&c, path, flags, stubs);
    cmd_add(&c, "-S", 0);
    cmd_add(&c, "-emit-llvm", 0);
    cmd_add(&c, "-o", 0);
    cmd_add(&c, ir, 0);
    cmd_add(&c, unit, 0);
    int rc = -1;
    char *ll = NULL;
    if (abs && !strchr(text, ';') && lg_mkdirs(stubs, &err) == 0 &&
        lg_write_file_atomic(unit, src, strlen(src), &err) == 0 && run_stubbed(c.argv, stubs, log) == 0 &&
        (ll = lg_read_file_max(ir, LG_READ_MAX, NULL, &err)) != NULL) {
        /* @__lgfuzz_cexpr_value = dso_local constant i64 263429, align 8 */
        const char *at = strstr(ll, "@" CEXPR_VALUE " =");
        const char *k = at ? strstr(at, " constant i64 ") : NULL;
        const char *nl = at ? strchr(at, '\n') : NULL;
        char *end = NULL;
        if (k && (!nl || k < nl)) {
            long long v = strtoll(k + strlen(" constant i64 "), &end, 10);
            if (end && (*end == ',' || *end == '\n' || *end == '\0')) {
                *out = v;
                rc = 0;
            }
        }
    }
    free(ll);
    cmd_free(&c);
    lg_remove_tree(scratch);
    free(src);
    free(abs);
    free(unit);
    free(log);
    free(ir);
    free(stubs);
    free(scratch);
    return rc;
}

void init_macros_read(const char *path, const init_cflags_t *flags, init_macros_t *out)
{
    memset(out, 0, sizeof *out);
    out->path = lg_strdup(path);
    out->flags = flags;
    out->memo = lg_calloc(1, sizeof *out->memo);
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
    free(m->path);
    if (m->memo) {
        for (size_t i = 0; i < m->memo->n; i++)
            free(m->memo->e[i].text);
        free(m->memo->e);
        free(m->memo);
    }
    memset(m, 0, sizeof *m);
}

int init_macros_eval(const init_macros_t *m, const char *text, int64_t *out)
{
    if (cconsts_eval(&m->consts, text, out, NULL, 0) == 0)
        return 0;
    if (!m->path || !m->memo || text[strspn(text, " \t\n")] == '\0')
        return -1;
    init_memo_t *memo = m->memo;
    for (size_t i = 0; i < memo->n; i++)
        if (strcmp(memo->e[i].text, text) == 0) {
            *out = memo->e[i].value;
            return memo->e[i].ok ? 0 : -1;
        }
    int64_t v = 0;
    int ok = compile_eval(m->path, m->flags, text, &v) == 0;
    lg_grow((void **)&memo->e, &memo->cap, memo->n + 1, sizeof *memo->e);
    memo->e[memo->n++] = (init_memo_entry_t){lg_strdup(text), v, ok};
    *out = v;
    return ok ? 0 : -1;
}
