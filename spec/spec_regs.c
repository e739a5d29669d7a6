/* The widths of the RTL's registers named after values of the C. HLS names
 * the register that holds a C local after it: `reg [5:0] i_reg;`,
 * `reg [8:0] i_0_reg_62;` (the local's first version, a loop's phi),
 * `reg [15:0] acc_V_reg_140;` (an ap_int's value). A register narrower
 * than the local's C type says how wide HLS made the local, which a user
 * would otherwise declare in hls.widths: the tracer turns each one whose
 * name is a C local into a width probe, the sign taken from the local's C
 * type (tracer/instrument_probes.c), exactly when the RTL reads the
 * register with a sign. HLS's own temporaries (`tmp_3_reg`,
 * `add_ln23_reg_150`, `ap_return_reg`) name no C local, so they drop out
 * there; only `tmp` itself, a common C name too, is left out here. */
#include "spec_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/vscan.h"

int spec_range_bits(vscan_t *s)
{
    char hi[24], lo[24];
    vscan_tok_t t[4];
    for (int i = 0; i < 4; i++)
        if (!vscan_next(s, &t[i]))
            return 0;
    if (!vscan_is(s, &t[1], ":") || !vscan_is(s, &t[3], "]") || t[0].kind != VSCAN_WORD || t[2].kind != VSCAN_WORD)
        return 0;
    vscan_copy(s, &t[0], hi, sizeof hi);
    vscan_copy(s, &t[2], lo, sizeof lo);
    for (const char *p = hi; *p; p++)
        if (!isdigit((unsigned char)*p))
            return 0;
    for (const char *p = lo; *p; p++)
        if (!isdigit((unsigned char)*p))
            return 0;
    long h = strtol(hi, NULL, 10), l = strtol(lo, NULL, 10);
    return h >= l && h - l < 64 ? (int)(h - l + 1) : 0;
}

/* Drops a suffix "_<digits>" from name (in place); 1 when there was one. */
static int drop_number(char *name)
{
    size_t n = strlen(name), k = n;
    while (k > 0 && isdigit((unsigned char)name[k - 1]))
        k--;
    if (k == n || k < 2 || name[k - 1] != '_')
        return 0;
    name[k - 1] = '\0';
    return 1;
}

/* Drops the suffix at the end of name (in place) when it is there. */
static int drop_suffix(char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    if (n <= k || strcmp(name + n - k, suffix) != 0)
        return 0;
    name[n - k] = '\0';
    return 1;
}

/* Adds a candidate: the widest register of each name counts. */
static void add_width(spec_width_t **v, size_t *n, size_t *cap, const char *var, int bits)
{
    if (!*var || strcmp(var, "tmp") == 0)
        return;
    for (size_t i = 0; i < *n; i++) {
        if (strcmp((*v)[i].var, var) == 0) {
            if (bits > (*v)[i].width.bits)
                (*v)[i].width.bits = bits;
            return;
        }
    }
    lg_grow((void **)v, cap, *n + 1, sizeof **v);
    (*v)[(*n)++] = (spec_width_t){.var = lg_strdup(var), .width = {.bits = bits, .is_signed = 0}};
}

/* The value a register named word holds, "<name>(_V)?(_<n>)?" of
 * "<name>(_V)?(_<n>)?_reg(_<n>)?", into name (cap bytes) with _V dropped;
 * 0 when word is no such register. */
static int register_value(const char *word, char *name, size_t cap)
{
    if (strlen(word) >= cap)
        return 0;
    strcpy(name, word);
    drop_number(name);
    if (!drop_suffix(name, "_reg"))
        return 0;
    drop_suffix(name, "_V");
    return 1;
}

/* The names register word may hold: "<name>(_V)?(_<n>)?_reg(_<n>)?" gives
 * <name>_<n> and <name>. */
static void add_register(spec_width_t **v, size_t *n, size_t *cap, const char *word, int bits)
{
    char name[256];
    if (!register_value(word, name, sizeof name))
        return;
    add_width(v, n, cap, name, bits);
    if (drop_number(name)) {
        drop_suffix(name, "_V");
        add_width(v, n, cap, name, bits);
    }
}

