/* `lgfuzz seeds SPEC TESTBENCH.c...`: runs the user's testbench with call
 * capture (tracer_capture) and writes one seed input per distinct kernel
 * call, named by its content hash, into the spec's seeds directory (or
 * --out), after checking each call against the spec: FreeFuzz's seeds
 * mined by tracing existing code that calls the API under test. */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options_int.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "tracer/tracer.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/hashset.h"

static const char synopsis[] =
    "usage: lgfuzz seeds SPEC TESTBENCH.c... [--out DIR] [--timeout DURATION] [-v] [--args WORD...]\n\n"
    "Compiles the testbench (C or C++ files with a main, as HLS C simulation runs\n"
    "them) with the kernel of SPEC, runs it natively in the directory of its first\n"
    "file with every call of the kernel recorded, and writes one input file per\n"
    "distinct call, named by its content hash, into the spec's seeds directory.\n"
    "A call outside the spec's types, ranges or lengths is reported and skipped.\n"
    "The testbench's exit status is reported, not an error.\n\n";

static const char epilogue[] = "Exit codes: 0 seeds written (or every call already there), 2 usage error,\n"
                               "invalid spec, a testbench that does not compile or never calls the kernel,\n"
                               "or no call captured.\n";

typedef struct opts {
    const char *spec, *out;
    const char *const *sources;
    size_t nsources;
    char **args;
    size_t nargs;
    uint64_t timeout_ns;
    int verbose, args_flag;
} opts_t;

static const cli_opt_t seeds_opts[] = {
    {.kind = CLI_STRING,
     .name = "--out",
     .field = CLI_FIELD(opts_t, out),
     .arg = "DIR",
     .help = "write the seeds here (created if missing) instead of the spec's seeds directory"},
    {.kind = CLI_DURATION,
     .name = "--timeout",
     .field = CLI_FIELD(opts_t, timeout_ns),
     .min = 1000000,
     .arg = "DURATION",
     .help = "kill the testbench after this long (default 60s); the calls it made are kept"},
    {.kind = CLI_FLAG,
     .letter = 'v',
     .field = CLI_FIELD(opts_t, verbose),
     .help = "show the build and the testbench's output"},
    {.kind = CLI_FLAG,
     .name = "--args",
     .field = CLI_FIELD(opts_t, args_flag),
     .arg = "WORD...",
     .help = "the testbench's command-line arguments: every word after --args (last)"},
    {.kind = CLI_END},
};

/* Fills o from argv; returns CLI_PROCEED or the exit code. The words after
 * --args belong to the testbench and are never parsed as options. */
static int parse_args(int argc, char **argv, opts_t *o)
{
    static const char *const positional[] = {"SPEC", "TESTBENCH.c...", NULL};
    o->timeout_ns = (uint64_t)TRACER_CAPTURE_TIMEOUT_MS * 1000000;
    int own = argc;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--args") == 0) {
            own = i;
            o->args = argv + i + 1;
            o->nargs = (size_t)(argc - i - 1);
            break;
        }
    cli_opts_t cl = {
        .cmd = "seeds",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{seeds_opts, o, NULL}},
    };
    int rc = cli_opts_read(&cl, own, argv);
    if (rc == CLI_PROCEED) {
        o->spec = cl.pos[0];
        o->nsources = cl.npos - 1;
        o->sources = (const char *const *)lg_calloc(o->nsources, sizeof *o->sources);
        memcpy((void *)o->sources, cl.pos + 1, o->nsources * sizeof *o->sources);
    }
    cli_opts_free(&cl);
    return rc;
}

static void report_exit(const tracer_capture_t *c, const char *kernel)
{
    if (c->timed_out)
        fprintf(stderr, "lgfuzz seeds: the testbench ran into the time limit and was killed\n");
    else if (c->signal)
        fprintf(stderr, "lgfuzz seeds: the testbench was killed by signal %d%s%s\n", c->signal,
                c->last_unfinished ? " inside its last call of " : "", c->last_unfinished ? kernel : "");
    else if (c->status != 0)
        fprintf(stderr, "lgfuzz seeds: the testbench exited with status %d (its own check failed?)\n", c->status);
}

/* Counts of one capture. */
typedef struct tally {
    size_t distinct, written, skipped;
} tally_t;

