/* `lgfuzz trace SPEC INPUT.json`: runs one input natively through the
 * instrumented executor and prints its path with source locations, the
 * spectra probes, the outputs and the status (text, or one JSON object). */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "options_int.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "tracer/tracer.h"

static const char synopsis[] =
    "usage: lgfuzz trace SPEC INPUT.json [--json] [--timeout MS] [--event-limit N] [--rebuild] [-v]\n\n"
    "Runs INPUT.json once through the instrumented native build of the kernel in SPEC\n"
    "and prints the branch path (site, source location, direction, comparison\n"
    "operands), every spectra probe (fired or not, with its min/max range), the\n"
    "outputs and the status (ok, crash, hang).\n\n";

static const char epilogue[] = "Exit codes: 0 the kernel ran to completion, 1 it crashed or hung,\n"
                               "2 usage error or invalid spec/input.\n";

typedef struct opts {
    const char *spec, *input;
    int json, verbose;
    tracer_cfg_t cfg;
} opts_t;

static const cli_opt_t trace_opts[] = {
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(opts_t, json),
     .help = "print one JSON object instead of text"},
    {.kind = CLI_COUNT,
     .name = "--timeout",
     .field = CLI_FIELD(opts_t, cfg.timeout_ms),
     .min = 1,
     .max = UINT64_MAX,
     .arg = "MS",
     .help = "wall-clock limit for the run (default 2000)"},
    {.kind = CLI_COUNT,
     .name = "--event-limit",
     .field = CLI_FIELD(opts_t, cfg.event_limit),
     .min = 1,
     .max = UINT64_MAX,
     .arg = "N",
     .help = "branch events before the run counts as a hang (default 1000000, or 16 per cycle of the "
             "spec's rtl.max_cycles when that is above 1000000)"},
    {.kind = CLI_FLAG,
     .name = "--rebuild",
     .field = CLI_FIELD(opts_t, cfg.rebuild),
     .help = "rebuild the executor even when a cached build exists"},
    {.kind = CLI_FLAG, .letter = 'v', .field = CLI_FIELD(opts_t, verbose), .help = "show build progress on stderr"},
    {.kind = CLI_END},
};

/* Fills o from argv; returns CLI_PROCEED or the exit code. */
static int parse_args(int argc, char **argv, opts_t *o)
{
    static const char *const positional[] = {"SPEC", "INPUT.json", NULL};
    tracer_cfg_default(&o->cfg);
    cli_opts_t cl = {
        .cmd = "trace",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{trace_opts, o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED) {
        o->spec = cl.pos[0];
        o->input = cl.pos[1];
    }
    cli_opts_free(&cl);
    return rc;
}

int cmd_trace(int argc, char **argv)
{
    opts_t o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_PROCEED)
        return rc;
    lg_err_t err;
    lg_err_clear(&err);
    lg_log_t log = lg_log_make(o.verbose ? LG_LOG_INFO : LG_LOG_WARN);
    spec_t *spec = spec_load(o.spec, &err);
    input_t *in = spec ? input_load(spec, o.input, &err) : NULL;
    tracer_t *t = in ? tracer_create(spec, &o.cfg, &log, &err) : NULL;
    tracer_trace_t *tr = NULL;
    const input_t *ins[1] = {in};
    if (!t || tracer_run(t, ins, 1, &tr, &err) != 0) {
        fprintf(stderr, "lgfuzz trace: %s\n", err.msg);
        rc = LG_EXIT_USAGE;
        goto done;
    }
    if (o.json) {
        char *j = tracer_trace_to_json(t, &tr[0]);
        printf("%s\n", j);
        free(j);
    } else {
        tracer_trace_print(t, &tr[0], stdout);
    }
    rc = tr[0].result->status == RUN_OK ? LG_EXIT_OK : LG_EXIT_FINDINGS;
done:
    tracer_destroy(t);
    input_destroy(in);
    spec_destroy(spec);
    return rc;
}
