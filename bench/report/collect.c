/* `bench_report collect`: the results.csv rows of one tool run, one per
 * planted divergence of the kernel, from either a baseline run directory
 * (found.csv + state.bin written by the harness driver) or an lgfuzz output
 * directory (its findings, read by findings_list, with their input.json
 * matched with the same witness predicates, and stats.json). */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/baselines/benchkit.h"
#include "bench/report/report.h"
#include "findings/findings.h"
#include "util/alloc.h"
#include "util/fsutil.h"

typedef struct find {
    int found;
    double secs;
    uint64_t execs, rtl;
} find_t;

typedef struct run {
    const char *kernel, *tool, *seed, *dir;
    double budget;
    const spec_t *spec;
    benchkit_plants_t *plants;
    find_t f[BENCHKIT_MAX_PLANTS];
    uint64_t total_execs, total_rtl;
    double rtl_share; /* of the run's time spent waiting for the RTL; < 0 unknown */
} run_t;

static void keep_first(find_t *f, double secs, uint64_t execs, uint64_t rtl)
{
    if (f->found && f->secs <= secs)
        return;
    f->found = 1;
    f->secs = secs;
    f->execs = execs;
    f->rtl = rtl;
}

static int collect_baseline(run_t *r)
{
    lg_err_t err;
    char *sp = lg_path_join(r->dir, "state.bin");
    benchkit_state_t st;
    int rc = benchkit_state_read(sp, &st, &err);
    free(sp);
    if (rc != LG_OK) {
        /* A run that never checked an input (a harness that failed to
         * start) has no state: report it, and every planted divergence as
         * not found. */
        fprintf(stderr, "bench_report: %s\n", err.msg);
        return LG_OK;
    }
    r->total_execs = st.execs;
    r->total_rtl = st.rtl_calls;
    /* The harness checks inputs until the budget ends. */
    r->rtl_share = r->budget > 0 ? (double)st.rtl_ns / 1e9 / r->budget : -1;
    char *fp = lg_path_join(r->dir, "found.csv");
    FILE *f = fopen(fp, "r");
    free(fp);
    char line[512], id[128];
    double secs;
    unsigned long long ex, rtl;
    while (f && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%127[^,],%lf,%llu,%llu", id, &secs, &ex, &rtl) != 4)
            continue;
        for (size_t i = 0; i < benchkit_plants_count(r->plants); i++)
            if (strcmp(benchkit_plants_id(r->plants, i), id) == 0)
                keep_first(&r->f[i], secs, ex, rtl);
    }
    if (f)
        fclose(f);
    return LG_OK;
}

static uint64_t json_u64(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) ? (uint64_t)json_object_get_int64(v) : 0;
}

/* One divergence of an lgfuzz run (its record f, findings_list): its
 * class and input matched against every planted divergence, its
 * found_after_* figures kept when earlier than what was matched before. */
static void collect_divergence(run_t *r, const finding_t *f)
{
    lg_err_t err;
    char *ip = lg_asprintf("%s/divergences/%s/input.json", r->dir, f->name);
    input_t *in = input_load(r->spec, ip, &err);
    if (in) {
        uint8_t hits[BENCHKIT_MAX_PLANTS] = {0};
        benchkit_plants_match(r->plants, f->cls, in, hits);
        for (size_t i = 0; i < benchkit_plants_count(r->plants); i++)
            if (hits[i])
                keep_first(&r->f[i], f->found_after_s, f->found_after_execs, f->found_after_rtl_calls);
    } else {
        fprintf(stderr, "bench_report: %s/divergences/%s: unreadable divergence (%s)\n", r->dir, f->name, err.msg);
    }
    input_destroy(in);
    free(ip);
}

static int collect_lgfuzz(run_t *r)
{
    char *stats = lg_path_join(r->dir, "stats.json");
    json_object *o = json_object_from_file(stats);
    free(stats);
    if (o) {
        r->total_execs = json_u64(o, "execs");
        r->total_rtl = json_u64(o, "rtl_invoked");
        json_object *v;
        if (json_object_object_get_ex(o, "rtl_wait_share", &v))
            r->rtl_share = json_object_get_double(v);
        json_object_put(o);
    } else {
        fprintf(stderr, "bench_report: %s: no stats.json\n", r->dir);
    }
    findings_list_t l;
    lg_err_t err;
    if (findings_list(r->dir, &l, &err) != LG_OK)
        fprintf(stderr, "bench_report: %s\n", err.msg);
    for (size_t i = 0; i < l.nunreadable; i++)
        fprintf(stderr, "bench_report: %s/divergences/%s: unreadable divergence (symptom.json)\n", r->dir,
                l.unreadable[i]);
    for (size_t i = 0; i < l.n; i++)
        collect_divergence(r, &l.v[i]);
    findings_list_free(&l);
    return LG_OK;
}

int report_collect(int argc, char **argv)
{
    if (argc != 8) {
        fprintf(stderr, "usage: bench_report collect KIND KERNEL TOOL SEED SPEC EXPECTED BUDGET_S DIR\n");
        return 2;
    }
    int lgfuzz = strcmp(argv[0], "lgfuzz") == 0;
    if (!lgfuzz && strcmp(argv[0], "baseline") != 0) {
        fprintf(stderr, "bench_report collect: KIND must be baseline or lgfuzz, not %s\n", argv[0]);
        return 2;
    }
    run_t r = {
        .kernel = argv[1], .tool = argv[2], .seed = argv[3], .dir = argv[7], .budget = atof(argv[6]), .rtl_share = -1};
    lg_err_t err;
    spec_t *spec = spec_load(argv[4], &err);
    r.spec = spec;
    if (!spec || !(r.plants = benchkit_plants_load(spec, argv[5], &err))) {
        fprintf(stderr, "bench_report collect: %s\n", err.msg);
        spec_destroy(spec);
        return 2;
    }
    if (lgfuzz)
        collect_lgfuzz(&r);
    else
        collect_baseline(&r);
    for (size_t i = 0; i < benchkit_plants_count(r.plants); i++) {
        const find_t *f = &r.f[i];
        printf("%s,%s,%s,%s,%g,", r.kernel, r.tool, r.seed, benchkit_plants_id(r.plants, i),
               benchkit_plants_probability(r.plants, i));
        if (f->found)
            printf("%.3f,%llu,%llu,", f->secs, (unsigned long long)f->rtl, (unsigned long long)f->execs);
        else
            printf(",,,");
        printf("%llu,%llu,%g,", (unsigned long long)r.total_execs, (unsigned long long)r.total_rtl, r.budget);
        if (r.rtl_share >= 0)
            printf("%.4f", r.rtl_share);
        printf("\n");
    }
    benchkit_plants_destroy(r.plants);
    spec_destroy(spec);
    return 0;
}
