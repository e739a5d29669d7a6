/* The time plan of a timed `lgfuzz run`: its --budget split once, when
 * fuzzing starts (after the builds), into named phases with absolute
 * deadlines that the command hands down. In order:
 *
 *   explore  the lightgrey-box loop; while the run has found no divergence
 *            its deadline stretches by `lend` into the guard phase (the
 *            guard then has nothing unsafe to learn from)
 *   guard    the guard derivation (lgfuzz guard), three quarters of what
 *            is left of the guard share when it starts
 *   record   recording the divergences the guard step's RTL runs saw,
 *            the last quarter
 *   save     the final save and teardown: 2% of the budget, within
 *            [250 ms, 5 s]
 *
 * The guard share is a quarter of the budget, at most 20 s, or the
 * --guard-share fraction given. Every deadline is lg_now_ns() time. */
#ifndef LG_PLAN_H
#define LG_PLAN_H

#include <stdint.h>

typedef struct lg_plan {
    uint64_t start_ns;       /* when the budget's clock started */
    uint64_t budget_ns;      /* the whole --budget; 0 = none (no deadline below) */
    uint64_t guard_ns;       /* the guard and record phases' share; 0 = no guard step */
    uint64_t save_ns;        /* kept for the final save */
    uint64_t explore_end_ns; /* exploration's deadline, without the loan; 0 = none */
    uint64_t lend_ns;        /* how far explore_end_ns stretches until the first divergence */
    uint64_t end_ns;         /* the end of the guard and record phases: start + budget - save */
} lg_plan_t;

/* The guard and record phases as they start at some moment. */
typedef struct lg_plan_guard {
    uint64_t budget_ns;     /* the derivation's own budget (guard_cfg_t.budget_ns); 0: keep its default */
    uint64_t deadline_ns;   /* the derivation's deadline; 0 = none */
    uint64_t record_end_ns; /* recording's deadline; 0 = none */
} lg_plan_guard_t;

/* Plans a run whose clock starts at start_ns with a budget of budget_ns (0:
 * none, so every deadline is 0 and the guard step gets its defaults and
 * the bounds of guard_cfg_bound).
 * guard: 1 when the run ends with the guard step; guard_share its
 * fraction of the budget in (0, 0.9], or 0 for the default. */
void lg_plan_make(lg_plan_t *p, uint64_t start_ns, uint64_t budget_ns, int guard, double guard_share);

/* The guard step's deadlines when it starts at now_ns: its share, or what
 * is left before end_ns when exploration borrowed from it, split three
 * quarters to the derivation, one to recording; without a budget, all 0
 * (the caller bounds the guard step by its own rule). */
lg_plan_guard_t lg_plan_guard_at(const lg_plan_t *p, uint64_t now_ns);

#endif
