/* kernels_equiv: runs N uniformly random inputs (ksample.h) of a kernel on
 * the CPU (tracer) and on the RTL (oracle) and counts the divergent ones.
 * By default it fails on the first divergence, printing the input: the
 * no-false-positive check of the control kernel. With --expect-divergent it
 * fails when no input diverges: the same loop run on a kernel with planted
 * divergences, showing the check can see one. The mean number of RTL
 * cycles per call is reported too. With --expected FILE it
 * checks the witnesses of expected.yaml instead: on every input, each true
 * witness must come with a symptom of its class, and every divergent input
 * must satisfy some witness whose class it shows. With --near, every input
 * is instead one of expected.yaml's trigger and safe inputs with one to
 * four values redrawn or moved by one: the neighbourhood of a rare divergence,
 * where a witness that is not exact shows it.
 * Usage: kernels_equiv SPEC [--inputs N] [--seed S] [--expect-divergent]
 *                           [--expected EXPECTED [--near]] */
#include "spec/features.h"
#include "spec/input.h"
#include "util/log.h"
#include "spec/result.h"
#include "util/rng.h"
#include "spec/spec.h"
#include "kexpected.h"
#include "ksample.h"
#include "rtl-oracle/oracle.h"
#include "synth/expr.h"
#include "tracer/tracer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EQUIV_BATCH 250

typedef struct equiv_opts {
    const char *spec_path;
    const char *expected_path; /* NULL: plain divergence count */
    uint64_t inputs, seed;
    int expect_divergent;
    int near; /* draw around the trigger and safe inputs */
} equiv_opts_t;

static int parse_opts(int argc, char **argv, equiv_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->inputs = 10000;
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--inputs") == 0 && i + 1 < argc)
            o->inputs = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            o->seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--expected") == 0 && i + 1 < argc)
            o->expected_path = argv[++i];
        else if (strcmp(argv[i], "--expect-divergent") == 0)
            o->expect_divergent = 1;
        else if (strcmp(argv[i], "--near") == 0)
            o->near = 1;
        else if (!o->spec_path && argv[i][0] != '-')
            o->spec_path = argv[i];
        else
            return -1;
    }
    return o->spec_path && (!o->near || o->expected_path) ? 0 : -1;
}

/* The trigger and safe inputs of expected.yaml, loaded for --near. */
typedef struct bases {
    input_t **v;
    size_t n;
} bases_t;

static int bases_load(bases_t *b, const spec_t *spec, const kexp_t *e, lg_err_t *err)
{
    b->v = calloc(e->ndivs + e->nsafe + 1, sizeof *b->v);
    for (size_t i = 0; i < e->ndivs + e->nsafe; i++) {
        const char *path = i < e->ndivs ? e->divs[i].trigger : e->safe[i - e->ndivs];
        if (!(b->v[b->n++] = input_load(spec, path, err)))
            return err->code;
    }
    return 0;
}

static void bases_free(bases_t *b)
{
    for (size_t i = 0; i < b->n; i++)
        input_destroy(b->v[i]);
    free(b->v);
}

/* in := a random base with one to four values changed: each taken from a
 * uniformly random input (scratch), or moved by one, where a threshold of
 * the witness shows (a param's value, or one array element). */
static void near_input(input_t *in, input_t *scratch, const bases_t *b, lg_rng_t *rng)
{
    const spec_t *spec = in->spec;
    input_copy(in, b->v[lg_rng_below(rng, b->n)]);
    ksample_input(scratch, rng);
    for (uint64_t c = 1 + lg_rng_below(rng, 4); c > 0; c--) {
        size_t i = (size_t)lg_rng_below(rng, spec->nparams);
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_OUT)
            continue;
        size_t k = p->is_array ? (size_t)lg_rng_below(rng, p->max_len) : 0;
        int64_t *v = p->is_array ? &in->v[i].elems[k] : &in->v[i].scalar;
        int64_t u = p->is_array ? scratch->v[i].elems[k] : scratch->v[i].scalar;
        switch (lg_rng_below(rng, 3)) {
        case 0:
            *v = u;
            break;
        case 1:
            *v = (int64_t)((uint64_t)*v + 1);
            break; /* clamped by input_normalize */
        default:
            *v = (int64_t)((uint64_t)*v - 1);
            break;
        }
    }
    input_normalize(in, 0);
}

