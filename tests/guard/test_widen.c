/* Widening a learned guard's constants (guard/widen.c) against a known
 * safe region, with the probe callback as the oracle: a constant learned
 * too tight moves out to the true bound (by gallop and bisection, not by
 * luck), a constant already at the bound stays, a direction in which every
 * value is safe stops where the spec's domain ends, and an equation is left
 * alone. Every probe input respects the spec and the other clauses. */
#include <stdlib.h>
#include <string.h>

#include "gfixture.h"
#include "guard/guard_int.h"

typedef struct oracle {
    const features_t *fs;
    const guard_formula_t *f; /* the formula being widened */
    size_t probes;
    int cut_after; /* the callback "runs out of time" after this many calls; 0 = never */
    int calls;
} oracle_t;

/* The true safe region: sum(b) <= 700 and max(a) <= 90, any n and c. */
static int truth(const features_t *fs, const input_t *in)
{
    int64_t *fv = malloc(fs->n * sizeof *fv);
    features_eval(fs, in, fv);
    int sb = features_find(fs, "sum(b)"), ma = features_find(fs, "max(a)");
    int safe = fv[sb] <= 700 && fv[ma] <= 90;
    free(fv);
    return safe;
}

static int probe(void *ctx, input_t **v, size_t n, uint8_t *safe, size_t *ran, lg_err_t *err)
{
    (void)err;
    oracle_t *o = ctx;
    o->calls++;
    *ran = o->cut_after && o->calls > o->cut_after ? 0 : n;
    for (size_t i = 0; i < n; i++) {
        char why[256];
        CHECK_MSG(input_conforms(v[i], why, sizeof why), "probe input breaks the spec: %s", why);
        int64_t *fv = malloc(o->fs->n * sizeof *fv);
        features_eval(o->fs, v[i], fv);
        size_t broken = 0;
        for (size_t c = 0; c < o->f->n; c++)
            broken += !expr_eval(o->f->clauses[c], fv);
        free(fv);
        CHECK_MSG(broken == 1, "a probe input breaks %zu clauses, not just the one widened", broken);
        if (i < *ran) {
            safe[i] = (uint8_t)truth(o->fs, v[i]);
            o->probes++;
        }
        input_destroy(v[i]);
    }
    return LG_OK;
}

static void make_formula(const features_t *fs, guard_formula_t *f, const char *const *clauses, size_t n)
{
    f->clauses = calloc(n, sizeof *f->clauses);
    f->n = n;
    for (size_t i = 0; i < n; i++)
        f->clauses[i] = gf_parse(fs, clauses[i]);
}

/* One safe input to draw solver bases from. */
static void seed_set(const spec_t *spec, labelset_t *ls)
{
    input_t *in = input_create(spec);
    width_use_t use = {0};
    labelset_add(ls, in, 1, &use);
    labelset_relabel(ls);
}

static void check_text(const guard_formula_t *f, const features_t *fs, const char *want)
{
    char *text = guard_formula_text(f, fs);
    CHECK_MSG(strcmp(text, want) == 0, "widened to `%s`, want `%s`", text, want);
    free(text);
}

static void check_widen(const spec_t *spec, const features_t *fs, solver_t *sv)
{
    static const char *const clauses[] = {"sum(b) <= 300", "max(a) < 91", "c >= 17", "n <= 2", "n % 2 == 0"};
    guard_formula_t f = {0};
    make_formula(fs, &f, clauses, 5);
    labelset_t ls;
    labelset_init(&ls, fs);
    seed_set(spec, &ls);
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    oracle_t o = {.fs = fs, .f = &f};
    lg_err_t err;
    CHECK(guard_widen(sv, &f, &ls, &rng, probe, &o, &err) == LG_OK);
    /* sum(b) to its true bound; max(a) already there; c and n, safe in
     * every value, to the ends of their domains (20 and 8). */
    check_text(&f, fs, "sum(b) <= 700 && max(a) < 91 && c >= 10 && n <= 8 && n % 2 == 0");
    CHECK_MSG(o.probes > 10 && o.probes < 200, "%zu probe inputs", o.probes);
    labelset_free(&ls);
    guard_formula_free(&f);
}

/* A probe callback out of time ends the widening where it stands, with no
 * error: the constant keeps the last value a probe showed safe. */
static void check_cut(const spec_t *spec, const features_t *fs, solver_t *sv)
{
    static const char *const clauses[] = {"sum(b) <= 300"};
    guard_formula_t f = {0};
    make_formula(fs, &f, clauses, 1);
    labelset_t ls;
    labelset_init(&ls, fs);
    seed_set(spec, &ls);
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    oracle_t o = {.fs = fs, .f = &f, .cut_after = 3};
    lg_err_t err;
    CHECK(guard_widen(sv, &f, &ls, &rng, probe, &o, &err) == LG_OK);
    /* 301, 302, one of 303-304 safe, then the time is up. */
    char *text = guard_formula_text(&f, fs);
    CHECK_MSG(!strcmp(text, "sum(b) <= 303") || !strcmp(text, "sum(b) <= 304"), "cut widening gave `%s`", text);
    free(text);
    labelset_free(&ls);
    guard_formula_free(&f);
}

int main(void)
{
    gf_world_t w;
    if (gf_world_open(&w, "shared.yaml"))
        return 1;
    if (w.sv) {
        check_widen(w.spec, w.fs, w.sv);
        check_cut(w.spec, w.fs, w.sv);
    }
    gf_world_close(&w);
    TEST_DONE();
}
