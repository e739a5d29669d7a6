/* `lgfuzz init`'s view of the Verilog: a token scan (util/vscan.h) of
 * the files HLS wrote for finding the modules, the top one (the module HLS
 * gives the CORE_GENERATION_INFO attribute) and its port declarations, in
 * the non-ANSI form HLS writes (`input [31:0] n;`) or the ANSI one. It is
 * no parser: Verilator reads the design later, in `lgfuzz check`. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/vscan.h"

/* A token with its text, cut to 4095 bytes. */
typedef struct tok {
    char text[4096];
    int line;
} tok_t;

/* The next token, conditional compilation left in; 0 at the end. */
static int raw(vscan_t *x, tok_t *t)
{
    vscan_tok_t k;
    if (!vscan_next(x, &k))
        return 0;
    vscan_copy(x, &k, t->text, sizeof t->text);
    t->line = k.line;
    return 1;
}

static int is(const tok_t *t, const char *s)
{
    return strcmp(t->text, s) == 0;
}

/* Skips the rest of a branch of `ifdef, `ifndef, `elsif or `else (nested
 * conditionals whole) up to its `endif, or, when to_else, to an `else
 * (an `elsif's macro, never defined here, keeps skipping). */
static void skip_branch(vscan_t *x, int to_else)
{
    tok_t t;
    int depth = 0;
    while (raw(x, &t)) {
        if (is(&t, "`ifdef") || is(&t, "`ifndef"))
            depth++;
        else if (is(&t, "`endif") && depth-- == 0)
            return;
        else if (is(&t, "`else") && depth == 0 && to_else)
            return;
    }
}

/* The next token of the design as Verilator reads it with no macro
 * defined (`lgfuzz init` knows no verilator_flags): `ifdef's branch
 * skipped, `ifndef's taken, and `else's the other way; 0 at the end. */
static int next(vscan_t *x, tok_t *t)
{
    while (raw(x, t)) {
        if (is(t, "`ifdef")) {
            tok_t name;
            raw(x, &name);
            skip_branch(x, 1);
        } else if (is(t, "`ifndef")) {
            tok_t name;
            raw(x, &name);
        } else if (is(t, "`else") || is(t, "`elsif")) {
            skip_branch(x, 0); /* the end of a branch taken */
        } else if (!is(t, "`endif")) {
            return 1;
        }
    }
    return 0;
}

static void add_port(init_rtl_t *r, size_t *cap, const char *name, char dir, int width)
{
    for (size_t i = 0; i < r->nports; i++)
        if (strcmp(r->ports[i].name, name) == 0)
            return;
    lg_grow((void **)&r->ports, cap, r->nports + 1, sizeof *r->ports);
    r->ports[r->nports++] = (init_port_t){lg_strdup(name), dir, width};
}

/* After input/output/inout: [wire|reg] [signed] [[msb:lsb]] name {, name}
 * up to ';', ')' or the next direction keyword (ANSI headers). */
static void read_decl(vscan_t *x, init_rtl_t *r, size_t *cap, char dir)
{
    tok_t t;
    int width = 1;
    while (next(x, &t)) {
        if (is(&t, "wire") || is(&t, "reg") || is(&t, "signed") || is(&t, "logic") || is(&t, ","))
            continue;
        if (is(&t, "[")) {
            tok_t msb, colon, lsb, close;
            if (next(x, &msb) && next(x, &colon) && next(x, &lsb) && next(x, &close) && is(&colon, ":") &&
                is(&close, "]") && isdigit((unsigned char)msb.text[0]) && isdigit((unsigned char)lsb.text[0]))
                width = abs(atoi(msb.text) - atoi(lsb.text)) + 1;
            else
                width = 0;
            continue;
        }
        if (is(&t, ";") || is(&t, ")"))
            return;
        if (is(&t, "input") || is(&t, "output") || is(&t, "inout")) {
            read_decl(x, r, cap, t.text[0] == 'i' && t.text[2] == 'p' ? 'i' : t.text[0] == 'o' ? 'o' : 'b');
            return;
        }
        if (isalpha((unsigned char)t.text[0]) || t.text[0] == '_')
            add_port(r, cap, t.text, dir, width);
    }
}

/* The ports of the module whose name the scan has just read. */
static void read_ports(vscan_t *x, init_rtl_t *r)
{
    size_t cap = 0;
    tok_t t;
    while (next(x, &t) && !is(&t, "endmodule")) {
        if (is(&t, "input"))
            read_decl(x, r, &cap, 'i');
        else if (is(&t, "output"))
            read_decl(x, r, &cap, 'o');
        else if (is(&t, "inout"))
            read_decl(x, r, &cap, 'b');
    }
}

/* Scans one file: records the module names in seen and, when this file
 * holds the top (marked, or named want), its ports. 1 when it did. */
