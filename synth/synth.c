/* The synth context and learning API: loads the grammar stages, samples the
 * examples, runs the enumerator stage by stage and scores the answer on all
 * examples. */
#include "synth.h"

#include <stdlib.h>
#include <string.h>

#include "enum_int.h"
#include "grammar_int.h"
#include "numeric_int.h"
#include "sample_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"
#include "util/rng.h"

struct synth {
    synth_cfg_t cfg; /* copy; grammar_files cleared after loading */
    grammar_stage_t *stages;
    size_t nstages;
    lg_rng_t rng;
};

void synth_cfg_default(synth_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->max_samples = SYNTH_DEFAULT_MAX_SAMPLES;
    cfg->mcc_threshold = SYNTH_DEFAULT_MCC;
}

static int load_stages(synth_t *s, const synth_cfg_t *cfg, lg_err_t *err)
{
    static const char *const defaults[] = {"grammars/level1.yaml", "grammars/level2.yaml", "grammars/level3.yaml",
                                           "grammars/numeric.yaml"};
    size_t n = cfg->grammar_files ? cfg->ngrammar_files : sizeof defaults / sizeof defaults[0];
    s->stages = lg_calloc(n ? n : 1, sizeof *s->stages);
    for (size_t i = 0; i < n; i++) {
        char *path = cfg->grammar_files ? lg_strdup(cfg->grammar_files[i]) : lg_data_path(defaults[i]);
        int rc = grammar_load(path, &s->stages[i], err);
        free(path);
        if (rc)
            return rc;
        s->nstages++;
    }
    return 0;
}

synth_t *synth_create(const synth_cfg_t *cfg, lg_err_t *err)
{
    synth_t *s = lg_calloc(1, sizeof *s);
    s->cfg = *cfg;
    if (!cfg->fs) {
        lg_err_set(err, LG_EINVAL, "synth: no feature set given");
        goto fail;
    }
    if (s->cfg.max_samples == 0)
        s->cfg.max_samples = SYNTH_DEFAULT_MAX_SAMPLES;
    if (s->cfg.max_samples > SYNTH_MAX_SAMPLES_LIMIT) {
        lg_err_set(err, LG_EINVAL, "synth: sample cap %zu above the limit %d", s->cfg.max_samples,
                   SYNTH_MAX_SAMPLES_LIMIT);
        goto fail;
    }
    if (s->cfg.mcc_threshold <= 0)
        s->cfg.mcc_threshold = SYNTH_DEFAULT_MCC;
    if (cfg->grammar_files && cfg->ngrammar_files == 0) {
        lg_err_set(err, LG_EINVAL, "synth: an empty list of grammar stages");
        goto fail;
    }
    if (load_stages(s, cfg, err))
        goto fail;
    s->cfg.grammar_files = NULL;
    s->cfg.ngrammar_files = 0;
    lg_rng_seed(&s->rng, cfg->seed);
    return s;
fail:
    synth_destroy(s);
    return NULL;
}

void synth_destroy(synth_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nstages; i++)
        grammar_free(&s->stages[i]);
    free(s->stages);
    free(s);
}

double synth_threshold(const synth_t *s)
{
    return s->cfg.mcc_threshold;
}

size_t synth_nstages(const synth_t *s)
{
    return s->nstages;
}

const char *synth_stage_name(const synth_t *s, size_t i)
{
    return i < s->nstages ? s->stages[i].name : NULL;
}

static void task_for_stage(const synth_t *s, size_t i, enum_task_t *t)
{
    t->g = &s->stages[i];
    t->fs = s->cfg.fs;
    t->max_candidates = s->cfg.stage_candidates ? s->cfg.stage_candidates : s->stages[i].max_candidates;
    t->time_ns = s->cfg.stage_time_ns ? s->cfg.stage_time_ns : s->stages[i].time_ns;
    t->stop = s->cfg.stop;
    t->threshold = s->cfg.mcc_threshold;
}

/* MCC of an imperfect condition less the size penalty (see enum.h): the
 * figure stages are judged and compared by. */
static double judged(const expr_t *e, double mcc)
{
    size_t size = expr_size(e);
    return size > ENUM_BASE_SIZE ? mcc - ENUM_SIZE_PENALTY * (double)(size - ENUM_BASE_SIZE) : mcc;
}

/* A numeric stage: an exact solve for the term, or nothing (it proposes no
 * conditions). */
static void run_numeric(const enum_task_t *t, enum_outcome_t *o)
{
    if (!t->target)
        return;
    numeric_task_t nt = {.g = t->g,
                         .fs = t->fs,
                         .rows = t->rows,
                         .target = t->target,
                         .n = t->ns,
                         .max_candidates = t->max_candidates,
                         .time_ns = t->time_ns,
                         .stop = t->stop};
    numeric_outcome_t no;
    numeric_run(&nt, &no);
    o->expr = no.expr;
    o->candidates = no.candidates;
    o->budget_hit = no.budget_hit;
    o->perfect = no.expr != NULL;
    o->mcc = o->perfect ? 1.0 : 0.0;
}

/* The stages in order; stops at the first perfect answer, or at the first
 * stage whose answer reaches the threshold. Keeps the best answer overall. */
