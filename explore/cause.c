/* The cause of a divergence, read off its minimised input: what goes into
 * its identity and what is only evidence shown beside it.
 *
 * Three questions, each answered by running the kernel, never by a rule
 * of thumb about probe names; verdict.c asks them in this order and keys
 * the divergence by the first that has an answer:
 *
 * - Does a narrow port explain the divergence? The C kernel is run on the
 *   input as the port hands it to the design (each value cut to the
 *   port's width and extended by sign, or by zeros). When that run's
 *   result is exactly the RTL's, and stays so with each cut value alone
 *   (no coincidence of two cuts), the port is the whole cause, whichever
 *   C path and incidental probes the input took (cause_port).
 * - Does the kernel's read-back of an output explain it? HLS reads an
 *   inout scalar's input side where the C reads the value it wrote: when
 *   the input set to that value keeps the C's result and makes the RTL
 *   agree, the read-back is the cause (cause_readback).
 * - Otherwise, which of the probes the input fired does the divergence
 *   need? A probe is evidence when a neighbour of the input (one value
 *   moved toward its target, a length one longer or shorter) takes the
 *   same C path, does not fire it and still shows the symptom class on
 *   the RTL; otherwise it is part of the cause (cause_needed). A neighbour
 *   that fires probes the input did not counts only when it stands in for
 *   the input: those probes are evidence of its own divergence by the same
 *   test. Probes the caller already showed to be part of the cause (a port
 *   held through a second minimisation) are not tested.
 *
 * Runs go to the minimiser's executor; RTL calls are few and batched.
 * Past the deadline every probe not yet shown to be evidence counts as
 * needed: a key may then split a bug in two, never merge two. */
#include <stdlib.h>
#include <string.h>

#include "cause_int.h"
#include "shrink_int.h"
#include "util/alloc.h"

/* Neighbours one analysis runs natively, at most. */
#define CAUSE_NEIGHBOURS_MAX 256
/* Array elements whose values a neighbour moves, at most, from the front. */
#define CAUSE_ELEMS_MAX 32
/* Neighbours a batch runs: natively, and on the RTL per probe. */
#define CAUSE_BATCH 16
_Static_assert(CAUSE_PORT_CUTS_MAX >= CAUSE_BATCH, "cause_port_cuts hands over a batch");

typedef struct neighbours {
    input_t **in;
    size_t n;
    uint8_t *same;  /* per neighbour: ran ok on the input's C path */
    uint8_t *fired; /* n * nprobes */
    int8_t *shows;  /* per neighbour: -1 not run on the RTL, else 0 or 1 */
} neighbours_t;

/* 1 when one of the ns symptoms in syms is of class cls. */
static int shows_class(const oracle_symptoms_t *syms, size_t ns, const char *cls)
{
    for (size_t s = 0; s < ns; s++)
        if (strcmp(syms->v[s].cls, cls) == 0)
            return 1;
    return 0;
}

/* Adds m with position (i, k) set to v, when that changes it and the
 * result is an input of the spec. */
static void add_moved(neighbours_t *nb, const input_t *m, size_t i, size_t k, int64_t v)
{
    if (nb->n >= CAUSE_NEIGHBOURS_MAX || *shrink_value_at((input_t *)m, i, k) == v)
        return;
    input_t *c = input_clone(m);
    *shrink_value_at(c, i, k) = v;
    /* A longer array gets new elements at their zero, not whatever its
     * storage held past the old length. */
    for (size_t j = 0; j < c->spec->nparams && !c->spec->params[i].is_array && v >= 0; j++) {
        const spec_param_t *a = &c->spec->params[j];
        if (a->is_array && !a->fixed_len && a->len_param == (int)i)
            input_set_len(c, j, (size_t)v);
    }
    input_normalize(c, 0);
    if (!input_conforms(c, NULL, 0) || input_equal(c, m)) {
        input_destroy(c);
        return;
    }
    nb->in[nb->n++] = c;
}

/* The moves of one value: to its target, halfway there, one step toward
 * it; a length also one step away (a loop that runs once more). A value
 * at its target has none: a step away from it is another input, not a
 * neighbour without a probe (0 stepped to -1 is a value a narrow port
 * cuts, standing in for a sum that overflows). */
