/* `lgfuzz guard OUT_DIR`: re-derives the kernel precondition of a finished
 * run (labelled inputs, validation on fresh inputs run on both sides,
 * refinement) and writes OUT_DIR/guards/. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "explore/explore.h"
#include "guard/guard.h"
#include "options_int.h"
#include "util/budget.h"

static const char synopsis[] = "usage: lgfuzz guard OUT_DIR [options]\n\n"
                               "Learns, from the labelled executions of the finished run in OUT_DIR, the\n"
                               "precondition under which the kernel's RTL computes what its C computes: a\n"
                               "conjunction of clauses over input features, validated on fresh inputs run on\n"
                               "both sides and refined with counter-examples. Writes OUT_DIR/guards/:\n"
                               "<kernel>_guard.h (C99 guard function), <kernel>_guard.smt2 and guard.json.\n"
                               "Inputs whose RTL run diverged on the way are recorded in OUT_DIR/divergences/\n"
                               "like any divergence the run found (minimised when new).\n\n";

static const char epilogue[] = "Exit codes: 0 guard written, 2 usage error, not a run directory, another\n"
                               "command writing OUT_DIR (its lock OUT_DIR/.lock names the process), or the\n"
                               "kernel or RTL cannot be built.\n";

typedef struct guard_args {
    guard_cfg_t cfg;
    int json, quiet;
} guard_args_t;

static const cli_opt_t guard_opts[] = {
    {.kind = CLI_DURATION,
     .name = "--budget",
     .field = CLI_FIELD(guard_args_t, cfg.budget_ns),
     .arg = "DURATION",
     .help = "time for the derivation (default 20s); a round that started still validates 256 fresh inputs, "
             "but the derivation is cut 30s past it, and recording what it saw diverge 10s later"},
    {.kind = CLI_COUNT,
     .name = "--rounds",
     .field = CLI_FIELD(guard_args_t, cfg.max_rounds),
     .min = 1,
     .max = 1000000,
     .arg = "N",
     .help = "at most N learn-validate rounds (default 6)"},
    {.kind = CLI_COUNT,
     .name = "--samples",
     .field = CLI_FIELD(guard_args_t, cfg.max_samples),
     .min = 1,
     .max = SYNTH_MAX_SAMPLES_LIMIT,
     .arg = "N",
     .help = "synth sample cap per clause (default 200)"},
    {.kind = CLI_COUNT,
     .name = "--inputs",
     .field = CLI_FIELD(guard_args_t, cfg.nrandom),
     .min = 1,
     .max = 1000000,
     .arg = "N",
     .help = "random fresh inputs per round (default 3000)"},
    {.kind = CLI_COUNT,
     .name = "--seed",
     .field = CLI_FIELD(guard_args_t, cfg.seed),
     .max = UINT64_MAX,
     .arg = "N",
     .help = "random seed (default 1)"},
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(guard_args_t, json),
     .help = "print guard.json's figures as one JSON object"},
    {.kind = CLI_FLAG,
     .name = "--quiet",
     .letter = 'q',
     .field = CLI_FIELD(guard_args_t, quiet),
     .help = "no progress output"},
    {.kind = CLI_END},
};

/* A run directory (not any directory, which would get a lock file), locked
 * for the derivation and the recording: guards/, divergences/ and
 * stats.json are written. */
static int take_dir(const char *dir, lg_lock_t **lock, lg_err_t *err)
{
    char *spec = guard_run_spec_path(dir, err);
    if (!spec)
        return err->code;
    free(spec);
    return explore_dir_acquire(dir, 0, lock, err);
}

/* Records the inputs rep's derivation saw diverge (inputs of spec) in the
 * finished run in dir, through a record-only explorer of spec (seeded
 * seed), starting nothing after deadline_ns; *nnew: the new distinct
 * divergences. */
static int record(const char *dir, const spec_t *spec, uint64_t seed, const guard_report_t *rep, uint64_t deadline_ns,
                  const lg_log_t *log, size_t *nnew, lg_err_t *err)
{
    *nnew = 0;
    if (!rep->ndivergent)
        return LG_OK;
    explore_cfg_t cfg;
    explore_cfg_default(&cfg);
    cfg.seed = seed;
    cfg.out_dir = dir;
    cfg.record_only = 1;
    cfg.progress = 0;
    explore_t *ex = explore_create(spec, &cfg, log, err);
    int rc = ex ? explore_record_inputs(ex, rep->divergent, rep->ndivergent, deadline_ns, nnew, err) : err->code;
    explore_destroy(ex);
    return rc;
}

