/* The C99 guard header: `static inline int <kernel>_guard(<params>)` that
 * recomputes the features its formula uses from the kernel's own arguments
 * and evaluates the formula through expr_to_c (free of undefined
 * behaviour), after checking the arguments lie within the spec's domains. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "guard_int.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/types.h"

typedef struct cgen {
    const spec_t *spec;
    const features_t *fs;
    char **var;          /* per feature: its C local, or NULL when unused */
    uint8_t *used;       /* per feature */
    uint8_t *uses_param; /* per param: an aggregate or element loop needed */
    int need_i64;        /* the u64 -> int64 helper is called */
    int need_f32;        /* the float -> bit pattern helper is called */
    int need_f64;        /* the double -> bit pattern helper is called */
    lg_strbuf_t *b;      /* the function body being written */
} cgen_t;

/* "accumulate" -> "ACCUMULATE" (non-alphanumerics become '_'); heap string. */
static char *upper_ident(const char *s)
{
    char *u = lg_strdup(s);
    for (char *p = u; *p; p++) {
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
        else if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            *p = '_';
    }
    return u;
}

static const char *var_c(void *ctx, int feature)
{
    const cgen_t *g = ctx;
    return g->var[feature];
}

/* A C identifier for feature f: "len(data)" -> "g_len_data". */
static char *local_name(const cgen_t *g, const feature_t *f)
{
    char *s = lg_asprintf("g_%s", f->name);
    size_t w = 0;
    for (size_t r = 0; s[r]; r++) {
        char c = s[r];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (ok)
            s[w++] = c;
        else if (c != ')' && c != ']' && w && s[w - 1] != '_')
            s[w++] = '_';
    }
    s[w] = '\0';
    if (spec_param_index(g->spec, s) >= 0) {
        char *t = lg_asprintf("%s_f", s);
        free(s);
        s = t;
    }
    return s;
}

static void put_i64(lg_strbuf_t *b, int64_t v)
{
    if (v == INT64_MIN)
        lg_strbuf_puts(b, "(-INT64_C(9223372036854775807) - 1)");
    else if (v < 0)
        lg_strbuf_printf(b, "(-INT64_C(%" PRId64 "))", -v);
    else
        lg_strbuf_printf(b, "INT64_C(%" PRId64 ")", v);
}

/* The int64 view of a value of type t held in C expression x, as a heap
 * string: the view features use. A u64 above INT64_MAX becomes negative;
 * a float or double is its IEEE 754 bit pattern read as a signed integer
 * of its width (what lgfuzz learns over, util/types.h), taken through
 * memcpy: converting the value itself would compare 1.5 as 1, and a NaN
 * or a value beyond int64 would be undefined behaviour. */
static char *view_of(cgen_t *g, lg_type_t t, const char *x)
{
    switch (t) {
    case LG_U64:
        g->need_i64 = 1;
        return lg_asprintf("lg_%s_guard_i64(%s)", g->spec->kernel, x);
    case LG_F32:
        g->need_f32 = 1;
        return lg_asprintf("lg_%s_guard_f32(%s)", g->spec->kernel, x);
    case LG_F64:
        g->need_f64 = 1;
        return lg_asprintf("lg_%s_guard_f64(%s)", g->spec->kernel, x);
    default:
        return lg_asprintf("(int64_t)%s", x);
    }
}

static void put_view(cgen_t *g, lg_type_t t, const char *x)
{
    char *v = view_of(g, t, x);
    lg_strbuf_puts(g->b, v);
    free(v);
}

/* `if (x outside [lo, hi]) return 0;` in t's own order, omitting a bound
 * equal to the type's, which would be a comparison that is always false. */
