/* The quantities of width probes as terms over the input features: a guard
 * clause can only say "det does not wrap to 0 in 24 bits" once det is known
 * as a term over a, b, c, d. The native runs of the labelled set recorded
 * the value each width local stored; where a run stored one value (a local
 * assigned once), that value is a labelled row for synth's numeric stage,
 * which solves for sums of products exactly. */
#include <stdlib.h>

#include "guard_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* Rows the numeric stage solves from; every other row checks the answer. */
#define TERMS_SAMPLES 30
/* Fewer rows than this give no term: a degree-2 solve over four features
 * already needs 19. */
#define TERMS_MIN_ROWS 12

void terms_free(guard_term_t *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        expr_free(t[i].term);
        t[i].term = NULL;
    }
}

/* The rows of width probe wk: inputs of ls where it stored one value. */
static size_t gather(const labelset_t *ls, size_t wk, synth_term_example_t *rows)
{
    size_t m = 0;
    for (size_t i = 0; i < ls->n; i++) {
        if (!(ls->use[i].one & (1u << wk)))
            continue;
        rows[m].feat = ls->feat + i * ls->fs->n;
        rows[m].value = ls->use[i].wval[wk];
        rows[m++].is_new = 0;
    }
    return m;
}

/* 1 when t is exact on every row and the rows hold two distinct values. */
static int exact(const expr_t *t, const synth_term_example_t *rows, size_t m)
{
    int varies = 0;
    for (size_t i = 0; i < m; i++) {
        if (expr_eval(t, rows[i].feat) != rows[i].value)
            return 0;
        varies |= rows[i].value != rows[0].value;
    }
    return varies;
}

/* Learns the term of width probe wk (bits wide) into *out; 1 when found. */
static int learn_one(synth_t *s, const labelset_t *ls, size_t wk, int bits, lg_rng_t *rng, guard_term_t *out,
                     lg_err_t *err)
{
    synth_term_example_t *rows = lg_malloc((ls->n ? ls->n : 1) * sizeof *rows);
    size_t m = gather(ls, wk, rows);
    int found = 0, varies = 0;
    for (size_t i = 1; i < m && !varies; i++)
        varies = rows[i].value != rows[0].value;
    if (m >= TERMS_MIN_ROWS && varies) {
        /* A random subset to solve from (Fisher-Yates prefix). */
        size_t k = m < TERMS_SAMPLES ? m : TERMS_SAMPLES;
        for (size_t i = 0; i < k; i++) {
            size_t j = i + (size_t)lg_rng_below(rng, m - i);
            synth_term_example_t t = rows[i];
            rows[i] = rows[j];
            rows[j] = t;
        }
        synth_result_t res;
        int rc = synth_learn_term(s, rows, k, NULL, 0, &res, err);
        if (rc) {
            free(rows);
            return rc;
        }
        if (res.expr && expr_size(res.expr) > 1 && exact(res.expr, rows, m)) {
            out->term = res.expr;
            out->bits = bits;
            found = 1;
        } else {
            expr_free(res.expr);
        }
    }
    free(rows);
    return found;
}

int terms_exact(const labelset_t *ls, size_t wk, const expr_t *t)
{
    synth_term_example_t *rows = lg_malloc((ls->n ? ls->n : 1) * sizeof *rows);
    size_t m = gather(ls, wk, rows);
    int ok = exact(t, rows, m);
    free(rows);
    return ok;
}

int terms_learn(const labelset_t *ls, const tracer_probe_t *probes, size_t np, uint64_t seed, guard_term_t *out,
                size_t *probe, lg_err_t *err)
{
    synth_cfg_t sc;
    synth_cfg_default(&sc);
    sc.fs = ls->fs;
    sc.seed = seed;
    sc.max_samples = TERMS_SAMPLES;
    /* The numeric stage alone: the enumerated stages would spend their
     * budgets on sums of products they cannot reach. */
    char *g = lg_data_path("grammars/numeric.yaml");
    const char *stages[1] = {g};
    sc.grammar_files = stages;
    sc.ngrammar_files = 1;
    synth_t *s = synth_create(&sc, err);
    free(g);
    if (!s)
        return err->code;
    lg_rng_t rng;
    lg_rng_seed(&rng, seed ^ 0x7465726d73ull);
    int n = 0;
    size_t wk = 0;
    for (size_t k = 0; k < np && wk < LABELSET_WIDTHS; k++) {
        if (probes[k].kind != TRACER_PROBE_WIDTH)
            continue;
        int bits = (int)probes[k].param;
        if (bits >= 1 && bits <= 63) {
            int rc = learn_one(s, ls, wk, bits, &rng, &out[n], err);
            if (rc < 0) {
                terms_free(out, (size_t)n);
                synth_destroy(s);
                return rc;
            }
            if (rc)
                probe[n++] = wk;
        }
        wk++;
    }
    synth_destroy(s);
    return n;
}
