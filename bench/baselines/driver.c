/* The differential check every byte-level baseline runs per input: decode
 * the bytes, run the C kernel natively (a plain call, as a fuzz target
 * would), run the same input on the Verilated RTL, compare with
 * oracle_compare, and log the first find of each planted divergence. Every
 * input goes to the RTL: these tools have no selective invocation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/baselines/benchkit.h"
#include "rtl-oracle/oracle.h"
#include "util/alloc.h"
#include "util/fsutil.h"

struct benchkit_driver {
    spec_t *spec;
    benchkit_plants_t *plants;
    benchkit_state_t *state;
    oracle_t *oracle;
    benchkit_kernel_fn kernel;
    char *run_dir;
    input_t *in;
    run_result_t *cpu, *rtl;
    oracle_symptoms_t syms;
    uint8_t hits[BENCHKIT_MAX_PLANTS];
};

benchkit_driver_t *benchkit_driver_create(const benchkit_driver_cfg_t *cfg, lg_err_t *err)
{
    benchkit_driver_t *d = lg_calloc(1, sizeof *d);
    d->kernel = cfg->kernel;
    d->run_dir = lg_strdup(cfg->run_dir);
    if (!(d->spec = spec_load(cfg->spec_path, err)))
        goto fail;
    if (!(d->plants = benchkit_plants_load(d->spec, cfg->expected_path, err)))
        goto fail;
    if (lg_mkdirs(cfg->run_dir, err) != LG_OK)
        goto fail;
    char *sp = lg_path_join(cfg->run_dir, "state.bin");
    d->state = benchkit_state_map(sp, err);
    free(sp);
    if (!d->state)
        goto fail;
    oracle_cfg_t ocfg;
    oracle_cfg_default(&ocfg);
    if (!(d->oracle = oracle_create(d->spec, &ocfg, NULL, err)))
        goto fail;
    d->in = input_create(d->spec);
    d->cpu = run_result_create(d->spec);
    d->rtl = run_result_create(d->spec);
    /* The clock of the run starts with its first checked input, after the
     * model is loaded; a restarted process keeps the first start. */
    if (d->state->start_ns == 0)
        d->state->start_ns = benchkit_wall_ns();
    return d;
fail:
    benchkit_driver_destroy(d);
    return NULL;
}

benchkit_driver_t *benchkit_driver_from_env(benchkit_kernel_fn kernel, lg_err_t *err)
{
    const char *names[3] = {"LGB_SPEC", "LGB_EXPECTED", "LGB_RUN_DIR"};
    const char *vals[3];
    for (int i = 0; i < 3; i++) {
        vals[i] = getenv(names[i]);
        if (!vals[i] || !*vals[i]) {
            lg_err_set(err, LG_EINVAL, "environment variable %s is not set", names[i]);
            return NULL;
        }
    }
    benchkit_driver_cfg_t cfg = {vals[0], vals[1], vals[2], kernel};
    return benchkit_driver_create(&cfg, err);
}

void benchkit_driver_destroy(benchkit_driver_t *d)
{
    if (!d)
        return;
    oracle_symptoms_free(&d->syms);
    run_result_destroy(d->cpu);
    run_result_destroy(d->rtl);
    input_destroy(d->in);
    oracle_destroy(d->oracle);
    benchkit_state_unmap(d->state);
    benchkit_plants_destroy(d->plants);
    spec_destroy(d->spec);
    free(d->run_dir);
    free(d);
}

/* Appends the find to found.csv (O_APPEND line writes stay whole across
 * the processes of a run) and saves the input beside it. */
static void log_find(benchkit_driver_t *d, size_t i, const char *cls)
{
    benchkit_state_t *s = d->state;
    double secs = (double)(benchkit_wall_ns() - s->start_ns) / 1e9;
    char *path = lg_path_join(d->run_dir, "found.csv");
    FILE *f = fopen(path, "a");
    if (f) {
        fprintf(f, "%s,%.3f,%llu,%llu,%s\n", benchkit_plants_id(d->plants, i), secs, (unsigned long long)s->execs,
                (unsigned long long)s->rtl_calls, cls);
        fclose(f);
    }
    free(path);
    char *name = lg_asprintf("found-%s.json", benchkit_plants_id(d->plants, i));
    path = lg_path_join(d->run_dir, name);
    lg_err_t err;
    if (input_save(d->in, path, &err) != LG_OK)
        fprintf(stderr, "benchkit: %s\n", err.msg);
    free(path);
    free(name);
}

int benchkit_driver_check(benchkit_driver_t *d, const uint8_t *data, size_t n, lg_err_t *err)
{
    benchkit_decode(data, n, d->in);
    run_result_reset(d->cpu);
    d->kernel(d->in, d->cpu);
    d->state->execs++;
    uint64_t t0 = benchkit_wall_ns();
    int rc = oracle_run(d->oracle, d->in, d->rtl, err);
    d->state->rtl_ns += benchkit_wall_ns() - t0;
    if (rc != LG_OK)
        return rc;
    d->state->rtl_calls++;
    size_t ns = oracle_compare(d->spec, d->cpu, d->rtl, &d->syms);
    if (ns == 0)
        return 0;
    d->state->divergent++;
    size_t np = benchkit_plants_count(d->plants);
    for (size_t k = 0; k < ns; k++) {
        memset(d->hits, 0, sizeof d->hits);
        if (benchkit_plants_match(d->plants, d->syms.v[k].cls, d->in, d->hits) == 0)
            continue;
        for (size_t i = 0; i < np; i++) {
            if (d->hits[i] && !d->state->found[i]) {
                d->state->found[i] = 1;
                log_find(d, i, d->syms.v[k].cls);
            }
        }
    }
    return (int)ns;
}
