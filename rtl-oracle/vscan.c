/* A lexical scan of Verilog source for the two things the oracle needs
 * before Verilator runs: the file names of $readmemh / $readmemb calls and
 * the module declarations. Comments and string literals are skipped, so a
 * call or a module that is commented out is not reported. It is no parser:
 * what it reports is always a real token of the source, but a file name
 * that is not a string literal (a parameter) is not reported. */
#include "oracle_int.h"

#include <ctype.h>
#include <string.h>

typedef struct lex {
    const char *text;
    size_t p;
    int line;
} lex_t;

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Skips a string literal starting at its opening quote. */
static void skip_string(lex_t *lx)
{
    const char *t = lx->text;
    for (lx->p++; t[lx->p] && t[lx->p] != '"'; lx->p++) {
        if (t[lx->p] == '\\' && t[lx->p + 1])
            lx->p++;
        if (t[lx->p] == '\n')
            lx->line++;
    }
    if (t[lx->p])
        lx->p++;
}

/* Skips white space and comments; returns 1 when it moved. */
static int skip_blank(lex_t *lx)
{
    const char *t = lx->text;
    size_t start = lx->p;
    for (;;) {
        if (t[lx->p] == '\n') {
            lx->line++;
            lx->p++;
        } else if (isspace((unsigned char)t[lx->p])) {
            lx->p++;
        } else if (t[lx->p] == '/' && t[lx->p + 1] == '/') {
            while (t[lx->p] && t[lx->p] != '\n')
                lx->p++;
        } else if (t[lx->p] == '/' && t[lx->p + 1] == '*') {
            for (lx->p += 2; t[lx->p] && !(t[lx->p] == '*' && t[lx->p + 1] == '/'); lx->p++)
                if (t[lx->p] == '\n')
                    lx->line++;
            if (t[lx->p])
                lx->p += 2;
        } else {
            return lx->p != start;
        }
    }
}

/* After "$readmemh": "(" and a string literal, reported without quotes. */
static void after_readmem(lex_t *lx, vscan_fn fn, void *ctx)
{
    skip_blank(lx);
    if (lx->text[lx->p] != '(')
        return;
    lx->p++;
    skip_blank(lx);
    if (lx->text[lx->p] != '"')
        return;
    vscan_item_t it = {.kind = VSCAN_READMEM, .line = lx->line, .start = lx->p + 1};
    skip_string(lx);
    it.end = lx->p - 1;
    if (it.end >= it.start && lx->text[it.end] == '"')
        fn(ctx, &it);
}

/* After "module": the module's name. */
static void after_module(lex_t *lx, vscan_fn fn, void *ctx)
{
    skip_blank(lx);
    vscan_item_t it = {.kind = VSCAN_MODULE, .line = lx->line, .start = lx->p};
    while (ident_char(lx->text[lx->p]))
        lx->p++;
    it.end = lx->p;
    if (it.end > it.start)
        fn(ctx, &it);
}

static int word_is(const lex_t *lx, size_t start, const char *word)
{
    size_t n = strlen(word);
    return lx->p - start == n && strncmp(lx->text + start, word, n) == 0;
}

void oracle_vscan(const char *text, vscan_fn fn, void *ctx)
{
    lex_t lx = {.text = text, .p = 0, .line = 1};
    while (text[lx.p]) {
        if (skip_blank(&lx))
            continue;
        char c = text[lx.p];
        if (c == '"') {
            skip_string(&lx);
        } else if (c == '\\') {
            /* An escaped identifier runs to the next white space. */
            while (text[lx.p] && !isspace((unsigned char)text[lx.p]))
                lx.p++;
        } else if (ident_char(c) || c == '`') {
            size_t start = lx.p++;
            while (ident_char(text[lx.p]))
                lx.p++;
            if (word_is(&lx, start, "$readmemh") || word_is(&lx, start, "$readmemb"))
                after_readmem(&lx, fn, ctx);
            else if (word_is(&lx, start, "module") || word_is(&lx, start, "macromodule"))
                after_module(&lx, fn, ctx);
        } else {
            lx.p++;
        }
    }
}
