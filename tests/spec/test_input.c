/* Typed input tests: JSON round trip, every rejection path, normalisation
 * and the feature vector view, on the accumulate kernel and a spec with
 * every kind of param; input hashes that must not change. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spec/features.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static spec_t *load(const char *path)
{
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    if (!s)
        fprintf(stderr, "%s\n", err.msg);
    return s;
}

static const struct {
    const char *json;
    const char *msg;
} rejects[] = {
    {"{\"data\": [1, 2], \"size\": 3}", "array 'data' has 2 elements but size = 3"},
    {"{\"data\": [1, 2], \"size\": 2, \"extra\": 1}", "unknown param 'extra'"},
    {"{\"data\": [1, \"two\"], \"size\": 2}", "data[1] must be an integer, found a string"},
    {"{\"data\": [1, 2.5], \"size\": 2}", "data[1] must be an integer, found a fractional number"},
    {"{\"data\": 7, \"size\": 1}", "'data' must be an array, found an integer"},
    {"{\"data\": [1], \"size\": true}", "size must be an integer, found a boolean"},
    {"{\"data\": [4294967296], \"size\": 1}", "data[0] = 4294967296 does not fit type i32"},
    {"{\"data\": [], \"size\": -1}", "size = -1 is outside its range [0, 512]"},
    {"{\"data\": [1, 2}", "input:1:15: invalid JSON"},
    {"[1, 2]", "an input must be a JSON object"},
    {"{\"size\": 2}", "missing array 'data' although size = 2"},
    {"{}", "missing array 'data' and its length 'size'"},
    {"{\"data\": [1], \"size\": 1} x", "input:1:26: invalid JSON: trailing characters"},
    {"", "input:1:1: invalid JSON"},
    /* Strict JSON: what json-c alone would let through. */
    {"{\"data\": [01], \"size\": 1}", "input:1:11: invalid JSON: leading zeros are not JSON ('01')"},
    {"{\"data\": [-01], \"size\": 1}", "input:1:11: invalid JSON: leading zeros are not JSON ('-01')"},
    {"{'data': [1], 'size': 1}", "input:1:2: invalid JSON: single quotes are not JSON"},
    {"{\"data\": /* c */ [1], \"size\": 1}", "input:1:10: invalid JSON: comments are not JSON"},
    {"// c\n{\"data\": [1], \"size\": 1}", "input:1:1: invalid JSON: comments are not JSON"},
    {"{\"data\": [1], \"size\": 1} // c", "input:1:26: invalid JSON: trailing characters"},
    {"{\"data\": [1], \"data\": [1, 2]}", "input:1:15: invalid JSON: duplicate key \"data\""},
    {"{\"data\": [1], \"size\": 1, \"d\\u0061ta\": [1]}", "input:1:26: invalid JSON: duplicate key \"data\""},
    {"{\"data\": [1], \"size\": 99999999999999999999}",
     "input:1:23: invalid JSON: integer 99999999999999999999 is outside the 64-bit range"},
    {"{\"data\": [-9223372036854775809], \"size\": 1}", "input:1:11: invalid JSON: integer -9223372036854775809"},
    {"{\"data\": [1,], \"size\": 1}", "input:1:13: invalid JSON: unexpected character ']'"},
    {"{\"data\": [NaN], \"size\": 1}", "input:1:11: invalid JSON: unexpected character 'N'"},
    {"{\"data\": [1], \"size\": 1, \"x\\u0000\": 1}", "input:1:28: invalid JSON: a NUL character (\\u0000)"},
    {"{\"data\": [1], \"size\": 1, \"x\ty\": 1}", "input:1:28: invalid JSON: control character 0x09"},
    {"{\"data\": [1], \"size\": +1}", "input:1:23: invalid JSON: unexpected character '+'"},
    {"{\"data\": [1], \"size\": 1", "input:1:24: invalid JSON: unexpected end of input"},
    {"{\"data\": [1e3], \"size\": 1}", "data[0] must be an integer, found a fractional number"},
};

