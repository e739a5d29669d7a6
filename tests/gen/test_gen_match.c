/* Matching finds on generated kernels, as the benchmark does it: the
 * planted divergences of a generated expected.yaml load through the
 * benchmark kit (the kernel rebuilt from its `generator` entry), each
 * witness input finds its own plant under its class and under the other
 * return class, a symptom of another class finds nothing, an input on
 * which no plant alone changes the result finds nothing, and an
 * expected.yaml from another generator is refused naming the plant. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/baselines/benchkit.h"
#include "gen/gen.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* Each plant's witness finds that plant, whatever the class of return
 * symptom; a crash class finds nothing. */
static void check_witnesses(const gen_kernel_t *g, const spec_t *spec, benchkit_plants_t *p, const char *dir)
{
    for (size_t i = 0; i < gen_plant_count(g); i++) {
        char *id = gen_plant_id(g, i);
        char *path = lg_asprintf("%s/inputs/%s.json", dir, id);
        lg_err_t err;
        input_t *in = input_load(spec, path, &err);
        CHECK_MSG(in, "%s", err.msg);
        size_t k = 0;
        while (k < benchkit_plants_count(p) && strcmp(benchkit_plants_id(p, k), id) != 0)
            k++;
        CHECK_MSG(k < benchkit_plants_count(p), "%s: %s not loaded", gen_name(g), id);
        static const char *const classes[] = {"mismatch:return", "rtl-oob:x", "cpu-crash:SIGSEGV"};
        for (size_t c = 0; in && k < benchkit_plants_count(p) && c < 3; c++) {
            uint8_t hits[BENCHKIT_MAX_PLANTS] = {0};
            benchkit_plants_match(p, classes[c], in, hits);
            CHECK_MSG(hits[k] == (c < 2), "%s: witness of %s under %s: hit %d", gen_name(g), id, classes[c], hits[k]);
        }
        input_destroy(in);
        free(path);
        free(id);
    }
}

/* A zero input finds exactly the plants that alone change the result on
 * it, which on a control is none. */
static void check_zero(const gen_kernel_t *g, const spec_t *spec, benchkit_plants_t *p)
{
    input_t *in = input_create(spec);
    uint8_t hits[BENCHKIT_MAX_PLANTS] = {0};
    size_t n = benchkit_plants_match(p, "mismatch:return", in, hits);
    size_t want = 0;
    for (size_t i = 0; i < gen_plant_count(g); i++)
        want += (size_t)gen_plant_decides(g, i, in);
    CHECK_MSG(n == want, "%s: zero input matched %zu plants, gen_plant_decides says %zu", gen_name(g), n, want);
    if (gen_plant_count(g) == 0)
        CHECK_MSG(n == 0, "%s: a control matched %zu plants", gen_name(g), n);
    input_destroy(in);
}

static size_t check_seed(uint64_t seed, const char *root, size_t *plants, size_t *controls)
{
    gen_cfg_t cfg;
    gen_cfg_default(&cfg);
    cfg.seed = seed;
    lg_err_t err;
    gen_kernel_t *g = gen_create(&cfg, &err);
    char *dir = lg_asprintf("%s/%llu", root, (unsigned long long)seed);
    CHECK_MSG(gen_write(g, dir, &err) == 0, "%s", err.msg);
    char *sp = lg_asprintf("%s/kernel.yaml", dir), *ep = lg_asprintf("%s/expected.yaml", dir);
    spec_t *spec = spec_load(sp, &err);
    CHECK_MSG(spec, "%s", err.msg);
    benchkit_plants_t *p = spec ? benchkit_plants_load(spec, ep, &err) : NULL;
    CHECK_MSG(!spec || p, "%s", err.msg);
    if (p) {
        CHECK_MSG(benchkit_plants_count(p) == gen_plant_count(g), "%s: %zu plants loaded of %zu", gen_name(g),
                  benchkit_plants_count(p), gen_plant_count(g));
        check_witnesses(g, spec, p, dir);
        check_zero(g, spec, p);
    }
    size_t n = gen_plant_count(g);
    *plants += n;
    *controls += n == 0;
    benchkit_plants_destroy(p);
    spec_destroy(spec);
    free(sp);
    free(ep);
    free(dir);
    gen_destroy(g);
    return n;
}

/* The expected.yaml of seed (a one-digit seed with plants) claiming seed
 * 0: its plants are not seed 0's. */
static void check_foreign(const char *root, uint64_t seed)
{
    char *sp = lg_asprintf("%s/%llu/kernel.yaml", root, (unsigned long long)seed);
    char *ep = lg_asprintf("%s/%llu/expected.yaml", root, (unsigned long long)seed);
    char *key = lg_asprintf("generator: {seed: %llu,", (unsigned long long)seed);
    size_t len = 0;
    lg_err_t err;
    char *text = lg_read_file(ep, &len, &err);
    CHECK_MSG(text, "%s", err.msg);
    char *at = text ? strstr(text, key) : NULL;
    CHECK_MSG(at, "%s has no %s", ep, key);
    if (at) {
        at[strlen("generator: {seed: ")] = '0';
        CHECK(lg_write_file_atomic(ep, text, len, &err) == 0);
        spec_t *spec = spec_load(sp, &err);
        benchkit_plants_t *p = spec ? benchkit_plants_load(spec, ep, &err) : NULL;
        CHECK_MSG(!p && strstr(err.msg, "is not a plant of g0"), "foreign expected.yaml: %s", p ? "loaded" : err.msg);
        benchkit_plants_destroy(p);
        spec_destroy(spec);
    }
    free(text);
    free(key);
    free(sp);
    free(ep);
}

int main(void)
{
    char root[] = "/tmp/lgfuzz-gen-match-XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    size_t plants = 0, controls = 0;
    uint64_t planted = 0;
    for (uint64_t s = 1; s <= 20; s++)
        if (check_seed(s, root, &plants, &controls) && !planted && s < 10)
            planted = s;
    /* the seeds must exercise both cases */
    CHECK_MSG(plants >= 10 && controls >= 1, "seeds 1-20: %zu plants, %zu controls", plants, controls);
    CHECK_MSG(planted, "no seed below 10 has plants");
    if (planted)
        check_foreign(root, planted);
    if (!test_failures)
        lg_remove_tree(root);
    else
        fprintf(stderr, "kernels kept in %s\n", root);
    TEST_DONE();
}