/* The `reg` declarations of text: "reg [signed] [[hi:lo]] name (, name)* ;". */
static void scan_regs(const char *text, spec_width_t **v, size_t *n, size_t *cap)
{
    vscan_t s = vscan_start(text);
    vscan_tok_t t;
    while (vscan_next(&s, &t)) {
        if (t.kind != VSCAN_WORD || !vscan_is(&s, &t, "reg"))
            continue;
        int bits = 1;
        vscan_t at = s;
        if (!vscan_next(&at, &t))
            return;
        if (vscan_is(&at, &t, "signed")) {
            s = at;
            if (!vscan_next(&at, &t))
                return;
        }
        if (vscan_is(&at, &t, "[")) {
            bits = spec_range_bits(&at);
            if (!bits)
                continue;
            s = at;
        }
        /* The names, up to the `;`; an array (`mem [0:7]`) or an
         * initial value ends the list. */
        for (;;) {
            if (!vscan_next(&s, &t) || t.kind != VSCAN_WORD)
                break;
            char word[256];
            vscan_copy(&s, &t, word, sizeof word);
            vscan_t after = s;
            vscan_tok_t next;
            if (!vscan_next(&after, &next))
                break;
            if (vscan_is(&after, &next, ",") || vscan_is(&after, &next, ";"))
                add_register(v, n, cap, word, bits);
            s = after;
            if (!vscan_is(&after, &next, ","))
                break;
        }
    }
}

/* The entry of v for the value register word holds (register_value), or
 * NULL. */
static spec_width_t *entry_of(spec_width_t *v, size_t n, const char *word)
{
    char name[256];
    if (!register_value(word, name, sizeof name))
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].var, name) == 0)
            return &v[i];
    return NULL;
}

/* Marks is_signed on the entries whose registers text reads with a sign,
 * as HLS does for a signed value: `$signed(t_reg)`, or the replication of
 * its top bit, `{{27{t_reg[4]}}, t_reg}`. The entry for the name without
 * a version number (i for i_0_reg_62) follows its versions. */
static void scan_signed(const char *text, spec_width_t *v, size_t n)
{
    /* $signed ( name  or  { N { name [ */
    static const char *const call[] = {"(", "$", NULL}, *const top_bit[] = {"#", "{", "$", "[", NULL};
    vscan_t s = vscan_start(text);
    vscan_tok_t t;
    while (vscan_next(&s, &t)) {
        int sx = vscan_is(&s, &t, "$signed");
        char word[256];
        if ((!sx && !vscan_is(&s, &t, "{")) || !vscan_match(s, sx ? call : top_bit, word, 1, sizeof word))
            continue;
        spec_width_t *e = entry_of(v, n, word);
        if (!e)
            continue;
        e->width.is_signed = 1;
        char base[256];
        strcpy(base, e->var);
        if (drop_number(base))
            for (size_t i = 0; i < n; i++)
                if (strcmp(v[i].var, base) == 0)
                    v[i].width.is_signed = 1;
    }
}

int spec_rtl_widths(const spec_t *s, spec_width_t **out, size_t *n, lg_err_t *err)
{
    *out = NULL;
    *n = 0;
    size_t cap = 0, nread = 0;
    char **texts = lg_calloc(s->nrtl_sources ? s->nrtl_sources : 1, sizeof *texts);
    int rc = LG_OK;
    for (; nread < s->nrtl_sources && rc == LG_OK; nread++) {
        texts[nread] = lg_read_file_max(s->rtl_sources[nread], LG_READ_MAX, NULL, err);
        if (!texts[nread])
            rc = err->code;
    }
    /* Every declaration first: a register may be read in another file. */
    for (size_t i = 0; i < nread && rc == LG_OK; i++)
        scan_regs(texts[i], out, n, &cap);
    for (size_t i = 0; i < nread && rc == LG_OK; i++)
        scan_signed(texts[i], *out, *n);
    for (size_t i = 0; i < nread; i++)
        free(texts[i]);
    free(texts);
    if (rc != LG_OK) {
        spec_widths_free(*out, *n);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

void spec_widths_free(spec_width_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i].var);
    free(v);
}
