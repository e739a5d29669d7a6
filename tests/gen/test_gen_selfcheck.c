/* The generator checked against three executions of each kernel it makes
 * (seeds FIRST..FIRST+COUNT-1 from argv): kernel.c run natively equals the
 * IR interpreter without plants, rtl_model.c run natively equals it with
 * every plant, and kernel.v under Verilator (lgfuzz's RTL oracle) equals
 * rtl_model.c, on random inputs, half uniform and half at the domains'
 * edges: the return value and the out scalar (whether written, and its
 * value). Each witness in expected.yaml makes kernel.c and rtl_model.c
 * give the results it states, and they differ. A mismatch is a generator
 * bug. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen_int.h"
#include "rtl-oracle/oracle.h"
#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "tracer/tracer.h"
#include "util/alloc.h"
#include "util/fsutil.h"

typedef struct sides {
    spec_t *spec;
    tracer_t *tracer;
} side_t;

static int side_open(side_t *s, const char *dir, const char *file)
{
    char *path = lg_asprintf("%s/%s", dir, file);
    lg_err_t err;
    lg_err_clear(&err);
    s->spec = spec_load(path, &err);
    CHECK_MSG(s->spec, "%s", err.msg);
    free(path);
    if (!s->spec)
        return -1;
    s->tracer = tracer_create(s->spec, NULL, NULL, &err);
    CHECK_MSG(s->tracer, "%s", err.msg);
    return s->tracer ? 0 : -1;
}

static void side_close(side_t *s)
{
    tracer_destroy(s->tracer);
    spec_destroy(s->spec);
}

static input_t *to_input(const gen_kernel_t *g, const spec_t *spec, const eval_input_t *gi)
{
    input_t *in = input_create(spec);
    for (size_t p = 0; p < g->nparams; p++) {
        if (g->vars[p].kind == IR_OUT)
            continue;
        if (g->vars[p].kind != IR_ARRAY) {
            in->v[p].scalar = gi->scalar[p];
            continue;
        }
        in->v[p].len = gi->len[p];
        if (g->vars[p].dir != IR_DIR_OUT) /* an out array starts zeroed */
            memcpy(in->v[p].elems, gi->elems[p], g->vars[p].max_len * sizeof(int64_t));
    }
    char why[256];
    CHECK_MSG(input_conforms(in, why, sizeof why), "%s", why);
    return in;
}

/* r as the interpreter's result (the out scalar's, if any, at index o;
 * the written array's, if any, at index a, wrapped to its type as the
 * oracle compares it). */
static void as_gne(const gen_kernel_t *g, const run_result_t *r, eval_result_t *x)
{
    int o = ir_out_var(g), a = ir_out_array(g);
    memset(x, 0, sizeof *x);
    x->ret = r->ret;
    x->out = o >= 0 ? r->out[o].scalar : 0;
    x->written = o >= 0 ? r->out[o].valid : 0;
    if (a < 0)
        return;
    x->arr_len = g->vars[a].max_len;
    for (size_t k = 0; k < x->arr_len; k++)
        x->arr[k] = k < r->out[a].len ? lg_type_wrap(g->vars[a].type, r->out[a].elems[k]) : 0;
}