/* The witnesses of expected.yaml, parsed over the spec's features. */
typedef struct witnesses {
    kexp_t *e;
    features_t *fs;
    expr_t **w;  /* e->ndivs entries */
    int64_t *fv; /* fs->n feature values of the current input */
} witnesses_t;

static void witnesses_free(witnesses_t *ws)
{
    for (size_t i = 0; ws->e && ws->w && i < ws->e->ndivs; i++)
        expr_free(ws->w[i]);
    free(ws->w);
    free(ws->fv);
    features_destroy(ws->fs);
    kexp_destroy(ws->e);
}

static int witnesses_load(witnesses_t *ws, const spec_t *spec, const char *path, lg_err_t *err)
{
    if (!(ws->e = kexp_load(path, err)))
        return err->code;
    ws->fs = features_create(spec);
    ws->fv = calloc(ws->fs->n, sizeof *ws->fv);
    ws->w = calloc(ws->e->ndivs + 1, sizeof *ws->w);
    for (size_t i = 0; i < ws->e->ndivs; i++)
        if (!(ws->w[i] = expr_parse(ws->e->divs[i].witness, ws->fs, err)))
            return lg_err_prefix(err, "%s: witness of %s", path, ws->e->divs[i].id);
    return 0;
}

static int has_symptom(const oracle_symptoms_t *syms, const char *cls)
{
    for (size_t i = 0; i < syms->n; i++)
        if (strcmp(syms->v[i].cls, cls) == 0)
            return 1;
    return 0;
}

/* 1 when the witnesses of ws agree with the symptoms of input in: every
 * true witness shows its class and a divergence is explained by some true
 * witness. Prints the disagreement otherwise. */
static int witnesses_agree(witnesses_t *ws, const input_t *in, const oracle_symptoms_t *syms)
{
    features_eval(ws->fs, in, ws->fv);
    int explained = syms->n == 0, ok = 1;
    for (size_t i = 0; i < ws->e->ndivs; i++) {
        kmodel_fn m = ws->e->divs[i].model_fn;
        if (m ? !m(in) : !expr_eval(ws->w[i], ws->fv))
            continue;
        int shows = has_symptom(syms, ws->e->divs[i].cls);
        explained |= shows;
        if (!shows) {
            fprintf(stderr, "witness of %s holds but no %s symptom\n", ws->e->divs[i].id, ws->e->divs[i].cls);
            ok = 0;
        }
    }
    if (!explained)
        fprintf(stderr, "divergence %s: %s not explained by any witness\n", syms->v[0].cls, syms->v[0].detail);
    if (!(ok && explained)) {
        char *json = input_to_json(in);
        fprintf(stderr, "  input %s\n", json);
        free(json);
    }
    return ok && explained;
}

/* Runs one batch of n inputs on both sides; adds the divergent ones to
 * *divergent and prints the first divergence seen. With ws, adds the
 * inputs on which witnesses and symptoms disagree to *disagree instead.
 * Returns 0 or an LG_E* code with err filled. */