/* input_hash names corpus files (corpus/<hash>.json), so its values must
 * stay those that earlier runs wrote. */
static void test_hash_stable(const char *kernels)
{
    static const struct {
        const char *kernel, *json;
        uint64_t want;
    } cases[] = {
        {"accumulate", NULL, UINT64_C(0x16914bc83a2e8de4)},
        {"accumulate", "{\"data\": [3, 250, 7], \"size\": 3}", UINT64_C(0x2a213227fcc7dbd2)},
        {"matmul", NULL, UINT64_C(0x47db55ca2d827e18)},
        {"threshold", NULL, UINT64_C(0xb013784d94491785)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *path = lg_asprintf("%s/%s/kernel.yaml", kernels, cases[i].kernel);
        spec_t *s = load(path);
        free(path);
        CHECK(s != NULL);
        if (!s)
            continue;
        lg_err_t err;
        input_t *in = cases[i].json ? input_from_json(s, cases[i].json, NULL, &err) : input_create(s);
        CHECK_MSG(in && input_hash(in) == cases[i].want, "case %zu: %016llx", i,
                  in ? (unsigned long long)input_hash(in) : 0ull);
        input_destroy(in);
        spec_destroy(s);
    }
}

static void test_accumulate(const char *kernels)
{
    char *path = lg_asprintf("%s/accumulate/kernel.yaml", kernels);
    spec_t *s = load(path);
    free(path);
    CHECK(s != NULL);
    if (!s)
        return;
    lg_err_t err;
    input_t *in = input_from_json(s, "{\"data\": [3, 250, 7], \"size\": 3}", NULL, &err);
    CHECK_MSG(in != NULL, "%s", err.msg);
    char *js = input_to_json(in);
    CHECK(strcmp(js, "{\"data\":[3,250,7],\"size\":3}") == 0);
    input_t *back = input_from_json(s, js, NULL, &err);
    CHECK(back && input_equal(in, back) && input_hash(in) == input_hash(back));
    free(js);
    /* A missing len param is taken from the array. */
    input_t *nolen = input_from_json(s, "{\"data\": [3, 250, 7]}", NULL, &err);
    CHECK(nolen && nolen->v[1].scalar == 3 && input_equal(in, nolen));
    /* A too-long array is rejected with its max_len. */
    char *big = lg_strdup("{\"data\": [");
    for (int i = 0; i < 513; i++) {
        char *next = lg_asprintf("%s%s1", big, i ? "," : "");
        free(big);
        big = next;
    }
    char *bigj = lg_asprintf("%s]}", big);
    input_t *toolong = input_from_json(s, bigj, "big.json", &err);
    CHECK(toolong == NULL);
    CHECK_STR_CONTAINS(err.msg, "big.json: array 'data' has 513 elements, more than its max_len 512");
    free(big);
    free(bigj);
    for (size_t i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
        input_t *r = input_from_json(s, rejects[i].json, NULL, &err);
        CHECK_MSG(r == NULL, "accepted %s", rejects[i].json);
        input_destroy(r);
        if (!r)
            CHECK_MSG(strstr(err.msg, rejects[i].msg) != NULL, "'%s' lacks '%s'", err.msg, rejects[i].msg);
    }
    /* Features: size, len(data), data[0..7], max, min, sum. */
    features_t *fs = features_create(s);
    CHECK(fs->n == 1 + 1 + 8 + 3);
    CHECK(features_find(fs, "size") == 1 + 8 + 3);
    int64_t fv[16];
    features_eval(fs, in, fv);
    CHECK(fv[features_find(fs, "len(data)")] == 3);
    CHECK(fv[features_find(fs, "data[1]")] == 250);
    CHECK(fv[features_find(fs, "data[5]")] == 0);
    CHECK(fv[features_find(fs, "max(data)")] == 250);
    CHECK(fv[features_find(fs, "min(data)")] == 3);
    CHECK(fv[features_find(fs, "sum(data)")] == 260);
    CHECK(fs->f[features_find(fs, "len(data)")].hi == 512);
    /* Normalisation ties lengths: setting the length updates size. */
    input_set_len(in, 0, 600);
    CHECK(in->v[0].len == 512 && in->v[1].scalar == 512);
    in->v[1].scalar = 2;
    input_normalize(in, 0);
    CHECK(in->v[0].len == 2);
    input_t *empty = input_from_json(s, "{\"data\": [], \"size\": 0}", NULL, &err);
    features_eval(fs, empty, fv);
    CHECK(fv[features_find(fs, "max(data)")] == 0 && fv[features_find(fs, "sum(data)")] == 0);
    input_destroy(empty);
    features_destroy(fs);
    input_destroy(in);
    input_destroy(back);
    input_destroy(nolen);
    spec_destroy(s);
}

/* u64 values above INT64_MAX, ranges, fixed arrays and out arrays. */
static void test_types(void)
{
    char dir[] = "/tmp/lgfuzz-test-input-XXXXXX";
    if (!mkdtemp(dir))
        return;
    char *c = lg_asprintf("%s/k.c", dir), *y = lg_asprintf("%s/k.yaml", dir);
    FILE *f = fopen(c, "w");
    fputs("void k(void) {}\n", f);
    fclose(f);
    f = fopen(y, "w");
    fputs("kernel: k\nc: {source: k.c, function: k}\nparams:\n"
          "  - {name: big, type: u64}\n  - {name: small, type: i8, range: [-5, 5]}\n"
          "  - {name: win, type: u8, array: {len: 3}}\n  - {name: res, type: i16, array: {len: 2}, dir: out}\n",
          f);
    fclose(f);
    spec_t *s = load(y);
    CHECK(s != NULL);
    if (s) {
        lg_err_t err;
        input_t *in =
            input_from_json(s, "{\"big\": 18446744073709551615, \"small\": -5, \"win\": [1, 2, 255]}", NULL, &err);
        CHECK_MSG(in != NULL, "%s", err.msg);
        if (in) {
            CHECK((uint64_t)in->v[0].scalar == UINT64_MAX);
            char *js = input_to_json(in);
            CHECK(strcmp(js, "{\"big\":18446744073709551615,\"small\":-5,\"win\":[1,2,255]}") == 0);
            free(js);
            CHECK(in->v[2].len == 3);
        }
        input_destroy(in);
        CHECK(!input_from_json(s, "{\"big\": -1, \"small\": 0, \"win\": [1, 2, 3]}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "big = -1 does not fit type u64");
        CHECK(!input_from_json(s, "{\"big\": 1, \"small\": 6, \"win\": [1, 2, 3]}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "small = 6 is outside its range [-5, 5]");
        CHECK(!input_from_json(s, "{\"big\": 1, \"small\": 0, \"win\": [1, 2]}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "array 'win' has 2 elements; its fixed length is 3");
        CHECK(!input_from_json(s, "{\"big\": 1, \"small\": 0, \"win\": [1, 2, 256]}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "win[2] = 256 does not fit type u8");
        CHECK(!input_from_json(s, "{\"big\": 1, \"win\": [1, 2, 3]}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "missing param 'small'");
        CHECK(!input_from_json(s, "{\"big\": 1, \"small\": 0}", NULL, &err));
        CHECK_STR_CONTAINS(err.msg, "missing array 'win' (3 elements)");
        /* A fresh input lies in the domain: small's zero, and an out array
         * has no feature. */
        input_t *z = input_create(s);
        CHECK(z->v[1].scalar == 0 && z->v[2].len == 3);
        features_t *fs = features_create(s);
        CHECK(features_find(fs, "len(res)") < 0 && features_find(fs, "win[2]") >= 0 && features_find(fs, "win[3]") < 0);
        z->v[1].scalar = 100;
        input_normalize(z, 0);
        CHECK(z->v[1].scalar == 5);
        /* Saving is atomic and loads back. */
        char *out = lg_asprintf("%s/in.json", dir);
        CHECK(input_save(z, out, &err) == LG_OK);
        input_t *l = input_load(s, out, &err);
        CHECK(l && input_equal(l, z));
        input_destroy(l);
        free(out);
        features_destroy(fs);
        input_destroy(z);
    }
    spec_destroy(s);
    char *cmd = lg_asprintf("rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    free(cmd);
    free(c);
    free(y);
}

/* The text of each file, with its length (NUL bytes included). */
static const struct {
    const char *text;
    size_t len;
    const char *msg;
} bad_files[] = {
    {"{\"data\": [1], \"size\": 1}\0garbage", 32, ":1:25: invalid JSON: a NUL byte after the input object"},
    {"{\"data\": [1], \"si\0ze\": 1}", 25, ":1:18: invalid JSON: a NUL byte inside a string"},
    {"{\"data\": [1],\0 \"size\": 1}", 25, ":1:14: invalid JSON: a NUL byte"},
};

/* Input files: a NUL byte anywhere is an error at its position; a device,
 * a directory or a FIFO is refused at once, never read. */
static void test_files(const char *kernels)
{
    char *path = lg_asprintf("%s/accumulate/kernel.yaml", kernels);
    spec_t *s = load(path);
    free(path);
    CHECK(s != NULL);
    char dir[] = "/tmp/lgfuzz-test-input-XXXXXX";
    if (!s || !mkdtemp(dir)) {
        spec_destroy(s);
        return;
    }
    lg_err_t err;
    for (size_t i = 0; i < sizeof bad_files / sizeof bad_files[0]; i++) {
        char *f = lg_asprintf("%s/bad%zu.json", dir, i);
        CHECK(lg_write_file_atomic(f, bad_files[i].text, bad_files[i].len, &err) == LG_OK);
        input_t *in = input_load(s, f, &err);
        CHECK_MSG(in == NULL, "file %zu accepted", i);
        char *want = lg_asprintf("%s%s", f, bad_files[i].msg);
        CHECK_STR_CONTAINS(err.msg, want);
        input_destroy(in);
        free(want);
        free(f);
    }
    char *fifo = lg_asprintf("%s/fifo.json", dir);
    CHECK(mkfifo(fifo, 0600) == 0);
    const struct {
        const char *path, *msg;
    } special[] = {{"/dev/zero", "/dev/zero: is a device, not a regular file"},
                   {"/proc/self/status", "/proc/self/status: is a /proc or /sys file"},
                   {dir, ": is a directory, not a file"},
                   {fifo, "fifo.json: is a pipe or socket, not a regular file"}};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
        input_t *in = input_load(s, special[i].path, &err);
        CHECK_MSG(in == NULL, "%s accepted", special[i].path);
        CHECK_STR_CONTAINS(err.msg, special[i].msg);
        input_destroy(in);
    }
    free(fifo);
    lg_remove_tree(dir);
    spec_destroy(s);
}

/* 100,000 nested arrays are refused at level 65 without recursing further. */
static void test_deep(const char *kernels)
{
    char *path = lg_asprintf("%s/accumulate/kernel.yaml", kernels);
    spec_t *s = load(path);
    free(path);
    CHECK(s != NULL);
    size_t n = 100000;
    char *text = lg_malloc(n + 1);
    memset(text, '[', n);
    text[n] = '\0';
    lg_err_t err;
    input_t *in = s ? input_from_json(s, text, NULL, &err) : NULL;
    CHECK(in == NULL);
    if (s)
        CHECK_STR_CONTAINS(err.msg, "input:1:65: invalid JSON: nesting deeper than 64 levels");
    input_destroy(in);
    free(text);
    spec_destroy(s);
}

int main(void)
{
    test_accumulate(LG_TEST_KERNELS);
    test_hash_stable(LG_TEST_KERNELS);
    test_types();
    test_files(LG_TEST_KERNELS);
    test_deep(LG_TEST_KERNELS);
    TEST_DONE();
}
