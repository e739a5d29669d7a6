/* The solver handle and one query: checks the expressions, plans the input
 * shape, runs Z3 (tier 1, then tier 2 when tier 1 is unsat and the shapes
 * differ), retries once without the strengthening when it made the query
 * unsat, and reads the model into a new input. */
#include "solver_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct solver {
    solver_cfg_t cfg;
    const features_t *fs; /* borrowed */
    Z3_context z;
    Z3_sort bv64;     /* referenced for the solver's lifetime */
    Z3_tactic tactic; /* referenced for the solver's lifetime */
    enc_t enc;        /* per-query scratch, arrays sized once */
    solver_hist_t hist;
    solver_stats_t counts; /* counters only; times come from hist */
};

solver_cfg_t solver_cfg_default(void)
{
    solver_cfg_t c = {SOLVER_DEFAULT_TIMEOUT_MS, 0};
    return c;
}

const char *solver_status_name(solver_status_t s)
{
    switch (s) {
    case SOLVER_SAT:
        return "sat";
    case SOLVER_UNSAT:
        return "unsat";
    case SOLVER_UNKNOWN:
        return "unknown";
    case SOLVER_TIMEOUT:
        return "timeout";
    }
    return "?";
}

static Z3_tactic tactic_then(Z3_context z, Z3_tactic a, Z3_tactic b)
{
    Z3_tactic t = Z3_tactic_and_then(z, a, b);
    Z3_tactic_inc_ref(z, t);
    Z3_tactic_dec_ref(z, a);
    Z3_tactic_dec_ref(z, b);
    return t;
}

static Z3_tactic tactic_named(Z3_context z, const char *name)
{
    Z3_tactic t = Z3_mk_tactic(z, name);
    Z3_tactic_inc_ref(z, t);
    return t;
}

/* simplify, propagate-values, bit-blast, sat: on the solver's queries about
 * 40% faster than Z3's generic QF_BV strategy (measured on the case test's
 * queries), whose preprocessing gains nothing on such small formulas. The
 * QF_BV strategy stays as the fallback should bit-blasting refuse a goal. */
static Z3_tactic make_tactic(Z3_context z)
{
    Z3_tactic t = tactic_named(z, "sat");
    t = tactic_then(z, tactic_named(z, "bit-blast"), t);
    t = tactic_then(z, tactic_named(z, "propagate-values"), t);
    t = tactic_then(z, tactic_named(z, "simplify"), t);
    Z3_tactic qfbv = tactic_named(z, "qfbv");
    Z3_tactic both = Z3_tactic_or_else(z, t, qfbv);
    Z3_tactic_inc_ref(z, both);
    Z3_tactic_dec_ref(z, t);
    Z3_tactic_dec_ref(z, qfbv);
    return both;
}

solver_t *solver_create(const features_t *fs, const solver_cfg_t *cfg, lg_err_t *err)
{
    solver_t *s = NULL;
    Z3_config zc = NULL;
    if (!fs || !fs->spec) {
        lg_err_set(err, LG_EINVAL, "solver: the feature set has no spec (name-only sets cannot be solved into inputs)");
        goto fail;
    }
    s = lg_calloc(1, sizeof *s);
    s->cfg = cfg ? *cfg : solver_cfg_default();
    if (!s->cfg.timeout_ms)
        s->cfg.timeout_ms = SOLVER_DEFAULT_TIMEOUT_MS;
    s->fs = fs;
    zc = Z3_mk_config();
    s->z = Z3_mk_context_rc(zc);
    Z3_del_config(zc);
    zc = NULL;
    if (!s->z) {
        lg_err_set(err, LG_EINTERNAL, "solver: cannot create a Z3 context");
        goto fail;
    }
    /* Errors are reported through Z3_get_error_code instead of aborting. */
    Z3_set_error_handler(s->z, NULL);
    s->bv64 = Z3_mk_bv_sort(s->z, 64);
    Z3_inc_ref(s->z, Z3_sort_to_ast(s->z, s->bv64));
    s->tactic = make_tactic(s->z);
    size_t np = fs->spec->nparams;
    s->enc.z = s->z;
    s->enc.bv64 = s->bv64;
    s->enc.fs = fs;
    s->enc.spec = fs->spec;
    s->enc.use = lg_calloc(np ? np : 1, sizeof *s->enc.use);
    s->enc.scalar_free = lg_calloc(np ? np : 1, sizeof *s->enc.scalar_free);
    s->enc.scalar = lg_calloc(np ? np : 1, sizeof *s->enc.scalar);
    s->enc.arr = lg_calloc(np ? np : 1, sizeof *s->enc.arr);
    s->enc.feat = lg_calloc(fs->n ? fs->n : 1, sizeof *s->enc.feat);
    return s;
fail:
    solver_destroy(s);
    return NULL;
}

