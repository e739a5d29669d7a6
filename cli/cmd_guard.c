/* `lgfuzz guard OUT_DIR`: re-derives the kernel precondition of a finished
 * run (labelled inputs, validation on fresh inputs run on both sides,
 * refinement) and writes OUT_DIR/guards/. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/budget.h"
#include "guard/guard.h"

static const char usage[] =
    "usage: lgfuzz guard OUT_DIR [options]\n\n"
    "Learns, from the labelled executions of the finished run in OUT_DIR, the\n"
    "precondition under which the kernel's RTL computes what its C computes: a\n"
    "conjunction of clauses over input features, validated on fresh inputs run on\n"
    "both sides and refined with counter-examples. Writes OUT_DIR/guards/:\n"
    "<kernel>_guard.h (C99 guard function), <kernel>_guard.smt2 and guard.json.\n\n"
    "options:\n"
    "  --budget DURATION   time for the whole derivation (default 20s)\n"
    "  --rounds N          at most N learn-validate rounds (default 6)\n"
    "  --samples N         synth sample cap per clause (default 200)\n"
    "  --inputs N          random fresh inputs per round (default 3000)\n"
    "  --seed N            random seed (default 1)\n"
    "  --json              print guard.json's figures as one JSON object\n"
    "  -q, --quiet         no progress output\n\n"
    "Exit codes: 0 guard written, 2 usage error, not a run directory, or the\n"
    "kernel or RTL cannot be built.\n";

static int parse_count(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || !v)
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, guard_cfg_t *cfg, const char **dir, int *json, int *quiet)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n = 0;
        lg_err_t err;
        if (strcmp(a, "--budget") == 0) {
            if (!v || lg_duration_parse(v, &cfg->budget_ns, &err))
                return cli_usage_error("guard", "--budget: %s", v ? err.msg : "missing value");
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (!v || (strcmp(v, "0") != 0 && parse_count(v, &cfg->seed)))
                return cli_usage_error("guard", "--seed needs a non-negative integer");
            if (strcmp(v, "0") == 0)
                cfg->seed = 0;
            i++;
        } else if (strcmp(a, "--rounds") == 0 || strcmp(a, "--samples") == 0 || strcmp(a, "--inputs") == 0) {
            if (parse_count(v, &n) || n > 1000000)
                return cli_usage_error("guard", "%s needs a positive integer", a);
            if (a[2] == 'r')
                cfg->max_rounds = (unsigned)n;
            else if (a[2] == 's')
                cfg->max_samples = (size_t)n;
            else
                cfg->nrandom = (size_t)n;
            i++;
        } else if (strcmp(a, "--json") == 0) {
            *json = 1;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            *quiet = 1;
        } else if (a[0] == '-') {
            return cli_usage_error("guard", "unknown option '%s'", a);
        } else if (!*dir) {
            *dir = a;
        } else {
            return cli_usage_error("guard", "unexpected argument '%s'", a);
        }
    }
    if (!*dir)
        return cli_usage_error("guard", "missing OUT_DIR");
    if (cfg->max_samples > SYNTH_MAX_SAMPLES_LIMIT)
        return cli_usage_error("guard", "--samples must be at most %d", SYNTH_MAX_SAMPLES_LIMIT);
    return LG_EXIT_OK;
}

int cmd_guard(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    guard_cfg_t cfg;
    guard_cfg_default(&cfg);
    const char *dir = NULL;
    int json = 0, quiet = 0;
    int rc = parse_args(argc, argv, &cfg, &dir, &json, &quiet);
    if (rc)
        return rc;
    lg_log_t log = lg_log_make(quiet ? LG_LOG_ERROR : getenv("LGFUZZ_DEBUG") ? LG_LOG_DEBUG : LG_LOG_INFO);
    cfg.log = &log;
    guard_report_t rep;
    lg_err_t err;
    if (guard_derive(dir, &cfg, &rep, &err)) {
        fprintf(stderr, "lgfuzz guard: %s\n", err.msg);
        guard_report_free(&rep);
        return LG_EXIT_USAGE;
    }
    if (json) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "kernel", json_object_new_string(rep.kernel));
        json_object_object_add(o, "formula", json_object_new_string(rep.formula));
        json_object_object_add(o, "mcc", json_object_new_double(rep.fig.mcc));
        json_object_object_add(o, "precision", json_object_new_double(rep.fig.precision));
        json_object_object_add(o, "recall", json_object_new_double(rep.fig.recall));
        json_object_object_add(o, "validation_inputs", json_object_new_uint64(rep.fig.valid_inputs));
        json_object_object_add(o, "rounds", json_object_new_uint64(rep.fig.rounds));
        json_object_object_add(o, "dir", json_object_new_string(rep.dir));
        puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(o);
    }
    else
        printf("guard %s: %s\nmcc %.4f on %llu safe / %llu unsafe inputs; precision %.4f, recall %.4f on %llu fresh "
               "inputs (%u rounds)\noutput: %s\n",
               rep.kernel, rep.formula, rep.fig.mcc, (unsigned long long)rep.fig.train_safe,
               (unsigned long long)rep.fig.train_unsafe, rep.fig.precision, rep.fig.recall,
               (unsigned long long)rep.fig.valid_inputs, rep.fig.rounds, rep.dir);
    guard_report_free(&rep);
    return LG_EXIT_OK;
}