static void add_moves(neighbours_t *nb, const input_t *m, size_t i, size_t k, int len)
{
    const spec_param_t *p = &m->spec->params[i];
    int64_t v = *shrink_value_at((input_t *)m, i, k), t = shrink_target(p);
    if (v == t) {
        /* No move toward the target; a length at it may still grow. */
        if (len)
            add_moved(nb, m, i, k, (int64_t)((uint64_t)v + 1u));
        return;
    }
    add_moved(nb, m, i, k, t);
    add_moved(nb, m, i, k, shrink_toward(p->type, v, t, shrink_distance(p->type, v, t) / 2));
    add_moved(nb, m, i, k, shrink_toward(p->type, v, t, 1));
    if (len)
        add_moved(nb, m, i, k, shrink_toward(p->type, v, t, (uint64_t)-1));
}

/* The neighbours of m, each run natively: which took C path `path`, and
 * what they fired. A batch the deadline cuts leaves the rest unrun (not
 * same). */
static int neighbours_of(explore_t *ex, tracer_t *t, const input_t *m, uint64_t path, neighbours_t *nb, lg_err_t *err)
{
    const spec_t *spec = m->spec;
    size_t np = ex->nprobes ? ex->nprobes : 1;
    nb->in = lg_calloc(CAUSE_NEIGHBOURS_MAX, sizeof *nb->in);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!shrink_is_read(p))
            continue;
        if (!p->is_array)
            add_moves(nb, m, i, 0, shrink_is_len_param(spec, i));
        for (size_t k = 0; p->is_array && k < m->v[i].len && k < CAUSE_ELEMS_MAX; k++)
            add_moves(nb, m, i, k, 0);
    }
    nb->same = lg_calloc(nb->n ? nb->n : 1, 1);
    nb->fired = lg_calloc((nb->n ? nb->n : 1) * np, 1);
    nb->shows = lg_malloc(nb->n ? nb->n : 1);
    memset(nb->shows, -1, nb->n ? nb->n : 1);
    for (size_t at = 0; at < nb->n && !explore_past_deadline(ex); at += CAUSE_BATCH) {
        size_t n = nb->n - at < CAUSE_BATCH ? nb->n - at : CAUSE_BATCH;
        tracer_trace_t *tr;
        int rc = tracer_run(t, (const input_t *const *)nb->in + at, n, &tr, err);
        if (rc == LG_ETIMEOUT || rc == LG_EINTR)
            return LG_OK;
        if (rc)
            return LG_ERR_PASS(err, rc);
        ex->st.cause_runs += n;
        for (size_t j = 0; j < n; j++) {
            memcpy(nb->fired + (at + j) * np, tr[j].fired, ex->nprobes);
            nb->same[at + j] = tr[j].result->status == RUN_OK && minimise_path(ex, &tr[j]) == path;
        }
    }
    return LG_OK;
}

static void free_neighbours(neighbours_t *nb)
{
    for (size_t i = 0; i < nb->n; i++)
        input_destroy(nb->in[i]);
    free(nb->in);
    free(nb->same);
    free(nb->fired);
    free(nb->shows);
}

/* Runs in[0..n-1] on the RTL into rtl, counting the calls and their
 * time; 0 when every call answered. A failure is logged (what: the
 * question being asked), a batch the deadline or a signal cut counted. */
static int rtl_batch(explore_t *ex, const input_t *const *in, size_t n, run_result_t *const *rtl, const char *what)
{
    lg_err_t rerr;
    int brc = rtlmemo_run_batch(ex, in, n, rtl, &rerr);
    ex->st.cause_runs += n;
    if (brc && explore_past_deadline(ex))
        ex->st.rtl_cut += n;
    else if (brc)
        LG_WARN(ex->log, "RTL run failed while %s: %s", what, rerr.msg);
    return brc;
}

/* Runs the neighbours pick[0..n-1] on both sides (natively again: their
 * first traces are gone) and sets their shows. */
