/* How the RTL reads the value of an input param whose port is narrower
 * than its C type. HLS's Verilog declares no port `signed`: where the
 * design wants the port's bits as a signed value it writes `$signed(x)` or
 * replicates the top bit, `{{24{x[7]}}, x}` (a `sext_*` wire); where it
 * wants them unsigned it assigns them to a wider wire as they are, which
 * Verilog fills with zeros (`assign zext_ln11_fu_109_p1 = data_q0;`). The
 * port's value may first pass through copies of its own width
 * (`data_load_reg_128 <= data_q0;`), which are followed. Each module that
 * declares the port's signal is read (HLS hands a port to its loop
 * modules under the same name); a port read both ways, or neither, is
 * unknown. */
#include "spec_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/vscan.h"

#define NAME_MAX_LEN 256

typedef struct decl {
    char *name;
    int bits; /* 0: not a literal range */
} decl_t;

typedef struct copy {
    char *to, *from;
} copy_t;

/* What one module declares and how it moves and reads values. */
typedef struct mod {
    decl_t *decl;
    size_t ndecl, capdecl;
    copy_t *copy;
    size_t ncopy, capcopy;
    char **sign; /* names read with a sign */
    size_t nsign, capsign;
} mod_t;

static void mod_clear(mod_t *m)
{
    for (size_t i = 0; i < m->ndecl; i++)
        free(m->decl[i].name);
    for (size_t i = 0; i < m->ncopy; i++) {
        free(m->copy[i].to);
        free(m->copy[i].from);
    }
    for (size_t i = 0; i < m->nsign; i++)
        free(m->sign[i]);
    m->ndecl = m->ncopy = m->nsign = 0;
}

static void mod_free(mod_t *m)
{
    mod_clear(m);
    free(m->decl);
    free(m->copy);
    free(m->sign);
}

/* The bits name is declared with in m; -1 when m does not declare it. */
static int bits_of(const mod_t *m, const char *name)
{
    for (size_t i = 0; i < m->ndecl; i++)
        if (strcmp(m->decl[i].name, name) == 0)
            return m->decl[i].bits;
    return -1;
}

static void add_decl(mod_t *m, const char *name, int bits)
{
    if (bits_of(m, name) >= 0)
        return;
    lg_grow((void **)&m->decl, &m->capdecl, m->ndecl + 1, sizeof *m->decl);
    m->decl[m->ndecl++] = (decl_t){lg_strdup(name), bits};
}

static int is_word(const vscan_t *s, const vscan_tok_t *t, const char *const *words)
{
    for (; *words; words++)
        if (vscan_is(s, t, *words))
            return 1;
    return 0;
}

static const char *const decl_words[] = {"input", "output", "inout", "wire", "reg", NULL};

/* `target = word ;` or `target <= word ;` at `at` (just after target), a
 * plain copy, into m. */
static void scan_copy(vscan_t at, const char *target, mod_t *m)
{
    static const char *const assign[] = {"=", "$", ";", NULL}, *const nonblocking[] = {"<", "=", "$", ";", NULL};
    char from[2][NAME_MAX_LEN];
    if (!vscan_match(at, assign, from[0], 2, NAME_MAX_LEN) && !vscan_match(at, nonblocking, from[0], 2, NAME_MAX_LEN))
        return;
    lg_grow((void **)&m->copy, &m->capcopy, m->ncopy + 1, sizeof *m->copy);
    m->copy[m->ncopy++] = (copy_t){lg_strdup(target), lg_strdup(from[0])};
}

/* After a declaration keyword: [wire|reg] [signed] [[hi:lo]] name (, name)*,
 * up to `;`, `)` (the end of an ANSI port list), the next declaration
 * keyword or `=`, an initial value read as an assignment. */
