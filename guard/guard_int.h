/* Private to guard/: the labelled input set, the two-sided runner and the
 * fresh-input samplers shared by the derivation loop (derive.c). External
 * names outside the public guard_ API carry their file's prefix
 * (tests/check_prefixes.cmake checks this):
 *   labelset_  labelset.c  the labelled input set
 *   runner_    runner.c    runs inputs on both sides and labels them
 *   fresh_     fresh.c     random and boundary samplers of fresh inputs
 *   terms_     terms.c     the quantities of width probes learned as terms
 * widen.c's one function, widening a learned guard's threshold constants,
 * is guard_widen. */
#ifndef LG_GUARD_INT_H
#define LG_GUARD_INT_H

#include <stddef.h>
#include <stdint.h>

#include "guard.h"
#include "rtl-oracle/oracle.h"
#include "solver/solver.h"
#include "spec/features.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "tracer/tracer.h"
#include "util/budget.h"
#include "util/err.h"
#include "util/log.h"
#include "util/rng.h"

/* ---- labelled inputs (labelset.c) ---- */

/* What one native run shows of the values it passed to the RTL's narrowed
 * ports. An input the RTL received truncated agrees with the C only by
 * coincidence (elements that are multiples of 2^w vanish from a sum), and
 * a guard must not describe coincidences. A port of w bits holds
 * [-2^(w-1), 2^w - 1] under one reading or the other; which one the RTL
 * uses is not in the spec, so it is inferred from the labels. */
/* Width probes (`hls.widths` locals) whose stored value is kept per input,
 * in probe order: the values a guard clause over a learned term needs. */
#define LABELSET_WIDTHS 4

typedef struct width_use {
    uint8_t wide;  /* a port value fits neither reading */
    uint64_t neg;  /* bit k: port probe k carried a value in [-2^(w-1), -1] */
    uint64_t high; /* bit k: port probe k carried a value in [2^(w-1), 2^w - 1] */
    /* Not part of the label: bit k of `one` says width probe k stored
     * exactly one value in the run (a local assigned once, as det2's
     * `det`), and wval[k] holds it. */
    uint8_t one;
    int64_t wval[LABELSET_WIDTHS];
} width_use_t;

typedef struct labelset {
    const features_t *fs; /* borrowed */
    input_t **in;         /* owned */
    int64_t *feat;        /* n * fs->n feature values */
    uint8_t *agree;       /* per input: the oracle found no symptom */
    width_use_t *use;     /* per input */
    uint8_t *safe;        /* per input: agree and no truncated value (labelset_relabel) */
    uint64_t *hash;       /* per input, for deduplication */
    size_t n, cap;
    uint64_t port_unsigned, port_signed; /* bit k: port probe k's inferred reading */
} labelset_t;

void labelset_init(labelset_t *ls, const features_t *fs);
void labelset_free(labelset_t *ls);
/* Adds in (ownership transferred) with the oracle's verdict and its width
 * use (NULL: none known yet), labelled by the readings inferred so far; a
 * duplicate input is dropped (the first label stays). Returns 1 when added. */
int labelset_add(labelset_t *ls, input_t *in, int agree, const width_use_t *use);
/* The label of an input under the readings inferred so far. */
int labelset_verdict(const labelset_t *ls, int agree, const width_use_t *use);
/* Infers each port's reading from the set (the reading under which more
 * of the inputs it makes lossy agree is the wrong one: the RTL computes
 * right on values it reads right) and relabels every input. */
void labelset_relabel(labelset_t *ls);
/* Synth examples over the set (label 1 = safe); caller frees the array,
 * whose feature pointers live as long as the set is not grown. */
synth_example_t *labelset_examples(const labelset_t *ls);
uint64_t labelset_count(const labelset_t *ls, int safe);

/* ---- running both sides (runner.c) ---- */

typedef struct runner {
    const spec_t *spec; /* borrowed */
    tracer_t *tracer;   /* owned unless borrowed */
    oracle_t *oracle;   /* owned unless borrowed */
    int borrowed;       /* tracer and oracle are the caller's (runner_borrow) */
    run_result_t **rtl; /* RUNNER_BATCH owned results: the RTL side of a batch */
    uint64_t runs;
    /* Distinct inputs whose RTL run diverged here (at most
     * GUARD_DIVERGENT_MAX, the first ones), owned; handed to the report. */
    input_t **divergent;
    uint64_t *divergent_hash;
    size_t ndivergent;
} runner_t;

/* Inputs per round trip to both sides. */
#define RUNNER_BATCH 256

/* cfg (borrowed; must outlive the runner) gives the executor's memory
 * limit; its stop flag and its deadline (read at every batch) also end the
 * native and RTL runs in progress: a batch cut short fails with LG_EINTR
 * or LG_ETIMEOUT. */
int runner_open(runner_t *r, const spec_t *spec, const guard_cfg_t *cfg, const lg_log_t *log, lg_err_t *err);
/* A runner on the caller's executor and oracle of spec (borrowed; see
 * guard_source_t), which runner_close leaves alone. */
int runner_borrow(runner_t *r, const spec_t *spec, tracer_t *tracer, oracle_t *oracle, lg_err_t *err);
void runner_close(runner_t *r);
/* Runs n inputs (borrowed) natively and on the RTL: agree[i] = 1 when the
 * two sides agree, use[i] what the native run held. A wide input
 * (use[i].wide) is not simulated: it agrees only by coincidence. */