static int run_rtl(explore_t *ex, tracer_t *t, neighbours_t *nb, const size_t *pick, size_t n, const char *cls,
                   lg_err_t *err)
{
    LG_ASSERT(n <= CAUSE_BATCH);
    const input_t *in[CAUSE_BATCH] = {NULL};
    run_result_t *rtl[CAUSE_BATCH];
    for (size_t j = 0; j < n; j++) {
        in[j] = nb->in[pick[j]];
        rtl[j] = run_result_create(ex->spec);
    }
    tracer_trace_t *tr;
    int rc = tracer_run(t, in, n, &tr, err);
    if (rc == LG_OK) {
        ex->st.cause_runs += n;
        int brc = rtl_batch(ex, in, n, rtl, "telling a divergence's cause from its evidence");
        oracle_symptoms_t syms = {0};
        for (size_t j = 0; j < n && !brc; j++) {
            size_t ns = oracle_compare(ex->spec, tr[j].result, rtl[j], &syms);
            nb->shows[pick[j]] = (int8_t)shows_class(&syms, ns, cls);
        }
        oracle_symptoms_free(&syms);
    } else if (rc == LG_ETIMEOUT || rc == LG_EINTR) {
        rc = LG_OK;
    }
    for (size_t j = 0; j < n; j++)
        run_result_destroy(rtl[j]);
    return LG_ERR_PASS(err, rc);
}

/* 1 in *found when a neighbour in nb on the path, firing no probe of
 * `avoid` and, unless any_new, none that `had` lacks, shows cls on the
 * RTL; its index in *which. At most CAUSE_TRIES neighbours are run on
 * the RTL for one question. */
#define CAUSE_TRIES (2 * CAUSE_BATCH)

static int find_showing(explore_t *ex, tracer_t *t, neighbours_t *nb, const uint8_t *avoid, const uint8_t *had,
                        int any_new, const char *cls, size_t from, size_t *which, int *found, lg_err_t *err)
{
    size_t np = ex->nprobes ? ex->nprobes : 1, pick[CAUSE_BATCH], n = 0, tried = 0;
    *found = 0;
    for (size_t c = from; c <= nb->n && !*found && !explore_past_deadline(ex); c++) {
        int fits = c < nb->n && nb->same[c];
        for (size_t q = 0; fits && q < ex->nprobes; q++) {
            const uint8_t f = nb->fired[c * np + q];
            fits = !(f && avoid[q]) && (any_new || !f || had[q]);
        }
        if (fits && nb->shows[c] >= 0) {
            *found = nb->shows[c];
            *which = c;
            continue;
        }
        if (fits && tried < CAUSE_TRIES) {
            pick[n++] = c;
            tried++;
        }
        if (n && (n == CAUSE_BATCH || c == nb->n || tried == CAUSE_TRIES)) {
            int rc = run_rtl(ex, t, nb, pick, n, cls, err);
            if (rc)
                return rc;
            for (size_t j = 0; j < n && !*found; j++)
                if (nb->shows[pick[j]] == 1) {
                    *found = 1;
                    *which = pick[j];
                }
            n = 0;
        }
    }
    return LG_OK;
}

/* Neighbour c of m stands in for m when the probes it fired and m did not
 * are evidence of its own divergence: one of its neighbours on the path
 * that fires none of them shows cls too. Otherwise c shows another cause
 * of the class (an odd length that reads past an unrolled loop's end
 * beside a sum that overflows), not this one without p. */
static int stands_in(explore_t *ex, tracer_t *t, const neighbours_t *nb, size_t c, const uint8_t *fired, uint64_t path,
                     const char *cls, int *ok, lg_err_t *err)
{
    size_t np = ex->nprobes ? ex->nprobes : 1;
    uint8_t *fresh = lg_calloc(np, 1);
    for (size_t q = 0; q < ex->nprobes; q++)
        fresh[q] = nb->fired[c * np + q] && !fired[q];
    neighbours_t nn = {0};
    int rc = neighbours_of(ex, t, nb->in[c], path, &nn, err);
    size_t which;
    if (rc == LG_OK)
        rc = find_showing(ex, t, &nn, fresh, NULL, 1, cls, 0, &which, ok, err);
    free_neighbours(&nn);
    free(fresh);
    return rc;
}

/* Stand-ins with probes of their own checked for one probe, at most. */
#define CAUSE_STANDINS_MAX 2

/* 1 in *evidence when a neighbour of m on the path that does not fire
 * probe p shows cls: one that fires no probe m did not, or one that
 * stands in for m (stands_in). */
