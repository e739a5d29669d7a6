/* The derivation loop behind `lgfuzz guard` and the end of `lgfuzz run`:
 * load a finished run's labelled inputs, settle the unlabelled ones on both
 * sides, then learn a conjunction, validate it on fresh inputs and feed the
 * counter-examples back until the validation precision is 1.0 (with the
 * recall target met) or the rounds or the budget end. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "guard_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"

/* Recall at which a round with precision 1.0 ends the refinement. Below
 * 1.0 because inputs that agree by coincidence (out-of-width elements
 * whose truncations cancel) are safe yet follow no simple clause. */
#define GUARD_RECALL_TARGET 0.95
/* Candidates per synth stage: bounds a learning call by work rather than
 * wall time, so equal seeds give equal guards. */
#define GUARD_STAGE_CANDIDATES 60000ull
/* Deterministic Z3 budget per check (about 20 ms): boundary queries are
 * few and simple, and a hard one is better skipped than waited for. */
#define GUARD_SOLVER_RLIMIT 200000ull

void guard_cfg_default(guard_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = 1;
    cfg->budget_ns = 20ull * 1000000000ull;
    cfg->max_rounds = 6;
    cfg->max_samples = 200;
    cfg->max_clauses = 8;
    cfg->nrandom = 3000;
    cfg->nboundary = 6;
    cfg->kernel_memory = UINT64_C(2) << 30;
}

uint64_t guard_cfg_bound(guard_cfg_t *cfg, uint64_t now_ns)
{
    cfg->deadline_ns = now_ns + cfg->budget_ns + GUARD_GRACE_NS;
    return cfg->deadline_ns + GUARD_RECORD_NS;
}

void guard_report_free(guard_report_t *r)
{
    if (!r)
        return;
    free(r->kernel);
    free(r->formula);
    free(r->dir);
    for (size_t i = 0; i < r->ndivergent; i++)
        input_destroy(r->divergent[i]);
    free(r->divergent);
    memset(r, 0, sizeof *r);
}

typedef struct deriver {
    const guard_cfg_t *cfg;
    const spec_t *spec; /* borrowed */
    features_t *fs;
    runner_t run;
    labelset_t ls;
    synth_t *synth;
    solver_t *solver;
    int64_t *consts;
    size_t nconsts;
    guard_term_t terms[LABELSET_WIDTHS]; /* width probe quantities, learned once */
    size_t term_probe[LABELSET_WIDTHS];  /* each one's width probe (width_use_t) */
    size_t nterms;
    int terms_tried;
    lg_rng_t rng;
    lg_budget_t budget;    /* the whole derivation's: loading, settling, rounds */
    uint64_t ns_per_input; /* both sides, in the last chunk settled */
    uint64_t widen_until;  /* end of the current widening (lg_now_ns), 0 = none */
    uint64_t widen_probes; /* inputs the current widening ran */
    lg_log_t quiet;
    const lg_log_t *log;
} deriver_t;

/* Constants synth may place in clauses beside its grammar pool: the
 * kernel's comparison constants and the RTL's depths and widths, with
 * their neighbours (a depth D gives `len <= D`, a width w `x <= 2^w - 1`). */
