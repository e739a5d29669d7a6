/* The solver: turns a learned path-condition prefix (synth expressions over
 * input features), optionally strengthened by one random or spectra-directed
 * constraint, into a new kernel input by asking Z3 for a bit-vector model
 * whose semantics are exactly expr_eval's. No Z3 type appears here. */
#ifndef LG_SOLVER_H
#define LG_SOLVER_H

#include "spec/features.h"
#include "spec/input.h"
#include "synth/expr.h"
#include "util/err.h"
#include "util/rng.h"
#include "util/types.h"
#include <stddef.h>
#include <stdint.h>

/* Default per-check wall-clock limit. */
#define SOLVER_DEFAULT_TIMEOUT_MS 50u
/* Resource units per millisecond of a timeout that bound a check as well:
 * Z3's timer runs in a thread of its own, and on a loaded machine a very
 * short timeout can fire before the check it is meant to cancel starts,
 * which then runs to the end (a 1 ms limit once let a factoring query run
 * 835 s). A deterministic count cannot be lost. */
#define SOLVER_BACKSTOP_PER_MS 100000u

/* Read-only configuration, fixed at solver_create. */
typedef struct solver_cfg {
    /* Wall-clock limit of one Z3 check in milliseconds; 0 means
     * SOLVER_DEFAULT_TIMEOUT_MS. Ignored when rlimit is nonzero. Backed
     * by a resource limit of SOLVER_BACKSTOP_PER_MS units per millisecond
     * (a hundred times Z3's rate), which ends a check whose timer was
     * lost. */
    unsigned timeout_ms;
    /* Nonzero: bound each check by Z3's deterministic resource limit
     * instead of wall-clock time, so that equal seeds give equal runs on any
     * machine (about 1,000 units per millisecond on a 2020s x86 core). */
    uint64_t rlimit;
} solver_cfg_t;

/* The defaults: 50 ms wall-clock limit, no resource limit. */
solver_cfg_t solver_cfg_default(void);

typedef enum {
    SOLVER_SAT,     /* a model was found; the output input is filled */
    SOLVER_UNSAT,   /* the query (after any retry) has no model */
    SOLVER_UNKNOWN, /* Z3 gave up for a reason other than a limit */
    SOLVER_TIMEOUT  /* the wall-clock or resource limit was hit */
} solver_status_t;

/* Name of a status ("sat", "unsat", "unknown", "timeout"); static string. */
const char *solver_status_name(solver_status_t s);

/* What one solver_solve call did. */
typedef struct solver_result {
    solver_status_t status;
    /* 1 when a strengthening was given and the returned model satisfies it;
     * 0 when none was given or it was dropped. */
    int strengthened;
    /* 1 when the strengthened query was unsat and the query was retried
     * once without the strengthening (status is the retry's). */
    int dropped;
    /* Shape of the input the model was read into: 1 = lengths the prefix
     * does not mention and array tails beyond the solved window kept from
     * the base input; 2 = every length and a two-segment tail free (tried
     * only when shape 1 is unsat). 0 when not sat. */
    int tier;
    unsigned checks; /* Z3 checks run (tiers times retries) */
    double ms;       /* wall-clock time of the call */
} solver_result_t;

/* Figures over the solver's lifetime, for explore's stats. */
typedef struct solver_stats {
    uint64_t queries;                      /* solver_solve calls that reached Z3 */
    uint64_t checks;                       /* individual Z3 checks */
    uint64_t sat, unsat, unknown, timeout; /* final status per query */
    uint64_t dropped;                      /* queries whose strengthening was dropped */
    uint64_t tier2;                        /* sat queries that needed shape 2 */
    double mean_ms;                        /* mean wall-clock time per query */
    double p95_ms;                         /* 95th percentile, from a log histogram (within 9%) */
    double max_ms;
} solver_stats_t;

typedef struct solver solver_t;