static void put_domain_check(cgen_t *g, const spec_param_t *p, const char *x, const char *indent)
{
    if (!p->has_range)
        return;
    int lo_needed = p->range_lo != lg_type_min(p->type), hi_needed = p->range_hi != lg_type_max(p->type);
    if (!lo_needed && !hi_needed)
        return;
    const char *cast = lg_type_signed(p->type) ? "(int64_t)" : "(uint64_t)";
    lg_strbuf_printf(g->b, "%sif (", indent);
    if (lo_needed) {
        if (lg_type_signed(p->type)) {
            lg_strbuf_printf(g->b, "%s%s < ", cast, x);
            put_i64(g->b, p->range_lo);
        } else {
            lg_strbuf_printf(g->b, "%s%s < UINT64_C(%" PRIu64 ")", cast, x, (uint64_t)p->range_lo);
        }
    }
    if (hi_needed) {
        lg_strbuf_puts(g->b, lo_needed ? " || " : "");
        if (lg_type_signed(p->type)) {
            lg_strbuf_printf(g->b, "%s%s > ", cast, x);
            put_i64(g->b, p->range_hi);
        } else {
            lg_strbuf_printf(g->b, "%s%s > UINT64_C(%" PRIu64 ")", cast, x, (uint64_t)p->range_hi);
        }
    }
    lg_strbuf_puts(g->b, ")\n");
    lg_strbuf_printf(g->b, "%s    return 0;\n", indent);
}

static void put_signature(cgen_t *g)
{
    const spec_t *s = g->spec;
    lg_strbuf_printf(g->b, "static inline int %s_guard(", s->kernel);
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        int ptr = p->is_array || p->dir != SPEC_DIR_IN;
        lg_strbuf_printf(g->b, "%s%s%s %s%s", i ? ", " : "", ptr && p->dir == SPEC_DIR_IN ? "const " : "",
                         lg_type_ctype(p->type), ptr ? "*" : "", p->name);
    }
    lg_strbuf_puts(g->b, s->nparams ? ")\n{\n" : "void)\n{\n");
}

/* Scalar checks and the length of every input array ("n_<name>"). */
static void put_scalars(cgen_t *g)
{
    const spec_t *s = g->spec;
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        if (p->is_array || p->dir == SPEC_DIR_OUT)
            continue;
        char *x = p->dir == SPEC_DIR_IN ? lg_strdup(p->name) : lg_asprintf("(*%s)", p->name);
        /* A float's range bounds its bit pattern, like its features. */
        char *v = lg_type_is_float(p->type) ? view_of(g, p->type, x) : NULL;
        put_domain_check(g, p, v ? v : x, "    ");
        free(v);
        free(x);
    }
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        if (!p->is_array || p->dir == SPEC_DIR_OUT || !g->uses_param[i])
            continue;
        if (p->fixed_len || p->len_param < 0) {
            lg_strbuf_printf(g->b, "    const int64_t lg_n_%s = %zu;\n", p->name, p->max_len);
            continue;
        }
        const spec_param_t *lp = &s->params[p->len_param];
        char *lx = lp->dir == SPEC_DIR_IN ? lg_strdup(lp->name) : lg_asprintf("(*%s)", lp->name);
        /* The kernel reads len elements; like the spec, clamp to [0, max_len]. */
        lg_strbuf_printf(g->b, "    int64_t lg_n_%s = ", p->name);
        put_view(g, lp->type, lx);
        lg_strbuf_printf(
            g->b, ";\n    if (lg_n_%s < 0)\n        lg_n_%s = 0;\n    if (lg_n_%s > %zu)\n        lg_n_%s = %zu;\n",
            p->name, p->name, p->name, p->max_len, p->name, p->max_len);
        free(lx);
    }
}

static int feature_used_of(const cgen_t *g, size_t param, feature_kind_t kind)
{
    for (size_t i = 0; i < g->fs->n; i++)
        if (g->used[i] && g->fs->f[i].param == (int)param && g->fs->f[i].kind == kind)
            return (int)i;
    return -1;
}

