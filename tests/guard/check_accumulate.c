/* Checks an exported accumulate_guard.h against accumulate's true safe
 * region (size even, size <= 400, every element in [0, 255], sum <= 511)
 * on random inputs from four distributions; compiled by e2e_accumulate.sh
 * with -std=c99 -Wall -Werror. Prints precision and recall per distribution
 * and exits 1 when precision < 1.0 or recall < 0.95 on any of them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "accumulate_guard.h"

static uint64_t state = 0x9e3779b97f4a7c15ull;

/* splitmix64: a fixed stream, so the check is the same on every run. */
static uint64_t next(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int64_t range(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(next() % (uint64_t)(hi - lo + 1));
}

static int truth(const int32_t *data, int32_t size)
{
    if (size % 2 != 0 || size > 400)
        return 0;
    int64_t sum = 0;
    for (int32_t i = 0; i < size; i++) {
        if (data[i] < 0 || data[i] > 255)
            return 0;
        sum += data[i];
    }
    return sum <= 511;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    static const char *const names[] = {"uniform in the spec domains", "elements in [0, 255], size in [0, 512]",
                                        "elements in [0, 255], size in [0, 8]",
                                        "elements in [-300, 600], size in [0, 4]"};
    static int32_t data[512];
    int failed = 0;
    for (int dist = 0; dist < 4; dist++) {
        long tp = 0, fp = 0, fn = 0, tn = 0;
        for (long t = 0; t < n; t++) {
            int32_t size = (int32_t)range(0, dist == 3 ? 4 : dist == 2 ? 8 : 512);
            for (int32_t i = 0; i < size; i++)
                data[i] = (int32_t)(dist == 0   ? range(INT32_MIN, INT32_MAX)
                                    : dist == 3 ? range(-300, 600)
                                                : range(0, 255));
            int want = truth(data, size), got = accumulate_guard(data, size);
            tp += want && got;
            fp += !want && got;
            fn += want && !got;
            tn += !want && !got;
        }
        double precision = tp + fp ? (double)tp / (double)(tp + fp) : 1.0;
        double recall = tp + fn ? (double)tp / (double)(tp + fn) : 1.0;
        printf("%s: %ld inputs, %ld safe; precision %.4f, recall %.4f (tp %ld fp %ld fn %ld tn %ld)\n", names[dist], n,
               tp + fn, precision, recall, tp, fp, fn, tn);
        failed |= precision < 1.0 || recall < 0.95;
    }
    return failed;
}
