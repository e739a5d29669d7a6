/* No state leaks from one RTL call into the next. leak.v keeps a RAM and
 * an initial-valued register that ap_rst does not clear; calls with sel != 0
 * write them and every call reads them. Each probe runs on a fresh oracle,
 * then again after 1,000 seeded calls that write that state, and must give
 * the same status, return and cycle count both times, equal to what leak.c
 * gives. Every one of those writer calls must also answer as a fresh model
 * does, and a few of them are rerun on a second, fresh oracle to compare
 * whole results. Runs from other initial states (oracle_run_xstate) see
 * mem as that state has it, acc at its initial value all the same, and
 * leave nothing behind either. */
#include "rtl-oracle/oracle.h"
#include "test_util.h"
#include "util/rng.h"
#include <stdio.h>
#include <stdlib.h>

#define WRITERS 1000
#define FRESH_EVERY 500 /* writers i with i % FRESH_EVERY == FRESH_EVERY - 1 also run on a fresh oracle */
#define SEED 0x1ea4u

typedef struct leak_in {
    int sel, x, y;
} leak_in_t;

/* sel 0 writes nothing and reads mem[y & 7] and acc, which the writers
 * change; the last probe writes mem[4] itself but reads mem[2]. */
static const leak_in_t probes[] = {
    {0, 0, 0},
    {0, -1, 7},
    {0, 1234, 3},
    {1, 0x1234, 2},
};

/* leak.c's arithmetic, repeated here: this test drives only the RTL (the
 * native side is the tracer's), and what it needs is the answer of a fresh
 * start, mem zeroed and acc 5, for any input. */
static int64_t expected(const leak_in_t *c)
{
    uint16_t mem[8] = {0};
    uint16_t acc = 5;
    if (c->sel & 1)
        mem[c->x & 7] = (uint16_t)c->x;
    if (c->sel & 2)
        acc = (uint16_t)(acc + (uint16_t)c->x);
    return (int32_t)((uint32_t)mem[c->y & 7] << 16 | acc);
}

/* Mostly inputs that write mem, acc or both; sometimes any sel, which may
 * write nothing. */
static leak_in_t writer(lg_rng_t *rng)
{
    leak_in_t c;
    c.sel = lg_rng_chance(rng, 0.9) ? (int)lg_rng_range(rng, 1, 3) : (int)lg_rng_range(rng, 0, 255);
    c.x = (int)lg_rng_range(rng, INT16_MIN, INT16_MAX);
    c.y = (int)lg_rng_range(rng, 0, 255);
    return c;
}

static oracle_t *fresh_oracle(const spec_t *s)
{
    lg_err_t err;
    oracle_t *o = oracle_create(s, NULL, NULL, &err);
    if (!o) {
        fprintf(stderr, "setup: oracle_create(leak.yaml): %s\n", err.msg);
        exit(2);
    }
    return o;
}

static void run(oracle_t *o, const spec_t *s, const leak_in_t *c, run_result_t *r)
{
    input_t *in = input_create(s);
    in->v[spec_param_index(s, "sel")].scalar = c->sel;
    in->v[spec_param_index(s, "x")].scalar = c->x;
    in->v[spec_param_index(s, "y")].scalar = c->y;
    lg_err_t err;
    int rc = oracle_run(o, in, r, &err);
    CHECK_MSG(rc == 0, "sel %d x %d y %d: %s", c->sel, c->x, c->y, err.msg);
    input_destroy(in);
}

static int same(const run_result_t *a, const run_result_t *b)
{
    return a->status == b->status && a->ret == b->ret && a->cycles == b->cycles;
}

static void describe(char *buf, size_t cap, const run_result_t *r)
{
    snprintf(buf, cap, "%s, return %lld, %llu cycles", run_status_name(r->status), (long long)r->ret,
             (unsigned long long)r->cycles);
}