/* Runs n inputs on both C sides and the RTL and compares every pair. */
static void check_batch(const gen_kernel_t *g, side_t *c, side_t *m, oracle_t *o, eval_input_t *gi, size_t n)
{
    uint32_t all = (uint32_t)((1u << g->nplants) - 1);
    input_t **cin = lg_calloc(n, sizeof *cin), **min = lg_calloc(n, sizeof *min);
    run_result_t **rtl = lg_calloc(n, sizeof *rtl);
    eval_result_t *want_c = lg_calloc(n, sizeof *want_c), *want_m = lg_calloc(n, sizeof *want_m);
    for (size_t k = 0; k < n; k++) {
        cin[k] = to_input(g, c->spec, &gi[k]);
        min[k] = to_input(g, m->spec, &gi[k]);
        rtl[k] = run_result_create(m->spec);
        eval_run(g, &gi[k], 0, &want_c[k]);
        eval_run(g, &gi[k], all, &want_m[k]);
    }
    lg_err_t err;
    tracer_trace_t *ct, *mt;
    CHECK_MSG(tracer_run(c->tracer, (const input_t *const *)cin, n, &ct, &err) == 0, "%s", err.msg);
    for (size_t k = 0; k < n; k++) {
        eval_result_t got;
        as_gne(g, ct[k].result, &got);
        CHECK_MSG(ct[k].result->status == RUN_OK && eval_result_eq(&got, &want_c[k]),
                  "%s input %zu: kernel.c status %d returns %lld (out %lld written %d), the IR %lld (%lld, %d)",
                  g->name, k, ct[k].result->status, (long long)got.ret, (long long)got.out, got.written,
                  (long long)want_c[k].ret, (long long)want_c[k].out, want_c[k].written);
    }
    CHECK_MSG(tracer_run(m->tracer, (const input_t *const *)min, n, &mt, &err) == 0, "%s", err.msg);
    CHECK_MSG(oracle_run_batch(o, (const input_t *const *)min, n, rtl, &err) == 0, "%s", err.msg);
    size_t bad = 0;
    for (size_t k = 0; k < n; k++) {
        const run_result_t *r = mt[k].result;
        eval_result_t got, hw;
        as_gne(g, r, &got);
        as_gne(g, rtl[k], &hw);
        CHECK_MSG(r->status == RUN_OK && eval_result_eq(&got, &want_m[k]),
                  "%s input %zu: rtl_model.c returns %lld (out %lld written %d), the IR %lld (%lld, %d)", g->name, k,
                  (long long)got.ret, (long long)got.out, got.written, (long long)want_m[k].ret,
                  (long long)want_m[k].out, want_m[k].written);
        if (rtl[k]->status != RUN_OK || !eval_result_eq(&hw, &got)) {
            if (bad++ < 3) {
                char *json = input_to_json(min[k]);
                CHECK_MSG(
                    0, "%s input %s: kernel.v status %s returns %lld (out %lld valid %d), rtl_model.c %lld (%lld, %d)",
                    g->name, json, run_status_name(rtl[k]->status), (long long)hw.ret, (long long)hw.out, hw.written,
                    (long long)got.ret, (long long)got.out, got.written);
                free(json);
            }
        }
    }
    for (size_t k = 0; k < n; k++) {
        input_destroy(cin[k]);
        input_destroy(min[k]);
        run_result_destroy(rtl[k]);
    }
    free(cin);
    free(min);
    free(rtl);
    free(want_c);
    free(want_m);
}

/* kernel.c and rtl_model.c on each witness file return what expected.yaml
 * says, and the oracle gives kernel.c against kernel.v its class. */