/* Creates a solver over the feature set fs, which must come from a spec
 * (features_create). fs and its spec are borrowed and must outlive the
 * solver. One Z3 context is created here and reused by every query. On
 * error returns NULL and fills err. */
solver_t *solver_create(const features_t *fs, const solver_cfg_t *cfg, lg_err_t *err);
void solver_destroy(solver_t *s); /* accepts NULL */

/* Finds an input on which every prefix condition and the strengthening (if
 * not NULL) evaluate to nonzero under expr_eval of features_eval(input).
 * Params and elements the formula does not constrain are copied from base
 * (an input that reached the prefix); out receives the new input and is
 * normalised (input_normalize). prefix[0..n) and strengthening are borrowed
 * for the call. When the strengthened query is unsat, the query is retried
 * once without it (res->dropped). rng (may be NULL) seeds Z3's random seed
 * for this query. out is written only when res->status is SOLVER_SAT.
 * Returns 0 with the outcome in res, or a negative LG_E* code (a feature
 * index outside the set, a Z3 failure) with err filled. */
int solver_solve(solver_t *s, const expr_t *const *prefix, size_t n, const expr_t *strengthening, const input_t *base,
                 input_t *out, lg_rng_t *rng, solver_result_t *res, lg_err_t *err);

/* Copies the lifetime statistics into out. */
void solver_get_stats(const solver_t *s, solver_stats_t *out);

/* ---- Strengthening: one simple constraint per query, so that the same
 * prefix asked many times yields many inputs. Every function returns a new
 * expression the caller owns (expr_free); never NULL. ---- */

/* Constants the random strengthening may draw from. All arrays borrowed for
 * the call; any may be NULL with its count 0. */
typedef struct solver_consts {
    const int64_t *kernel; /* the kernel's own comparison constants */
    size_t nkernel;
    const int64_t *seen; /* feature values of an input seen at the prefix
                          * (fs->n entries), or NULL */
} solver_consts_t;

/* `f op c` for a random feature f of fs, op in == != < <= > >=, and c drawn
 * from f's domain (uniformly, or one of its bounds or a small value), from
 * the kernel's constants, or near the seen value of f (within +-4). */
expr_t *solver_strengthen_random(const features_t *fs, const solver_consts_t *consts, lg_rng_t *rng);

typedef enum {
    SOLVER_TARGET_WIDTH,  /* a quantity held in an RTL width */
    SOLVER_TARGET_UNROLL, /* a loop length under an unroll factor */
    SOLVER_TARGET_DEPTH,  /* a length against a declared depth or bound */
    SOLVER_TARGET_RANGE   /* a quantity against its remembered safe range */
} solver_target_kind_t;

/* A spectra edge case to aim at. */
typedef struct solver_target {
    solver_target_kind_t kind;
    const expr_t *term;         /* borrowed: the quantity, or the length */
    lg_width_t width;           /* WIDTH: e.g. u9 */
    int64_t factor;             /* UNROLL: the unroll factor u >= 2 */
    uint64_t seen_rems;         /* UNROLL: bit r set when term % u == r was seen
                                 * (remainders >= 64 are never marked seen) */
    int64_t depth;              /* DEPTH: D */
    int64_t min_seen, max_seen; /* RANGE: the safe range seen so far */
} solver_target_t;

/* One constraint on t->term, chosen at random among the edge cases of its
 * kind. WIDTH w unsigned: x == 2^w - 1, x == 2^w, x >= 2^(w-1), x == -2^w,
 * x == k * 2^w for a small nonzero k (wraps to zero in w bits); signed:
 * the same around 2^(w-1) and -2^(w-1). UNROLL u: x % u == r for an unseen
 * remainder r (any r when all were seen). DEPTH D: x == D or x == D + 1.
 * RANGE: x > max_seen or x < min_seen (saturating at the int64 bounds). */
expr_t *solver_strengthen_target(const solver_target_t *t, lg_rng_t *rng);

#endif
