/* The triage of a minimised divergence: what it is, for the people who
 * read its report, beside its symptom's class. Undefined behaviour of the
 * C that its cause analysis found the divergence to need is c-ub:<kind>
 * (uninit, oob, readback, a UBSan check), at the statement or local; an
 * RTL result that another initial state of the RTL changes is rtl-x, at
 * the output; one that a branch decided the other way gives is branch, at
 * the condition, and one that an operation made the other way gives is
 * op, at the operation. Each comes with what it means in a sentence. */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cause_int.h"
#include "util/alloc.h"

/* The triage of a divergence its cause analysis found to need undefined
 * behaviour of the C (probe ub, "ub:<check>:<file>:<line>"): "c-ub:<check>"
 * into cls, the statement into at, and what it means into why. */
static void triage_ub(const explore_t *ex, int ub, int x, char **cls, char **at, char **why)
{
    const tracer_probe_t *p = &ex->probe_info[ub];
    const char *check = p->name + strlen("ub:"), *end = strchr(check, ':');
    *cls = lg_asprintf("c-ub:%.*s", (int)(end ? end - check : (ptrdiff_t)strlen(check)), check);
    *at = lg_asprintf("%s:%d", p->file ? p->file : "?", p->line);
    if (strcmp(*cls, "c-ub:out-of-bounds") == 0) {
        /* UBSan's array-bounds check: an index past a C array whose
         * length the type gives (a local, global or struct member array),
         * the same undefined behaviour as an offset probe's c-ub:oob. */
        free(*cls);
        *cls = lg_strdup("c-ub:oob");
        *why = lg_asprintf("the C indexes an array outside its declared length at %s: undefined behaviour that the "
                           "divergence needs (no neighbouring input on this path diverges without it); what the C "
                           "reads or writes there is whatever lies beside the array (a store may fault)%s",
                           *at, x ? "" : ", while the RTL's address keeps only its low bits");
    } else if (strcmp(*cls, "c-ub:readback") == 0)
        *why = lg_asprintf("%s reads an output parameter back after the kernel wrote it on this path: the C gets the "
                           "value it wrote, while HLS reads that port's input side, the value the caller passed in",
                           *at);
    else
        *why = lg_asprintf("the C's result rests on undefined behaviour (%s at %s) that the divergence needs: no "
                           "neighbouring input on this path diverges without it, and the RTL need not behave as the "
                           "compiled C does there",
                           *cls + strlen("c-ub:"), *at);
}

/* The triage of a divergence whose C result rests on a read of a local
 * the kernel did not write first (mi->uninit). */
static void triage_uninit(const explore_t *ex, const minimised_t *mi, char **cls, char **at, char **why)
{
    size_t nl;
    const tracer_local_t *l = tracer_locals(ex->tracer, &nl);
    *cls = lg_strdup("c-ub:uninit");
    if (mi->local < 0) {
        *at = lg_strdup("several locals");
        *why = lg_strdup("the C reads locals it did not write first (undefined behaviour): its result changes when "
                         "they start with other bytes, while the RTL reads what its registers and memories hold");
        return;
    }
    LG_ASSERT((size_t)mi->local < nl);
    const tracer_local_t *v = &l[mi->local];
    *at = v->file ? lg_asprintf("%s (%s:%d)", v->name, v->file, v->line) : lg_strdup(v->name);
    *why = lg_asprintf("the C reads %s, a local of %s, where it did not write it first (undefined behaviour): its "
                       "result changes when %s starts with other bytes, while the RTL reads what its memory or "
                       "register for %s holds",
                       v->name, v->func, v->name, v->name);
}

/* The C's own array is an array param's length in in, a local array's
 * declared one. The C read or wrote past its array there, which is
 * undefined behaviour; an index past the RTL's depth alone is not (that
 * is triage_find_depth's). */