static void run_stages(const synth_t *s, enum_task_t *t, synth_result_t *out)
{
    double best = -2.0;
    for (size_t i = 0; i < s->nstages; i++) {
        task_for_stage(s, i, t);
        enum_outcome_t o = {0};
        if (s->stages[i].numeric)
            run_numeric(t, &o);
        else
            enum_run(t, &o);
        out->candidates += o.candidates;
        double score = !o.expr ? -2.0 : o.perfect ? 2.0 : judged(o.expr, o.mcc);
        if (o.expr && score > best) {
            expr_free(out->expr);
            out->expr = o.expr;
            out->sample_mcc = o.mcc;
            out->stage = (int)i + 1;
            best = score;
        } else {
            expr_free(o.expr);
        }
        if (o.perfect || (!t->target && best >= s->cfg.mcc_threshold))
            break;
    }
}

int synth_learn(synth_t *s, const synth_example_t *ex, size_t n, const int64_t *consts, size_t nconsts,
                synth_result_t *out, lg_err_t *err)
{
    uint64_t t0 = lg_now_ns();
    memset(out, 0, sizeof *out);
    size_t npos = 0;
    for (size_t i = 0; i < n; i++)
        npos += ex[i].label != 0;
    if (npos == 0 || npos == n)
        return lg_err_set(err, LG_EINVAL, "synth: %zu example(s), all labelled %d; need both labels", n,
                          n ? ex[0].label != 0 : 0);
    int *is_new = lg_malloc(n * sizeof *is_new), *label = lg_malloc(n * sizeof *label);
    for (size_t i = 0; i < n; i++) {
        is_new[i] = ex[i].is_new;
        label[i] = ex[i].label != 0;
    }
    size_t *pick = lg_malloc(s->cfg.max_samples * sizeof *pick);
    size_t ns = synth_sample_pick(&s->rng, n, is_new, label, s->cfg.max_samples, pick);
    const int64_t **rows = lg_malloc(ns * sizeof *rows);
    int *slabel = lg_malloc(ns * sizeof *slabel);
    for (size_t i = 0; i < ns; i++) {
        rows[i] = ex[pick[i]].feat;
        slabel[i] = label[pick[i]];
    }
    enum_task_t t = {.rows = rows, .ns = ns, .labels = slabel, .consts = consts, .nconsts = nconsts};
    run_stages(s, &t, out);
    out->nsamples = ns;
    out->mcc = out->expr ? synth_mcc(out->expr, ex, n) : 0.0;
    free(rows);
    free(slabel);
    free(pick);
    free(is_new);
    free(label);
    out->time_ns = lg_now_ns() - t0;
    return 0;
}

int synth_refine(synth_t *s, const synth_example_t *ex, size_t n, const int64_t *consts, size_t nconsts, expr_t **cond,
                 int *relearned, synth_result_t *out, lg_err_t *err)
{
    synth_result_t local;
    synth_result_t *r = out ? out : &local;
    *relearned = 0;
    if (*cond) {
        double m = synth_mcc(*cond, ex, n);
        if (m >= s->cfg.mcc_threshold) {
            memset(r, 0, sizeof *r);
            r->mcc = m;
            return 0;
        }
    }
    int rc = synth_learn(s, ex, n, consts, nconsts, r, err);
    if (rc)
        return rc;
    expr_free(*cond);
    *cond = r->expr;
    r->expr = NULL;
    *relearned = 1;
    return 0;
}

int synth_learn_term(synth_t *s, const synth_term_example_t *ex, size_t n, const int64_t *consts, size_t nconsts,
                     synth_result_t *out, lg_err_t *err)
{
    uint64_t t0 = lg_now_ns();
    memset(out, 0, sizeof *out);
    if (n == 0)
        return lg_err_set(err, LG_EINVAL, "synth: no observed operand values to learn a term from");
    int *is_new = lg_malloc(n * sizeof *is_new);
    for (size_t i = 0; i < n; i++)
        is_new[i] = ex[i].is_new;
    size_t *pick = lg_malloc(s->cfg.max_samples * sizeof *pick);
    size_t ns = synth_sample_pick(&s->rng, n, is_new, NULL, s->cfg.max_samples, pick);
    const int64_t **rows = lg_malloc(ns * sizeof *rows);
    int64_t *target = lg_malloc(ns * sizeof *target);
    int same = 1;
    for (size_t i = 0; i < ns; i++) {
        rows[i] = ex[pick[i]].feat;
        target[i] = ex[pick[i]].value;
        same &= target[i] == target[0];
    }
    if (same) {
        /* A value that never changed is a constant as far as the samples
         * can tell; no feature explains it better. */
        out->expr = expr_const(target[0]);
        out->stage = 1;
    } else {
        enum_task_t t = {.rows = rows, .ns = ns, .target = target, .consts = consts, .nconsts = nconsts};
        run_stages(s, &t, out);
    }
    out->nsamples = ns;
    if (out->expr) {
        size_t hit = 0;
        for (size_t i = 0; i < n; i++)
            hit += expr_eval(out->expr, ex[i].feat) == ex[i].value;
        out->mcc = (double)hit / (double)n;
        out->sample_mcc = 1.0;
    }
    free(rows);
    free(target);
    free(pick);
    free(is_new);
    out->time_ns = lg_now_ns() - t0;
    return 0;
}
