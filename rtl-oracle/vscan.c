/* The oracle's view of Verilog source, what it needs before Verilator
 * runs: the file names of $readmemh / $readmemb calls and of `include
 * directives, and the module declarations, read from util/vscan.h's
 * tokens. A call, directive or module that is commented out is not
 * reported; a file name that is not a string literal (a parameter, a
 * macro) is not reported either. */
#include "oracle_int.h"

#include <ctype.h>

#include "util/vscan.h"

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* A string literal next, reported without quotes as an item of kind. A
 * token that does not fit is left to the scan. */
static void string_item(vscan_t *s, oscan_kind_t kind, oscan_fn fn, void *ctx)
{
    vscan_t at = *s;
    vscan_tok_t name;
    if (!vscan_next(&at, &name) || name.kind != VSCAN_STRING)
        return;
    *s = at;
    /* An unterminated literal has no closing quote to stop before. */
    oscan_item_t it = {.kind = kind, .line = name.line, .start = name.start + 1, .end = name.end - 1};
    if (it.end >= it.start && s->text[it.end] == '"')
        fn(ctx, &it);
}

/* After "$readmemh": "(" and a string literal. */
static void after_readmem(vscan_t *s, oscan_fn fn, void *ctx)
{
    vscan_t at = *s;
    vscan_tok_t open;
    if (!vscan_next(&at, &open) || !vscan_is(&at, &open, "("))
        return;
    *s = at;
    string_item(s, OSCAN_READMEM, fn, ctx);
}

/* After "module": the module's name, the identifier characters a word
 * starts with. A token that does not start with one is left to the scan. */
static void after_module(vscan_t *s, oscan_fn fn, void *ctx)
{
    vscan_t at = *s;
    vscan_tok_t name;
    if (!vscan_next(&at, &name) || name.kind != VSCAN_WORD || !ident_char(s->text[name.start]))
        return;
    *s = at;
    oscan_item_t it = {.kind = OSCAN_MODULE, .line = name.line, .start = name.start, .end = name.start};
    while (it.end < name.end && ident_char(s->text[it.end]))
        it.end++;
    fn(ctx, &it);
}

void oracle_vscan(const char *text, oscan_fn fn, void *ctx)
{
    vscan_t s = vscan_start(text);
    vscan_tok_t t;
    while (vscan_next(&s, &t)) {
        if (t.kind != VSCAN_WORD)
            continue;
        if (vscan_is(&s, &t, "$readmemh") || vscan_is(&s, &t, "$readmemb"))
            after_readmem(&s, fn, ctx);
        else if (vscan_is(&s, &t, "`include"))
            string_item(&s, OSCAN_INCLUDE, fn, ctx);
        else if (vscan_is(&s, &t, "module") || vscan_is(&s, &t, "macromodule"))
            after_module(&s, fn, ctx);
    }
}