static void collect_consts(deriver_t *d)
{
    size_t nk = 0, cap = 0;
    const int64_t *k = tracer_constants(d->run.tracer, &nk);
    for (size_t i = 0; i < nk; i++) {
        lg_grow((void **)&d->consts, &cap, d->nconsts + 1, sizeof *d->consts);
        d->consts[d->nconsts++] = k[i];
    }
    const spec_t *s = d->spec;
    for (size_t i = 0; i < s->nparams; i++) {
        int64_t v[3] = {0, 0, 0};
        size_t nv = 0;
        if (s->ifaces[i].has_depth)
            v[nv++] = (int64_t)s->ifaces[i].depth;
        if (s->ifaces[i].width > 0 && s->ifaces[i].width < 63) {
            v[nv++] = ((int64_t)1 << s->ifaces[i].width) - 1;
            v[nv++] = (int64_t)1 << s->ifaces[i].width;
        }
        for (size_t j = 0; j < nv; j++) {
            lg_grow((void **)&d->consts, &cap, d->nconsts + 1, sizeof *d->consts);
            d->consts[d->nconsts++] = v[j];
        }
    }
    for (size_t i = 0; i < s->nwidths; i++) {
        if (s->widths[i].width.bits >= 63)
            continue;
        int b = s->widths[i].width.bits - (s->widths[i].width.is_signed ? 1 : 0);
        lg_grow((void **)&d->consts, &cap, d->nconsts + 2, sizeof *d->consts);
        d->consts[d->nconsts++] = ((int64_t)1 << b) - 1;
        d->consts[d->nconsts++] = (int64_t)1 << b;
    }
}

/* What a derivation of src's kernel works with: features, the labelled
 * set, the runner (src's executor and oracle when it has them), synth and
 * the solver. */
static int open_all(deriver_t *d, const guard_source_t *src, lg_err_t *err)
{
    d->spec = src->spec;
    d->fs = features_create(d->spec);
    labelset_init(&d->ls, d->fs);
    int rc = src->tracer && src->oracle ? runner_borrow(&d->run, d->spec, src->tracer, src->oracle, err)
                                        : runner_open(&d->run, d->spec, d->cfg, d->log, err);
    if (rc)
        return rc;
    synth_cfg_t sc;
    synth_cfg_default(&sc);
    sc.fs = d->fs;
    sc.seed = d->cfg->seed;
    sc.max_samples = d->cfg->max_samples;
    sc.mcc_threshold = 0.95;
    sc.stage_candidates = GUARD_STAGE_CANDIDATES;
    sc.stage_time_ns = 10ull * 1000000000ull;
    sc.stop = d->cfg->stop;
    /* Under a deadline a learning call must leave room for validation: a
     * stage gets at most a quarter of the time left (at least 100 ms). */
    if (d->cfg->deadline_ns) {
        uint64_t now = lg_now_ns(), left = d->cfg->deadline_ns > now ? d->cfg->deadline_ns - now : 0;
        uint64_t q = left / 4 < 100000000ull ? 100000000ull : left / 4;
        if (q < sc.stage_time_ns)
            sc.stage_time_ns = q;
    }
    /* One stage, the clause grammar: the explorer's staged grammars would
     * return the first perfect separator of an early stage, typically an
     * element trick that fits the few safe examples of a run, where a guard
     * wants the aggregate clause a user would write. */
    char *g3 = lg_data_path("guard/clauses.yaml");
    const char *stages[1] = {g3};
    sc.grammar_files = stages;
    sc.ngrammar_files = 1;
    d->synth = synth_create(&sc, err);
    free(g3);
    if (!d->synth)
        return err->code;
    solver_cfg_t vc = solver_cfg_default();
    vc.rlimit = GUARD_SOLVER_RLIMIT;
    d->solver = solver_create(d->fs, &vc, err);
    if (!d->solver)
        return err->code;
    collect_consts(d);
    return LG_OK;
}

static void close_all(deriver_t *d)
{
    solver_destroy(d->solver);
    synth_destroy(d->synth);
    terms_free(d->terms, d->nterms);
    runner_close(&d->run);
    labelset_free(&d->ls);
    features_destroy(d->fs);
    free(d->consts);
}

/* Inputs settled between two looks at the budget. */
#define SETTLE_CHUNK 64

/* 1 once the deadline has passed or a signal asked to stop. */
static int must_stop(const deriver_t *d)
{
    if (d->cfg->stop && *d->cfg->stop)
        return 1;
    return d->cfg->deadline_ns && lg_now_ns() >= d->cfg->deadline_ns;
}

/* Nanoseconds until the deadline (UINT64_MAX: none), or until the budget
 * is spent when that comes first and with_budget is set. */
