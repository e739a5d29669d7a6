/* The options of `lgfuzz run` and how they combine: an explicitly given
 * --budget always bounds the run, --iterations alone does not get the
 * default budget, and the guard derivation takes its share of the budget. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rtl-oracle/oracle.h"
#include "run_opts_int.h"
#include "util/num.h"
#include "util/plan.h"

static const cli_choice_t rtl_modes[] = {
    {"selective", EXPLORE_RTL_SELECTIVE},
    {"always", EXPLORE_RTL_ALWAYS},
    {"never", EXPLORE_RTL_NEVER},
    {NULL, 0},
};

static const cli_choice_t rtl_policies[] = {
    {"queue", EXPLORE_RTL_POLICY_QUEUE},
    {"heterofuzz", EXPLORE_RTL_POLICY_HETEROFUZZ},
    {NULL, 0},
};

/* --rtl-share: a fraction in (0, 1]. */
static int parse_share(const char *text, void *field, lg_err_t *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v > 0 && v <= 1))
        return lg_err_set(err, LG_EINVAL, "--rtl-share: '%s' is not a fraction above 0 and at most 1 (such as 0.5)",
                          text);
    *(double *)field = v;
    return LG_OK;
}

/* --guard-share: a fraction in (0, 0.9]: exploration keeps a tenth. */
static int parse_guard_share(const char *text, void *field, lg_err_t *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v > 0 && v <= 0.9))
        return lg_err_set(err, LG_EINVAL,
                          "--guard-share: '%s' is not a fraction above 0 and at most 0.9 (such as 0.25)", text);
    *(double *)field = v;
    return LG_OK;
}

/* --alpha: a probability in [0, 1]. */
static int parse_alpha(const char *text, void *field, lg_err_t *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v >= 0 && v <= 1))
        return lg_err_set(err, LG_EINVAL, "--alpha: '%s' is not a probability from 0 to 1 (such as 0.2)", text);
    *(double *)field = v;
    return LG_OK;
}

/* A size in bytes, with an optional K, M, G or T (powers of 1024,
 * optionally followed by "iB" or "B"); 0 means no limit. */
static int parse_size(const char *opt, const char *text, void *field, lg_err_t *err)
{
    static const char units[] = "KMGT";
    uint64_t v = 0;
    const char *end = text;
    lg_err_t ignored;
    int ok = lg_uint_scan(text, LG_NUM_DEC, UINT64_MAX, &v, &end, &ignored) == LG_OK;
    const char *u = ok && *end ? strchr(units, end[0] & ~0x20) : NULL;
    if (ok && u) {
        int shift = 10 * (int)(u - units + 1);
        const char *rest = end + 1;
        ok = (strcmp(rest, "") == 0 || strcmp(rest, "B") == 0 || strcmp(rest, "iB") == 0) && v <= (UINT64_MAX >> shift);
        v <<= shift;
    } else if (ok && *end) {
        ok = strcmp(end, "B") == 0;
    }
    if (!ok)
        return lg_err_set(err, LG_EINVAL, "%s: '%s' is not a size such as 512M, 2G or 0 (no limit)", opt, text);
    *(uint64_t *)field = v;
    return LG_OK;
}

static int parse_memory(const char *text, void *field, lg_err_t *err)
{
    return parse_size("--kernel-memory", text, field, err);
}

static int parse_max_memory(const char *text, void *field, lg_err_t *err)
{
    return parse_size("--max-memory", text, field, err);
}

static const cli_choice_t schedules[] = {
    {"weighted", EXPLORE_SCHED_WEIGHTED},
    {"random", EXPLORE_SCHED_RANDOM},
    {NULL, 0},
};