static void check_witnesses(const gen_kernel_t *g, const char *dir, side_t *c, side_t *m, oracle_t *o)
{
    for (size_t p = 0; p < g->nplants; p++) {
        const ir_plant_t *pl = &g->plants[p];
        char *id = emit_plant_id(g, pl);
        char *path = lg_asprintf("%s/inputs/%s.json", dir, id);
        lg_err_t err;
        input_t *ci = input_load(c->spec, path, &err), *mi = input_load(m->spec, path, &err);
        CHECK_MSG(ci && mi, "%s", err.msg);
        tracer_trace_t *t;
        int ov = ir_out_var(g);
        if (ci && mi && tracer_run(c->tracer, (const input_t *const *)&ci, 1, &t, &err) == 0) {
            eval_result_t cr, mr;
            as_gne(g, t[0].result, &cr);
            CHECK_MSG(tracer_run(m->tracer, (const input_t *const *)&mi, 1, &t, &err) == 0, "%s", err.msg);
            as_gne(g, t[0].result, &mr);
            CHECK_MSG(eval_result_eq(&cr, &pl->c_res) && eval_result_eq(&mr, &pl->rtl_res) && !eval_result_eq(&cr, &mr),
                      "%s witness %s: kernel.c %lld rtl_model.c %lld, expected.yaml says %lld and %lld", g->name, id,
                      (long long)cr.ret, (long long)mr.ret, (long long)pl->c_ret, (long long)pl->rtl_ret);
            run_result_t *cpu = run_result_create(m->spec), *rtl = run_result_create(m->spec);
            cpu->ret = cr.ret;
            cpu->has_return = 1;
            if (ov >= 0) {
                cpu->out[ov].scalar = cr.out;
                cpu->out[ov].valid = cr.written;
            }
            int oa = ir_out_array(g);
            for (size_t k = 0; oa >= 0 && k < cr.arr_len && k < cpu->out[oa].len; k++)
                cpu->out[oa].elems[k] = cr.arr[k];
            oracle_symptoms_t syms = {0};
            char *want = emit_plant_class(g, pl);
            CHECK_MSG(oracle_run(o, mi, rtl, &err) == 0, "%s", err.msg);
            size_t n = oracle_compare(m->spec, cpu, rtl, &syms);
            CHECK_MSG(n == 1 && strcmp(syms.v[0].cls, want) == 0, "%s witness %s: the oracle says %s, expected.yaml %s",
                      g->name, id, n ? syms.v[0].cls : "no divergence", want);
            oracle_symptoms_free(&syms);
            free(want);
            run_result_destroy(cpu);
            run_result_destroy(rtl);
        }
        input_destroy(ci);
        input_destroy(mi);
        free(path);
        free(id);
    }
}

static void check_seed(uint64_t seed, size_t ninputs, const char *root)
{
    gen_cfg_t cfg;
    gen_cfg_default(&cfg);
    cfg.seed = seed;
    lg_err_t err;
    gen_kernel_t *g = gen_create(&cfg, &err);
    char *dir = lg_asprintf("%s/%llu", root, (unsigned long long)seed);
    CHECK_MSG(gen_write(g, dir, &err) == 0, "%s", err.msg);
    side_t c = {0}, m = {0};
    oracle_t *o = NULL;
    if (side_open(&c, dir, "kernel.yaml") == 0 && side_open(&m, dir, "model.yaml") == 0) {
        oracle_cfg_t ocfg;
        oracle_cfg_default(&ocfg);
        ocfg.jobs = 1;
        o = oracle_create(m.spec, &ocfg, NULL, &err);
        CHECK_MSG(o, "%s: %s", dir, err.msg);
    }
    if (o) {
        lg_rng_t r;
        lg_rng_seed(&r, seed ^ 0x5eed);
        eval_input_t *gi = lg_calloc(ninputs, sizeof *gi);
        for (size_t k = 0; k < ninputs; k++) {
            eval_input_init(g, &gi[k]);
            eval_input_random(g, &r, k % 2, &gi[k]);
        }
        int before = test_failures;
        check_batch(g, &c, &m, o, gi, ninputs);
        check_witnesses(g, dir, &c, &m, o);
        printf("%s: %zu plants, %zu inputs%s\n", g->name, g->nplants, ninputs, test_failures > before ? " FAILED" : "");
        for (size_t k = 0; k < ninputs; k++)
            eval_input_free(g, &gi[k]);
        free(gi);
    }
    oracle_destroy(o);
    side_close(&c);
    side_close(&m);
    free(dir);
    gen_destroy(g);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s FIRST COUNT INPUTS\n", argv[0]);
        return 2;
    }
    uint64_t first = strtoull(argv[1], NULL, 10), count = strtoull(argv[2], NULL, 10);
    size_t ninputs = strtoul(argv[3], NULL, 10);
    char root[] = "/tmp/lgfuzz-gen-XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    for (uint64_t s = first; s < first + count; s++)
        check_seed(s, ninputs, root);
    if (!test_failures)
        lg_remove_tree(root);
    else
        fprintf(stderr, "kernels kept in %s\n", root);
    TEST_DONE();
}
