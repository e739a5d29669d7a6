/* schedule.c, the RTL scheduler, on its own: a queued new-path input is
 * never starved by the many ordinary ones before it, nor dropped while
 * lower classes wait; classes drain in order; an input already simulated
 * is not queued again; feature ranges are per C path (an input inside the
 * ranges of another path still counts as unexplored); a full queue drops
 * and counts. */
#include <stdlib.h>
#include <string.h>

#include "explore/explore_int.h"
#include "tests/test.h"

#define NF 2

static spec_t *spec;

/* A distinct input for each k (the switch kernel's first scalar). */
static input_t *make(int64_t k)
{
    input_t *in = input_create(spec);
    in->v[0].scalar = k;
    return in;
}

static input_t *push(schedule_t *q, int64_t k, const int64_t *fv, uint64_t path, int fresh, int targeted, lg_rng_t *rng)
{
    input_t *in = make(k);
    input_t *dropped = schedule_push(q, in, fv, 0, path, fresh, targeted, 0, rng);
    input_destroy(in);
    return dropped;
}

static void simulate(schedule_t *q, int64_t k, const int64_t *fv, uint64_t path)
{
    schedule_entry_t e = {.in = make(k), .fv = (int64_t *)fv, .path = path};
    schedule_simulated(q, &e);
    input_destroy(e.in);
}

static void test_order_and_starvation(lg_rng_t *rng)
{
    schedule_t *q = schedule_create(NF, 1000);
    int64_t fv[NF] = {5, 5};
    simulate(q, -1, fv, 1);
    /* 900 ordinary inputs of path 1, inside its simulated ranges */
    for (int k = 0; k < 900; k++)
        CHECK(push(q, k, fv, 1, 0, 0, rng) == NULL);
    CHECK_MSG(schedule_len_class(q, 3) == 900, "class 3 holds %zu", schedule_len_class(q, 3));
    int64_t far[NF] = {5, 500};
    CHECK(push(q, 2000, far, 1, 0, 0, rng) == NULL); /* outside path 1's ranges */
    CHECK(push(q, 3000, fv, 2, 0, 0, rng) == NULL);  /* path 2: nothing simulated there */
    CHECK(push(q, 4000, fv, 1, 0, 1, rng) == NULL);  /* a solver model */
    CHECK(push(q, 5000, fv, 1, 1, 0, rng) == NULL);  /* a new path */
    int64_t want[] = {5000, 4000, 2000, 3000};
    int want_cls[] = {0, 1, 2, 2};
    for (int i = 0; i < 4; i++) {
        schedule_entry_t e;
        CHECK(schedule_pop(q, rng, &e));
        CHECK_MSG(e.in->v[0].scalar == want[i] && e.cls == want_cls[i],
                  "pop %d: input %lld class %d, want %lld class %d", i, (long long)e.in->v[0].scalar, e.cls,
                  (long long)want[i], want_cls[i]);
        input_destroy(e.in);
        free(e.fv);
    }
    /* Full: new-path arrivals push out ordinary entries, never each other. */
    for (int k = 0; k < 200; k++) {
        input_t *d = push(q, 10000 + k, fv, 100 + (uint64_t)k, 1, 0, rng);
        CHECK_MSG(d == NULL || d->v[0].scalar < 1000, "a new-path input was dropped for another");
        input_destroy(d);
    }
    CHECK_MSG(schedule_len(q) == 1000 && schedule_len_class(q, 0) == 200, "len %zu, class 0 %zu", schedule_len(q),
              schedule_len_class(q, 0));
    CHECK_MSG(schedule_drops(q) == 100, "drops %llu, want 100", (unsigned long long)schedule_drops(q));
    /* An ordinary arrival into a queue full of better ones is the one dropped. */
    schedule_t *full = schedule_create(NF, 3);
    for (int k = 0; k < 3; k++)
        input_destroy(push(full, k, fv, 7, 1, 0, rng));
    input_t *d = push(full, 99, fv, 7, 0, 0, rng);
    CHECK_MSG(d && d->v[0].scalar == 99 && schedule_len_class(full, 0) == 3, "the arrival was not the one dropped");
    input_destroy(d);
    schedule_destroy(full);
    schedule_destroy(q);
}

static void test_repeats(lg_rng_t *rng)
{
    schedule_t *q = schedule_create(NF, 10);
    int64_t fv[NF] = {1, 2};
    simulate(q, 42, fv, 3);
    CHECK(push(q, 42, fv, 3, 1, 0, rng) == NULL);
    CHECK_MSG(schedule_len(q) == 0 && schedule_repeats(q) == 1, "a simulated input was queued again");
    CHECK(push(q, 43, fv, 3, 0, 0, rng) == NULL);
    CHECK_MSG(schedule_len_class(q, 3) == 1, "an input inside its path's ranges is not class 3");
    schedule_destroy(q);
}

int main(void)
{
    lg_err_t err;
    spec = spec_load(LG_TEST_SRC "/tests/explore/kernels/switch20/kernel.yaml", &err);
    if (!spec) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    test_order_and_starvation(&rng);
    test_repeats(&rng);
    spec_destroy(spec);
    TEST_DONE();
}