static int is_evidence(explore_t *ex, tracer_t *t, neighbours_t *nb, size_t p, const uint8_t *fired, uint64_t path,
                       const char *cls, int *evidence, lg_err_t *err)
{
    uint8_t *avoid = lg_calloc(ex->nprobes ? ex->nprobes : 1, 1);
    avoid[p] = 1;
    size_t which = 0;
    int rc = find_showing(ex, t, nb, avoid, fired, 0, cls, 0, &which, evidence, err);
    for (size_t from = 0, k = 0; rc == LG_OK && !*evidence && k < CAUSE_STANDINS_MAX; k++, from = which + 1) {
        int found = 0;
        rc = find_showing(ex, t, nb, avoid, fired, 1, cls, from, &which, &found, err);
        if (rc || !found)
            break;
        rc = stands_in(ex, t, nb, which, fired, path, cls, evidence, err);
    }
    free(avoid);
    return rc;
}

int cause_needed(explore_t *ex, const input_t *m, const uint8_t *fired, const uint8_t *held, uint64_t path,
                 const char *cls, uint8_t *needed, lg_err_t *err)
{
    memcpy(needed, fired, ex->nprobes);
    if (ex->cfg.no_spectra || !ex->oracle)
        return LG_OK;
    size_t nfired = 0;
    for (size_t p = 0; p < ex->nprobes; p++)
        nfired += fired[p];
    if (!nfired)
        return LG_OK;
    tracer_t *t;
    int rc = minimise_executor(ex, &t, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    neighbours_t nb = {0};
    rc = neighbours_of(ex, t, m, path, &nb, err);
    for (size_t p = 0; p < ex->nprobes && rc == LG_OK && !explore_past_deadline(ex); p++) {
        int evidence = 0;
        if (fired[p] && !(held && held[p]))
            rc = is_evidence(ex, t, &nb, p, fired, path, cls, &evidence, err);
        if (evidence)
            needed[p] = 0;
    }
    free_neighbours(&nb);
    return LG_ERR_PASS(err, rc);
}

int cause_run_native(explore_t *ex, const input_t *const *in, size_t n, tracer_t **t, tracer_trace_t **tr,
                     lg_err_t *err)
{
    int rc = minimise_executor(ex, t, err);
    if (rc == LG_OK)
        rc = tracer_run(*t, in, n, tr, err);
    if (rc == LG_OK)
        ex->st.cause_runs += n;
    return rc;
}

/* m with every value of param i as the port hands it over; NULL when that
 * changes nothing or leaves the domain. */
static input_t *as_port_hands(const input_t *m, size_t i, int w, int sx)
{
    input_t *c = input_clone(m);
    shrink_to_port(c, i, w, sx);
    if (input_equal(c, m) || !input_conforms(c, NULL, 0)) {
        input_destroy(c);
        return NULL;
    }
    return c;
}

/* Whether the RTL may read param i's port by_sign (1: with a sign, 0:
 * with zeros): the way its Verilog reads it, either way when that is
 * unknown (spec_port_reads). */
static int port_read_may(const explore_t *ex, size_t i, int by_sign)
{
    spec_port_read_t r = ex->port_reads[i];
    return r == SPEC_PORT_READ_UNKNOWN || (r == SPEC_PORT_READ_SIGN) == by_sign;
}

/* One explanation to try: the values of a port's param cut one way. */
typedef struct port_try {
    int probe, sx;
    size_t param;
    int w;
    input_t *cut; /* m as the port hands it over */
} port_try_t;

/* m as each narrow port of a param the kernel reads may hand it over, one
 * way of reading it (sign or zeros) and one port each, when that changes
 * m: into pt (CAUSE_BATCH at most), their number. */
static size_t port_tries(const explore_t *ex, const input_t *m, port_try_t *pt)
{
    size_t n = 0;
    for (size_t i = 0; i < ex->nprobes && n + 2 <= CAUSE_BATCH; i++) {
        const tracer_probe_t *pi = &ex->probe_info[i];
        int at = pi->kind == TRACER_PROBE_PORT ? spec_param_index(ex->spec, pi->name + strlen("port:")) : -1;
        if (at < 0 || pi->param < 1 || pi->param > 63 || !shrink_is_read(&ex->spec->params[at]))
            continue;
        for (int by_sign = 0; by_sign < 2; by_sign++) {
            input_t *c =
                port_read_may(ex, (size_t)at, by_sign) ? as_port_hands(m, (size_t)at, (int)pi->param, by_sign) : NULL;
            if (c)
                pt[n++] =
                    (port_try_t){.probe = (int)i, .sx = by_sign, .param = (size_t)at, .w = (int)pi->param, .cut = c};
        }
    }
    return n;
}

size_t cause_port_cuts(const explore_t *ex, const input_t *m, input_t **cut)
{
    port_try_t pt[CAUSE_BATCH];
    size_t n = port_tries(ex, m, pt);
    for (size_t j = 0; j < n; j++)
        cut[j] = pt[j].cut;
    return n;
}

/* Values of m the cut changes, one at a time: m with every other value
 * the cut changes at its target, each run natively as the port hands it
 * over and on the RTL as it is. The explanation holds when every RTL
 * result is the C's on what the port handed over. Catches a cut that
 * explains m by coincidence: two values read as negative whose sum
 * another narrowing of the RTL wraps back to the same result. */
#define CAUSE_ISOLATE_MAX 4

static int isolated_hold(explore_t *ex, tracer_t *t, const input_t *m, const port_try_t *pt, int *hold, lg_err_t *err)
{
    size_t n = m->spec->params[pt->param].is_array ? m->v[pt->param].len : 1, changed[CAUSE_ISOLATE_MAX + 1], nc = 0;
    for (size_t k = 0; k < n && nc <= CAUSE_ISOLATE_MAX; k++) {
        int64_t v = *shrink_value_at((input_t *)m, pt->param, k);
        if (shrink_port_value(v, pt->w, pt->sx) != v)
            changed[nc++] = k;
    }
    *hold = 1;
    if (nc < 2)
        return LG_OK; /* m itself is the one value */
    nc = nc > CAUSE_ISOLATE_MAX ? CAUSE_ISOLATE_MAX : nc;
    input_t *x[CAUSE_ISOLATE_MAX], *cx[CAUSE_ISOLATE_MAX];
    run_result_t *rtl[CAUSE_ISOLATE_MAX];
    int64_t target = shrink_target(&m->spec->params[pt->param]);
    for (size_t j = 0; j < nc; j++) {
        x[j] = input_clone(m);
        for (size_t o = 0; o < nc; o++)
            if (o != j)
                *shrink_value_at(x[j], pt->param, changed[o]) = target;
        cx[j] = input_clone(x[j]);
        *shrink_value_at(cx[j], pt->param, changed[j]) =
            shrink_port_value(*shrink_value_at(x[j], pt->param, changed[j]), pt->w, pt->sx);
        rtl[j] = run_result_create(ex->spec);
    }
    tracer_trace_t *tr;
    int rc = tracer_run(t, (const input_t *const *)cx, nc, &tr, err);
    if (rc == LG_OK) {
        ex->st.cause_runs += nc;
        int brc = rtl_batch(ex, (const input_t *const *)x, nc, rtl, "checking a port as a divergence's cause");
        oracle_symptoms_t syms = {0};
        for (size_t j = 0; j < nc && *hold; j++)
            *hold =
                !brc && tr[j].result->status == RUN_OK && oracle_compare(ex->spec, tr[j].result, rtl[j], &syms) == 0;
        oracle_symptoms_free(&syms);
    } else if (rc == LG_ETIMEOUT || rc == LG_EINTR) {
        *hold = 0;
        rc = LG_OK;
    }
    for (size_t j = 0; j < nc; j++) {
        input_destroy(x[j]);
        input_destroy(cx[j]);
        run_result_destroy(rtl[j]);
    }
    return LG_ERR_PASS(err, rc);
}

int cause_port(explore_t *ex, const input_t *m, const run_result_t *rtl, const char *cls, int *port, int *sx,
               lg_err_t *err)
{
    *port = -1;
    *sx = 0;
    if (ex->cfg.no_spectra || !ex->oracle || rtl->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    port_try_t pt[CAUSE_BATCH];
    input_t *cand[CAUSE_BATCH];
    size_t n = port_tries(ex, m, pt);
    if (!n)
        return LG_OK;
    for (size_t j = 0; j < n; j++)
        cand[j] = pt[j].cut;
    tracer_t *t;
    tracer_trace_t *tr = NULL;
    int rc = cause_run_native(ex, (const input_t *const *)cand, n, &t, &tr, err);
    uint8_t explains[CAUSE_BATCH] = {0};
    if (rc == LG_OK) {
        oracle_symptoms_t syms = {0};
        /* The C's own result on what the port hands over is the RTL's:
         * nothing is left for another cause to explain. */
        for (size_t j = 0; j < n; j++)
            explains[j] = tr[j].result->status == RUN_OK && oracle_compare(ex->spec, tr[j].result, rtl, &syms) == 0;
        oracle_symptoms_free(&syms);
    }
    for (size_t j = 0; j < n && rc == LG_OK && *port < 0; j++) {
        int hold = 0;
        if (explains[j])
            rc = isolated_hold(ex, t, m, &pt[j], &hold, err);
        if (rc == LG_OK && hold) {
            *port = pt[j].probe;
            *sx = pt[j].sx;
        }
    }
    for (size_t j = 0; j < n; j++)
        input_destroy(cand[j]);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    return LG_ERR_PASS(err, rc);
}

/* Whether the kernel's read-back of an output explains the divergence:
 * the RTL, as HLS builds it, reads an inout scalar's input side, so were
 * that input the value the C wrote, the RTL would read what the C reads.
 * m with inout param i set to the value the C wrote there (cpu, m's
 * native result) must keep the C's result and make the RTL's agree with
 * it. Only when m fired a readback probe. */
int cause_readback(explore_t *ex, const input_t *m, const run_result_t *cpu, const uint8_t *fired, const char *cls,
                   int *param, lg_err_t *err)
{
    *param = -1;
    int any = 0;
    for (size_t i = 0; i < ex->nprobes && !any; i++)
        any = fired[i] && tracer_probe_is_readback(&ex->probe_info[i]);
    if (!any || !ex->oracle)
        return LG_OK;
    input_t *cand[CAUSE_BATCH];
    run_result_t *rtl[CAUSE_BATCH];
    size_t which[CAUSE_BATCH], n = 0;
    for (size_t i = 0; i < ex->spec->nparams && n < CAUSE_BATCH; i++) {
        const spec_param_t *p = &ex->spec->params[i];
        if (p->is_array || p->dir != SPEC_DIR_INOUT || !cpu->out[i].valid || cpu->out[i].scalar == m->v[i].scalar)
            continue;
        input_t *c = input_clone(m);
        c->v[i].scalar = cpu->out[i].scalar;
        if (!input_conforms(c, NULL, 0)) {
            input_destroy(c);
            continue;
        }
        rtl[n] = run_result_create(ex->spec);
        which[n] = i;
        cand[n++] = c;
    }
    if (!n)
        return LG_OK;
    tracer_t *t;
    tracer_trace_t *tr = NULL;
    int rc = cause_run_native(ex, (const input_t *const *)cand, n, &t, &tr, err);
    if (rc == LG_OK) {
        int brc = rtl_batch(ex, (const input_t *const *)cand, n, rtl, "checking a read-back as a divergence's cause");
        oracle_symptoms_t syms = {0};
        for (size_t j = 0; j < n && !brc && *param < 0; j++) {
            if (tr[j].result->status != RUN_OK || oracle_compare(ex->spec, cpu, tr[j].result, &syms) != 0)
                continue; /* the C read the input side after all */
            if (!shows_class(&syms, oracle_compare(ex->spec, tr[j].result, rtl[j], &syms), cls))
                *param = (int)which[j];
        }
        oracle_symptoms_free(&syms);
    }
    for (size_t j = 0; j < n; j++) {
        input_destroy(cand[j]);
        run_result_destroy(rtl[j]);
    }
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    return LG_ERR_PASS(err, rc);
}

/* Whether the native run of m with the locals filled as which says
 * (tracer_set_fill) differs from cpu, into *differs. */
static int differs_filled(explore_t *ex, tracer_t *t, const input_t *m, const run_result_t *cpu, int which,
                          int *differs, lg_err_t *err)
{
    tracer_trace_t *tr = NULL;
    tracer_set_fill(t, which);
    int rc = cause_run_native(ex, &m, 1, &t, &tr, err);
    tracer_set_fill(t, TRACER_FILL_SAME);
    if (rc == LG_OK) {
        /* Outputs are compared only between two completed runs; a run
         * that did not complete differs in its status or signal. */
        const run_result_t *r = tr[0].result;
        oracle_symptoms_t syms = {0};
        *differs = r->status != cpu->status || (r->status == RUN_CRASH && r->sig != cpu->sig) ||
                   (r->status == RUN_OK && oracle_compare(ex->spec, cpu, r, &syms) != 0);
        oracle_symptoms_free(&syms);
    }
    return rc;
}

int cause_uninit(explore_t *ex, const input_t *m, const run_result_t *cpu, int *uninit, int *local, lg_err_t *err)
{
    *uninit = 0;
    *local = -1;
    /* Only a completed run's outputs rest on bytes it read: a fault or a
     * write into the executor may land elsewhere from run to run. */
    if (cpu->status != RUN_OK)
        return LG_OK;
    tracer_t *t;
    int rc = minimise_executor(ex, &t, err);
    size_t nl = 0;
    if (rc == LG_OK)
        tracer_locals(t, &nl);
    /* A run that does not give the same result again with the same
     * bytes (a wild store into memory the executor shares) says
     * nothing of the bytes. */
    int unstable = 0;
    if (rc == LG_OK && nl)
        rc = differs_filled(ex, t, m, cpu, TRACER_FILL_SAME, &unstable, err);
    if (rc == LG_OK && nl && !unstable)
        rc = differs_filled(ex, t, m, cpu, TRACER_FILL_OTHER, uninit, err);
    for (size_t k = 0; rc == LG_OK && *uninit && k < nl && *local < 0; k++) {
        int differs = 0;
        rc = differs_filled(ex, t, m, cpu, (int)k, &differs, err);
        if (rc == LG_OK && differs)
            *local = (int)k;
    }
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    return LG_ERR_PASS(err, rc);
}

/* Ports checked for cause_ports_let_go, at most: two candidates each, one
 * batch. */
#define CAUSE_LET_GO_MAX (CAUSE_BATCH / 2)

int cause_ports_let_go(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls,
                       const uint8_t *fired, uint8_t *keep, size_t *n, lg_err_t *err)
{
    *n = 0;
    /* Only a value that differs can have two causes: a hang, a read past a
     * depth or a crash is the same symptom whatever the port hands over. */
    if (ex->cfg.no_spectra || tr->result->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    /* Candidates per port: its values cut and extended as the RTL reads
     * them, or, where its Verilog does not say, by sign and by zeros; the
     * port is a cause only when every way the RTL may read it changes the
     * result (a value of 128 on an 8-bit port a design reads unsigned is
     * no cause). */
    input_t *cand[CAUSE_BATCH];
    size_t probe[CAUSE_LET_GO_MAX], first[CAUSE_LET_GO_MAX + 1], m = 0, nc = 0;
    for (size_t i = 0; i < ex->nprobes && m < CAUSE_LET_GO_MAX; i++) {
        const tracer_probe_t *pi = &ex->probe_info[i];
        if (pi->kind != TRACER_PROBE_PORT || !tr->fired[i] || fired[i] || pi->param < 1 || pi->param > 63)
            continue;
        int at = spec_param_index(ex->spec, pi->name + strlen("port:"));
        if (at < 0)
            continue;
        /* A cut value outside the param's range is not an input; a cut
         * that changes nothing cannot change the result. */
        size_t from = nc;
        for (int by_sign = 0; by_sign < 2; by_sign++) {
            if (!port_read_may(ex, (size_t)at, by_sign))
                continue;
            input_t *c = as_port_hands(found, (size_t)at, (int)pi->param, by_sign);
            if (!c) {
                while (nc > from)
                    input_destroy(cand[--nc]);
                break;
            }
            cand[nc++] = c;
        }
        if (nc > from) {
            first[m] = from;
            probe[m++] = i;
        }
    }
    first[m] = nc;
    if (!m)
        return LG_OK;
    LG_ASSERT(nc <= CAUSE_BATCH);
    tracer_t *t;
    tracer_trace_t *ctr;
    int rc = minimise_executor(ex, &t, err);
    if (rc == LG_OK)
        rc = tracer_run(t, (const input_t *const *)cand, nc, &ctr, err);
    oracle_symptoms_t syms = {0};
    for (size_t k = 0; k < m && rc == LG_OK; k++) {
        /* The kernel's own results on found and on found as the port
         * hands it over, compared as the oracle compares two sides: the
         * port is a cause when the output the divergence is about differs. */
        int every = 1;
        for (size_t c = first[k]; c < first[k + 1] && every; c++)
            every = ctr[c].result->status == RUN_OK &&
                    shows_class(&syms, oracle_compare(ex->spec, tr->result, ctr[c].result, &syms), cls);
        if (every) {
            keep[probe[k]] = 1;
            (*n)++;
        }
    }
    oracle_symptoms_free(&syms);
    for (size_t c = 0; c < nc; c++)
        input_destroy(cand[c]);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    return LG_ERR_PASS(err, rc);
}