int runner_label(runner_t *r, input_t *const *in, size_t n, uint8_t *agree, width_use_t *use, lg_err_t *err);
/* Runs n inputs (borrowed) natively only and fills use[i]: for inputs a
 * run already labelled. */
int runner_widths(runner_t *r, input_t *const *in, size_t n, width_use_t *use, lg_err_t *err);

/* ---- loading a finished run (load.c) ---- */

/* Reads labels.jsonl, corpus/ (*.json) and divergences/<id>/input.json of
 * run_dir. Inputs labelled safe or unsafe by an RTL run go into ls; the
 * others (skipped by selective invocation, corpus entries) are appended to
 * *unknown (owned by the caller) to be run. */
int guard_load_run(const char *run_dir, const spec_t *spec, labelset_t *ls, input_t ***unknown, size_t *nunknown,
                   lg_err_t *err);

/* ---- fresh inputs (fresh.c) ---- */

/* Appends k random inputs within the spec's domains to *v: uniform, small
 * magnitude (log-uniform scales and lengths), mutants of the safe inputs of
 * ls that f admits (any safe ones when f admits none), and uniform within
 * the box f's bound clauses on scalars, lengths and elements describe
 * (uniform or log-uniform lengths), a quarter each. */
void fresh_random(const spec_t *spec, const labelset_t *ls, const guard_formula_t *f, lg_rng_t *rng, size_t k,
                  input_t ***v, size_t *n, size_t *cap);
/* Appends solver-generated inputs near the boundary of every clause of f:
 * inside (f with the clause's term at or just within its constant) and
 * outside (the other clauses with the clause false, its term just beyond
 * the constant or far from it), plus inputs f admits under a random
 * strengthening; per clause about k. Then, per length, scalar and
 * aggregate feature, an input f admits with the feature beyond every safe
 * example's value, on each side. Bases are drawn from ls. Once budget
 * (may be NULL) has run out, cfg's deadline has passed or its stop flag is
 * set, no more solver queries are made: a solver check takes tens of
 * milliseconds, and a derivation given little time would otherwise
 * overrun it by seconds. */
int fresh_boundary(solver_t *sv, const features_t *fs, const guard_formula_t *f, const labelset_t *ls, lg_rng_t *rng,
                   size_t k, const lg_budget_t *budget, const guard_cfg_t *cfg, input_t ***v, size_t *n, size_t *cap,
                   lg_err_t *err);
/* For a threshold clause `t op k` (op one of < <= > >=, k a constant not
 * within 2 of the int64 limits): 1 with the value of t on the clause's
 * inner edge in *inside and the direction (+1 or -1) that leaves the
 * clause in *dir; else 0. */
int fresh_clause_edge(const expr_t *c, int64_t *inside, int64_t *dir);
/* A safe input of ls drawn at random (any input when none is safe; ls must
 * not be empty): bases from safe inputs keep the features a solver query
 * leaves free plausible. */
const input_t *fresh_safe_base(const labelset_t *ls, lg_rng_t *rng);

/* ---- width probe quantities as terms (terms.c) ---- */

/* Learns, for each of the first LABELSET_WIDTHS width probes of probes[np] (the
 * tracer's list), the value it stored as a term over the features of ls
 * (the numeric stage of synth: sums of products such as det2's
 * `2 * a * d - 2 * b * c + a + d - b - c`), from the inputs of ls where
 * the probe stored one value. A term is kept only when it is exact on
 * every such input and is no constant. out[] (room for LABELSET_WIDTHS)
 * receives the terms with their widths, owned by the caller
 * (terms_free), and probe[] each one's width probe index (as in
 * width_use_t); returns how many, or a negative LG_E* code with err
 * filled. */
int terms_learn(const labelset_t *ls, const tracer_probe_t *probes, size_t np, uint64_t seed, guard_term_t *out,
                size_t *probe, lg_err_t *err);
/* 1 when t (borrowed) equals the value width probe wk stored on every
 * input of ls where it stored one, and those values are not all equal. */
int terms_exact(const labelset_t *ls, size_t wk, const expr_t *t);
void terms_free(guard_term_t *t, size_t n);

/* ---- widening threshold constants (widen.c) ---- */

/* Runs the n inputs of v (ownership transferred) on both sides and keeps
 * them as labelled examples; safe[i] gets each one's label. *ran < n when
 * the time for it ran out (the inputs past *ran are dropped). */
typedef int (*guard_widen_probe_fn)(void *ctx, input_t **v, size_t n, uint8_t *safe, size_t *ran, lg_err_t *err);
/* Moves the constant of every threshold clause of f (`t <= k`, <, >, >=)
 * outward as far as probe inputs stay safe: inputs built by sv with the
 * other clauses true and t in a range of values, galloping out from k and
 * then bisecting between the last safe value and the first unsafe one
 * (ranges no input reaches are stepped over). Up to three passes over the
 * clauses, as widening one can open values to another. The probe callback
 * running out of time ends the widening where it stands, without error.
 * Bases are drawn from ls (which probe may grow). */
int guard_widen(solver_t *sv, const guard_formula_t *f, const labelset_t *ls, lg_rng_t *rng, guard_widen_probe_fn probe,
                void *ctx, lg_err_t *err);

#endif