static void scan_decl(vscan_t *s, mod_t *m)
{
    vscan_t at = *s;
    vscan_tok_t t;
    int ok = vscan_next(&at, &t);
    while (ok && (vscan_is(&at, &t, "wire") || vscan_is(&at, &t, "reg") || vscan_is(&at, &t, "signed")))
        ok = vscan_next(&at, &t);
    int bits = 1;
    if (ok && vscan_is(&at, &t, "[")) {
        vscan_t range = at;
        bits = spec_range_bits(&range);
        if (bits)
            at = range;
        while (!bits && (ok = vscan_next(&at, &t)) && !vscan_is(&at, &t, "]"))
            ;
        ok = ok && vscan_next(&at, &t);
    }
    while (ok && t.kind == VSCAN_WORD && !is_word(&at, &t, decl_words)) {
        char name[NAME_MAX_LEN];
        vscan_copy(&at, &t, name, sizeof name);
        add_decl(m, name, bits);
        *s = at;
        scan_copy(at, name, m);
        if (!vscan_next(&at, &t) || !vscan_is(&at, &t, ","))
            return;
        *s = at;
        ok = vscan_next(&at, &t);
    }
}

/* Tokens a statement's target follows: `assign x =`, `; x <=`,
 * `begin x <=`, `if (c) x <=`, `8'd1: x =`. */
static int starts_statement(const vscan_t *s, const vscan_tok_t *prev)
{
    static const char *const words[] = {";", ")", "begin", "else", "end", "assign", ":", NULL};
    return is_word(s, prev, words);
}

static void add_sign(mod_t *m, const char *name)
{
    lg_grow((void **)&m->sign, &m->capsign, m->nsign + 1, sizeof *m->sign);
    m->sign[m->nsign++] = lg_strdup(name);
}

/* At `$signed` or `{`: `$signed(x)`, or x's top bit replicated,
 * `{{n{x[k]}}, x}` (the second x braced too, as older HLS writes it) or
 * `{x[k], x}`. */
static void scan_sign(vscan_t at, int call, mod_t *m)
{
    static const char *const pats[][14] = {
        {"(", "$", ")", NULL},
        {"{", "#", "{", "$", "[", "#", "]", "}", "}", ",", "$", "}", NULL},
        {"{", "#", "{", "$", "[", "#", "]", "}", "}", ",", "{", "$", "}", NULL},
        {"$", "[", "#", "]", ",", "$", "}", NULL},
    };
    char caps[2][NAME_MAX_LEN];
    for (size_t i = call ? 0 : 1; i < (call ? 1 : sizeof pats / sizeof pats[0]); i++) {
        caps[1][0] = '\0';
        if (vscan_match(at, pats[i], caps[0], 2, NAME_MAX_LEN) && (call || strcmp(caps[0], caps[1]) == 0)) {
            add_sign(m, caps[0]);
            return;
        }
    }
}

/* The signals through which param i's value enters the design. */
static size_t port_signals(const spec_t *spec, size_t i, char out[2][NAME_MAX_LEN])
{
    const spec_iface_t *f = &spec->ifaces[i];
    const char *p = f->port ? f->port : spec->params[i].name;
    switch (f->mode) {
    case SPEC_IF_AP_NONE:
    case SPEC_IF_AP_VLD:
    case SPEC_IF_AP_ACK:
    case SPEC_IF_AP_HS:
        snprintf(out[0], NAME_MAX_LEN, "%s", p);
        return 1;
    case SPEC_IF_AP_MEMORY:
        snprintf(out[0], NAME_MAX_LEN, "%s_q0", p);
        snprintf(out[1], NAME_MAX_LEN, "%s_q1", p);
        return 2;
    case SPEC_IF_BRAM:
        snprintf(out[0], NAME_MAX_LEN, "%s_Dout_A", p);
        snprintf(out[1], NAME_MAX_LEN, "%s_Dout_B", p);
        return 2;
    case SPEC_IF_AP_FIFO:
        snprintf(out[0], NAME_MAX_LEN, "%s_dout", p);
        return 1;
    case SPEC_IF_AXIS:
        snprintf(out[0], NAME_MAX_LEN, "%s_TDATA", p);
        return 1;
    default:
        return 0;
    }
}

