/* Whether one statement done the other way explains a divergence: the
 * C kernel is run on the minimised input with one direction of one br
 * site taken the other way every time the input reaches it
 * (tracer_set_flip), or with one operation made the other way
 * (tracer_set_op: a signed comparison made unsigned, a signed division or
 * remainder by a power of two rounding toward minus infinity). When that
 * run's result is exactly the RTL's, the RTL does that statement as the C
 * does not on this input: a compare of another signedness or width, a
 * saturation it wraps, a division it makes a shift, or a value computed
 * before a branch that differs only in what it decides there. That
 * statement is the divergence's cause on whichever C path reaches it.
 *
 * Only a value mismatch has such a cause, and only one source line may
 * explain it, on the minimised input and on another input near it or as
 * found: a flip that gives a plain result (a zero, a saturated 255) may
 * do so by coincidence. Otherwise the divergence keeps its C path as its
 * identity. Of a line's explanations a branch comes first, then an
 * operation: a comparison made unsigned may also turn a saturation's
 * branch. A flip that leaves a loop by staying in it is not tried: it
 * runs until the event limit.
 *
 * Runs go to the minimiser's executor, one input per run. */
#include <string.h>

#include "explore_int.h"

/* Branch directions tried per divergence, at most, in the order the
 * input first took them, and operations, in their order. */
#define CAUSE_FLIPS_MAX 64
#define CAUSE_OPS_MAX 64
#define CAUSE_CANDS_MAX (CAUSE_FLIPS_MAX + CAUSE_OPS_MAX)

/* One statement done the other way: a br site's direction, or an
 * operation (op). */
typedef struct flip {
    uint32_t id; /* the site, or the operation */
    int dir;     /* a site: the direction turned */
    int op;
} flip_t;

/* The br directions m's run tr took that a flip may change, then the
 * kernel's operations, into f; their number. */
static size_t flips_of(const tracer_t *t, const tracer_trace_t *tr, flip_t *f)
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
        f[n++] = (flip_t){.id = e->site, .dir = e->dir};
    }
    for (size_t i = 0; i < nops && i < CAUSE_OPS_MAX; i++)
        f[n++] = (flip_t){.id = (uint32_t)i, .op = 1};
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
static int same_line(const tracer_t *t, const flip_t *a, const flip_t *b)
{
    const char *fa, *fb;
    int la, lb, col;
    cause_statement(t, a->id, a->op, &fa, &la, &col);
    cause_statement(t, b->id, b->op, &fb, &lb, &col);
    return la == lb && strcmp(fa ? fa : "", fb ? fb : "") == 0;
}

/* The flips of in's statements whose native run gives rtl exactly, into
 * hit (*nhit of them, at most CAUSE_CANDS_MAX); *done 0 when the deadline
 * cut the search. Leaves t flipping nothing. */