void triage_find_oob(const explore_t *ex, const input_t *in, const tracer_trace_t *tr, minimised_t *mi)
{
    mi->oob = -1;
    for (size_t i = 0; i < ex->nprobes && mi->oob < 0 && !ex->cfg.no_spectra; i++) {
        const tracer_probe_t *p = &ex->probe_info[i];
        const char *name = p->name + strlen("offset:");
        /* offset:<param>:last marks an edge, not a bound. */
        if (p->kind != TRACER_PROBE_OFFSET || !tr->fired[i] || !tr->seen[i] || strchr(name, ':'))
            continue;
        int q = spec_param_index(ex->spec, name);
        if (q >= 0 && !ex->spec->params[q].is_array)
            continue;
        int64_t len = q >= 0 ? (int64_t)in->v[q].len : p->param;
        if (tr->min[i] < 0 || tr->max[i] >= len) {
            mi->oob = (int)i;
            mi->oob_at = tr->min[i] < 0 ? tr->min[i] : tr->max[i];
            mi->oob_len = (uint64_t)len;
        }
    }
}

void triage_find_depth(const explore_t *ex, const input_t *in, const tracer_trace_t *tr, const char *cls,
                       minimised_t *mi)
{
    mi->depth = -1;
    if (strncmp(cls, "rtl-oob:", 8) != 0 || ex->cfg.no_spectra)
        return;
    int q = spec_param_index(ex->spec, cls + 8);
    if (q < 0 || !ex->spec->params[q].is_array)
        return;
    for (size_t i = 0; i < ex->nprobes; i++) {
        const tracer_probe_t *p = &ex->probe_info[i];
        if (p->kind != TRACER_PROBE_OFFSET || strcmp(p->name + strlen("offset:"), cls + 8) != 0)
            continue;
        /* p->param is the RTL's depth. */
        if (tr->seen[i] && tr->min[i] >= 0 && tr->max[i] >= p->param && tr->max[i] < (int64_t)in->v[q].len)
            mi->depth = (int)i;
        return;
    }
}

/* Examples of an offset probe's index a term must explain before it is
 * taken for what the C relies on: a term fits two points by chance. */
#define TRIAGE_TERM_EXAMPLES 8

/* The term for offset probe i, learned now if the run has none yet, when
 * it is exact: it explains each of the examples the probe holds (at least
 * TRIAGE_TERM_EXAMPLES, each a run's largest index, not a reader's
 * values; learn_probe_term keeps a term only while it does) and gives at
 * on in. NULL otherwise. */
static const expr_t *exact_index_term(explore_t *ex, size_t i, const input_t *in, int64_t at)
{
    const probe_state_t *p = &ex->probes->p[i];
    if (p->reader >= 0 || p->nterm < TRIAGE_TERM_EXAMPLES || !learn_probe_term(ex, i) || !p->term)
        return NULL;
    int64_t *fv = lg_malloc((ex->fs->n ? ex->fs->n : 1) * sizeof *fv);
    features_eval(ex->fs, in, fv);
    int64_t v = expr_eval(p->term, fv);
    free(fv);
    return v == at ? p->term : NULL;
}

void triage_contract_of(explore_t *ex, const minimised_t *mi, triage_contract_t *c)
{
    memset(c, 0, sizeof *c);
    c->param = -1;
    if (mi->cut || mi->uninit || mi->ub < 0 || mi->ub != mi->oob)
        return;
    const char *array = ex->probe_info[mi->oob].name + strlen("offset:");
    int q = spec_param_index(ex->spec, array);
    /* An array whose length is an input: the bound is that input too. */
    int by_len = q >= 0 && ex->spec->params[q].len_param >= 0;
    const expr_t *t = exact_index_term(ex, (size_t)mi->oob, mi->in, mi->oob_at);
    if (!t)
        return;
    char *term = expr_to_text(t, ex->fs);
    int64_t hi = (int64_t)mi->oob_len - 1;
    c->cond = by_len ? lg_asprintf("%s >= 0 && %s < len(%s)", term, term, array)
                     : lg_asprintf("%s >= 0 && %s <= %lld", term, term, (long long)hi);
    free(term);
    if (by_len || t->op != EXPR_VAR)
        return;
    const feature_t *f = &ex->fs->f[t->var];
    if (f->kind != FEAT_SCALAR)
        return;
    const spec_param_t *sp = &ex->spec->params[f->param];
    int64_t lo = sp->range_lo > 0 ? sp->range_lo : 0;
    int64_t top = sp->range_hi < hi ? sp->range_hi : hi;
    if (lo > top)
        return;
    c->param = f->param;
    c->lo = lo;
    c->hi = top;
}

