/* `lgfuzz trace SPEC INPUT.json`: runs one input natively through the
 * instrumented executor and prints its path with source locations, the
 * spectra probes, the outputs and the status (text, or one JSON object). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/input.h"
#include "common/spec.h"
#include "tracer/tracer.h"

static const char usage[] =
    "usage: lgfuzz trace SPEC INPUT.json [--json] [--timeout MS] [--event-limit N] [--rebuild] [-v]\n\n"
    "Runs INPUT.json once through the instrumented native build of the kernel in SPEC\n"
    "and prints the branch path (site, source location, direction, comparison\n"
    "operands), every spectra probe (fired or not, with its min/max range), the\n"
    "outputs and the status (ok, crash, hang).\n\n"
    "  --json           print one JSON object instead of text\n"
    "  --timeout MS     wall-clock limit for the run (default 2000)\n"
    "  --event-limit N  branch events before the run counts as a hang (default 1000000)\n"
    "  --rebuild        rebuild the executor even when a cached build exists\n"
    "  -v               show build progress on stderr\n\n"
    "Exit codes: 0 the kernel ran to completion, 1 it crashed or hung,\n"
    "2 usage error or invalid spec/input.\n";

typedef struct opts {
    const char *spec, *input;
    int json, verbose;
    tracer_cfg_t cfg;
} opts_t;

static int parse_u64(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *end || v == 0)
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, opts_t *o)
{
    tracer_cfg_default(&o->cfg);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0)
            o->json = 1;
        else if (strcmp(a, "--rebuild") == 0)
            o->cfg.rebuild = 1;
        else if (strcmp(a, "-v") == 0)
            o->verbose = 1;
        else if (strcmp(a, "--timeout") == 0 || strcmp(a, "--event-limit") == 0) {
            uint64_t *dst = a[2] == 't' ? &o->cfg.timeout_ms : &o->cfg.event_limit;
            if (i + 1 >= argc || parse_u64(argv[i + 1], dst) != 0)
                return cli_usage_error("trace", "%s needs a positive integer", a);
            i++;
        } else if (a[0] == '-')
            return cli_usage_error("trace", "unknown option '%s' (see lgfuzz trace --help)", a);
        else if (!o->spec)
            o->spec = a;
        else if (!o->input)
            o->input = a;
        else
            return cli_usage_error("trace", "unexpected argument '%s'", a);
    }
    if (!o->spec || !o->input)
        return cli_usage_error("trace", "needs SPEC and INPUT.json (see lgfuzz trace --help)");
    return LG_EXIT_OK;
}

int cmd_trace(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    opts_t o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc != LG_EXIT_OK)
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