static uint64_t time_left(const deriver_t *d, int with_budget)
{
    uint64_t now = lg_now_ns(), room = UINT64_MAX;
    if (d->cfg->deadline_ns)
        room = d->cfg->deadline_ns > now ? d->cfg->deadline_ns - now : 0;
    if (with_budget && lg_budget_left_ns(&d->budget) < room)
        room = lg_budget_left_ns(&d->budget);
    return room;
}

/* How many of the `left` inputs to settle next: SETTLE_CHUNK, fewer when
 * the inputs of the last chunk took so long (a kernel that hangs on every
 * input costs its time limit each) that a whole chunk would run past the
 * deadline, or past the budget once it may cut (`soft`). */
static size_t chunk(const deriver_t *d, size_t left, int soft)
{
    size_t m = left < SETTLE_CHUNK ? left : SETTLE_CHUNK;
    uint64_t room = time_left(d, soft);
    if (room != UINT64_MAX && d->ns_per_input) {
        uint64_t fit = room / d->ns_per_input;
        m = fit < 1 ? 1 : fit < m ? (size_t)fit : m;
    }
    return m;
}

/* Runs the n inputs of v (owned) on both sides and moves them into the
 * labelled set; with f, conf gets f's verdicts on them (tp fp fn tn). Once the budget is
 * spent it stops at the next chunk boundary past min_run inputs and drops
 * the rest: on a slow RTL (median: tens of milliseconds a call) 3000
 * validation inputs alone would take minutes. *ran receives how many ran. */
static int settle(deriver_t *d, input_t **v, size_t n, const guard_formula_t *f, uint64_t conf[4], size_t min_run,
                  size_t *ran, lg_err_t *err)
{
    uint8_t *agree = lg_calloc(n ? n : 1, 1);
    width_use_t *use = lg_calloc(n ? n : 1, sizeof *use);
    int rc = LG_OK;
    size_t done = 0;
    while (done < n && rc == LG_OK && !must_stop(d) && (done < min_run || !lg_budget_expired(&d->budget))) {
        size_t m = chunk(d, n - done, done >= min_run);
        uint64_t t0 = lg_now_ns();
        rc = runner_label(&d->run, v + done, m, agree + done, use + done, err);
        if ((rc == LG_ETIMEOUT || rc == LG_EINTR) && must_stop(d)) {
            /* Cut at the deadline or by a signal: this chunk has no
             * verdicts and is dropped with the rest. */
            rc = LG_OK;
            break;
        }
        d->ns_per_input = (lg_now_ns() - t0) / m;
        done += m;
    }
    if (rc == LG_OK && done < n)
        LG_INFO(d->log, "guard: %s; %zu of %zu inputs run on both sides",
                d->cfg->stop && *d->cfg->stop ? "interrupted" : "budget spent", done, n);
    int64_t *fv = lg_malloc((d->fs->n ? d->fs->n : 1) * sizeof *fv);
    for (size_t i = 0; i < n; i++) {
        if (i >= done) {
            input_destroy(v[i]);
            continue;
        }
        if (rc == LG_OK && f) {
            features_eval(d->fs, v[i], fv);
            int g = guard_formula_eval(f, fv);
            int safe = labelset_verdict(&d->ls, agree[i], &use[i]);
            conf[(g ? 0 : 2) + (safe ? 0 : 1)]++; /* tp fp fn tn */
        }
        if (rc == LG_OK)
            labelset_add(&d->ls, v[i], agree[i], &use[i]);
        else
            input_destroy(v[i]);
    }
    free(fv);
    free(use);
    free(agree);
    if (ran)
        *ran = done;
    return rc;
}

/* Drops clauses no training example needs: earlier greedy clauses are often
 * made redundant by later, sharper ones (`d[0] < 256` by `max(d) < 256`). */