static int run_batch(tracer_t *t, oracle_t *o, const spec_t *spec, input_t **batch, size_t n, witnesses_t *ws,
                     run_result_t *rtl, uint64_t *divergent, uint64_t *disagree, uint64_t *cycles, lg_err_t *err)
{
    tracer_trace_t *traces;
    int rc = tracer_run(t, (const input_t *const *)batch, n, &traces, err);
    if (rc)
        return rc;
    oracle_symptoms_t syms = {0};
    for (size_t i = 0; i < n && !rc; i++) {
        rc = oracle_run(o, batch[i], rtl, err);
        if (rc)
            break;
        *cycles += rtl->cycles;
        size_t nsyms = oracle_compare(spec, traces[i].result, rtl, &syms);
        if (ws && !witnesses_agree(ws, batch[i], &syms))
            (*disagree)++;
        if (nsyms == 0)
            continue;
        if ((*divergent)++ == 0 && !ws) {
            char *json = input_to_json(batch[i]);
            fprintf(stderr, "divergent input %s: %s: %s\n", json, syms.v[0].cls, syms.v[0].detail);
            free(json);
        }
    }
    oracle_symptoms_free(&syms);
    return rc;
}

int main(int argc, char **argv)
{
    equiv_opts_t opt;
    if (parse_opts(argc, argv, &opt)) {
        fprintf(stderr, "usage: kernels_equiv SPEC [--inputs N] [--seed S] [--expect-divergent]"
                        " [--expected EXPECTED [--near]]\n");
        return 2;
    }
    lg_err_t err;
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    int rc = 2;
    uint64_t done = 0, divergent = 0, disagree = 0, cycles = 0;
    witnesses_t ws = {0};
    bases_t bases = {0};
    input_t *scratch = NULL;
    tracer_t *t = NULL;
    oracle_t *o = NULL;
    run_result_t *rtl = NULL;
    input_t *batch[EQUIV_BATCH] = {0};
    spec_t *spec = spec_load(opt.spec_path, &err);
    if (!spec || (opt.expected_path && witnesses_load(&ws, spec, opt.expected_path, &err)) ||
        (opt.near && bases_load(&bases, spec, ws.e, &err)) || !(t = tracer_create(spec, NULL, &log, &err)) ||
        !(o = oracle_create(spec, NULL, &log, &err)))
        goto fail;
    rtl = run_result_create(spec);
    lg_rng_t rng;
    lg_rng_seed(&rng, opt.seed);
    for (size_t i = 0; i < EQUIV_BATCH; i++)
        batch[i] = input_create(spec);
    while (done < opt.inputs && (opt.expect_divergent || opt.expected_path || divergent == 0)) {
        size_t n = opt.inputs - done < EQUIV_BATCH ? (size_t)(opt.inputs - done) : EQUIV_BATCH;
        if (opt.near && !scratch)
            scratch = input_create(spec);
        for (size_t i = 0; i < n; i++) {
            if (opt.near)
                near_input(batch[i], scratch, &bases, &rng);
            else
                ksample_input(batch[i], &rng);
        }
        if (run_batch(t, o, spec, batch, n, opt.expected_path ? &ws : NULL, rtl, &divergent, &disagree, &cycles, &err))
            goto fail;
        done += n;
    }
    printf("%s: %llu random inputs, %llu divergent, %.0f RTL cycles per call", spec->kernel, (unsigned long long)done,
           (unsigned long long)divergent, done ? (double)cycles / (double)done : 0.0);
    if (opt.expected_path)
        printf(", %llu disagree with the witnesses", (unsigned long long)disagree);
    printf("\n");
    if (opt.expected_path)
        rc = disagree != 0 || (opt.near && divergent == 0); /* a neighbourhood without one checks nothing */
    else
        rc = opt.expect_divergent ? divergent == 0 : divergent != 0;
    goto out;
fail:
    fprintf(stderr, "kernels_equiv: %s\n", err.msg);
out:
    for (size_t i = 0; i < EQUIV_BATCH; i++)
        input_destroy(batch[i]);
    run_result_destroy(rtl);
    oracle_destroy(o);
    tracer_destroy(t);
    witnesses_free(&ws);
    bases_free(&bases);
    input_destroy(scratch);
    spec_destroy(spec);
    return rc;
}
