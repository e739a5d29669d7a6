/* The cause analyses of a minimised divergence (cause.c, cause_branch.c,
 * cause_depth.c), the RTL's other initial states (xstate.c) and the
 * triage that names what a divergence is (triage.c). Private to explore/:
 * verdict.c and verdict_key.c call them. */
#ifndef LG_EXPLORE_CAUSE_INT_H
#define LG_EXPLORE_CAUSE_INT_H

#include "explore_int.h"

/* cause.c: a divergence's cause and its evidence, on the minimiser's
 * executor (which invalidates the traces of its earlier runs).
 * cause_port: *port receives the port probe whose cut explains the
 * divergence of class cls of m (the C's result on m as that port hands it
 * over is rtl, m's RTL result, exactly), or -1; *sx, 1 when the port
 * hands its values over extended by sign, 0 by zeros. cause_needed: needed
 * (nprobes entries) receives the probes of fired (those m fired on its C
 * path `path`) that the divergence needs: no neighbour of m on that path
 * shows cls without it; those of held (NULL: none), which the caller has
 * shown to be part of the cause, are needed without a test. */
/* m as each narrow port may hand it over (one port and one way of
 * reading it each, those that change m), into cut (CAUSE_PORT_CUTS_MAX
 * at most); their number. The caller destroys them. */
#define CAUSE_PORT_CUTS_MAX 16
size_t cause_port_cuts(const explore_t *ex, const input_t *m, input_t **cut);
int cause_port(explore_t *ex, const input_t *m, const run_result_t *rtl, const char *cls, int *port, int *sx,
               lg_err_t *err);
int cause_needed(explore_t *ex, const input_t *m, const uint8_t *fired, const uint8_t *held, uint64_t path,
                 const char *cls, uint8_t *needed, lg_err_t *err);
/* cause_uninit: *uninit receives 1 when m's native result (cpu) rests on
 * a read of a local the kernel did not write first: m completed (a fault
 * or a write into the executor may land elsewhere from one run to the
 * next), run again it gives cpu, and it changes its result when every
 * local starts with other bytes (tracer_set_fill). *local then receives
 * the local (tracer_locals) whose other bytes alone change it, -1 when
 * none does alone. */
int cause_uninit(explore_t *ex, const input_t *m, const run_result_t *cpu, int *uninit, int *local, lg_err_t *err);
/* cause_readback: *param receives the inout scalar param whose read-back
 * explains the divergence of class cls of m (fired: its probes, which
 * must include a readback one; cpu: its native result): m with that
 * param's input set to the value the C wrote keeps the C's result and
 * the RTL then agrees with it. -1 when none does. */
int cause_readback(explore_t *ex, const input_t *m, const run_result_t *cpu, const uint8_t *fired, const char *cls,
                   int *param, lg_err_t *err);
/* Runs in[0..n-1] on the minimiser's executor (*t, started on first use),
 * counting them in cause_runs; *tr as tracer_run gives them. */
int cause_run_native(explore_t *ex, const input_t *const *in, size_t n, tracer_t **t, tracer_trace_t **tr,
                     lg_err_t *err);
/* cause_depth: *probe receives the offset probe of an input array that m
 * indexes past the RTL's depth (inside the C's length) when the C run on m
 * with every element from that depth on read as the RTL's out-of-range
 * reads return them (lg_type_poison) gives rtl (m's RTL result, a value
 * mismatch of class cls) exactly; -1 when none does. */
int cause_depth(explore_t *ex, const input_t *m, const run_result_t *rtl, const char *cls, int *probe, lg_err_t *err);
/* Branch directions tried per divergence, at most, in the order the
 * input first took them, and operations, in their order. */
#define CAUSE_FLIPS_MAX 64
#define CAUSE_OPS_MAX 64
#define CAUSE_CANDS_MAX (CAUSE_FLIPS_MAX + CAUSE_OPS_MAX)

/* Other inputs to tell lines apart by, at most. */
#define CAUSE_OTHERS_MAX 12

/* The inputs that judge m's explanations: the input as found (the first
 * nfound of them) and m's neighbours (others_of), each with its RTL
 * result; failed when their RTL runs could not be made. */
typedef struct judges {
    input_t *in[CAUSE_OTHERS_MAX];
    run_result_t *rtl[CAUSE_OTHERS_MAX];
    size_t n, nfound;
    int failed;
} cause_judges_t;

/* What an input that diverges says of the lines kept. */
enum { CAUSE_SAYS_NOTHING, CAUSE_SAYS_FOR, CAUSE_SAYS_AGAINST };

/* cause_turn.c: the br directions tr took that a turn may change, then
 * the kernel's operations, into f (at most CAUSE_CANDS_MAX); their number. */
size_t cause_flips_of(const tracer_t *t, const tracer_trace_t *tr, cause_stmt_t *f);
/* 1 when a and b are statements of t of one source line. */
int cause_same_line(const tracer_t *t, const cause_stmt_t *a, const cause_stmt_t *b);
/* Keeps the statements of f[0..*n-1] on a line of on[0..non-1]. */
void cause_only_lines(const tracer_t *t, cause_stmt_t *f, size_t *n, const cause_stmt_t *on, size_t non);
/* Makes t's runs from now on do f the other way, and g too when not NULL. */
void cause_turn(tracer_t *t, const cause_stmt_t *f, const cause_stmt_t *g);
/* 1 in *gives when the C's run of in, with what t turns, gives rtl exactly. */
int cause_run_gives(explore_t *ex, tracer_t **t, const input_t *in, const run_result_t *rtl, int *gives, lg_err_t *err);
/* The statements in's run reaches with a done the other way, into g (*ng). */
int cause_reached_with(explore_t *ex, tracer_t *t, const input_t *in, const cause_stmt_t *a, cause_stmt_t *g,
                       size_t *ng, lg_err_t *err);