static void drop_redundant(guard_formula_t *f, const synth_example_t *ex, size_t n)
{
    for (size_t i = 0; i < f->n && f->n > 1;) {
        int needed = 0;
        for (size_t e = 0; e < n && !needed; e++) {
            if (ex[e].label || expr_eval(f->clauses[i], ex[e].feat))
                continue;
            int others = 1;
            for (size_t j = 0; j < f->n && others; j++)
                others = j == i || expr_eval(f->clauses[j], ex[e].feat);
            needed = others;
        }
        if (needed) {
            i++;
            continue;
        }
        expr_free(f->clauses[i]);
        memmove(&f->clauses[i], &f->clauses[i + 1], (f->n - i - 1) * sizeof *f->clauses);
        f->n--;
    }
}

/* The width probes' quantities as terms: learned from the first round's
 * labelled set (the run's inputs, most of what there is), then dropped in
 * a later round the moment a new input contradicts one. */
static int learn_terms(deriver_t *d, lg_err_t *err)
{
    if (!d->terms_tried) {
        d->terms_tried = 1;
        size_t np;
        const tracer_probe_t *probes = tracer_probes(d->run.tracer, &np);
        int n = terms_learn(&d->ls, probes, np, d->cfg->seed, d->terms, d->term_probe, err);
        if (n < 0)
            return n;
        d->nterms = (size_t)n;
        for (size_t i = 0; i < d->nterms; i++) {
            char *t = expr_to_text(d->terms[i].term, d->fs);
            LG_DEBUG(d->log, "guard: width quantity %s (%d bits)", t, d->terms[i].bits);
            free(t);
        }
        return LG_OK;
    }
    for (size_t i = 0; i < d->nterms;) {
        if (terms_exact(&d->ls, d->term_probe[i], d->terms[i].term)) {
            i++;
            continue;
        }
        terms_free(&d->terms[i], 1);
        memmove(&d->terms[i], &d->terms[i + 1], (d->nterms - i - 1) * sizeof *d->terms);
        memmove(&d->term_probe[i], &d->term_probe[i + 1], (d->nterms - i - 1) * sizeof *d->term_probe);
        d->nterms--;
    }
    return LG_OK;
}

static int learn(deriver_t *d, guard_formula_t *f, guard_figures_t *fig, lg_err_t *err)
{
    labelset_relabel(&d->ls);
    int rc = learn_terms(d, err);
    if (rc)
        return rc;
    synth_example_t *ex = labelset_examples(&d->ls);
    rc = guard_learn_terms(d->synth, d->fs, ex, d->ls.n, d->consts, d->nconsts, d->terms, d->nterms,
                           d->cfg->max_clauses, &d->rng, f, err);
    if (rc == LG_OK) {
        drop_redundant(f, ex, d->ls.n);
        guard_figures_train(fig, f, ex, d->ls.n);
    }
    free(ex);
    return rc;
}

/* guard_widen_probe_fn: the probes of a widening run like any labelled input, until
 * the widening's share of the time is spent. */
static int widen_probe(void *ctx, input_t **v, size_t n, uint8_t *safe, size_t *ran, lg_err_t *err)
{
    deriver_t *d = ctx;
    *ran = 0;
    int rc = LG_OK;
    uint8_t *agree = lg_calloc(n ? n : 1, 1);
    width_use_t *use = lg_calloc(n ? n : 1, sizeof *use);
    if (!must_stop(d) && !lg_budget_expired(&d->budget) && lg_now_ns() < d->widen_until) {
        rc = runner_label(&d->run, v, n, agree, use, err);
        if ((rc == LG_ETIMEOUT || rc == LG_EINTR) && must_stop(d))
            rc = LG_OK;
        else if (rc == LG_OK)
            *ran = n;
    }
    d->widen_probes += *ran;
    for (size_t i = 0; i < n; i++) {
        if (i < *ran) {
            safe[i] = (uint8_t)labelset_verdict(&d->ls, agree[i], &use[i]);
            labelset_add(&d->ls, v[i], agree[i], &use[i]);
        } else {
            input_destroy(v[i]);
        }
    }
    free(use);
    free(agree);
    return rc;
}