const cli_opt_t cli_run_fuzz_opts[] = {
    {.kind = CLI_COUNT,
     .name = "--iterations",
     .field = CLI_FIELD(explore_cfg_t, iterations),
     .min = 1,
     .max = UINT64_MAX,
     .arg = "N",
     .help = "stop after N generation steps (reproducible with --seed);\n"
             "no time limit then unless --budget is given too"},
    {.kind = CLI_CHOICE,
     .name = "--rtl",
     .field = CLI_FIELD(explore_cfg_t, rtl),
     .choices = rtl_modes,
     .arg = "MODE",
     .help = "selective (default), always or never"},
    {.kind = CLI_CHOICE,
     .name = "--schedule",
     .field = CLI_FIELD(explore_cfg_t, schedule),
     .choices = schedules,
     .arg = "S",
     .help = "prefix scheduling: weighted (default) or random"},
    {.kind = CLI_FLAG,
     .name = "--no-synth",
     .field = CLI_FIELD(explore_cfg_t, no_synth),
     .help = "no learning or solving: mutation-only greybox fuzzing"},
    {.kind = CLI_FLAG,
     .name = "--no-spectra",
     .field = CLI_FIELD(explore_cfg_t, no_spectra),
     .help = "spectra probes give no feedback and no targets, and the\n"
             "run does not start from the corners of the input domain"},
    {.kind = CLI_FLAG,
     .name = "--no-selective",
     .field = CLI_FIELD(explore_cfg_t, no_selective),
     .help = "send every input to the RTL (same as --rtl always)"},
    {.kind = CLI_CHOICE,
     .name = "--rtl-policy",
     .field = CLI_FIELD(explore_cfg_t, rtl_policy),
     .choices = rtl_policies,
     .arg = "P",
     .help = "queue (default): every input queued for the RTL by priority;\n"
             "heterofuzz: skip inputs inside the ranges of earlier runs"},
    {.kind = CLI_CUSTOM,
     .name = "--rtl-share",
     .field = CLI_FIELD(explore_cfg_t, rtl_share),
     .parse = parse_share,
     .arg = "F",
     .help = "share of the run time the queued RTL calls may take\n"
             "(default 0.5)"},
    {.kind = CLI_COUNT,
     .name = "--rtl-jobs",
     .field = CLI_FIELD(explore_cfg_t, rtl_jobs),
     .min = 1,
     .max = ORACLE_JOBS_MAX,
     .arg = "N",
     .help = "RTL workers, each simulating its own copy of the model\n"
             "(default: one per CPU)"},
    {.kind = CLI_FLAG,
     .name = "--no-mutations",
     .field = CLI_FIELD(explore_cfg_t, no_mutations),
     .help = "no HeteroFuzz mutations beside the solver"},
    {.kind = CLI_CUSTOM,
     .name = "--kernel-memory",
     .field = CLI_FIELD(explore_cfg_t, kernel_memory),
     .parse = parse_memory,
     .arg = "SIZE",
     .help = "address-space limit of the C kernel's executor (512M, 4G;\n"
             "default 2G; 0 = none); an allocation past it is cpu-oom"},
    {.kind = CLI_CUSTOM,
     .name = "--alpha",
     .field = CLI_FIELD(explore_cfg_t, host_alpha),
     .parse = parse_alpha,
     .arg = "P",
     .help = "with a host: section, the probability with which host-level\n"
             "mutation picks a host input the kernel does not see\n"
             "(default: the spec's host.alpha, 0.2)"},
    {.kind = CLI_FLAG,
     .name = "--host-only",
     .field = CLI_FIELD(explore_cfg_t, host_only),
     .help = "with a host: section, make every input a kernel call of the\n"
             "host program on mutated host inputs (no kernel-level inputs)"},
    {.kind = CLI_CUSTOM,
     .name = "--max-memory",
     .field = CLI_FIELD(explore_cfg_t, max_memory),
     .parse = parse_max_memory,
     .arg = "SIZE",
     .help = "bound on lgfuzz's resident memory (default 512M; 0 = none):\n"
             "past it the path tree's least useful subtrees are summarised"},
    {.kind = CLI_END},
};