static void check_probe(const spec_t *s, const leak_in_t *p, lg_rng_t *rng)
{
    oracle_t *o = fresh_oracle(s);
    run_result_t *first = run_result_create(s), *again = run_result_create(s), *r = run_result_create(s),
                 *fr = run_result_create(s);
    char a[96], b[96];

    run(o, s, p, first);
    describe(a, sizeof a, first);
    CHECK_MSG(first->status == RUN_OK && first->ret == expected(p) && first->cycles > 0,
              "probe sel %d x %d y %d on a fresh model: %s, want return %lld", p->sel, p->x, p->y, a,
              (long long)expected(p));

    /* The writers: each answers as a fresh model would. */
    int bad = 0, wrote_mem = 0, wrote_acc = 0;
    leak_in_t first_bad = {0, 0, 0};
    char got[96] = "";
    for (int i = 0; i < WRITERS; i++) {
        leak_in_t w = writer(rng);
        wrote_mem += (w.sel & 1) && (w.x & 7) == (p->y & 7) && w.x != 0;
        wrote_acc += (w.sel & 2) && w.x != 0;
        run(o, s, &w, r);
        if (!(r->status == RUN_OK && r->ret == expected(&w) && r->cycles == first->cycles) && bad++ == 0) {
            first_bad = w;
            describe(got, sizeof got, r);
        }
        if (i % FRESH_EVERY == FRESH_EVERY - 1) {
            oracle_t *o2 = fresh_oracle(s);
            run(o2, s, &w, fr);
            describe(a, sizeof a, r);
            describe(b, sizeof b, fr);
            CHECK_MSG(same(r, fr), "writer %d (sel %d x %d y %d) after %d calls: %s; on a fresh oracle: %s", i, w.sel,
                      w.x, w.y, i + 1, a, b);
            oracle_destroy(o2);
        }
    }
    CHECK_MSG(bad == 0, "%d of %d writers differ from a fresh model; the first: sel %d x %d y %d: %s, want return %lld",
              bad, WRITERS, first_bad.sel, first_bad.x, first_bad.y, got, (long long)expected(&first_bad));
    /* The probe reads what the writers wrote (guards the writer mix). */
    CHECK_MSG(wrote_mem > 0 && wrote_acc > 0, "probe y %d: %d writes of mem[%d], %d of acc", p->y, wrote_mem, p->y & 7,
              wrote_acc);

    run(o, s, p, again);
    describe(a, sizeof a, first);
    describe(b, sizeof b, again);
    CHECK_MSG(same(first, again), "probe sel %d x %d y %d: first %s; after %d writers %s", p->sel, p->x, p->y, a,
              WRITERS, b);
    /* A restarted child starts from a fresh model and would hide a leak. */
    CHECK_MSG(oracle_restarts(o) == 0 && oracle_calls(o) == WRITERS + 2, "restarts %llu, calls %llu",
              (unsigned long long)oracle_restarts(o), (unsigned long long)oracle_calls(o));

    run_result_destroy(first);
    run_result_destroy(again);
    run_result_destroy(r);
    run_result_destroy(fr);
    oracle_destroy(o);
}

/* The same in batches: one oracle_run_batch of the probe, the writers and
 * the probe again, shared by two workers, then again in batches of 7
 * (chunks that end mid-sequence); every result is a fresh model's. */
static void check_batch(const spec_t *s, lg_rng_t *rng)
{
    enum { N = WRITERS + 2 };
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.jobs = 2;
    lg_err_t err;
    oracle_t *o = oracle_create(s, &cfg, NULL, &err);
    CHECK_MSG(o != NULL, "oracle_create with 2 jobs: %s", o ? "" : err.msg);
    if (!o)
        return;
    leak_in_t *c = calloc(N, sizeof *c);
    input_t **in = calloc(N, sizeof *in);
    run_result_t **r = calloc(N, sizeof *r);
    c[0] = c[N - 1] = probes[0];
    for (int i = 1; i < N - 1; i++)
        c[i] = writer(rng);
    for (int i = 0; i < N; i++) {
        in[i] = input_create(s);
        in[i]->v[spec_param_index(s, "sel")].scalar = c[i].sel;
        in[i]->v[spec_param_index(s, "x")].scalar = c[i].x;
        in[i]->v[spec_param_index(s, "y")].scalar = c[i].y;
        r[i] = run_result_create(s);
    }
    for (size_t step = N; step > 0; step = step == N ? 7 : 0) {
        for (size_t i = 0; i < N; i += step) {
            size_t m = N - i < step ? N - i : step;
            CHECK_MSG(oracle_run_batch(o, (const input_t *const *)in + i, m, r + i, &err) == 0, "batch: %s", err.msg);
        }
        int bad = 0;
        for (int i = 0; i < N; i++)
            bad += !(r[i]->status == RUN_OK && r[i]->ret == expected(&c[i]) && r[i]->cycles == r[0]->cycles);
        CHECK_MSG(bad == 0, "batches of %zu: %d of %d results differ from a fresh model's", step, bad, N);
    }
    CHECK_MSG(oracle_restarts(o) == 0 && oracle_calls(o) == 2 * N, "restarts %llu, calls %llu",
              (unsigned long long)oracle_restarts(o), (unsigned long long)oracle_calls(o));
    for (int i = 0; i < N; i++) {
        input_destroy(in[i]);
        run_result_destroy(r[i]);
    }
    free(c);
    free(in);
    free(r);
    oracle_destroy(o);
}

