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
#include "util/fsutil.h"
#include "util/strbuf.h"

#define CEXPR_INCLUDE_DEPTH 4 /* headers including headers */

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

void init_macros_read(const char *path, init_macros_t *out)
{
    memset(out, 0, sizeof *out);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    gather(&b, path, 0);
    cconsts_collect(b.s ? b.s : "", &out->consts);
    out->text = lg_strbuf_take(&b);
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
