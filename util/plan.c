/* The time plan (plan.h): every fraction of a run's budget is here, so the
 * phases' deadlines are computed once and in one place. */
#include "plan.h"

#include <string.h>

#include "err.h"

#define SEC 1000000000ull
/* The guard share when --guard-share is not given: a quarter, capped. */
#define GUARD_CAP_NS (20 * SEC)

/* 2% of the budget, within [250 ms, 5 s]. */
static uint64_t save_reserve(uint64_t budget_ns)
{
    uint64_t r = budget_ns / 50;
    return r < SEC / 4 ? SEC / 4 : r > 5 * SEC ? 5 * SEC : r;
}

void lg_plan_make(lg_plan_t *p, uint64_t start_ns, uint64_t budget_ns, int guard, double guard_share)
{
    LG_ASSERT(guard_share >= 0 && guard_share <= 0.9);
    memset(p, 0, sizeof *p);
    p->start_ns = start_ns;
    p->budget_ns = budget_ns;
    if (!budget_ns)
        return;
    if (guard)
        p->guard_ns = guard_share > 0                ? (uint64_t)((double)budget_ns * guard_share)
                      : budget_ns / 4 < GUARD_CAP_NS ? budget_ns / 4
                                                     : GUARD_CAP_NS;
    p->save_ns = save_reserve(budget_ns);
    /* A budget shorter than the save reserve still ends exploration at
     * once rather than before its start. */
    uint64_t usable = budget_ns > p->save_ns ? budget_ns - p->save_ns : 0;
    p->end_ns = start_ns + usable;
    p->explore_end_ns = p->end_ns - (p->guard_ns < usable ? p->guard_ns : usable);
    /* With nothing unsafe the guard step only checks the guard `1` on
     * fresh inputs: a quarter of its share is plenty, the rest goes to
     * exploration until the first divergence. */
    p->lend_ns = p->guard_ns - p->guard_ns / 4;
    LG_ASSERT(p->explore_end_ns <= p->end_ns && p->end_ns <= start_ns + budget_ns);
}

lg_plan_guard_t lg_plan_guard_at(const lg_plan_t *p, uint64_t now_ns)
{
    lg_plan_guard_t g = {0, 0, 0};
    if (!p->budget_ns)
        return g;
    uint64_t left = p->end_ns > now_ns ? p->end_ns - now_ns : 0;
    uint64_t share = left < p->guard_ns ? left : p->guard_ns;
    g.budget_ns = share - share / 4;
    g.deadline_ns = p->end_ns - share / 4;
    g.record_end_ns = p->end_ns;
    return g;
}