/* Widens f's threshold constants (widen.c) with at most half the time
 * left, so validation keeps its share; then f's figures on the training
 * set are those of the widened guard, probes included. */
static int widen(deriver_t *d, guard_formula_t *f, guard_figures_t *fig, lg_err_t *err)
{
    uint64_t now = lg_now_ns(), left = time_left(d, 1);
    d->widen_until = left == UINT64_MAX ? UINT64_MAX : now + left / 2;
    d->widen_probes = 0;
    int rc = guard_widen(d->solver, f, &d->ls, &d->rng, widen_probe, d, err);
    if (rc)
        return rc;
    char *text = guard_formula_text(f, d->fs);
    LG_DEBUG(d->log, "guard: widened to %s with %llu probe inputs in %.2f s", text, (unsigned long long)d->widen_probes,
             (double)(lg_now_ns() - now) / 1e9);
    free(text);
    synth_example_t *ex = labelset_examples(&d->ls);
    guard_figures_train(fig, f, ex, d->ls.n);
    free(ex);
    return LG_OK;
}

/* Validation inputs run even when the budget is spent: figures over fewer
 * would say little. */
#define VALIDATE_MIN 256

/* One validation round of f: fresh inputs, run, scored, kept for learning. */
static int validate(deriver_t *d, const guard_formula_t *f, guard_figures_t *fig, lg_err_t *err)
{
    input_t **v = NULL;
    size_t n = 0, cap = 0;
    uint64_t t_start = lg_now_ns();
    fresh_random(d->spec, &d->ls, f, &d->rng, d->cfg->nrandom, &v, &n, &cap);
    int rc =
        fresh_boundary(d->solver, d->fs, f, &d->ls, &d->rng, d->cfg->nboundary, &d->budget, d->cfg, &v, &n, &cap, err);
    uint64_t conf[4] = {0, 0, 0, 0};
    uint64_t t0 = lg_now_ns();
    size_t ran = 0;
    if (rc == LG_OK)
        rc = settle(d, v, n, f, conf, VALIDATE_MIN, &ran, err);
    else
        for (size_t i = 0; i < n; i++)
            input_destroy(v[i]);
    LG_DEBUG(d->log, "guard: %zu fresh inputs (solver %.2f s), run on both sides in %.2f s", n,
             (double)(t0 - t_start) / 1e9, (double)(lg_now_ns() - t0) / 1e9);
    free(v);
    fig->tp = conf[0], fig->fp = conf[1], fig->fn = conf[2], fig->tn = conf[3];
    fig->valid_inputs = ran;
    guard_figures_settle(fig);
    return rc;
}

/* Precision first (a guard must not admit unsafe inputs), then recall. */
static int better(const guard_figures_t *a, const guard_figures_t *b)
{
    if (a->precision != b->precision)
        return a->precision > b->precision;
    return a->recall >= b->recall;
}

static void stamp_date(char *buf, size_t cap)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* When the deadline passes before the first round and every labelled input
 * is safe, the guard is the one the first round would learn, `1` (an empty
 * conjunction admits every safe example and there is no unsafe one to
 * exclude): *best stays empty and *fig gets its training figures, with no
 * fresh input and no round. Returns 0 when some label is unsafe. */
static int clean_guard(deriver_t *d, const guard_formula_t *best, guard_figures_t *fig)
{
    LG_ASSERT(best->n == 0);
    for (size_t i = 0; i < d->ls.n; i++)
        if (!d->ls.safe[i])
            return 0;
    synth_example_t *ex = labelset_examples(&d->ls);
    guard_figures_train(fig, best, ex, d->ls.n);
    free(ex);
    guard_figures_settle(fig);
    LG_INFO(d->log,
            "guard: the deadline passed before the first round; all %zu labelled inputs are safe, so the guard is 1 "
            "(not validated on fresh inputs)",
            d->ls.n);
    return 1;
}