/* Parses and checks call k; NULL (reported) when it is outside the spec. */
static input_t *call_input(const spec_t *spec, const char *line, size_t k)
{
    char origin[48], why[256];
    snprintf(origin, sizeof origin, "call %zu", k + 1);
    lg_err_t err;
    input_t *in = input_from_json(spec, line, origin, &err);
    if (!in) {
        fprintf(stderr, "lgfuzz seeds: skipped %s\n", err.msg);
        return NULL;
    }
    if (!input_conforms(in, why, sizeof why)) {
        fprintf(stderr, "lgfuzz seeds: skipped %s: %s\n", origin, why);
        input_destroy(in);
        return NULL;
    }
    return in;
}

/* Writes dir/<hash>.json for each distinct call within the spec. */
static int write_seeds(const spec_t *spec, const tracer_capture_t *c, const char *dir, tally_t *t, lg_err_t *err)
{
    input_t **seen = lg_calloc(c->ncalls ? c->ncalls : 1, sizeof *seen);
    lg_hashset_t set;
    lg_hashset_init(&set);
    int rc = LG_OK;
    for (size_t k = 0; k < c->ncalls && rc == LG_OK; k++) {
        input_t *in = call_input(spec, c->calls[k], k);
        if (!in) {
            t->skipped++;
            continue;
        }
        uint64_t h = input_hash(in);
        size_t pos = 0;
        uint32_t v;
        int dup = 0;
        while (!dup && lg_hashset_next(&set, h, &pos, &v))
            dup = input_equal(seen[v], in);
        if (dup) {
            input_destroy(in);
            continue;
        }
        lg_hashset_add(&set, h, (uint32_t)t->distinct);
        seen[t->distinct++] = in;
        char name[32];
        snprintf(name, sizeof name, "%016" PRIx64 ".json", h);
        char *path = lg_path_join(dir, name);
        t->written += !lg_path_exists(path);
        rc = input_save(in, path, err);
        free(path);
    }
    for (size_t i = 0; i < t->distinct; i++)
        input_destroy(seen[i]);
    free(seen);
    lg_hashset_free(&set);
    return rc;
}

/* The directory the seeds go to (owned), created when --out names it. */
static char *seeds_dir(const opts_t *o, const spec_t *spec, lg_err_t *err)
{
    if (!o->out && !spec->seeds_dir) {
        lg_err_set(err, LG_EINVAL, "%s has no `seeds:` directory: give one there or --out DIR", spec->path);
        return NULL;
    }
    if (o->out && lg_mkdirs(o->out, err) != LG_OK)
        return NULL;
    return lg_strdup(o->out ? o->out : spec->seeds_dir);
}

/* A signal handler reaches the capture only through this flag. */
static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static int capture_and_write(const opts_t *o, const spec_t *spec, const char *dir, lg_err_t *err)
{
    lg_log_t log = lg_log_make(o->verbose ? LG_LOG_INFO : LG_LOG_WARN);
    tracer_capture_cfg_t cfg;
    tracer_capture_cfg_default(&cfg);
    cfg.sources = o->sources;
    cfg.nsources = o->nsources;
    cfg.args = o->args;
    cfg.nargs = o->nargs;
    cfg.timeout_ms = o->timeout_ns / 1000000;
    cfg.stop = &stop_flag;
    tracer_capture_t c;
    int rc = tracer_capture(spec, &cfg, &log, &c, err);
    if (rc != LG_OK)
        return rc;
    if (o->verbose)
        fprintf(stderr, "%s", c.output);
    report_exit(&c, spec->c_function);
    tally_t t = {0};
    if (c.ncalls == 0)
        rc = lg_err_set(err, LG_EINVAL, "the testbench made no call of `%s` (exit status %d)%s%.1000s",
                        spec->c_function, c.status, *c.output ? "; its output ends: " : "", c.output);
    else
        rc = write_seeds(spec, &c, dir, &t, err);
    if (rc == LG_OK)
        printf("captured %zu calls, %zu distinct, wrote %zu seeds to %s%s\n", c.ncalls, t.distinct, t.written, dir,
               t.skipped ? " (calls outside the spec skipped: see above)" : "");
    tracer_capture_free(&c);
    return rc;
}

int cmd_seeds(int argc, char **argv)
{
    opts_t o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_PROCEED)
        return rc;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *spec = spec_load(o.spec, &err);
    char *dir = spec ? seeds_dir(&o, spec, &err) : NULL;
    rc = dir ? capture_and_write(&o, spec, dir, &err) : err.code;
    if (rc != LG_OK)
        fprintf(stderr, "lgfuzz seeds: %s\n", err.msg);
    free(dir);
    spec_destroy(spec);
    free((void *)o.sources);
    return rc == LG_OK ? LG_EXIT_OK : LG_EXIT_USAGE;
}