void triage_contract_free(triage_contract_t *c)
{
    free(c->cond);
    c->cond = NULL;
}

/* The triage of a divergence whose cause needs the C to index an array
 * outside its bounds (mi->oob): c-ub:oob, or out-of-contract when the run
 * learned the index as a term over the inputs, so that what the C relies
 * on is a condition over them. */
static void triage_oob(const explore_t *ex, const minimised_t *mi, const triage_contract_t *c, char **cls, char **at,
                       char **why)
{
    const char *array = ex->probe_info[mi->oob].name + strlen("offset:");
    *cls = lg_strdup(c && c->cond ? TRIAGE_OUT_OF_CONTRACT : "c-ub:oob");
    *at = lg_asprintf("%s[%lld]", array, (long long)mi->oob_at);
    char *relies = NULL;
    if (c && c->cond && c->param >= 0)
        relies = lg_asprintf(
            "; the index is %s on every run the probe kept and on this input, so the C relies on %s: this input "
            "is outside the C's own contract (a spec range [%lld, %lld] for %s keeps inputs inside it), not a "
            "divergence of the RTL",
            ex->spec->params[c->param].name, c->cond, (long long)c->lo, (long long)c->hi,
            ex->spec->params[c->param].name);
    else if (c && c->cond)
        relies = lg_asprintf(
            "; the index follows a term over the inputs on every run the probe kept and on this input, so the C "
            "relies on %s: this input is outside the C's own contract, not a divergence of the RTL",
            c->cond);
    *why = lg_asprintf("the C indexes %s at %lld, outside its %llu elements (c-ub:oob): undefined behaviour that "
                       "the divergence needs (no neighbouring input on this path diverges without it), and the "
                       "RTL's memory need not hold what the C read or wrote past its end%s",
                       array, (long long)mi->oob_at, (unsigned long long)mi->oob_len, relies ? relies : "");
    free(relies);
}

/* The triage of a divergence whose RTL result another initial state of
 * the RTL changes (mi->x). */
static void triage_x(const explore_t *ex, const minimised_t *mi, char **cls, char **at, char **why)
{
    const xstate_t *x = &mi->x;
    *cls = lg_strdup("rtl-x");
    *at = lg_strdup(x->element[0] ? x->element : x->output);
    char *what = strcmp(x->output, "status") == 0   ? lg_strdup("the RTL's call ends with status")
                 : strcmp(x->output, "return") == 0 ? lg_strdup("the RTL returns")
                                                    : lg_asprintf("the RTL's %s is", *at);
    char *access = NULL;
    const run_xaccess_t *a = &x->access;
    if (a->param >= 0) {
        const char *name = ex->spec->params[a->param].name;
        access = a->has_addr_usual
                     ? lg_asprintf("; the first memory access that differs is the %s of %s at cycle %" PRIu64
                                   " (port %d): address %" PRIu64 " from that state, %" PRIu64 " as usual",
                                   a->write ? "write" : "read", name, a->cycle, a->port, a->addr, a->addr_usual)
                     : lg_asprintf("; the first memory access that differs is a %s of %s at cycle %" PRIu64
                                   " (port %d, address %" PRIu64 ") that the usual state does not make",
                                   a->write ? "write" : "read", name, a->cycle, a->port, a->addr);
    }
    *why = lg_asprintf("%s %s when every register, memory and X that the RTL leaves undefined starts as 0, as in "
                       "every run, and %s from another initial state (lgfuzz diff --rtl-state %" PRIu64
                       "): hardware may start with either, so the RTL has no one result on this input to compare "
                       "with the C's%s",
                       what, x->zero, x->other, x->state, access ? access : "");
    free(access);
    free(what);
}