static int explaining(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, flip_t *hit, size_t *nhit,
                      int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    flip_t f[CAUSE_CANDS_MAX];
    size_t nf = 0;
    *nhit = 0;
    *done = 1;
    int rc = cause_run_native(ex, &in, 1, &t, &tr, err);
    oracle_symptoms_t syms = {0};
    /* An input the RTL agrees with has nothing to explain. */
    if (rc == LG_OK && tr->result->status == RUN_OK && oracle_compare(ex->spec, tr->result, rtl, &syms) != 0)
        nf = flips_of(t, tr, f);
    for (size_t k = 0; k < nf && rc == LG_OK; k++) {
        if (explore_past_deadline(ex)) {
            *done = 0;
            break;
        }
        if (f[k].op)
            tracer_set_op(t, f[k].id);
        else
            tracer_set_flip(t, f[k].id, f[k].dir);
        rc = cause_run_native(ex, &in, 1, &t, &tr, err);
        if (rc)
            break;
        if (tr->result->status == RUN_OK && oracle_compare(ex->spec, tr->result, rtl, &syms) == 0)
            hit[(*nhit)++] = f[k];
    }
    oracle_symptoms_free(&syms);
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* Keeps the flips of hit[0..*n-1] whose line also has a flip in
 * also[0..nalso-1], when any does: an input no kept line explains shows
 * another cause, and says nothing of these. */
static void keep_lines(const tracer_t *t, flip_t *hit, size_t *n, const flip_t *also, size_t nalso)
{
    size_t kept = 0;
    for (size_t k = 0; k < *n; k++)
        for (size_t j = 0; j < nalso; j++)
            if (same_line(t, &hit[k], &also[j])) {
                kept++;
                break;
            }
    if (!kept)
        return;
    size_t w = 0;
    for (size_t k = 0; k < *n; k++)
        for (size_t j = 0; j < nalso; j++)
            if (same_line(t, &hit[k], &also[j])) {
                hit[w++] = hit[k];
                break;
            }
    *n = w;
}

/* 1 when a line of hit[0..n-1] has a flip in also[0..nalso-1]. */
static int lines_meet(const tracer_t *t, const flip_t *hit, size_t n, const flip_t *also, size_t nalso)
{
    for (size_t k = 0; k < n; k++)
        for (size_t j = 0; j < nalso; j++)
            if (same_line(t, &hit[k], &also[j]))
                return 1;
    return 0;
}

/* The one source line of hit[0..n-1], as an index into hit; -1 when there
 * is none or several. */
static int one_line(const tracer_t *t, const flip_t *hit, size_t n)
{
    for (size_t k = 1; k < n; k++)
        if (!same_line(t, &hit[0], &hit[k]))
            return -1;
    return n ? 0 : -1;
}

/* Other inputs to tell lines apart by, at most. */
#define CAUSE_OTHERS_MAX 12

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

/* Inputs near m: found (when it is another input), then m with one value
 * moved one step away from its target (a minimised input sits at the edge
 * of its divergence: the step away keeps it), or one step either way when
 * it is at its target, then one step toward it, then halfway there; into
 * o, their number. The caller destroys them. */
static size_t others_of(const input_t *m, const input_t *found, input_t **o)
{
    size_t n = 0;
    if (found && !input_equal(found, m))
        o[n++] = input_clone(found);
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

int cause_branch(explore_t *ex, const input_t *m, const run_result_t *rtl, const input_t *found, const char *cls,
                 int *id, int *dir, int *op, lg_err_t *err)
{
    *id = -1;
    *dir = *op = 0;
    if (ex->cfg.no_spectra || !ex->oracle || rtl->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    tracer_t *t;
    int rc = minimise_executor(ex, &t, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    flip_t hit[CAUSE_CANDS_MAX], also[CAUSE_CANDS_MAX];
    size_t nhit = 0, nalso = 0;
    int done = 0, at = -1, confirmed = 0;
    rc = explaining(ex, t, m, rtl, hit, &nhit, &done, err);
    /* A flip that gives m's RTL result may do so by coincidence: a plain
     * result (a sum that saturates to 255 either way, a zero) that a
     * value computed before the branch made, or two lines that each
     * change a sum by 255. The input as found and m's neighbours, whose
     * values rarely make the same coincidence, keep the lines that also
     * explain their own divergences (those some line explains: another
     * input may show another cause as well), and one line must be left
     * that explains one of them. */
    if (rc == LG_OK && done && nhit) {
        input_t *o[CAUSE_OTHERS_MAX];
        run_result_t *ortl[CAUSE_OTHERS_MAX];
        size_t no = others_of(m, found, o);
        for (size_t j = 0; j < no; j++)
            ortl[j] = run_result_create(ex->spec);
        lg_err_t rerr;
        int brc = no ? rtlmemo_run_batch(ex, (const input_t *const *)o, no, ortl, &rerr) : 1;
        ex->st.cause_runs += no;
        for (size_t j = 0; j < no && !brc && rc == LG_OK && done && !(confirmed && at >= 0); j++) {
            if (ortl[j]->status != RUN_OK)
                continue;
            rc = explaining(ex, t, o[j], ortl[j], also, &nalso, &done, err);
            keep_lines(t, hit, &nhit, also, nalso);
            confirmed |= lines_meet(t, hit, nhit, also, nalso);
            at = one_line(t, hit, nhit);
        }
        for (size_t j = 0; j < no; j++) {
            input_destroy(o[j]);
            run_result_destroy(ortl[j]);
        }
    }
    if (!confirmed)
        at = -1;
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    if (rc == LG_OK && done && at >= 0) {
        *id = (int)hit[at].id;
        *dir = hit[at].dir;
        *op = hit[at].op;
    }
    return LG_ERR_PASS(err, rc);
}