/* One loop per input array: element domain checks and the aggregates. */
static void put_array_loop(cgen_t *g, size_t pi)
{
    const spec_param_t *p = &g->spec->params[pi];
    int fmax = feature_used_of(g, pi, FEAT_MAX), fmin = feature_used_of(g, pi, FEAT_MIN);
    int fsum = feature_used_of(g, pi, FEAT_SUM);
    if (fmax >= 0)
        lg_strbuf_printf(g->b, "    int64_t %s = 0;\n", g->var[fmax]);
    if (fmin >= 0)
        lg_strbuf_printf(g->b, "    int64_t %s = 0;\n", g->var[fmin]);
    if (fsum >= 0)
        lg_strbuf_printf(g->b, "    uint64_t %s_u = 0;\n", g->var[fsum]);
    lg_strbuf_printf(g->b, "    for (int64_t lg_i = 0; lg_i < lg_n_%s; lg_i++) {\n", p->name);
    char *x = lg_asprintf("%s[lg_i]", p->name);
    lg_strbuf_puts(g->b, "        const int64_t lg_x = ");
    put_view(g, p->type, x);
    lg_strbuf_puts(g->b, ";\n        (void)lg_x;\n");
    put_domain_check(g, p, "lg_x", "        ");
    free(x);
    if (fmax >= 0)
        lg_strbuf_printf(g->b, "        if (lg_i == 0 || lg_x > %s)\n            %s = lg_x;\n", g->var[fmax],
                         g->var[fmax]);
    if (fmin >= 0)
        lg_strbuf_printf(g->b, "        if (lg_i == 0 || lg_x < %s)\n            %s = lg_x;\n", g->var[fmin],
                         g->var[fmin]);
    if (fsum >= 0)
        lg_strbuf_printf(g->b, "        %s_u += (uint64_t)lg_x;\n", g->var[fsum]);
    lg_strbuf_puts(g->b, "    }\n");
    if (fsum >= 0) {
        g->need_i64 = 1;
        lg_strbuf_printf(g->b, "    const int64_t %s = lg_%s_guard_i64(%s_u);\n", g->var[fsum], g->spec->kernel,
                         g->var[fsum]);
    }
}

/* Scalar features, lengths and single elements. */
static void put_plain_features(cgen_t *g)
{
    for (size_t i = 0; i < g->fs->n; i++) {
        const feature_t *f = &g->fs->f[i];
        if (!g->used[i])
            continue;
        const spec_param_t *p = &g->spec->params[f->param];
        if (f->kind == FEAT_SCALAR) {
            char *x = p->dir == SPEC_DIR_IN ? lg_strdup(p->name) : lg_asprintf("(*%s)", p->name);
            lg_strbuf_printf(g->b, "    const int64_t %s = ", g->var[i]);
            put_view(g, p->type, x);
            lg_strbuf_puts(g->b, ";\n");
            free(x);
        } else if (f->kind == FEAT_LEN) {
            lg_strbuf_printf(g->b, "    const int64_t %s = lg_n_%s;\n", g->var[i], p->name);
        } else if (f->kind == FEAT_ELEM) {
            char *x = lg_asprintf("%s[%zu]", p->name, f->index);
            lg_strbuf_printf(g->b, "    const int64_t %s = %zu < lg_n_%s ? ", g->var[i], f->index, p->name);
            put_view(g, p->type, x);
            lg_strbuf_puts(g->b, " : 0;\n");
            free(x);
        }
    }
}

/* Marks the features the formula uses and the arrays whose loop is needed:
 * every input array with a domain to check, or a feature used. */
static void mark_used(cgen_t *g, const expr_t *e)
{
    size_t cap = g->fs->n ? g->fs->n : 1;
    int *vars = lg_malloc(cap * sizeof *vars);
    size_t nv = expr_vars(e, vars, cap);
    for (size_t i = 0; i < nv && i < cap; i++) {
        g->used[vars[i]] = 1;
        g->var[vars[i]] = local_name(g, &g->fs->f[vars[i]]);
        g->uses_param[g->fs->f[vars[i]].param] = 1;
    }
    free(vars);
    for (size_t i = 0; i < g->spec->nparams; i++) {
        const spec_param_t *p = &g->spec->params[i];
        if (p->is_array && p->dir != SPEC_DIR_OUT && p->has_range &&
            (p->range_lo != lg_type_min(p->type) || p->range_hi != lg_type_max(p->type)))
            g->uses_param[i] = 1;
    }
}

