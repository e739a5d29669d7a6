/* Tests of lg_hashset: entries sharing a hash walked in full, hashes that
 * differ only in their low or high bits kept apart, growth keeping every
 * entry, and the insert-only use as a set of hashes. */
#include <stdint.h>
#include <stdlib.h>

#include "tests/test.h"
#include "util/hashset.h"

/* The values stored under hash, as a bit mask (values below 64). */
static uint64_t values_of(const lg_hashset_t *s, uint64_t hash)
{
    uint64_t mask = 0;
    size_t pos = 0;
    uint32_t v;
    while (lg_hashset_next(s, hash, &pos, &v))
        mask |= UINT64_C(1) << v;
    return mask;
}

static void test_shared_hashes(void)
{
    /* Entries (hash, value) added in this order, then the values expected
     * under each hash. 0 and 1 << 63 and 1 differ in a single bit. */
    static const struct {
        uint64_t hash;
        uint32_t value;
    } adds[] = {
        {7, 1}, {7, 2}, {0, 3}, {UINT64_C(1) << 63, 4}, {1, 5}, {7, 6}, {UINT64_MAX, 0},
    };
    static const struct {
        uint64_t hash, values;
    } want[] = {
        {7, (1u << 1) | (1u << 2) | (1u << 6)},
        {0, 1u << 3},
        {UINT64_C(1) << 63, 1u << 4},
        {1, 1u << 5},
        {UINT64_MAX, 1u << 0},
        {8, 0},
        {UINT64_MAX - 1, 0},
    };
    lg_hashset_t s;
    lg_hashset_init(&s);
    CHECK(values_of(&s, 7) == 0);
    for (size_t i = 0; i < sizeof adds / sizeof adds[0]; i++)
        lg_hashset_add(&s, adds[i].hash, adds[i].value);
    CHECK(s.n == sizeof adds / sizeof adds[0]);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK_MSG(values_of(&s, want[i].hash) == want[i].values, "hash %llx: %llx", (unsigned long long)want[i].hash,
                  (unsigned long long)values_of(&s, want[i].hash));
    lg_hashset_free(&s);
    CHECK(s.n == 0 && s.cap == 0 && values_of(&s, 7) == 0);
    lg_hashset_free(NULL);
}

/* Many entries, with hashes that share their low bits (multiples of 2^32)
 * or their high bits (small integers): all found after several doublings,
 * each under its own hash only. */
static void test_growth(void)
{
    static const struct {
        uint64_t step;
        size_t n;
    } runs[] = {
        {1, 5000},
        {UINT64_C(1) << 32, 5000},
        {UINT64_C(0x9e3779b97f4a7c15), 3000},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        lg_hashset_t s;
        lg_hashset_init(&s);
        for (size_t i = 0; i < runs[r].n; i++)
            lg_hashset_add(&s, (i + 1) * runs[r].step, (uint32_t)i);
        CHECK(s.n == runs[r].n && s.cap >= 2 * s.n);
        size_t bad = 0;
        for (size_t i = 0; i < runs[r].n; i++) {
            size_t pos = 0;
            uint32_t v, count = 0, last = 0;
            while (lg_hashset_next(&s, (i + 1) * runs[r].step, &pos, &v))
                count++, last = v;
            bad += count != 1 || last != i;
        }
        CHECK_MSG(bad == 0, "run %zu: %zu entries lost or duplicated", r, bad);
        lg_hashset_free(&s);
    }
}

static void test_insert(void)
{
    static const struct {
        uint64_t hash;
        int is_new;
    } steps[] = {
        {42, 1}, {42, 0}, {0, 1}, {43, 1}, {0, 0}, {42, 0}, {UINT64_MAX, 1},
    };
    lg_hashset_t s;
    lg_hashset_init(&s);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        CHECK_MSG(lg_hashset_insert(&s, steps[i].hash) == steps[i].is_new, "step %zu", i);
    CHECK(s.n == 4);
    lg_hashset_free(&s);
}

int main(void)
{
    test_shared_hashes();
    test_growth();
    test_insert();
    TEST_DONE();
}