/* A probe that reads mem[0] and acc from other initial states: all ones
 * gives mem[0] 0xffff, a random state what its seed draws, each state the
 * same result every time; acc's initial value holds in every state; and
 * the usual state answers as before between and after them, on the same
 * harness. */
static void check_xstate(const spec_t *s)
{
    oracle_t *o = fresh_oracle(s);
    input_t *in = input_create(s);
    run_result_t *r = run_result_create(s), *again = run_result_create(s);
    const leak_in_t p = probes[0];
    lg_err_t err;
    static const uint64_t states[] = {ORACLE_XSTATE_ONES, 2, 77, ORACLE_XSTATE_ONES, 77};
    int64_t got[sizeof states / sizeof *states];
    for (size_t k = 0; k < sizeof states / sizeof *states; k++) {
        CHECK_MSG(oracle_run_xstate(o, in, states[k], NULL, r, &err) == 0, "state %llu: %s",
                  (unsigned long long)states[k], err.msg);
        got[k] = r->ret;
        CHECK_MSG(r->status == RUN_OK && (r->ret & 0xffff) == 5, "state %llu: %s, return 0x%llx: acc is not 5",
                  (unsigned long long)states[k], run_status_name(r->status), (unsigned long long)r->ret);
        run(o, s, &p, again);
        CHECK_MSG(again->status == RUN_OK && again->ret == expected(&p),
                  "the usual state after state %llu: return 0x%llx, want 0x%llx", (unsigned long long)states[k],
                  (unsigned long long)again->ret, (unsigned long long)expected(&p));
    }
    CHECK_MSG((uint32_t)got[0] == 0xffff0005u, "all ones: return 0x%llx, want 0xffff0005", (unsigned long long)got[0]);
    CHECK_MSG(got[3] == got[0] && got[4] == got[2], "a state run twice: 0x%llx then 0x%llx, 0x%llx then 0x%llx",
              (unsigned long long)got[0], (unsigned long long)got[3], (unsigned long long)got[2],
              (unsigned long long)got[4]);
    CHECK_MSG(got[1] != got[2] && got[1] != expected(&p) && got[2] != expected(&p),
              "random states 2 and 77 give 0x%llx and 0x%llx, the usual one 0x%llx", (unsigned long long)got[1],
              (unsigned long long)got[2], (unsigned long long)expected(&p));
    CHECK_MSG(oracle_restarts(o) == 0, "restarts %llu", (unsigned long long)oracle_restarts(o));
    run_result_destroy(r);
    run_result_destroy(again);
    input_destroy(in);
    oracle_destroy(o);
}

int main(void)
{
    spec_t *s = test_spec(ORACLE_TEST_DIR "/rtl/leak.yaml");
    /* Build (or find in the cache) the model once, with the build logged. */
    lg_log_t log = lg_log_make(LG_LOG_INFO);
    lg_err_t err;
    oracle_t *o = oracle_create(s, NULL, &log, &err);
    if (!o) {
        fprintf(stderr, "setup: oracle_create(leak.yaml): %s\n", err.msg);
        return 2;
    }
    oracle_destroy(o);

    lg_rng_t rng;
    lg_rng_seed(&rng, SEED);
    for (size_t i = 0; i < sizeof probes / sizeof *probes; i++)
        check_probe(s, &probes[i], &rng);
    check_batch(s, &rng);
    check_xstate(s);
    spec_destroy(s);
    TEST_DONE();
}