static int refine(deriver_t *d, guard_formula_t *best, guard_figures_t *best_fig, lg_err_t *err)
{
    uint64_t total = 0;
    int rc = LG_OK, have = 0;
    for (unsigned round = 1; round <= d->cfg->max_rounds && rc == LG_OK; round++) {
        if (must_stop(d)) {
            int interrupted = d->cfg->stop && *d->cfg->stop;
            if (!have && (interrupted || !clean_guard(d, best, best_fig)))
                rc = lg_err_set(err, LG_EINTR, "%s before a guard was learned",
                                interrupted ? "interrupted" : "the deadline passed");
            break;
        }
        guard_formula_t f = {0};
        guard_figures_t fig = {0};
        uint64_t t0 = lg_now_ns();
        rc = learn(d, &f, &fig, err);
        if (rc == LG_OK)
            rc = widen(d, &f, &fig, err);
        uint64_t t1 = lg_now_ns();
        if (rc == LG_OK)
            rc = validate(d, &f, &fig, err);
        LG_DEBUG(d->log, "guard round %u: learning %.2f s, validation %.2f s", round, (double)(t1 - t0) / 1e9,
                 (double)(lg_now_ns() - t1) / 1e9);
        if (rc) {
            guard_formula_free(&f);
            break;
        }
        total += fig.valid_inputs;
        char *text = guard_formula_text(&f, d->fs);
        LG_INFO(d->log,
                "guard round %u: %s (mcc %.3f; precision %.4f, recall %.4f on %llu fresh inputs; "
                "training precision %.4f)",
                round, text, fig.mcc, fig.valid_precision, fig.recall, (unsigned long long)fig.valid_inputs,
                fig.train_precision);
        free(text);
        fig.rounds = round;
        if (!have || better(&fig, best_fig)) {
            guard_formula_free(best);
            *best = f;
            *best_fig = fig;
            have = 1;
        } else {
            guard_formula_free(&f);
        }
        best_fig->rounds = round;
        best_fig->valid_total = total;
        if ((fig.precision >= 1.0 && fig.recall >= GUARD_RECALL_TARGET) || lg_budget_expired(&d->budget) ||
            must_stop(d))
            break;
    }
    return rc;
}

static void begin(deriver_t *d, const guard_cfg_t *cfg)
{
    *d = (deriver_t){.cfg = cfg};
    lg_budget_start(&d->budget, cfg->budget_ns);
    d->quiet = lg_log_make(LG_LOG_QUIET);
    d->log = cfg->log ? cfg->log : &d->quiet;
    lg_rng_seed(&d->rng, cfg->seed);
}

/* The derivation of an opened deriver whose labelled inputs are in d->ls
 * (rc: how opening and loading went), the unknown ones (owned) to settle
 * first, into out_dir/guards/; closes d. */