static int is_signed_read(const mod_t *m, const char *name)
{
    for (size_t i = 0; i < m->nsign; i++)
        if (strcmp(m->sign[i], name) == 0)
            return 1;
    return 0;
}

/* Evidence in m on the signal sig: bit 0 a read with a sign, bit 1 a
 * widening with zeros. Follows copies of sig's own width. */
static unsigned evidence(const mod_t *m, const char *sig)
{
    int w = bits_of(m, sig);
    if (w <= 0)
        return 0;
    const char **alias = lg_malloc((m->ncopy + 1) * sizeof *alias);
    size_t n = 0;
    alias[n++] = sig;
    unsigned ev = 0;
    for (size_t a = 0; a < n; a++) {
        ev |= is_signed_read(m, alias[a]) ? 1u : 0u;
        for (size_t c = 0; c < m->ncopy; c++) {
            if (strcmp(m->copy[c].from, alias[a]) != 0)
                continue;
            int tw = bits_of(m, m->copy[c].to);
            if (tw > w) {
                ev |= 2u;
                continue;
            }
            if (tw != w)
                continue;
            int seen = 0;
            for (size_t k = 0; k < n && !seen; k++)
                seen = strcmp(alias[k], m->copy[c].to) == 0;
            if (!seen)
                alias[n++] = m->copy[c].to;
        }
    }
    free(alias);
    return ev;
}

/* Adds the evidence of module m on every narrowed input param to ev. */
static void judge(const spec_t *spec, const mod_t *m, unsigned *ev)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        char sig[2][NAME_MAX_LEN];
        size_t ns = port_signals(spec, i, sig);
        for (size_t k = 0; k < ns; k++)
            ev[i] |= evidence(m, sig[k]);
    }
}

static void scan_text(const spec_t *spec, const char *text, unsigned *ev)
{
    mod_t m = {0};
    vscan_t s = vscan_start(text);
    vscan_tok_t prev, t;
    int in_module = 0, have_prev = 0;
    while (vscan_next(&s, &t)) {
        if (vscan_is(&s, &t, "module")) {
            mod_clear(&m);
            in_module = 1;
        } else if (vscan_is(&s, &t, "endmodule")) {
            if (in_module)
                judge(spec, &m, ev);
            in_module = 0;
        } else if (in_module && is_word(&s, &t, decl_words)) {
            scan_decl(&s, &m);
        } else if (in_module && (vscan_is(&s, &t, "$signed") || vscan_is(&s, &t, "{"))) {
            scan_sign(s, vscan_is(&s, &t, "$signed"), &m);
        } else if (in_module && have_prev && t.kind == VSCAN_WORD && starts_statement(&s, &prev)) {
            char target[NAME_MAX_LEN];
            vscan_copy(&s, &t, target, sizeof target);
            scan_copy(s, target, &m);
        }
        prev = t;
        have_prev = 1;
    }
    mod_free(&m);
}

int spec_port_reads(const spec_t *spec, spec_port_read_t *out, lg_err_t *err)
{
    unsigned *ev = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *ev);
    int rc = LG_OK;
    for (size_t f = 0; f < spec->nrtl_sources && rc == LG_OK; f++) {
        char *text = lg_read_file_max(spec->rtl_sources[f], LG_READ_MAX, NULL, err);
        if (!text) {
            rc = err->code;
            break;
        }
        scan_text(spec, text, ev);
        free(text);
    }
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        int narrowed = spec->ifaces && spec->ifaces[i].width > 0 && spec->ifaces[i].width < lg_type_bits(p->type);
        out[i] = SPEC_PORT_READ_UNKNOWN;
        if (rc == LG_OK && narrowed && p->dir == SPEC_DIR_IN && !lg_type_is_float(p->type))
            out[i] = ev[i] == 1u ? SPEC_PORT_READ_SIGN : ev[i] == 2u ? SPEC_PORT_READ_ZEROS : SPEC_PORT_READ_UNKNOWN;
    }
    free(ev);
    return rc;
}
