/* Tests of the time plan: the phases of a budget (explore, guard, record,
 * save) as absolute deadlines from the clock's start, the guard's share by
 * default and by --guard-share, the loan, and the guard step's deadlines
 * when exploration ended on time or borrowed from it. */
#include <stdint.h>

#include "tests/test.h"
#include "util/plan.h"

#define S 1000000000ull
#define MS 1000000ull

static const struct {
    uint64_t budget;
    int guard;
    double share;
    uint64_t guard_ns, save_ns, explore_len, lend; /* lengths from the start */
} cases[] = {
    {0, 1, 0, 0, 0, 0, 0}, /* no budget: no deadline */
    {60 * S, 1, 0, 15 * S, 1200 * MS, 60 * S - 1200 * MS - 15 * S, 15 * S - 15 * S / 4},
    {60 * S, 0, 0, 0, 1200 * MS, 60 * S - 1200 * MS, 0},                /* no guard step */
    {200 * S, 1, 0, 20 * S, 4 * S, 200 * S - 4 * S - 20 * S, 15 * S},   /* the share's 20 s cap */
    {1000 * S, 1, 0, 20 * S, 5 * S, 1000 * S - 5 * S - 20 * S, 15 * S}, /* the save's 5 s cap */
    {10 * S, 1, 0.5, 5 * S, 250 * MS, 10 * S - 250 * MS - 5 * S, 5 * S - 5 * S / 4},
    {100 * MS, 1, 0, 25 * MS, 250 * MS, 0, 25 * MS - 25 * MS / 4}, /* shorter than the save */
};

static void test_make(void)
{
    const uint64_t t0 = 1000 * S;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lg_plan_t p;
        lg_plan_make(&p, t0, cases[i].budget, cases[i].guard, cases[i].share);
        CHECK_MSG(p.guard_ns == cases[i].guard_ns, "case %zu: guard %llu", i, (unsigned long long)p.guard_ns);
        CHECK_MSG(p.save_ns == cases[i].save_ns, "case %zu: save %llu", i, (unsigned long long)p.save_ns);
        CHECK_MSG(p.lend_ns == cases[i].lend, "case %zu: lend %llu", i, (unsigned long long)p.lend_ns);
        if (!cases[i].budget) {
            CHECK(p.explore_end_ns == 0 && p.end_ns == 0);
            continue;
        }
        CHECK_MSG(p.explore_end_ns == t0 + cases[i].explore_len, "case %zu: explore ends at +%llu", i,
                  (unsigned long long)(p.explore_end_ns - t0));
        CHECK(p.end_ns <= t0 + cases[i].budget && p.explore_end_ns <= p.end_ns);
    }
}

/* 60 s with the default guard: ends at +58.8 s, exploration at +43.8 s. */
static void test_guard_at(void)
{
    const uint64_t t0 = 1000 * S;
    lg_plan_t p;
    lg_plan_make(&p, t0, 60 * S, 1, 0);
    /* On time: the whole 15 s share, 3/4 learning then 1/4 recording. */
    lg_plan_guard_t g = lg_plan_guard_at(&p, p.explore_end_ns);
    CHECK(g.budget_ns == 15 * S - 15 * S / 4 && g.deadline_ns == p.end_ns - 15 * S / 4 && g.record_end_ns == p.end_ns);
    /* Exploration borrowed until 4 s before the end: the split is of 4 s. */
    g = lg_plan_guard_at(&p, p.end_ns - 4 * S);
    CHECK(g.budget_ns == 3 * S && g.deadline_ns == p.end_ns - 1 * S && g.record_end_ns == p.end_ns);
    /* Past the end: nothing left, every deadline at the end. */
    g = lg_plan_guard_at(&p, p.end_ns + S);
    CHECK(g.budget_ns == 0 && g.deadline_ns == p.end_ns && g.record_end_ns == p.end_ns);
    /* No budget: no deadline from the plan (the guard step's bound is
     * guard_cfg_bound's, tests/guard). */
    lg_plan_make(&p, t0, 0, 1, 0);
    g = lg_plan_guard_at(&p, t0 + S);
    CHECK(g.budget_ns == 0 && g.deadline_ns == 0 && g.record_end_ns == 0);
}

int main(void)
{
    test_make();
    test_guard_at();
    TEST_DONE();
}
