/* Statements of the kernel done the other way, for the cause analyses of
 * cause_branch.c (one line) and cause_pair.c (two): the directions and
 * operations an input's run can turn (its br directions, then the
 * kernel's operations), runs of an input with one or two of them turned
 * and the ones whose run gives an RTL result exactly, and the inputs that
 * judge an explanation (the input as found and the minimised input's
 * neighbours). Runs go to the minimiser's executor, one input per run. */
#include <string.h>

#include "cause_int.h"
#include "shrink_int.h"

/* The br directions m's run tr took that a flip may change, then the
 * kernel's operations, into f; their number. */
size_t cause_flips_of(const tracer_t *t, const tracer_trace_t *tr, cause_stmt_t *f)
{
    size_t nsites, nops, n = 0;
    const tracer_site_t *sites = tracer_sites(t, &nsites);
    tracer_ops(t, &nops);
    for (size_t i = 0; i < tr->nevents && n < CAUSE_FLIPS_MAX; i++) {
        const tracer_event_t *e = &tr->events[i];
        LG_ASSERT(e->site < nsites);
        const tracer_site_t *s = &sites[e->site];
        if (s->kind != TRACER_SITE_BR || (s->loop_stay >= 0 && e->dir != (uint16_t)s->loop_stay))
            continue;
        f[n++] = (cause_stmt_t){.id = (int)e->site, .dir = e->dir};
    }
    for (size_t i = 0; i < nops && i < CAUSE_OPS_MAX; i++)
        f[n++] = (cause_stmt_t){.id = (int)i, .op = 1};
    return n;
}

void cause_statement(const tracer_t *t, uint32_t id, int op, const char **file, int *line, int *col)
{
    size_t n;
    if (op) {
        const tracer_op_t *o = tracer_ops(t, &n);
        LG_ASSERT(id < n);
        *file = o[id].file;
        *line = o[id].line;
        *col = o[id].col;
    } else {
        const tracer_site_t *s = tracer_sites(t, &n);
        LG_ASSERT(id < n);
        *file = s[id].file;
        *line = s[id].line;
        *col = s[id].col;
    }
}

/* 1 when a and b are statements of t of one source line. */
int cause_same_line(const tracer_t *t, const cause_stmt_t *a, const cause_stmt_t *b)
{
    const char *fa, *fb;
    int la, lb, col;
    cause_statement(t, (uint32_t)a->id, a->op, &fa, &la, &col);
    cause_statement(t, (uint32_t)b->id, b->op, &fb, &lb, &col);
    return la == lb && strcmp(fa ? fa : "", fb ? fb : "") == 0;
}

/* Keeps the flips of f[0..*n-1] on a line of on[0..non-1]. */
void cause_only_lines(const tracer_t *t, cause_stmt_t *f, size_t *n, const cause_stmt_t *on, size_t non)
{
    size_t w = 0;
    for (size_t k = 0; k < *n; k++)
        for (size_t j = 0; j < non; j++)
            if (cause_same_line(t, &f[k], &on[j])) {
                f[w++] = f[k];
                break;
            }
    *n = w;
}

/* Makes t's runs from now on do f the other way, and g too when not NULL. */
void cause_turn(tracer_t *t, const cause_stmt_t *f, const cause_stmt_t *g)
{
    if (f->op)
        tracer_set_op(t, (uint32_t)f->id);
    else
        tracer_set_flip(t, (uint32_t)f->id, f->dir);
    if (g && g->op)
        tracer_also_op(t, (uint32_t)g->id);
    else if (g)
        tracer_also_flip(t, (uint32_t)g->id, g->dir);
}

/* 1 in *gives when the C's run of in, with what t turns, gives rtl
 * exactly. */
int cause_run_gives(explore_t *ex, tracer_t **t, const input_t *in, const run_result_t *rtl, int *gives, lg_err_t *err)
{
    tracer_trace_t *tr;
    oracle_symptoms_t syms = {0};
    int rc = cause_run_native(ex, &in, 1, t, &tr, err);
    *gives = rc == LG_OK && tr->result->status == RUN_OK && oracle_compare(ex->spec, tr->result, rtl, &syms) == 0;
    oracle_symptoms_free(&syms);
    return rc;
}

/* The statements in's run reaches with a done the other way, into g (*ng
 * of them): the candidates for a second statement, which may lie where
 * only a's other way leads. */