static int scan_file(const char *path, const char *text, const char *want, init_rtl_t *r, lg_strbuf_t *seen)
{
    vscan_t x = vscan_start(text);
    tok_t t;
    char *info = NULL;
    while (next(&x, &t)) {
        if (is(&t, "CORE_GENERATION_INFO")) {
            tok_t eq, val;
            if (next(&x, &eq) && next(&x, &val) && is(&eq, "=") && val.text[0] == '"')
                info = lg_strndup(val.text + 1, strlen(val.text) > 1 ? strlen(val.text) - 2 : 0);
            continue;
        }
        if (!is(&t, "module"))
            continue;
        tok_t name;
        if (!next(&x, &name))
            break;
        if (seen)
            lg_strbuf_printf(seen, "%s%s", seen->len ? ", " : "", name.text);
        int top = info ? 1 : (want && strcmp(name.text, want) == 0);
        if (!top || r->top) {
            free(info);
            info = NULL;
            continue;
        }
        r->top = lg_strdup(name.text);
        r->top_file = lg_strdup(path);
        r->top_line = name.line;
        r->gen_info = info;
        read_ports(&x, r);
        return 1;
    }
    free(info);
    return 0;
}

/* The Verilog files of path: the *.v of a directory, or of its
 * syn/verilog/ (an HLS solution directory) or hls/syn/verilog/ (a Vitis
 * unified component's); for a file, it and the *.v beside it, where HLS
 * writes the modules the top instantiates. */
static int list_files(const char *path, char ***files, size_t *n, lg_err_t *err)
{
    int is_file = !lg_is_dir(path);
    if (is_file && lg_check_file(path, LG_READ_MAX, err) != 0)
        return err->code;
    char *syn = lg_path_join(path, "syn/verilog");
    if (!lg_is_dir(syn)) {
        char *comp = lg_path_join(path, "hls/syn/verilog");
        if (lg_is_dir(comp)) {
            free(syn);
            syn = comp;
        } else {
            free(comp);
        }
    }
    char *dir = is_file ? lg_path_dirname(path) : lg_strdup(lg_is_dir(syn) ? syn : path);
    char **names = NULL;
    int rc = lg_list_dir(dir, ".v", &names, n, err);
    if (rc == 0 && *n == 0)
        rc = lg_err_set(err, LG_EINVAL, "%s: no Verilog (*.v) files here%s", path,
                        strcmp(dir, syn) == 0 ? ""
                                              : " nor in syn/verilog/ or hls/syn/verilog/ (an HLS solution directory, "
                                                "a Vitis component's)");
    *files = lg_calloc(*n + 1, sizeof **files);
    /* The file named first, so its module wins a tie. */
    size_t k = 0;
    if (rc == 0 && is_file)
        (*files)[k++] = lg_strdup(path);
    for (size_t i = 0; rc == 0 && i < *n; i++) {
        char *f = lg_path_join(dir, names[i]);
        char *base = strrchr(path, '/');
        if (is_file && strcmp(names[i], base ? base + 1 : path) == 0)
            free(f);
        else
            (*files)[k++] = f;
    }
    lg_list_free(names, *n);
    *n = rc == 0 ? k : 0;
    free(dir);
    free(syn);
    return rc;
}

int init_rtl_read(const char *path, const char *want, init_rtl_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char **files = NULL;
    size_t n = 0;
    lg_strbuf_t seen;
    lg_strbuf_init(&seen);
    int rc = list_files(path, &files, &n, err);
    /* A marked top wins over a name match in an earlier file. */
    for (int pass = 0; rc == 0 && pass < 2 && !out->top; pass++) {
        for (size_t i = 0; rc == 0 && i < n && !out->top; i++) {
            char *text = lg_read_file_max(files[i], LG_READ_MAX, NULL, err);
            if (!text) {
                rc = err->code;
                break;
            }
            scan_file(files[i], text, pass == 0 ? NULL : want, out, pass == 0 ? &seen : NULL);
            free(text);
        }
    }
    if (rc == 0 && !out->top)
        rc = lg_err_set(err, LG_EINVAL,
                        "%s: no top module found among %s: none carries HLS's CORE_GENERATION_INFO attribute%s%s%s",
                        path, seen.len ? seen.s : "no modules", want ? " and none is named " : "", want ? want : "",
                        want ? "" : " (name it with --function)");
    if (rc == 0) {
        out->files = lg_calloc(n, sizeof *out->files);
        out->files[out->nfiles++] = lg_strdup(out->top_file);
        for (size_t i = 0; i < n; i++)
            if (strcmp(files[i], out->top_file) != 0)
                out->files[out->nfiles++] = lg_strdup(files[i]);
    }
    for (size_t i = 0; i < n; i++)
        free(files[i]);
    free(files);
    lg_strbuf_free(&seen);
    if (rc != 0)
        init_rtl_free(out);
    return rc;
}

void init_rtl_free(init_rtl_t *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nports; i++)
        free(r->ports[i].name);
    for (size_t i = 0; i < r->nfiles; i++)
        free(r->files[i]);
    free(r->files);
    free(r->ports);
    free(r->top);
    free(r->top_file);
    free(r->gen_info);
    memset(r, 0, sizeof *r);
}
