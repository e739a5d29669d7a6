/* `lgfuzz diff SPEC INPUT.json [--json]`: runs one input natively (through
 * the tracer's executor) and on the RTL (through the oracle) and prints the
 * comparison; exit 1 when the two sides diverge. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options_int.h"
#include "rtl-oracle/oracle.h"
#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "tracer/tracer.h"
#include "util/log.h"

static const char synopsis[] = "usage: lgfuzz diff SPEC INPUT.json [--json] [--rtl-state N] [--verbose]\n\n"
                               "Runs the input INPUT.json once natively and once on the RTL of the kernel\n"
                               "spec SPEC (building or reusing the cached Verilator model) and prints both\n"
                               "results and every symptom of divergence: mismatch:return, mismatch:<param>,\n"
                               "rtl-hang, rtl-oob:<array>, rtl-assert, cpu-crash:<SIGNAME>, cpu-hang,\n"
                               "cpu-oom, cpu-fd, cpu-fork, cpu-kill, cpu-output.\n\n";

static const char epilogue[] = "Exit codes: 0 the two sides agree, 1 they diverge, 2 usage error or bad\n"
                               "spec, input, Verilog or kernel source.\n";

typedef struct diff_opts {
    const char *spec_path, *input_path;
    int json, verbose;
    uint64_t rtl_state;
} diff_opts_t;

static const cli_opt_t diff_opts[] = {
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(diff_opts_t, json),
     .help = "print one JSON object {\"divergent\", \"symptoms\", \"cpu\", \"rtl\"}"},
    {.kind = CLI_COUNT,
     .name = "--rtl-state",
     .field = CLI_FIELD(diff_opts_t, rtl_state),
     .max = UINT32_MAX,
     .arg = "N",
     .help = "what the RTL's registers and memories without an initial value, and the\n"
             "Xs it assigns, start as: 0 all zero (the default, as in every run), 1 all\n"
             "ones, N > 1 random values drawn from seed N (an rtl-x finding names one)"},
    {.kind = CLI_FLAG,
     .name = "--verbose",
     .field = CLI_FIELD(diff_opts_t, verbose),
     .help = "log build steps on stderr"},
    {.kind = CLI_END},
};

/* Fills o from argv; returns CLI_PROCEED or the exit code. */
static int parse_args(int argc, char **argv, diff_opts_t *o)
{
    static const char *const positional[] = {"SPEC", "INPUT.json", NULL};
    memset(o, 0, sizeof *o);
    cli_opts_t cl = {
        .cmd = "diff",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{diff_opts, o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED) {
        o->spec_path = cl.pos[0];
        o->input_path = cl.pos[1];
    }
    cli_opts_free(&cl);
    return rc;
}

/* The CPU side: one traced native run; the result is copied out because
 * the trace belongs to the tracer. */
static int run_cpu(const spec_t *spec, const input_t *in, const lg_log_t *log, run_result_t *cpu, lg_err_t *err)
{
    tracer_t *t = tracer_create(spec, NULL, log, err);
    if (!t)
        return err->code ? err->code : LG_EINTERNAL;
    tracer_trace_t *tr = NULL;
    int rc = tracer_run(t, &in, 1, &tr, err);
    if (rc == 0) {
        const run_result_t *r = tr[0].result;
        cpu->status = r->status;
        cpu->sig = r->sig;
        cpu->ret = r->ret;
        cpu->has_return = r->has_return;
        snprintf(cpu->detail, sizeof cpu->detail, "%s", r->detail);
        for (size_t i = 0; i < spec->nparams && i < r->nout; i++) {
            cpu->out[i].scalar = r->out[i].scalar;
            cpu->out[i].valid = r->out[i].valid;
            if (cpu->out[i].elems && r->out[i].elems)
                memcpy(cpu->out[i].elems, r->out[i].elems, cpu->out[i].len * sizeof(int64_t));
        }
    }
    tracer_destroy(t);
    return rc;
}

static void print_text(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl,
                       const oracle_symptoms_t *syms)
{
    char *c = run_result_to_json(spec, cpu), *r = run_result_to_json(spec, rtl);
    printf("cpu: %s\nrtl: %s\n", c, r);
    if (syms->n == 0)
        printf("no divergence\n");
    for (size_t i = 0; i < syms->n; i++)
        printf("divergence %s: %s\n", syms->v[i].cls, syms->v[i].detail);
    free(c);
    free(r);
}

int cmd_diff(int argc, char **argv)
{
    diff_opts_t o;
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_PROCEED)
        return rc;
    lg_log_t log = lg_log_make(o.verbose ? LG_LOG_INFO : LG_LOG_WARN);
    lg_err_t err;
    lg_err_clear(&err);
    int code = LG_EXIT_USAGE;
    input_t *in = NULL;
    oracle_t *oracle = NULL;
    run_result_t *cpu = NULL, *rtl = NULL;
    oracle_symptoms_t syms = {0};
    spec_t *spec = spec_load(o.spec_path, &err);
    if (!spec)
        goto done;
    if (!spec->has_rtl) {
        lg_err_set(&err, LG_EINVAL, "%s: the spec has no rtl section to compare with", o.spec_path);
        goto done;
    }
    in = input_load(spec, o.input_path, &err);
    if (!in)
        goto done;
    cpu = run_result_create(spec);
    rtl = run_result_create(spec);
    if (run_cpu(spec, in, &log, cpu, &err) != 0)
        goto done;
    oracle = oracle_create(spec, NULL, &log, &err);
    if (!oracle || oracle_run_xstate(oracle, in, o.rtl_state, NULL, rtl, &err) != 0)
        goto done;
    oracle_compare(spec, cpu, rtl, &syms);
    if (o.json) {
        char *text = oracle_diff_to_json(spec, cpu, rtl, &syms);
        printf("%s\n", text);
        free(text);
    } else {
        print_text(spec, cpu, rtl, &syms);
    }
    code = syms.n ? LG_EXIT_FINDINGS : LG_EXIT_OK;
done:
    if (code == LG_EXIT_USAGE)
        fprintf(stderr, "lgfuzz diff: %s\n", err.msg);
    oracle_symptoms_free(&syms);
    oracle_destroy(oracle);
    run_result_destroy(rtl);
    run_result_destroy(cpu);
    input_destroy(in);
    spec_destroy(spec);
    return code;
}