int cause_reached_with(explore_t *ex, tracer_t *t, const input_t *in, const cause_stmt_t *a, cause_stmt_t *g,
                       size_t *ng, lg_err_t *err)
{
    tracer_trace_t *tr;
    *ng = 0;
    cause_turn(t, a, NULL);
    int rc = cause_run_native(ex, &in, 1, &t, &tr, err);
    if (rc == LG_OK && tr->result->status == RUN_OK)
        *ng = cause_flips_of(t, tr, g);
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* in's plain native run, into *tr (t flipping nothing): its statements'
 * flips into f (*nf of them, at most CAUSE_CANDS_MAX), and *diverged 1
 * when it ended and the C and rtl differ on it (else a flip has nothing
 * to explain). */
int cause_diverging_flips(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, tracer_trace_t **tr,
                          cause_stmt_t *f, size_t *nf, int *diverged, lg_err_t *err)
{
    *nf = 0;
    *diverged = 0;
    int rc = cause_run_native(ex, &in, 1, &t, tr, err);
    oracle_symptoms_t syms = {0};
    if (rc == LG_OK) {
        *nf = cause_flips_of(t, *tr, f);
        *diverged = (*tr)->result->status == RUN_OK && oracle_compare(ex->spec, (*tr)->result, rtl, &syms) != 0;
    }
    oracle_symptoms_free(&syms);
    return rc;
}

/* Of the flips f[0..nf-1] of in's statements (cause_diverging_flips), those
 * whose native run gives rtl exactly, into hit (*nhit of them), of those
 * on a line of on[0..non-1] when on is not NULL; *done 0 when the
 * deadline cut the search. Leaves t flipping nothing. */
int cause_explaining_of(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, cause_stmt_t *f,
                        size_t nf, const cause_stmt_t *on, size_t non, cause_stmt_t *hit, size_t *nhit, int *done,
                        lg_err_t *err)
{
    int rc = LG_OK;
    *nhit = 0;
    *done = 1;
    if (on)
        cause_only_lines(t, f, &nf, on, non);
    for (size_t k = 0; k < nf && rc == LG_OK; k++) {
        if (explore_past_deadline(ex)) {
            *done = 0;
            break;
        }
        int gives;
        cause_turn(t, &f[k], NULL);
        rc = cause_run_gives(ex, &t, in, rtl, &gives, err);
        if (rc == LG_OK && gives)
            hit[(*nhit)++] = f[k];
    }
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* m with value k of param i set to v, into o[*n] when that is an input of
 * the spec other than m. */
static void add_other(const input_t *m, size_t i, size_t k, int64_t v, input_t **o, size_t *n)
{
    input_t *c = input_clone(m);
    *shrink_value_at(c, i, k) = v;
    if (input_conforms(c, NULL, 0) && !input_equal(c, m))
        o[(*n)++] = c;
    else
        input_destroy(c);
}

/* Inputs near m: found (when it is another input: *nfound 1), then m with
 * one value moved one step away from its target (a minimised input sits
 * at the edge of its divergence: the step away keeps it), or one step
 * either way when it is at its target, then one step toward it, then
 * halfway there; into o, their number. The caller destroys them. */
static size_t others_of(const input_t *m, const input_t *found, input_t **o, size_t *nfound)
{
    size_t n = 0;
    *nfound = 0;
    if (found && !input_equal(found, m)) {
        o[n++] = input_clone(found);
        *nfound = 1;
    }
    const spec_t *spec = m->spec;
    for (int pass = 0; pass < 3; pass++)
        for (size_t i = 0; i < spec->nparams && n < CAUSE_OTHERS_MAX; i++) {
            const spec_param_t *p = &spec->params[i];
            size_t len = p->is_array ? m->v[i].len : 1;
            for (size_t k = 0; shrink_is_read(p) && k < len && n < CAUSE_OTHERS_MAX; k++) {
                int64_t v = *shrink_value_at((input_t *)m, i, k), t = shrink_target(p);
                if (v == t) {
                    if (pass == 0) {
                        add_other(m, i, k, (int64_t)((uint64_t)v + 1u), o, &n);
                        if (n < CAUSE_OTHERS_MAX)
                            add_other(m, i, k, (int64_t)((uint64_t)v - 1u), o, &n);
                    }
                    continue;
                }
                uint64_t step = pass == 0   ? (uint64_t)-1 /* one away */
                                : pass == 1 ? 1u
                                            : shrink_distance(p->type, v, t) / 2;
                add_other(m, i, k, shrink_toward(p->type, v, t, step), o, &n);
            }
        }
    return n;
}

void cause_judges_open(explore_t *ex, const input_t *m, const input_t *found, cause_judges_t *jd)
{
    jd->n = others_of(m, found, jd->in, &jd->nfound);
    for (size_t j = 0; j < jd->n; j++)
        jd->rtl[j] = run_result_create(ex->spec);
    lg_err_t rerr;
    jd->failed = jd->n ? rtlmemo_run_batch(ex, (const input_t *const *)jd->in, jd->n, jd->rtl, &rerr) != 0 : 1;
    ex->st.cause_runs += jd->n;
}

void cause_judges_close(cause_judges_t *jd)
{
    for (size_t j = 0; j < jd->n; j++) {
        input_destroy(jd->in[j]);
        run_result_destroy(jd->rtl[j]);
    }
}
