/* Whether one statement done the other way explains a divergence: the
 * C kernel is run on the minimised input with one direction of one br
 * site taken the other way every time the input reaches it
 * (tracer_set_flip), or with one operation made the other way
 * (tracer_set_op: a signed comparison made unsigned, a signed division or
 * remainder by a power of two rounding toward minus infinity, a
 * comparison of a local made at the width of the RTL's narrower register
 * for it). When that run's result is exactly the RTL's, the RTL does that
 * statement as the C does not on this input: a compare of another
 * signedness or width, a saturation it wraps, a division it makes a
 * shift, or a value computed before a branch that differs only in what it
 * decides there. That statement is the divergence's cause on whichever C
 * path reaches it.
 *
 * Only a value mismatch has such a cause, and only one source line may
 * explain it. A flip that gives a plain result (a zero, a saturated 255, a
 * sort of zeros) may do so by coincidence, so the inputs near the
 * minimised one and the input as found judge the line: one it explains,
 * alone or with one other statement or a narrow port's cut, speaks for
 * it; a neighbour that nothing explains speaks against it (judge). One
 * must speak for it and no neighbour against it; otherwise the divergence
 * keeps its C path as its identity. Of a line's explanations a comparison
 * made at a register's width comes first (it names the register, whatever
 * bound the comparison meets), then a branch, then another operation: a
 * comparison made unsigned may also turn a saturation's branch. A flip
 * that leaves a loop by staying in it is not tried: it runs until the
 * event limit.
 *
 * When no statement alone gives the RTL's result on m, two may together:
 * an RTL that compares two unsigned values as signed at two lines, the
 * second reached only because the first decided differently. The pairs
 * of m's statements on two lines are tried (cause_pair); one pair of
 * lines must be left, and the same inputs judge it: one that the pair,
 * or one of its lines alone, explains speaks for it; one that another
 * statement alone explains says nothing; a neighbour nothing of that
 * explains speaks against.
 *
 * Runs go to the minimiser's executor, one input per run. */
#include <string.h>

#include "cause_int.h"
#include "shrink_int.h"

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

/* Keeps the flips of f[0..*n-1] on a line of on[0..non-1]. */
static void only_lines(const tracer_t *t, flip_t *f, size_t *n, const flip_t *on, size_t non)
{
    size_t w = 0;
    for (size_t k = 0; k < *n; k++)
        for (size_t j = 0; j < non; j++)
            if (same_line(t, &f[k], &on[j])) {
                f[w++] = f[k];
                break;
            }
    *n = w;
}

/* Makes t's runs from now on do f the other way, and g too when not NULL. */
static void turn(tracer_t *t, const flip_t *f, const flip_t *g)
{
    if (f->op)
        tracer_set_op(t, f->id);
    else
        tracer_set_flip(t, f->id, f->dir);
    if (g && g->op)
        tracer_also_op(t, g->id);
    else if (g)
        tracer_also_flip(t, g->id, g->dir);
}

/* 1 in *gives when the C's run of in, with what t turns, gives rtl
 * exactly. */
