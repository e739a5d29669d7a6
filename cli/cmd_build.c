/* `lgfuzz build SPEC...`: builds the executor and the RTL model of every
 * spec into the build cache, --jobs at a time, so that a later `run` or
 * `batch` (or a cluster's array of them) starts fuzzing at once. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "build_int.h"
#include "cli.h"
#include "options_int.h"
#include "util/proc.h"

static const char synopsis[] = "usage: lgfuzz build SPEC... [--jobs N] [-q]\n\n"
                               "Builds the instrumented native executor and, for a spec with an rtl section, the\n"
                               "Verilated RTL model of every SPEC into the build cache ($LGFUZZ_CACHE_DIR, else\n"
                               "$XDG_CACHE_HOME/lgfuzz, else ~/.cache/lgfuzz), and starts each once to check it.\n"
                               "A build already in the cache costs only that check. `run` and `batch` then\n"
                               "start fuzzing at once; `batch` builds its kernels this way itself before any\n"
                               "kernel's budget starts. Progress and each failure (the compiler's first message\n"
                               "and its log's path) go to stderr.\n\n";

static const char epilogue[] = "Exit codes: 0 every spec is built, 2 a spec did not load or did not build\n"
                               "(each is named), a usage error, or SIGINT before every build was done.\n";

typedef struct build_args {
    unsigned jobs;
    int quiet;
} build_args_t;

static const cli_opt_t build_opts[] = {
    {.kind = CLI_COUNT,
     .name = "--jobs",
     .letter = 'j',
     .field = CLI_FIELD(build_args_t, jobs),
     .min = 1,
     .max = 1024,
     .arg = "N",
     .help = "specs built at the same time (default: the CPUs this process\n"
             "may use, at most 4); each Verilator build runs make with\n"
             "its share of those CPUs"},
    {.kind = CLI_FLAG,
     .name = "--quiet",
     .letter = 'q',
     .field = CLI_FIELD(build_args_t, quiet),
     .help = "no progress on stderr, only failures"},
    {.kind = CLI_END},
};

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

int cmd_build(int argc, char **argv)
{
    static const char *const positional[] = {"SPEC...", NULL};
    build_args_t a = {0, 0};
    cli_opts_t cl = {
        .cmd = "build",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{build_opts, &a, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc != CLI_PROCEED) {
        cli_opts_free(&cl);
        return rc;
    }
    int cpus = lg_cpus_usable();
    if (!a.jobs)
        a.jobs = (unsigned)(cpus < 4 ? cpus : 4);
    cli_share_cpus(a.jobs); /* each build's make -j */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    lg_log_t log = lg_log_make(a.quiet ? LG_LOG_ERROR : LG_LOG_INFO);
    cli_build_cfg_t cfg = {a.jobs, &stop_flag, &log};
    cli_build_tally_t t;
    cli_build_specs((const char *const *)cl.pos, cl.npos, &cfg, &t);
    if (!a.quiet || t.failed || t.interrupted)
        fprintf(stderr, "lgfuzz build: %zu of %zu built in %.1f s%s%s\n", t.built, cl.npos, t.seconds,
                t.failed ? ", some failed (above)" : "", t.interrupted ? ", interrupted" : "");
    rc = t.built == cl.npos ? LG_EXIT_OK : LG_EXIT_USAGE;
    cli_opts_free(&cl);
    return rc;
}
