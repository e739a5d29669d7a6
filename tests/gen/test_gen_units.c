/* The generator's parts without a compiler: value wrapping and POISON
 * (tables), configuration errors, determinism in one process, plant
 * counts, and what an exact control lists. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen_int.h"
#include "tests/test.h"

typedef struct wrap_case {
    int64_t v;
    int bits, is_signed;
    int64_t want;
} wrap_case_t;

static const wrap_case_t wraps[] = {
    {255, 8, 1, -1},      {255, 8, 0, 255},  {256, 8, 0, 0},           {-1, 4, 0, 15},
    {8, 4, 1, -8},        {7, 4, 1, 7},      {-1, 64, 0, -1},          {INT64_MIN, 63, 1, 0},
    {0x1ff, 9, 0, 0x1ff}, {0x1ff, 9, 1, -1}, {0x12345, 16, 0, 0x2345}, {1, 1, 1, -1},
};

static void test_wrap(void)
{
    for (size_t k = 0; k < sizeof wraps / sizeof wraps[0]; k++) {
        const wrap_case_t *c = &wraps[k];
        CHECK_MSG(ir_wrap(c->v, c->bits, c->is_signed) == c->want, "wrap(%lld, %d, %d) = %lld, want %lld",
                  (long long)c->v, c->bits, c->is_signed, (long long)ir_wrap(c->v, c->bits, c->is_signed),
                  (long long)c->want);
    }
    CHECK(ir_poison(LG_U8, 8, 0) == 0xA5);
    CHECK(ir_poison(LG_U8, 8, 1) == 0x5A);
    CHECK(ir_poison(LG_I16, 16, 0) == (int16_t)0xA5A5);
    CHECK(ir_poison(LG_I32, 4, 0) == 5);
    CHECK(ir_clog2(1) == 1 && ir_clog2(4) == 2 && ir_clog2(100) == 7 && ir_clog2(256) == 8);
}

static void test_cfg_errors(void)
{
    static const struct {
        unsigned size;
        int plants;
        const char *msg;
    } bad[] = {{0, -1, "size 0"}, {11, -1, "size 11"}, {3, 7, "plants 7"}, {3, -2, "plants -2"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        gen_cfg_t cfg;
        gen_cfg_default(&cfg);
        cfg.size = bad[k].size;
        cfg.plants = bad[k].plants;
        lg_err_t err;
        lg_err_clear(&err);
        CHECK(gen_create(&cfg, &err) == NULL);
        CHECK(err.code == LG_EINVAL);
        CHECK_STR_CONTAINS(err.msg, bad[k].msg);
    }
}

/* Everything gen_write would write, as one string. */
static char *all_text(const gen_kernel_t *g)
{
    uint32_t all = (uint32_t)((1u << g->nplants) - 1);
    char *parts[5] = {emit_c(g, 0, "k"), emit_c(g, all, "m"), emit_verilog(g), emit_spec(g, "kernel.c"),
                      emit_expected(g)};
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t k = 0; k < 5; k++) {
        lg_strbuf_puts(&b, parts[k]);
        free(parts[k]);
    }
    return lg_strbuf_take(&b);
}

static void test_seeds(void)
{
    for (uint64_t seed = 100; seed < 110; seed++) {
        gen_cfg_t cfg;
        gen_cfg_default(&cfg);
        cfg.seed = seed;
        cfg.size = 1 + (unsigned)(seed % GEN_MAX_SIZE);
        lg_err_t err;
        gen_kernel_t *a = gen_create(&cfg, &err), *b = gen_create(&cfg, &err);
        char *ta = all_text(a), *tb = all_text(b);
        CHECK_MSG(strcmp(ta, tb) == 0, "seed %llu: two kernels differ", (unsigned long long)seed);
        free(ta);
        free(tb);
        gen_destroy(a);
        gen_destroy(b);

        /* an exact control: no divergence listed, the RTL's interfaces at full width and depth */
        cfg.plants = 0;
        gen_kernel_t *z = gen_create(&cfg, &err);
        CHECK(gen_plant_count(z) == 0);
        char *e = emit_expected(z), *spec = emit_spec(z, "kernel.c");
        CHECK_STR_CONTAINS(e, "divergences: []");
        CHECK(!test_contains(spec, "hls:"));
        free(e);
        free(spec);
        gen_destroy(z);

        cfg.plants = 2;
        gen_kernel_t *two = gen_create(&cfg, &err);
        CHECK(gen_plant_count(two) <= 2);
        for (size_t p = 0; p < two->nplants; p++)
            CHECK(two->plants[p].wit.scalar != NULL && !eval_result_eq(&two->plants[p].c_res, &two->plants[p].rtl_res));
        gen_destroy(two);
    }
}

int main(void)
{
    test_wrap();
    test_cfg_errors();
    test_seeds();
    TEST_DONE();
}
