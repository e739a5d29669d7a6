/* Tests of the benchmark kit: the byte decoding of the byte-level
 * baselines (table of byte strings and the input each must give), the
 * witness matching of planted divergences against every kernel's trigger
 * inputs, and the run state shared across processes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/baselines/benchkit.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

#ifndef LG_TEST_KERNELS
#error "LG_TEST_KERNELS must name the kernels directory"
#endif

typedef struct decode_case {
    const char *kernel;
    const uint8_t bytes[24];
    size_t n;
    const char *json; /* the input the bytes decode to */
} decode_case_t;

static const decode_case_t decode_cases[] = {
    /* no bytes: every value reads 0 (in range here) */
    {"accumulate", {0}, 0, "{\"data\":[],\"size\":0}"},
    /* size 2 (in range, kept), then two i32 elements */
    {"accumulate", {2, 0, 0, 0, 7, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, 12, "{\"data\":[7,-1],\"size\":2}"},
    /* size 0x203 = 515 folds into [0, 512]: 515 mod 513 = 2; elements past the end read 0 */
    {"accumulate", {0x03, 0x02, 0, 0, 5}, 5, "{\"data\":[5,0],\"size\":2}"},
    /* size -1 (0xffffffff) folds: (-1 - 0) mod 513 as unsigned 64-bit */
    {"accumulate", {0xff, 0xff, 0xff, 0xff}, 4, NULL},
    /* u8 arrays take one byte per element; n from 4 bytes; out arrays take none */
    {"rgb2yuv", {2, 0, 0, 0, 10, 11, 20, 21, 30, 31}, 10, "{\"r\":[10,11],\"g\":[20,21],\"b\":[30,31],\"n\":2}"},
    /* ranged i16 elements: 0x7fff is outside [-1024, 1023] and folds to -1024 + (32767 + 1024) % 2048 = -1 */
    {"dfscale",
     {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0x7f},
     18,
     "{\"src\":[-1],\"n\":1,\"m\":0,\"gain\":0,\"bias\":0}"},
};

static spec_t *load_spec(const char *kernel)
{
    lg_err_t err;
    char *p = lg_asprintf("%s/%s/kernel.yaml", LG_TEST_KERNELS, kernel);
    spec_t *s = spec_load(p, &err);
    CHECK_MSG(s != NULL, "%s: %s", p, err.msg);
    free(p);
    return s;
}

static void test_decode(void)
{
    for (size_t i = 0; i < sizeof decode_cases / sizeof decode_cases[0]; i++) {
        const decode_case_t *c = &decode_cases[i];
        spec_t *spec = load_spec(c->kernel);
        if (!spec)
            continue;
        input_t *in = input_create(spec);
        benchkit_decode(c->bytes, c->n, in);
        char *got = input_to_json(in);
        if (c->json) {
            CHECK_MSG(strcmp(got, c->json) == 0, "case %zu: got %s, want %s", i, got, c->json);
        } else {
            /* (2^64 - 1) mod 513 = 510 */
            CHECK_MSG(in->v[1].scalar == 510 && in->v[0].len == 510, "case %zu: size %lld", i,
                      (long long)in->v[1].scalar);
        }
        /* Decoding is total: the result always re-parses as a valid input. */
        lg_err_t err;
        input_t *back = input_from_json(spec, got, "decoded", &err);
        CHECK_MSG(back != NULL, "case %zu: %s", i, back ? "" : err.msg);
        input_destroy(back);
        free(got);
        input_destroy(in);
        spec_destroy(spec);
    }
}

typedef struct match_case {
    const char *kernel, *input, *cls;
    const char *want; /* the ids that must match, comma-separated ("" = none) */
} match_case_t;

static const match_case_t match_cases[] = {
    {"accumulate", "odd-size.json", "mismatch:return", "odd-size"},
    {"accumulate", "sum-overflow.json", "mismatch:return", "sum-overflow"},
    {"accumulate", "data-truncation.json", "mismatch:return", "data-truncation"},
    {"accumulate", "oob-size-401.json", "rtl-oob:data", "oob-depth"},
    /* the right input with the wrong class matches nothing */
    {"accumulate", "oob-size-401.json", "mismatch:return", ""},
    {"accumulate", "safe-even-400.json", "mismatch:return", ""},
    {"rgb2yuv", "u-wrap.json", "mismatch:u", "u-wrap"},
    {"rgb2yuv", "v-wrap.json", "mismatch:v", "v-wrap"},
    {"rgb2yuv", "safe-grey.json", "mismatch:y", ""},
};

static void test_match(void)
{
    for (size_t i = 0; i < sizeof match_cases / sizeof match_cases[0]; i++) {
        const match_case_t *c = &match_cases[i];
        spec_t *spec = load_spec(c->kernel);
        if (!spec)
            continue;
        lg_err_t err;
        char *ep = lg_asprintf("%s/%s/expected.yaml", LG_TEST_KERNELS, c->kernel);
        char *ip = lg_asprintf("%s/%s/inputs/%s", LG_TEST_KERNELS, c->kernel, c->input);
        benchkit_plants_t *p = benchkit_plants_load(spec, ep, &err);
        CHECK_MSG(p != NULL, "%s: %s", ep, p ? "" : err.msg);
        input_t *in = input_load(spec, ip, &err);
        CHECK_MSG(in != NULL, "%s: %s", ip, in ? "" : err.msg);
        if (p && in) {
            uint8_t hits[BENCHKIT_MAX_PLANTS] = {0};
            benchkit_plants_match(p, c->cls, in, hits);
            char got[512] = "";
            for (size_t k = 0; k < benchkit_plants_count(p); k++)
                if (hits[k])
                    snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? "," : "",
                             benchkit_plants_id(p, k));
            CHECK_MSG(strcmp(got, c->want) == 0, "case %zu (%s %s): matched '%s', want '%s'", i, c->kernel, c->input,
                      got, c->want);
        }
        input_destroy(in);
        benchkit_plants_destroy(p);
        free(ep);
        free(ip);
        spec_destroy(spec);
    }
}