static int run_gives(explore_t *ex, tracer_t **t, const input_t *in, const run_result_t *rtl, int *gives, lg_err_t *err)
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
static int reached_with(explore_t *ex, tracer_t *t, const input_t *in, const flip_t *a, flip_t *g, size_t *ng,
                        lg_err_t *err)
{
    tracer_trace_t *tr;
    *ng = 0;
    turn(t, a, NULL);
    int rc = cause_run_native(ex, &in, 1, &t, &tr, err);
    if (rc == LG_OK && tr->result->status == RUN_OK)
        *ng = flips_of(t, tr, g);
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* in's plain native run, into *tr (t flipping nothing): its statements'
 * flips into f (*nf of them, at most CAUSE_CANDS_MAX), and *diverged 1
 * when it ended and the C and rtl differ on it (else a flip has nothing
 * to explain). */
static int diverging_flips(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, tracer_trace_t **tr,
                           flip_t *f, size_t *nf, int *diverged, lg_err_t *err)
{
    *nf = 0;
    *diverged = 0;
    int rc = cause_run_native(ex, &in, 1, &t, tr, err);
    oracle_symptoms_t syms = {0};
    if (rc == LG_OK) {
        *nf = flips_of(t, *tr, f);
        *diverged = (*tr)->result->status == RUN_OK && oracle_compare(ex->spec, (*tr)->result, rtl, &syms) != 0;
    }
    oracle_symptoms_free(&syms);
    return rc;
}

/* Of the flips f[0..nf-1] of in's statements (diverging_flips), those
 * whose native run gives rtl exactly, into hit (*nhit of them), of those
 * on a line of on[0..non-1] when on is not NULL; *done 0 when the
 * deadline cut the search. Leaves t flipping nothing. */
static int explaining_of(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, flip_t *f, size_t nf,
                         const flip_t *on, size_t non, flip_t *hit, size_t *nhit, int *done, lg_err_t *err)
{
    int rc = LG_OK;
    *nhit = 0;
    *done = 1;
    if (on)
        only_lines(t, f, &nf, on, non);
    for (size_t k = 0; k < nf && rc == LG_OK; k++) {
        if (explore_past_deadline(ex)) {
            *done = 0;
            break;
        }
        int gives;
        turn(t, &f[k], NULL);
        rc = run_gives(ex, &t, in, rtl, &gives, err);
        if (rc == LG_OK && gives)
            hit[(*nhit)++] = f[k];
    }
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* The flips of in's statements whose native run gives rtl exactly
 * (explaining_of), from in's own run; *diverged 1 when the C and rtl
 * differ on in (else there is nothing to explain). */
static int explaining(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, const flip_t *on,
                      size_t non, flip_t *hit, size_t *nhit, int *diverged, int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    flip_t f[CAUSE_CANDS_MAX];
    size_t nf;
    *nhit = 0;
    *done = 1;
    int rc = diverging_flips(ex, t, in, rtl, &tr, f, &nf, diverged, err);
    if (rc == LG_OK)
        rc = explaining_of(ex, t, in, rtl, f, *diverged ? nf : 0, on, non, hit, nhit, done, err);
    return rc;
}

/* What an input that diverges says of the lines kept. */
enum { SAYS_NOTHING, SAYS_FOR, SAYS_AGAINST };

/* Flips of hit that one input tests in pairs, at most. */
#define CAUSE_PAIRED_MAX 8

/* 1 in *gives when flip h of hit, with one other statement of in on
 * another line, or with in as a narrow port hands it over
 * (cut[0..ncut-1]), gives rtl on in. The other statements: in's own
 * (f[0..nf-1]), or, when reach, those its run reaches with h done the
 * other way (the other may lie where only h's other way leads: a second
 * compare behind the first). */
static int paired_gives(explore_t *ex, tracer_t **t, const input_t *in, const run_result_t *rtl, const flip_t *h,
                        const flip_t *f, size_t nf, int reach, input_t *const *cut, size_t ncut, int *gives, int *done,
                        lg_err_t *err)
{
    flip_t g[CAUSE_CANDS_MAX];
    size_t ng = nf;
    int rc = LG_OK;
    if (reach)
        rc = reached_with(ex, *t, in, h, g, &ng, err);
    else
        memcpy(g, f, nf * sizeof *f);
    *gives = 0;
    for (size_t k = 0; k < ng + ncut && rc == LG_OK && !*gives; k++) {
        if (explore_past_deadline(ex)) {
            *done = 0;
            break;
        }
        if (k < ng && same_line(*t, h, &g[k]))
            continue;
        turn(*t, h, k < ng ? &g[k] : NULL);
        rc = run_gives(ex, t, k < ng ? in : cut[k - ng], rtl, gives, err);
    }
    tracer_set_flip(*t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* What in, which diverges from its RTL result rtl (class cls) and which
 * no flip of hit[0..*nhit-1] explains alone, says of them (*says):
 * SAYS_FOR when a flip of hit together with one other statement done the
 * other way, or with a narrow port's cut, gives rtl on in (two causes
 * meet on in; hit keeps those flips); SAYS_NOTHING when another statement
 * or a narrow port alone explains in (in shows another cause only), or
 * when in stored a value that a narrower register of the RTL cuts (a
 * width probe fired: no run here can cut it, so it may be a second cause
 * that the pairs did not try); SAYS_AGAINST otherwise. */
static int judge(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, const char *cls, flip_t *hit,
                 size_t *nhit, int *says, int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    flip_t f[CAUSE_CANDS_MAX];
    input_t *cut[CAUSE_PORT_CUTS_MAX];
    size_t nf = 0, ncut = cause_port_cuts(ex, in, cut), w = 0;
    *says = SAYS_AGAINST;
    int diverged, narrowed = 0;
    /* One plain run of in serves the pairs and, after them, the flips
     * that may explain in alone. */
    int rc = diverging_flips(ex, t, in, rtl, &tr, f, &nf, &diverged, err);
    for (size_t i = 0; rc == LG_OK && i < ex->nprobes; i++)
        narrowed |= tr->fired[i] && ex->probe_info[i].kind == TRACER_PROBE_WIDTH;
    for (size_t k = 0; k < *nhit && k < CAUSE_PAIRED_MAX && rc == LG_OK && *done; k++) {
        int gives;
        /* Behind one line left, a second statement may be one that only
         * its other way reaches; lines still to tell apart are told by
         * in's own statements alone (a pair reaching further explains
         * more by coincidence). */
        rc = paired_gives(ex, &t, in, rtl, &hit[k], f, nf, *nhit == 1, cut, ncut, &gives, done, err);
        if (rc == LG_OK && gives)
            hit[w++] = hit[k];
    }
    for (size_t j = 0; j < ncut; j++)
        input_destroy(cut[j]);
    if (rc || !*done)
        return rc;
    if (w) {
        *nhit = w;
        *says = SAYS_FOR;
        return LG_OK;
    }
    flip_t other[CAUSE_CANDS_MAX];
    size_t nother;
    int port = -1, sx;
    rc = explaining_of(ex, t, in, rtl, f, diverged ? nf : 0, NULL, 0, other, &nother, done, err);
    if (rc == LG_OK && *done && !nother)
        rc = cause_port(ex, in, rtl, cls, &port, &sx, err);
    if (nother || port >= 0 || narrowed)
        *says = SAYS_NOTHING;
    return rc;
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

/* The inputs that judge m's explanations: the input as found (the first
 * nfound of them) and m's neighbours (others_of), each with its RTL
 * result; failed when their RTL runs could not be made. */
typedef struct judges {
    input_t *in[CAUSE_OTHERS_MAX];
    run_result_t *rtl[CAUSE_OTHERS_MAX];
    size_t n, nfound;
    int failed;
} judges_t;

static void judges_open(explore_t *ex, const input_t *m, const input_t *found, judges_t *jd)
{
    jd->n = others_of(m, found, jd->in, &jd->nfound);
    for (size_t j = 0; j < jd->n; j++)
        jd->rtl[j] = run_result_create(ex->spec);
    lg_err_t rerr;
    jd->failed = jd->n ? rtlmemo_run_batch(ex, (const input_t *const *)jd->in, jd->n, jd->rtl, &rerr) != 0 : 1;
    ex->st.cause_runs += jd->n;
}

static void judges_close(judges_t *jd)
{
    for (size_t j = 0; j < jd->n; j++) {
        input_destroy(jd->in[j]);
        run_result_destroy(jd->rtl[j]);
    }
}

/* The first statements of a pair a search takes, at most, in flips_of's
 * order (the directions the input took first, then the operations), each
 * with the second statements its other way reaches. */
#define CAUSE_PAIR_CANDS 48
/* Pairs kept that give m's RTL result. */
#define CAUSE_PAIRS_MAX 8

typedef struct pair {
    flip_t a, b; /* in the order m reached them */
} pair_t;

/* 1 when p and q are on the same two lines. */
static int same_lines(const tracer_t *t, const pair_t *p, const pair_t *q)
{
    return (same_line(t, &p->a, &q->a) && same_line(t, &p->b, &q->b)) ||
           (same_line(t, &p->a, &q->b) && same_line(t, &p->b, &q->a));
}

/* 1 when f is on the line of one of on[0..n-1]. */
static int on_line_of(const tracer_t *t, const flip_t *f, const flip_t *on, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (same_line(t, f, &on[k]))
            return 1;
    return 0;
}

/* The pairs of statements on two lines whose run of in together gives
 * rtl: each first one of f[0..nf-1] (at most CAUSE_PAIR_CANDS), with
 * each second one its other way reaches, into p (*np, at most max); when
 * on is not NULL, only statements on the lines of on[0..1]; none on a
 * line of alone[0..nalone-1] (lines that give rtl alone: a pair with one
 * of them would say nothing of the other). *done 0 when the deadline cut
 * the search. */
static int explaining_pairs(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, const flip_t *f,
                            size_t nf, const flip_t *on, const flip_t *alone, size_t nalone, pair_t *p, size_t *np,
                            size_t max, int *done, lg_err_t *err)
{
    int rc = LG_OK;
    *np = 0;
    nf = nf < CAUSE_PAIR_CANDS ? nf : CAUSE_PAIR_CANDS;
    for (size_t a = 0; a < nf && rc == LG_OK && *done && *np < max; a++) {
        flip_t g[CAUSE_CANDS_MAX];
        size_t ng;
        rc = reached_with(ex, t, in, &f[a], g, &ng, err);
        if (on)
            only_lines(t, g, &ng, on, 2);
        if (on_line_of(t, &f[a], alone, nalone))
            continue;
        for (size_t b = 0; b < ng && rc == LG_OK && *np < max; b++) {
            if (same_line(t, &f[a], &g[b]) || on_line_of(t, &g[b], alone, nalone))
                continue;
            if (explore_past_deadline(ex)) {
                *done = 0;
                break;
            }
            int gives;
            turn(t, &f[a], &g[b]);
            rc = run_gives(ex, &t, in, rtl, &gives, err);
            if (rc == LG_OK && gives)
                p[(*np)++] = (pair_t){f[a], g[b]};
        }
    }
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* What o, which diverges from its RTL result rtl (else *diverged 0),
 * says of the pair of lines of p: SAYS_FOR when o's own statements on
 * those lines, one alone or one of each line together, give rtl on o;
 * SAYS_NOTHING when another statement of o alone does; SAYS_AGAINST
 * otherwise. */
static int judge_pair(explore_t *ex, tracer_t *t, const input_t *o, const run_result_t *rtl, const pair_t *p, int *says,
                      int *diverged, int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    flip_t f[CAUSE_CANDS_MAX], mine[CAUSE_CANDS_MAX], hit[CAUSE_CANDS_MAX], on[2] = {p->a, p->b};
    size_t nf, nmine, nhit;
    pair_t q;
    *says = SAYS_AGAINST;
    int rc = diverging_flips(ex, t, o, rtl, &tr, f, &nf, diverged, err);
    if (rc || !*diverged)
        return rc;
    memcpy(mine, f, nf * sizeof *f);
    nmine = nf;
    only_lines(t, mine, &nmine, on, 2);
    rc = explaining_of(ex, t, o, rtl, mine, nmine, NULL, 0, hit, &nhit, done, err);
    size_t nq = 0;
    if (rc == LG_OK && *done && !nhit)
        rc = explaining_pairs(ex, t, o, rtl, mine, nmine, on, NULL, 0, &q, &nq, 1, done, err);
    if (rc || !*done)
        return rc;
    if (nhit || nq) {
        *says = SAYS_FOR;
        return LG_OK;
    }
    rc = explaining_of(ex, t, o, rtl, f, nf, NULL, 0, hit, &nhit, done, err);
    if (rc == LG_OK && nhit)
        *says = SAYS_NOTHING;
    return rc;
}

/* cause_branch's search for two statements, when none alone explains m
 * (f[0..nf-1]: m's statements): into st, the one pair of lines left of
 * those whose statements together give rtl on m, once the inputs near m
 * and the input as found have judged each pair of lines as cause_branch
 * judges one line (judge_pair): one must speak for it, no neighbour
 * against it. Of a pair of lines, the first pair m's search found. */
static int cause_pair(explore_t *ex, tracer_t *t, const input_t *m, const run_result_t *rtl, const input_t *found,
                      const flip_t *f, size_t nf, const flip_t *alone, size_t nalone, cause_stmt_t st[2], int *done,
                      lg_err_t *err)
{
    pair_t p[CAUSE_PAIRS_MAX];
    size_t np, nc = 0;
    int rc = explaining_pairs(ex, t, m, rtl, f, nf, NULL, alone, nalone, p, &np, CAUSE_PAIRS_MAX, done, err);
    /* One candidate per pair of lines. */
    for (size_t k = 0; k < np; k++) {
        size_t c = 0;
        while (c < nc && !same_lines(t, &p[c], &p[k]))
            c++;
        if (c == nc)
            p[nc++] = p[k];
    }
    if (rc || !*done || !nc)
        return rc;
    judges_t jd;
    judges_open(ex, m, found, &jd);
    int confirmed[CAUSE_PAIRS_MAX] = {0}, against[CAUSE_PAIRS_MAX] = {0};
    for (size_t j = 0; j < jd.n && !jd.failed && rc == LG_OK && *done; j++) {
        if (jd.rtl[j]->status != RUN_OK)
            continue;
        for (size_t c = 0; c < nc && rc == LG_OK && *done; c++) {
            if (against[c])
                continue;
            int says, diverged;
            rc = judge_pair(ex, t, jd.in[j], jd.rtl[j], &p[c], &says, &diverged, done, err);
            if (rc || !diverged)
                break;
            confirmed[c] |= says == SAYS_FOR;
            /* The input as found may show several causes. */
            against[c] = says == SAYS_AGAINST && j >= jd.nfound;
        }
    }
    judges_close(&jd);
    size_t left = 0, at = 0;
    for (size_t c = 0; c < nc; c++)
        if (confirmed[c] && !against[c]) {
            left++;
            at = c;
        }
    if (rc == LG_OK && *done && left == 1) {
        st[0] = (cause_stmt_t){.id = (int)p[at].a.id, .dir = p[at].a.dir, .op = p[at].a.op};
        st[1] = (cause_stmt_t){.id = (int)p[at].b.id, .dir = p[at].b.dir, .op = p[at].b.op};
    }
    return rc;
}

int cause_branch(explore_t *ex, const input_t *m, const run_result_t *rtl, const input_t *found, const char *cls,
                 cause_stmt_t st[2], lg_err_t *err)
{
    st[0] = st[1] = (cause_stmt_t){.id = -1};
    if (ex->cfg.no_spectra || !ex->oracle || rtl->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    tracer_t *t;
    int rc = minimise_executor(ex, &t, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    flip_t hit[CAUSE_CANDS_MAX], also[CAUSE_CANDS_MAX], mf[CAUSE_CANDS_MAX];
    size_t nhit = 0, nalso = 0, nops, nmf;
    const tracer_op_t *ops = tracer_ops(t, &nops);
    int done = 0, at = -1, confirmed = 0, diverged;
    tracer_trace_t *mtr;
    rc = diverging_flips(ex, t, m, rtl, &mtr, mf, &nmf, &diverged, err);
    int m_diverged = diverged;
    if (rc == LG_OK)
        rc = explaining_of(ex, t, m, rtl, mf, diverged ? nmf : 0, NULL, 0, hit, &nhit, &done, err);
    /* m's lines that give its RTL result alone, before the judging. */
    flip_t alone[CAUSE_CANDS_MAX];
    size_t nalone = nhit;
    memcpy(alone, hit, nhit * sizeof *hit);
    /* A flip that gives m's RTL result may do so by coincidence: a plain
     * result (a sum that saturates to 255 either way, a zero) that a
     * value computed before the branch made, two lines that each change a
     * sum by 255, or a sort of zeros with one element moved, which many
     * wrong merges leave alike. So other inputs that diverge judge the
     * lines: the input as found and m's neighbours. One the line
     * explains, alone or together with one other statement or a narrow
     * port's cut (two causes meet on it), speaks for it; one that another
     * statement or port explains alone says nothing; a neighbour that
     * nothing explains speaks against: it sits where m does, and shows
     * the coincidence (the input as found, far from m, may show more
     * causes than two). One line must be left, and one input must have
     * spoken for it. */
    if (rc == LG_OK && done && nhit) {
        judges_t jd;
        judges_open(ex, m, found, &jd);
        input_t **o = jd.in;
        run_result_t **ortl = jd.rtl;
        for (size_t j = 0; j < jd.n && !jd.failed && rc == LG_OK && done && nhit; j++) {
            if (ortl[j]->status != RUN_OK)
                continue;
            rc = explaining(ex, t, o[j], ortl[j], hit, nhit, also, &nalso, &diverged, &done, err);
            if (rc || !diverged)
                continue;
            if (nalso) {
                /* The lines that explain o alone stay. When o is the
                 * input as found, which may show more causes than m, so
                 * does a line that explains it together with a statement
                 * its other way reaches: dropping it would be a
                 * coincidence's win over the cause. A neighbour, which
                 * sits where m does, keeps only the lines that explain it
                 * alone. */
                size_t w = 0;
                for (size_t k = 0; k < nhit && rc == LG_OK && done; k++) {
                    int keep = 0;
                    for (size_t a = 0; a < nalso && !keep; a++)
                        keep = same_line(t, &hit[k], &also[a]);
                    if (!keep && j < jd.nfound)
                        rc = paired_gives(ex, &t, o[j], ortl[j], &hit[k], NULL, 0, 1, NULL, 0, &keep, &done, err);
                    if (keep)
                        hit[w++] = hit[k];
                }
                nhit = w;
                confirmed = 1;
                continue;
            }
            int says;
            rc = judge(ex, t, o[j], ortl[j], cls, hit, &nhit, &says, &done, err);
            if (rc || !done)
                break;
            if (says == SAYS_FOR)
                confirmed = 1;
            else if (says == SAYS_AGAINST && j >= jd.nfound)
                nhit = 0; /* the input as found may show several causes */
        }
        at = one_line(t, hit, nhit);
        for (size_t k = 0; at >= 0 && k < nhit; k++)
            if (hit[k].op && ops[hit[k].id].kind == TRACER_OP_CMP_NARROW) {
                at = (int)k;
                break;
            }
        judges_close(&jd);
    }
    if (!confirmed)
        at = -1;
    /* No one line, or none left once judged (a line may give m's result
     * by coincidence where two together are the cause): two statements. */
    if (rc == LG_OK && done && m_diverged && at < 0)
        rc = cause_pair(ex, t, m, rtl, found, mf, nmf, alone, nalone, st, &done, err);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    if (rc == LG_OK && done && at >= 0)
        st[0] = (cause_stmt_t){.id = (int)hit[at].id, .dir = hit[at].dir, .op = hit[at].op};
    return LG_ERR_PASS(err, rc);
}