void solver_destroy(solver_t *s)
{
    if (!s)
        return;
    if (s->z) {
        Z3_dec_ref(s->z, Z3_sort_to_ast(s->z, s->bv64));
        Z3_tactic_dec_ref(s->z, s->tactic);
        Z3_del_context(s->z);
    }
    free(s->enc.use);
    free(s->enc.scalar_free);
    free(s->enc.scalar);
    free(s->enc.arr);
    free(s->enc.feat);
    free(s);
}

/* Rejects variables that are not features of the solver's set, and
 * name-only features, which have no param to write a value to. */
static int check_vars(const solver_t *s, const expr_t *x, lg_err_t *err)
{
    if (!x)
        return 0;
    if (x->op == EXPR_VAR) {
        if (x->var < 0 || (size_t)x->var >= s->fs->n)
            return lg_err_set(err, LG_EINVAL, "solver: variable %d is not a feature (the set has %zu)", x->var,
                              s->fs->n);
        if (s->fs->f[x->var].param < 0)
            return lg_err_set(err, LG_EINVAL, "solver: feature '%s' has no kernel param behind it",
                              s->fs->f[x->var].name);
        return 0;
    }
    int rc = check_vars(s, x->a, err);
    return rc ? rc : check_vars(s, x->b, err);
}

/* A fresh tactic solver per check: bit-blasting is much faster than the
 * incremental core on these formulas, and a fresh solver starts from a
 * clean resource count, which keeps rlimit runs reproducible. */
static Z3_solver new_solver(solver_t *s, unsigned seed)
{
    Z3_context z = s->z;
    Z3_solver zs = Z3_mk_solver_from_tactic(z, s->tactic);
    Z3_solver_inc_ref(z, zs);
    Z3_params p = Z3_mk_params(z);
    Z3_params_inc_ref(z, p);
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "random_seed"), seed);
    /* Z3 otherwise installs its own SIGINT handler during a check and
     * swallows the user's Ctrl-C meant for lgfuzz. */
    Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false);
    uint64_t rlimit = s->cfg.rlimit;
    if (!rlimit) {
        Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), s->cfg.timeout_ms);
        rlimit = (uint64_t)s->cfg.timeout_ms * SOLVER_BACKSTOP_PER_MS;
    }
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"), rlimit > UINT32_MAX ? UINT32_MAX : (unsigned)rlimit);
    Z3_solver_set_params(z, zs, p);
    Z3_params_dec_ref(z, p);
    return zs;
}

/* Z3 names a limit it hit in the reason: "timeout", "canceled" (the
 * resource limit stops the tactic) or "max. resource limit exceeded". */
static solver_status_t undef_status(Z3_context z, Z3_solver zs)
{
    const char *why = Z3_solver_get_reason_unknown(z, zs);
    if (why && (strstr(why, "timeout") || strstr(why, "canceled") || strstr(why, "resource")))
        return SOLVER_TIMEOUT;
    return SOLVER_UNKNOWN;
}

/* One Z3 check of the expressions in the current shape. On sat, out holds
 * the model's input. */
static int check_once(solver_t *s, const expr_t *const *x, size_t n, unsigned seed, input_t *out, solver_status_t *st,
                      lg_err_t *err)
{
    enc_t *e = &s->enc;
    Z3_context z = s->z;
    Z3_solver zs = new_solver(s, seed);
    for (size_t i = 0; i < n; i++)
        if (x[i])
            Z3_solver_assert(z, zs, enc_bool(e, x[i]));
    for (unsigned i = 0; i < Z3_ast_vector_size(z, e->facts); i++)
        Z3_solver_assert(z, zs, Z3_ast_vector_get(z, e->facts, i));
    Z3_lbool r = Z3_solver_check(z, zs);
    int rc = 0;
    if (Z3_get_error_code(z) != Z3_OK) {
        rc = lg_err_set(err, LG_EINTERNAL, "solver: Z3: %s", Z3_get_error_msg(z, Z3_get_error_code(z)));
    } else if (r == Z3_L_TRUE) {
        Z3_model m = Z3_solver_get_model(z, zs);
        Z3_model_inc_ref(z, m);
        enc_read_model(e, m, out);
        Z3_model_dec_ref(z, m);
        *st = SOLVER_SAT;
    } else {
        *st = r == Z3_L_FALSE ? SOLVER_UNSAT : undef_status(z, zs);
    }
    Z3_solver_dec_ref(z, zs);
    return rc;
}