static void test_bad_expected(void)
{
    spec_t *spec = load_spec("accumulate");
    if (!spec)
        return;
    char path[] = "/tmp/lgb-expected-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    /* A complete entry (starting on line 2) whose witness does not parse. */
    const char *text = "divergences:\n  - id: bad\n    class: mismatch:return\n    witness: \"size >\"\n"
                       "    cause: c\n    trigger: t.json\n    probability: 0\n    probability_method: m\n"
                       "kernel: accumulate\nsafe: []\n";
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    lg_err_t err;
    benchkit_plants_t *p = benchkit_plants_load(spec, path, &err);
    CHECK(p == NULL);
    CHECK_STR_CONTAINS(err.msg, "witness of bad");
    CHECK_STR_CONTAINS(err.msg, ":2:");
    benchkit_plants_destroy(p);
    unlink(path);
    spec_destroy(spec);
}

static void test_state(void)
{
    char dir[] = "/tmp/lgb-state-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *path = lg_path_join(dir, "state.bin");
    lg_err_t err;
    benchkit_state_t *a = benchkit_state_map(path, &err);
    CHECK(a != NULL);
    if (a) {
        a->execs = 41;
        a->found[3] = 1;
        /* a second mapping (another process of the run) sees the same record */
        benchkit_state_t *b = benchkit_state_map(path, &err);
        CHECK(b != NULL && b->execs == 41 && b->found[3] == 1);
        if (b)
            b->execs++;
        CHECK(a->execs == 42);
        benchkit_state_unmap(b);
        benchkit_state_unmap(a);
        benchkit_state_t st;
        CHECK(benchkit_state_read(path, &st, &err) == LG_OK && st.execs == 42);
    }
    CHECK(benchkit_state_read("/nonexistent/state.bin", &(benchkit_state_t){0}, &err) == LG_EIO);
    unlink(path);
    rmdir(dir);
    free(path);
}

int main(void)
{
    test_decode();
    test_match();
    test_bad_expected();
    test_state();
    TEST_DONE();
}