/* The first line says what the guard is: a precondition, or, when it admits
 * inputs known to diverge, NOT SOUND with the share it admits, so that no
 * reader takes "returns 1 when the call is safe" at its word. */
static void put_title(lg_strbuf_t *b, const spec_t *spec, const guard_figures_t *fig)
{
    if (fig->sound) {
        lg_strbuf_printf(b, "/* %s_guard.h: the learned precondition of kernel `%s` under which its RTL\n",
                         spec->kernel, spec->kernel);
        return;
    }
    lg_strbuf_printf(b,
                     "/* %s_guard.h: NOT SOUND: admits %.1f%% unsafe inputs (%" PRIu64 " of %" PRIu64 " unsafe\n"
                     " * training inputs and %" PRIu64 " fresh ones pass it). The best precondition learned\n"
                     " * for kernel `%s` under which its RTL\n",
                     spec->kernel, guard_unsafe_percent(fig), fig->train_fp, fig->train_unsafe, fig->fp, spec->kernel);
}

/* How a struct argument is passed to the guard: member by member. */
static void put_members(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        size_t n, f = spec_carg_first(spec, c, &n);
        if (!spec->params[f].member)
            continue;
        char name[SPEC_NAME_MAX + 1];
        lg_strbuf_printf(b, " * Struct argument %s is passed member by member:", spec_carg_name(spec, c, name));
        for (size_t i = f; i < f + n; i++)
            lg_strbuf_printf(b, "%s %s%s for %s", i > f ? "," : "", spec->params[i].dir == SPEC_DIR_IN ? "" : "&",
                             spec->params[i].member, spec->params[i].name);
        lg_strbuf_puts(b, ".\n");
    }
}

static void put_preamble(lg_strbuf_t *b, const spec_t *spec, const char *formula, const guard_figures_t *fig)
{
    char sig[1024];
    spec_format_signature(spec, sig, sizeof sig);
    put_title(b, spec, fig);
    lg_strbuf_printf(b,
                     " * computes what the C computes. Call %s_guard() with the arguments you would\n"
                     " * pass to %s before offloading; it returns 1 when the call is %s to run on\n"
                     " * the RTL and 0 otherwise (also for arguments outside the spec's domains).\n"
                     " * Arrays must hold as many elements as the kernel reads. Generated by\n"
                     " * lgfuzz guard; C99, needs only <stdint.h> (and <string.h> for float\n"
                     " * params, whose bit patterns the formula reads).\n",
                     spec->kernel, spec->c_function, fig->sound ? "safe" : "believed safe");
    put_members(b, spec);
    lg_strbuf_printf(b,
                     " *\n"
                     " * kernel:    %s\n"
                     " * formula:   %s\n"
                     " * sound:     %s\n"
                     " * MCC:       %.4f on %" PRIu64 " safe and %" PRIu64 " unsafe labelled inputs\n"
                     " * training:  precision %.4f (admits %" PRIu64 " safe and %" PRIu64 " unsafe labelled inputs)\n"
                     " * precision: %.4f (the lower of training and validation), recall %.4f\n"
                     " * validation: precision %.4f on %" PRIu64 " fresh inputs run on both sides\n"
                     " *            (tp %" PRIu64 ", fp %" PRIu64 ", tn %" PRIu64 ", fn %" PRIu64 "; %" PRIu64
                     " fresh inputs over %u rounds)\n"
                     " * date:      %s\n */\n",
                     sig, formula, fig->sound ? "yes" : "no", fig->mcc, fig->train_safe, fig->train_unsafe,
                     fig->train_precision, fig->train_tp, fig->train_fp, fig->precision, fig->recall,
                     fig->valid_precision, fig->valid_inputs, fig->tp, fig->fp, fig->tn, fig->fn, fig->valid_total,
                     fig->rounds, fig->date);
}