static const cli_opt_t run_opts[] = {
    {.kind = CLI_DURATION,
     .name = "--budget",
     .field = CLI_FIELD(cli_run_t, cfg.budget_ns),
     .arg = "DURATION",
     .help = "fuzzing time (30s, 5m, 1h; default 60s), including the guard\n"
             "derivation at the end; it starts once the executor and the RTL\n"
             "model are built, so the wall time is the builds plus the budget"},
    {.kind = CLI_CUSTOM,
     .name = "--guard-share",
     .field = CLI_FIELD(cli_run_t, guard_share),
     .parse = parse_guard_share,
     .arg = "F",
     .help = "share of --budget for the guard derivation (default: a\n"
             "quarter, at most 20s); needs a --budget and the guard step"},
    {.kind = CLI_STRING,
     .name = "--out",
     .field = CLI_FIELD(cli_run_t, out),
     .arg = "DIR",
     .help = "output directory (default out/<kernel>); an existing run resumes"},
    {.kind = CLI_STRING,
     .name = "--seeds",
     .field = CLI_FIELD(cli_run_t, seeds),
     .arg = "DIR",
     .help = "start from the inputs in DIR (e.g. what lgfuzz seeds wrote)\n"
             "instead of the spec's seeds: directory"},
    {.kind = CLI_COUNT,
     .name = "--seed",
     .field = CLI_FIELD(cli_run_t, cfg.seed),
     .max = UINT64_MAX,
     .arg = "N",
     .help = "random seed (default 1)"},
    {.kind = CLI_FLAG,
     .name = "--no-guard",
     .field = CLI_FIELD(cli_run_t, no_guard),
     .help = "do not derive the kernel precondition (guards/) at the end"},
    {.kind = CLI_FLAG,
     .name = "--quiet",
     .letter = 'q',
     .field = CLI_FIELD(cli_run_t, quiet),
     .help = "no progress output"},
    {.kind = CLI_STRING,
     .name = "--value-db",
     .field = CLI_FIELD(cli_run_t, cfg.value_db),
     .arg = "FILE",
     .help = "a value database (lgfuzz batch writes DIR/values.json and passes\n"
             "it): mutations may draw values seen for params of the same name"},
    {.kind = CLI_END},
};

static const char synopsis[] = "usage: lgfuzz run SPEC [options]\n\n"
                               "Fuzzes the C kernel of SPEC against its RTL and writes every distinct divergence\n"
                               "(input, both sides' outputs, waveform, reproducer) to the output directory.\n\n";

static const char epilogue[] = "Exit codes: 0 no divergence, 1 divergences found (listed on stdout),\n"
                               "2 usage error, invalid spec, a build failure of the kernel or RTL, an\n"
                               "output file that could not be written (the run stops; what was saved stays), an\n"
                               "output directory another lgfuzz command is writing, or a starved run: one that\n"
                               "executed no input or fuzzed less than half of its budget without being\n"
                               "interrupted (stats.json status \"starved\"; the message says why).\n";

int cli_run_check(const explore_cfg_t *cfg, lg_err_t *err)
{
    if (cfg->no_synth && cfg->no_mutations)
        return lg_err_set(err, LG_EINVAL, "--no-synth and --no-mutations together leave nothing to generate inputs");
    return LG_OK;
}

/* With guards on, --budget bounds fuzzing and the guard step together:
 * the guard's share is the time plan's (util/plan.h: a quarter, at most
 * 20 s, or --guard-share), exploration keeps the rest. */
static void split_budget(cli_run_t *r)
{
    lg_plan_t p;
    lg_plan_make(&p, 0, r->cfg.budget_ns, r->guard, r->guard_share);
    r->total_ns = r->cfg.budget_ns;
    r->guard_ns = p.guard_ns;
    r->cfg.budget_ns -= p.guard_ns;
}

int cli_run_read(cli_run_t *r, int argc, char **argv)
{
    static const char *const positional[] = {"SPEC", NULL};
    memset(r, 0, sizeof *r);
    explore_cfg_default(&r->cfg);
    cli_opts_t cl = {
        .cmd = "run",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{run_opts, r, NULL}, {cli_run_fuzz_opts, &r->cfg, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED) {
        r->spec = cl.pos[0];
        if (cli_opts_given(&cl, &r->cfg.iterations) && !cli_opts_given(&cl, &r->cfg.budget_ns))
            r->cfg.budget_ns = 0; /* --iterations alone: no time limit */
        /* A guard needs the RTL's verdicts; with --rtl never there are none. */
        r->guard = !r->no_guard && r->cfg.rtl != EXPLORE_RTL_NEVER;
        /* A share that nothing takes would be ignored in silence. */
        int share = cli_opts_given(&cl, &r->guard_share);
        if (share && !r->cfg.budget_ns)
            rc = cli_usage_error("run", "--guard-share is a share of --budget, and this run has none (--iterations "
                                        "alone, or --budget 0s): give a --budget too");
        else if (share && !r->guard)
            rc = cli_usage_error("run", "--guard-share: this run has no guard step (%s)",
                                 r->no_guard ? "--no-guard" : "--rtl never");
        split_budget(r);
        lg_err_t err;
        if (rc == CLI_PROCEED && cli_run_check(&r->cfg, &err))
            rc = cli_usage_error("run", "%s", err.msg);
    }
    cli_opts_free(&cl);
    return rc;
}