static int derive(deriver_t *d, int rc, input_t **unknown, size_t nunknown, const char *out_dir, guard_report_t *rep,
                  lg_err_t *err)
{
    const guard_cfg_t *cfg = d->cfg;
    guard_formula_t best = {0};
    guard_figures_t fig = {0};
    /* The run's labels say whether the sides agreed; the width use of
     * each comes from a native run. */
    if (rc == LG_OK)
        rc = runner_widths(&d->run, d->ls.in, d->ls.n, d->ls.use, err);
    /* Cut by the deadline, the width use of the inputs not run stays
     * unknown (none): their labels are the oracle's alone, and the rounds
     * below are cut at once (a clean set still gives its guard 1). */
    if ((rc == LG_ETIMEOUT || rc == LG_EINTR) && must_stop(d)) {
        if (cfg->stop && *cfg->stop)
            rc = lg_err_set(err, LG_EINTR, "interrupted before a guard was learned");
        else {
            LG_INFO(d->log, "guard: the deadline passed while the labelled inputs ran natively: their width use is "
                            "not known, their labels are the RTL's verdicts");
            rc = LG_OK;
        }
    }
    if (rc == LG_OK) {
        LG_INFO(d->log, "guard: %zu labelled inputs, running %zu unlabelled ones on both sides", d->ls.n, nunknown);
        rc = settle(d, unknown, nunknown, NULL, NULL, 0, NULL, err);
        nunknown = 0;
    }

    if (rc == LG_OK && !d->ls.n)
        rc = lg_err_set(err, LG_EINVAL, "%s: the run holds no labelled input to learn from", out_dir);
    if (rc == LG_OK)
        rc = refine(d, &best, &fig, err);
    if (rc == LG_OK) {
        stamp_date(fig.date, sizeof fig.date);
        char *dir = lg_path_join(out_dir, "guards");
        rc = guard_write(dir, d->spec, d->fs, &best, &fig, err);
        if (!fig.sound)
            LG_WARN(d->log, "guard is not sound: admits %.1f%% unsafe inputs (%llu of %llu unsafe training inputs)",
                    guard_unsafe_percent(&fig), (unsigned long long)fig.train_fp, (unsigned long long)fig.train_unsafe);
        rep->kernel = lg_strdup(d->spec->kernel);
        rep->formula = guard_formula_text(&best, d->fs);
        rep->dir = dir;
        rep->fig = fig;
    }
    for (size_t i = 0; i < nunknown; i++)
        input_destroy(unknown[i]);
    free(unknown);
    guard_formula_free(&best);
    /* What diverged here goes to the caller as it is. */
    rep->divergent = d->run.divergent;
    rep->ndivergent = d->run.ndivergent;
    d->run.divergent = NULL;
    d->run.ndivergent = 0;
    close_all(d);
    return rc;
}

/* A copy of in with only its live values: the elements past each array's
 * length are those of a new input, as when in is read from its JSON, so a
 * derivation learns the same from a run in process as from its directory
 * (a mutant that grows an array shows those elements). */
static input_t *live_copy(const input_t *in)
{
    const spec_t *spec = in->spec;
    input_t *c = input_create(spec);
    for (size_t i = 0; i < spec->nparams; i++) {
        c->v[i].scalar = in->v[i].scalar;
        c->v[i].len = in->v[i].len;
        if (spec->params[i].is_array)
            memcpy(c->v[i].elems, in->v[i].elems, in->v[i].len * sizeof(int64_t));
    }
    return c;
}

int guard_derive_from(const guard_source_t *src, const char *out_dir, const guard_cfg_t *cfg, guard_report_t *rep,
                      lg_err_t *err)
{
    memset(rep, 0, sizeof *rep);
    deriver_t d;
    begin(&d, cfg);
    int rc = open_all(&d, src, err);
    for (size_t i = 0; rc == LG_OK && i < src->nsafe; i++)
        labelset_add(&d.ls, live_copy(src->safe[i]), 1, NULL);
    for (size_t i = 0; rc == LG_OK && i < src->nunsafe; i++)
        labelset_add(&d.ls, live_copy(src->unsafe[i]), 0, NULL);
    size_t nunknown = rc == LG_OK ? src->nunlabelled : 0;
    input_t **unknown = lg_calloc(nunknown ? nunknown : 1, sizeof *unknown);
    for (size_t i = 0; i < nunknown; i++)
        unknown[i] = live_copy(src->unlabelled[i]);
    return derive(&d, rc, unknown, nunknown, out_dir, rep, err);
}

int guard_derive(const char *run_dir, const spec_t *spec, const guard_cfg_t *cfg, guard_report_t *rep, lg_err_t *err)
{
    memset(rep, 0, sizeof *rep);
    deriver_t d;
    begin(&d, cfg);
    guard_source_t src = {.spec = spec};
    input_t **unknown = NULL;
    size_t nunknown = 0;
    int rc = open_all(&d, &src, err);
    if (rc == LG_OK)
        rc = guard_load_run(run_dir, spec, &d.ls, &unknown, &nunknown, err);
    return derive(&d, rc, unknown, nunknown, run_dir, rep, err);
}