/* The triage of a divergence keyed by a loop's iterations that the C
 * makes depend on each other where a pragma declared they do not
 * (mi->dep, a dep probe). */
static void triage_dep(const explore_t *ex, const minimised_t *mi, char **cls, char **at, char **why)
{
    const tracer_probe_t *p = &ex->probe_info[mi->dep];
    const char *array = p->name + strlen("dep:");
    int64_t apart = mi->least[mi->dep] != INT64_MAX ? mi->least[mi->dep] : 0;
    char kinds[64] = "";
    static const struct {
        int bit;
        const char *what;
    } dep[] = {{TRACER_DEP_RAW, "read-after-write"},
               {TRACER_DEP_WAR, "write-after-read"},
               {TRACER_DEP_WAW, "write-after-write"}};
    for (size_t k = 0; k < sizeof dep / sizeof *dep; k++)
        if (p->param & dep[k].bit)
            snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", kinds[0] ? ", " : "", dep[k].what);
    *cls = lg_strdup("dependence");
    *at = lg_asprintf("%s:%d", p->file ? p->file : "?", p->line);
    char *gap = apart > 0 ? lg_asprintf(" %lld apart", (long long)apart) : lg_strdup("");
    *why = lg_asprintf("the pragma at %s declares the iterations of its loop free of dependences through %s (%s), "
                       "and HLS overlaps them on that promise; on this input the C makes one, between two iterations%s "
                       "in one execution of the loop, and the divergence needs it (no neighbouring input on this "
                       "path diverges without it): an input the kernel's pragma rules out, or a pragma that does not "
                       "hold for the kernel's inputs",
                       *at, array, kinds, gap);
    free(gap);
}

char *triage_statement(const explore_t *ex, const cause_stmt_t *st, int col)
{
    const char *file;
    int line, c;
    const tracer_t *t = minimise_tracer(ex);
    LG_ASSERT(t != NULL && st->id >= 0); /* cause_branch ran on it */
    cause_statement(t, (uint32_t)st->id, st->op, &file, &line, &c);
    return col ? lg_asprintf("%s:%d:%d", file ? file : "?", line, c) : lg_asprintf("%s:%d", file ? file : "?", line);
}

/* The kind of operation st (an operation of tracer_ops). */
static tracer_op_kind_t op_kind(const explore_t *ex, const cause_stmt_t *st)
{
    size_t n;
    const tracer_op_t *ops = tracer_ops(minimise_tracer(ex), &n);
    LG_ASSERT(st->op && (size_t)st->id < n);
    return ops[st->id].kind;
}

/* "the condition at <at> taken false every time it is true", or what
 * operation st done the other way is. */
static char *statement_done(const explore_t *ex, const cause_stmt_t *st, const char *at)
{
    static const char *const done[] = {
        [TRACER_OP_CMP_UNSIGNED] = "the comparison at %s made unsigned",
        [TRACER_OP_DIV_FLOOR] = "the division at %s rounding toward minus infinity (an arithmetic shift)",
        [TRACER_OP_REM_FLOOR] = "the remainder at %s taken as a mask (rounding toward minus infinity)",
        [TRACER_OP_CMP_NARROW] = "the comparison at %s made with both operands cut to the width of the register "
                                 "that the RTL holds the local in",
        [TRACER_OP_CMP_SIGNED] = "the comparison at %s made signed",
    };
    if (st->op)
        return lg_asprintf(done[op_kind(ex, st)], at);
    return lg_asprintf("the condition at %s taken %s every time it is %s", at, st->dir ? "false" : "true",
                       st->dir ? "true" : "false");
}

/* The triage of a divergence that two statements done the other way
 * together explain (mi->stmt[0] and [1]): statements. */