/* Tier 1, then tier 2 when tier 1 is unsat and tier 2 frees more. */
static int run_tiers(solver_t *s, const expr_t *const *x, size_t n, unsigned seed, input_t *out, solver_result_t *res,
                     lg_err_t *err)
{
    enc_t *e = &s->enc;
    enc_analyse(e, x, n);
    solver_status_t st = SOLVER_UNSAT;
    for (int tier = 1; tier <= 2; tier++) {
        if (!enc_shape(e, tier))
            break;
        /* Variables of the previous tier go with its facts. */
        Z3_ast_vector_resize(s->z, e->facts, 0);
        res->checks++;
        int rc = check_once(s, x, n, seed, out, &st, err);
        if (rc)
            return rc;
        if (st != SOLVER_UNSAT) {
            res->tier = st == SOLVER_SAT ? tier : 0;
            break;
        }
    }
    res->status = st;
    return 0;
}

/* The prefix, then the strengthening, as one array. */
static const expr_t **gather(const expr_t *const *prefix, size_t n, const expr_t *extra)
{
    const expr_t **x = lg_malloc((n + 1) * sizeof *x);
    if (n)
        memcpy(x, prefix, n * sizeof *x);
    x[n] = extra;
    return x;
}

static void record(solver_t *s, const solver_result_t *res)
{
    solver_stats_t *c = &s->counts;
    c->queries++;
    c->checks += res->checks;
    switch (res->status) {
    case SOLVER_SAT:
        c->sat++;
        break;
    case SOLVER_UNSAT:
        c->unsat++;
        break;
    case SOLVER_UNKNOWN:
        c->unknown++;
        break;
    case SOLVER_TIMEOUT:
        c->timeout++;
        break;
    }
    c->dropped += (uint64_t)res->dropped;
    c->tier2 += res->status == SOLVER_SAT && res->tier == 2;
    solver_hist_add(&s->hist, res->ms);
}

int solver_solve(solver_t *s, const expr_t *const *prefix, size_t n, const expr_t *strengthening, const input_t *base,
                 input_t *out, lg_rng_t *rng, solver_result_t *res, lg_err_t *err)
{
    LG_ASSERT(s && base && out && res && (n == 0 || prefix));
    for (size_t i = 0; i < n; i++)
        LG_ASSERT(prefix[i] != NULL);
    memset(res, 0, sizeof *res);
    res->status = SOLVER_UNKNOWN;
    if (base->spec != s->fs->spec || out->spec != s->fs->spec)
        return lg_err_set(err, LG_EINVAL, "solver: base and output inputs must belong to the spec of the feature set");
    for (size_t i = 0; i <= n; i++) {
        int rc = check_vars(s, i < n ? prefix[i] : strengthening, err);
        if (rc)
            return rc;
    }
    uint64_t t0 = lg_now_ns();
    unsigned seed = rng ? (unsigned)lg_rng_next(rng) : 0;
    const expr_t **x = gather(prefix, n, strengthening);
    lg_rng_t local;
    lg_rng_seed(&local, seed);
    if (solver_residue_solve(s->fs, x, n + 1, base, rng ? rng : &local, out)) {
        /* A width-projected query answered by arithmetic (residue.c). */
        res->status = SOLVER_SAT;
        res->tier = 1;
        res->strengthened = strengthening != NULL;
        free(x);
        res->ms = (double)(lg_now_ns() - t0) / 1e6;
        record(s, res);
        return 0;
    }
    enc_t *e = &s->enc;
    e->base = base;
    e->keep = Z3_mk_ast_vector(s->z);
    Z3_ast_vector_inc_ref(s->z, e->keep);
    e->facts = Z3_mk_ast_vector(s->z);
    Z3_ast_vector_inc_ref(s->z, e->facts);
    int rc = run_tiers(s, x, n + 1, seed, out, res, err);
    if (!rc && strengthening && res->status == SOLVER_UNSAT) {
        res->dropped = 1;
        rc = run_tiers(s, x, n, seed, out, res, err);
    }
    res->strengthened = !rc && strengthening && !res->dropped && res->status == SOLVER_SAT;
    Z3_ast_vector_dec_ref(s->z, e->facts);
    Z3_ast_vector_dec_ref(s->z, e->keep);
    e->facts = e->keep = NULL;
    e->base = NULL;
    free(x);
    res->ms = (double)(lg_now_ns() - t0) / 1e6;
    if (!rc)
        record(s, res);
    return rc;
}

void solver_get_stats(const solver_t *s, solver_stats_t *out)
{
    *out = s->counts;
    out->mean_ms = s->hist.n ? s->hist.sum_ms / (double)s->hist.n : 0.0;
    out->p95_ms = solver_hist_quantile(&s->hist, 0.95);
    out->max_ms = s->hist.max_ms;
}