/* The bit pattern helpers of float and double params (see view_of). */
static void put_float_helpers(lg_strbuf_t *b, const spec_t *spec, int f32, int f64)
{
    static const char *const ty[2][3] = {{"f32", "float", "int32_t"}, {"f64", "double", "int64_t"}};
    for (int k = 0; k < 2; k++) {
        if (!(k ? f64 : f32))
            continue;
        lg_strbuf_printf(b,
                         "/* The IEEE 754 bit pattern of v as a signed integer: what the formula's\n"
                         " * features read for a %s param. */\n"
                         "static inline int64_t lg_%s_guard_%s(%s v)\n{\n"
                         "    %s bits;\n    memcpy(&bits, &v, sizeof bits);\n    return bits;\n}\n\n",
                         ty[k][1], spec->kernel, ty[k][0], ty[k][1], ty[k][2]);
    }
}

char *guard_c_header(const spec_t *spec, const features_t *fs, const guard_formula_t *f, const guard_figures_t *fig)
{
    cgen_t g = {.spec = spec, .fs = fs};
    g.var = lg_calloc(fs->n ? fs->n : 1, sizeof *g.var);
    g.used = lg_calloc(fs->n ? fs->n : 1, 1);
    g.uses_param = lg_calloc(spec->nparams ? spec->nparams : 1, 1);
    expr_t *e = guard_formula_expr(f);
    mark_used(&g, e);
    lg_strbuf_t body;
    lg_strbuf_init(&body);
    g.b = &body;
    put_signature(&g);
    /* Every argument is named once, so no parameter is ever unused. */
    for (size_t i = 0; i < spec->nparams; i++)
        lg_strbuf_printf(g.b, "    (void)%s;\n", spec->params[i].name);
    put_scalars(&g);
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].is_array && spec->params[i].dir != SPEC_DIR_OUT && g.uses_param[i])
            put_array_loop(&g, i);
    put_plain_features(&g);
    char *ce = expr_to_c(e, var_c, &g);
    lg_strbuf_printf(g.b, "    return (%s) != 0;\n}\n", ce);
    free(ce);

    lg_strbuf_t out;
    lg_strbuf_init(&out);
    char *formula = guard_formula_text(f, fs);
    put_preamble(&out, spec, formula, fig);
    free(formula);
    char *macro = upper_ident(spec->kernel);
    lg_strbuf_printf(&out, "#ifndef %s_GUARD_H\n#define %s_GUARD_H\n\n#include <stdint.h>\n", macro, macro);
    lg_strbuf_puts(&out, g.need_f32 || g.need_f64 ? "#include <string.h>\n\n" : "\n");
    put_float_helpers(&out, spec, g.need_f32, g.need_f64);
    if (g.need_i64)
        lg_strbuf_printf(&out,
                         "/* The two's-complement int64 view of v, without implementation-defined conversion. */\n"
                         "static inline int64_t lg_%s_guard_i64(uint64_t v)\n{\n"
                         "    return v <= (uint64_t)INT64_MAX ? (int64_t)v : -(int64_t)(UINT64_MAX - v) - 1;\n}\n\n",
                         spec->kernel);
    lg_strbuf_puts(&out, body.s);
    lg_strbuf_printf(&out, "\n#endif /* %s_GUARD_H */\n", macro);
    free(macro);
    lg_strbuf_free(&body);
    expr_free(e);
    for (size_t i = 0; i < fs->n; i++)
        free(g.var[i]);
    free(g.var);
    free(g.used);
    free(g.uses_param);
    return lg_strbuf_take(&out);
}