static void triage_pair_of(const explore_t *ex, const minimised_t *mi, char **cls, char **at, char **why)
{
    char *a = triage_statement(ex, &mi->stmt[0], 1), *b = triage_statement(ex, &mi->stmt[1], 1);
    char *wa = statement_done(ex, &mi->stmt[0], a), *wb = statement_done(ex, &mi->stmt[1], b);
    *cls = lg_strdup("statements");
    *at = lg_asprintf("%s, %s", a, b);
    *why = lg_asprintf("the RTL's result is exactly what the C computes with %s and %s, on this input and on one near "
                       "it, where neither alone gives it and no other pair of lines does: the RTL decides both "
                       "differently (compares of another signedness or width, saturations it wraps), the second "
                       "perhaps reached only because the first went the other way",
                       wa, wb);
    free(a);
    free(b);
    free(wa);
    free(wb);
}

/* The triage of a divergence that one statement done the other way
 * explains (mi->stmt[0], cause_branch.c): branch, or op; or two
 * (triage_pair_of). */
static void triage_statement_of(const explore_t *ex, const minimised_t *mi, char **cls, char **at, char **why)
{
    if (mi->stmt[1].id >= 0) {
        triage_pair_of(ex, mi, cls, at, why);
        return;
    }
    static const char *const means[] = {
        [TRACER_OP_CMP_UNSIGNED] = "the RTL compares without the sign (a value HLS narrowed to an unsigned type, an "
                                   "ap_uint), or reaches it with values that make it decide differently",
        [TRACER_OP_DIV_FLOOR] = "the RTL divides by a shift, which rounds a negative value down where C rounds it "
                                "toward zero",
        [TRACER_OP_REM_FLOOR] = "the RTL takes the remainder by a mask, which a negative value gives positive where "
                                "C's is negative",
        [TRACER_OP_CMP_NARROW] = "the RTL compares in the local's narrower register (a loop counter sized to fewer "
                                 "bits than its bound needs), so the other operand is cut to that width too",
        [TRACER_OP_CMP_SIGNED] = "the RTL compares with the sign where the C compares unsigned values (operand wires "
                                 "declared signed, a value HLS narrowed to a signed type, an ap_int), or reaches it "
                                 "with values that make it decide differently",
    };
    const cause_stmt_t *st = &mi->stmt[0];
    *at = triage_statement(ex, st, 1);
    char *what = statement_done(ex, st, *at);
    if (st->op) {
        *cls = lg_strdup("op");
        *why = lg_asprintf("the RTL's result is exactly what the C computes with %s, on this input and on one near "
                           "it, and nothing on another line gives it: %s",
                           what, means[op_kind(ex, st)]);
    } else {
        *cls = lg_strdup("branch");
        *why = lg_asprintf("the RTL's result is exactly what the C computes with %s, on this input and on one near "
                           "it, and nothing on another line gives it: the RTL decides that condition differently (a "
                           "compare of another signedness or width, a saturation it wraps), or reaches it with values "
                           "that make it decide differently",
                           what);
    }
    free(what);
}

void triage_of(const explore_t *ex, const minimised_t *mi, const triage_contract_t *contract, char **cls, char **at,
               char **why)
{
    *cls = *at = *why = NULL;
    /* A cut analysis kept every probe it had not shown to be evidence:
     * it names no cause. */
    if (mi->cut)
        return;
    if (mi->uninit)
        triage_uninit(ex, mi, cls, at, why);
    else if (mi->ub >= 0 && mi->ub == mi->oob)
        triage_oob(ex, mi, contract, cls, at, why);
    else if (mi->ub >= 0)
        triage_ub(ex, mi->ub, mi->x.state != 0, cls, at, why);
    else if (mi->x.state)
        triage_x(ex, mi, cls, at, why);
    else if (mi->dep >= 0)
        triage_dep(ex, mi, cls, at, why);
    else if (mi->stmt[0].id >= 0)
        triage_statement_of(ex, mi, cls, at, why);
    /* The C read past its array where the RTL reads an X: what each side
     * reads there is undefined, the C's first. */
    if (mi->ub >= 0 && mi->x.state && *why) {
        char *x = lg_asprintf("%s; the RTL has no one result here either: it gives %s when its undefined state "
                              "starts as 0 and %s from another (lgfuzz diff --rtl-state %" PRIu64 ")",
                              *why, mi->x.zero, mi->x.other, mi->x.state);
        free(*why);
        *why = x;
    }
}