/* The spec the run in dir was made from. */
static spec_t *run_spec(const char *dir, lg_err_t *err)
{
    char *path = guard_run_spec_path(dir, err);
    spec_t *spec = path ? spec_load(path, err) : NULL;
    free(path);
    return spec;
}

/* Derives dir's guard with a's settings and records what its RTL runs saw
 * diverge; prints the result and returns the exit code. */
static int derive(const char *dir, const guard_args_t *a, const lg_log_t *log)
{
    guard_report_t rep;
    lg_err_t err;
    /* The budget is soft (a round that started validates its first 256
     * inputs); the deadlines are not. */
    guard_cfg_t cfg = a->cfg;
    uint64_t record_end = guard_cfg_bound(&cfg, lg_now_ns());
    spec_t *spec = run_spec(dir, &err);
    if (!spec) {
        fprintf(stderr, "lgfuzz guard: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    int drc = guard_derive(dir, spec, &cfg, &rep, &err);
    if (drc)
        fprintf(stderr, "lgfuzz guard: %s\n", err.msg);
    /* What the derivation saw diverge is recorded even when it failed. */
    size_t nnew = 0;
    lg_err_t rerr;
    if (record(dir, spec, a->cfg.seed, &rep, record_end, log, &nnew, &rerr))
        fprintf(stderr, "lgfuzz guard: warning: the divergent inputs were not recorded: %s\n", rerr.msg);
    else if (rep.ndivergent && !a->quiet)
        fprintf(stderr, "lgfuzz guard: %zu divergent input%s: %zu new distinct divergence%s in %s/divergences\n",
                rep.ndivergent, rep.ndivergent == 1 ? "" : "s", nnew, nnew == 1 ? "" : "s", dir);
    if (drc) {
        guard_report_free(&rep);
        spec_destroy(spec);
        return LG_EXIT_USAGE;
    }
    if (a->json) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "kernel", json_object_new_string(rep.kernel));
        json_object_object_add(o, "formula", json_object_new_string(rep.formula));
        json_object_object_add(o, "mcc", json_object_new_double(rep.fig.mcc));
        json_object_object_add(o, "precision", json_object_new_double(rep.fig.precision));
        json_object_object_add(o, "recall", json_object_new_double(rep.fig.recall));
        json_object_object_add(o, "validation_inputs", json_object_new_uint64(rep.fig.valid_inputs));
        json_object_object_add(o, "rounds", json_object_new_uint64(rep.fig.rounds));
        json_object_object_add(o, "dir", json_object_new_string(rep.dir));
        json_object_object_add(o, "divergent_inputs", json_object_new_uint64(rep.ndivergent));
        json_object_object_add(o, "new_divergences", json_object_new_uint64(nnew));
        puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(o);
    } else
        printf("guard %s: %s\nmcc %.4f on %llu safe / %llu unsafe inputs; precision %.4f, recall %.4f on %llu fresh "
               "inputs (%u rounds)\noutput: %s\n",
               rep.kernel, rep.formula, rep.fig.mcc, (unsigned long long)rep.fig.train_safe,
               (unsigned long long)rep.fig.train_unsafe, rep.fig.precision, rep.fig.recall,
               (unsigned long long)rep.fig.valid_inputs, rep.fig.rounds, rep.dir);
    guard_report_free(&rep);
    spec_destroy(spec);
    return LG_EXIT_OK;
}

int cmd_guard(int argc, char **argv)
{
    static const char *const positional[] = {"OUT_DIR", NULL};
    guard_args_t a = {0};
    guard_cfg_default(&a.cfg);
    cli_opts_t cl = {
        .cmd = "guard",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{guard_opts, &a, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    const char *dir = cl.npos ? cl.pos[0] : NULL;
    cli_opts_free(&cl);
    if (rc != CLI_PROCEED)
        return rc;
    lg_log_t log = lg_log_make(a.quiet ? LG_LOG_ERROR : getenv("LGFUZZ_DEBUG") ? LG_LOG_DEBUG : LG_LOG_INFO);
    a.cfg.log = &log;
    lg_err_t err;
    lg_lock_t *lock;
    if (take_dir(dir, &lock, &err)) {
        fprintf(stderr, "lgfuzz guard: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    rc = derive(dir, &a, &log);
    lg_lock_release(lock);
    return rc;
}