/* in's plain run into *tr: its statements into f (*nf), *diverged 1 when
 * it ended and the C and rtl differ on it. */
int cause_diverging_flips(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, tracer_trace_t **tr,
                          cause_stmt_t *f, size_t *nf, int *diverged, lg_err_t *err);
/* Of f[0..nf-1], those whose run of in gives rtl exactly, into hit
 * (*nhit), of those on a line of on[0..non-1] when on is not NULL; *done
 * 0 when the deadline cut the search. */
int cause_explaining_of(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, cause_stmt_t *f,
                        size_t nf, const cause_stmt_t *on, size_t non, cause_stmt_t *hit, size_t *nhit, int *done,
                        lg_err_t *err);
/* Makes and runs on the RTL the inputs that judge m's explanations
 * (found and m's neighbours); cause_judges_close frees them. */
void cause_judges_open(explore_t *ex, const input_t *m, const input_t *found, cause_judges_t *jd);
void cause_judges_close(cause_judges_t *jd);
/* cause_pair.c: cause_branch's search for two statements (f[0..nf-1]:
 * m's; none on a line of alone[0..nalone-1]), into st[0] and st[1]. */
int cause_pair(explore_t *ex, tracer_t *t, const input_t *m, const run_result_t *rtl, const input_t *found,
               const cause_stmt_t *f, size_t nf, const cause_stmt_t *alone, size_t nalone, cause_stmt_t st[2],
               int *done, lg_err_t *err);
/* cause_branch: the statement done the other way that explains the
 * value mismatch of class cls of m (rtl: m's RTL result), into st[0] (a
 * br site with the direction m took there, or an operation of
 * tracer_ops), when the C kernel run on m with that direction taken the
 * other way every time, or that operation made the other way, gives rtl
 * exactly, and nothing on another source line does, or, when several
 * lines do, the one line of those that also explains the divergence of
 * found (the input as found; NULL: none) or of an input near m. A branch
 * comes before an operation of its line. When no statement alone gives
 * rtl on m, two on two lines that together do, one pair of lines, judged
 * by the same inputs: st[0] and st[1], in the order m reached them.
 * st[0].id -1 when no one line or pair is left, st[1].id -1 unless two. */
int cause_branch(explore_t *ex, const input_t *m, const run_result_t *rtl, const input_t *found, const char *cls,
                 cause_stmt_t st[2], lg_err_t *err);
/* The place of statement id of t: a br site, or an operation (op). */
void cause_statement(const tracer_t *t, uint32_t id, int op, const char **file, int *line, int *col);
/* The port probes that found's run fired and its minimised run (fired)
 * did not, and whose narrow port changes the output a divergence of class
 * cls (a mismatch) is about in the kernel's own result on found (found
 * with that param cut to the port's width, run natively, gives another
 * value there): a cause of the divergence the minimisation let go. Sets
 * keep[i] for each and *n to how many; keep has one entry per probe. */
int cause_ports_let_go(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls,
                       const uint8_t *fired, uint8_t *keep, size_t *n, lg_err_t *err);

/* xstate.c: runs m again on the RTL from other initial states (all ones,
 * then random ones drawn from the run's seed; oracle_run_xstate) until its
 * result differs from rtl, its result with the usual state, and fills x
 * (x->state 0 when no try changed it). The tries stop at the deadline, on
 * a signal, at a failed RTL run (logged) and after a try that hangs. */
int xstate_check(explore_t *ex, const input_t *m, const run_result_t *rtl, xstate_t *x);

/* triage.c: what a minimised divergence is, for the people who read it.
 * triage_find_oob: the first offset probe tr (the run of in) fired at an
 * index outside the C's own array, into mi->oob (-1 when none), with
 * mi->oob_at and mi->oob_len. triage_of: the triage its cause analysis
 * supports, "c-ub:<kind>", "out-of-contract" or "rtl-x", into cls, with where (at) and what
 * it means (why, with what the C relies on from contract, which may be
 * NULL), heap strings; all three NULL when there is none (a divergence of
 * its symptom's class, or a cut analysis). */
void triage_find_oob(const explore_t *ex, const input_t *in, const tracer_trace_t *tr, minimised_t *mi);
/* triage_find_depth: for a divergence of class cls "rtl-oob:<p>", p's
 * offset probe when tr (the run of in) shows the C indexing p at or past
 * the RTL's depth and inside p's length in in, into mi->depth; else -1.
 * The RTL's memory is then too shallow for what the C does with p, on
 * whichever path. */
void triage_find_depth(const explore_t *ex, const input_t *in, const tracer_trace_t *tr, const char *cls,
                       minimised_t *mi);
/* triage_statement: "<file>:<line>" of statement st (cause_branch's), with
 * ":<col>" when col; the caller frees it. */
char *triage_statement(const explore_t *ex, const cause_stmt_t *st, int col);
void triage_of(const explore_t *ex, const minimised_t *mi, const triage_contract_t *contract, char **cls, char **at,
               char **why);

/* mi's contract into c (c->cond NULL when none); freed with
 * triage_contract_free. */
void triage_contract_of(explore_t *ex, const minimised_t *mi, triage_contract_t *c);
void triage_contract_free(triage_contract_t *c);

#endif
