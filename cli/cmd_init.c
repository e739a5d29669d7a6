/* `lgfuzz init RTL [--c SOURCE] [--function NAME] [--ranges-from RUN] [-o FILE]`: writes a
 * kernel spec for an existing HLS design from the top module's ports,
 * csynth.xml when the solution has one, and the C prototype, marking every
 * value that no HLS output states as a guess (a YAML comment, and a line
 * on stderr), with the ranges a run proposes when the user accepts them.
 * init/ reads the design and writes the spec's text; this file
 * parses the options, writes the file and reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "cli.h"
#include "init/init.h"
#include "options_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static const char synopsis[] =
    "usage: lgfuzz init RTL [--c SOURCE] [--function NAME] [--ranges-from RUN] [-o FILE [--force]]\n\n"
    "Writes a kernel spec for an HLS design. RTL is the top module's Verilog file, a\n"
    "directory of Verilog files, or an HLS solution directory (its syn/verilog/). The\n"
    "top module is the one HLS marks with CORE_GENERATION_INFO. Params come from the\n"
    "port list (ap_memory, ap_fifo, ap_vld, ap_ovld, ap_ack, ap_hs, ap_none, axis, ap_return,\n"
    "and Vivado HLS's _V names up to 2019; the AXI4-Lite control and m_axi bundles of the\n"
    "Vitis kernel flow, with x<top>_hw.h when the solution has one), names, order, types and\n"
    "directions from the C prototype (--c, else the source the HLS project lists or one\n"
    "beside the solution) and csynth.xml when the solution has one. Every guessed value\n"
    "is marked with a YAML comment and listed on stderr.\n"
    "Without -o the spec goes to stdout, its paths relative to the working directory.\n"
    "With --ranges-from, each scalar param that a finding of the run triaged\n"
    "out-of-contract proposes a range for gets that range: the user accepts what the\n"
    "C relies on, so lgfuzz keeps its inputs inside it.\n\n";

static const char epilogue[] = "Exit codes: 0 the spec was written, 2 usage error, an unreadable file, a design\n"
                               "with interfaces lgfuzz does not drive (each named), an existing FILE without\n"
                               "--force.\n";

typedef struct init_opts {
    const char *csource, *function, *out, *ranges_from;
    int force;
} init_opts_t;

/* The ranges run's out-of-contract findings propose (batch_groups_load
 * reads them), one per param: those proposed for one param intersect.
 * Fills *out (strings owned by *why, one per range; free with
 * free_ranges); an error when run holds none, or two that do not meet. */
static int load_ranges(const char *run, init_range_t **out, size_t *n, lg_err_t *err)
{
    *out = NULL;
    *n = 0;
    batch_groups_t g;
    int rc = batch_groups_load(run, &g, err);
    init_range_t *v = lg_calloc(g.n ? g.n : 1, sizeof *v);
    for (size_t i = 0; rc == 0 && i < g.n; i++) {
        const batch_range_t *r = &g.v[i].range;
        if (!r->param)
            continue;
        size_t k = 0;
        while (k < *n && strcmp(v[k].param, r->param) != 0)
            k++;
        if (k == *n) {
            v[k] = (init_range_t){.param = lg_strdup(r->param), .lo = r->lo, .hi = r->hi};
            v[k].why = lg_asprintf("accepted from %s/%s: the C relies on %s", run, r->dir, r->contract);
            (*n)++;
            continue;
        }
        v[k].lo = r->lo > v[k].lo ? r->lo : v[k].lo;
        v[k].hi = r->hi < v[k].hi ? r->hi : v[k].hi;
        if (v[k].lo > v[k].hi)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s: the ranges its findings propose for `%s` do not meet (%s/%s: [%lld, %lld])", run,
                            r->param, run, r->dir, (long long)r->lo, (long long)r->hi);
    }
    if (rc == 0 && *n == 0)
        rc = lg_err_set(err, LG_EINVAL,
                        "%s: no finding proposes a range (none is triaged out-of-contract with a scalar param as "
                        "its index)",
                        run);
    batch_groups_free(&g);
    *out = v;
    return rc;
}

static void free_ranges(init_range_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free((char *)v[i].param);
        free((char *)v[i].why);
    }
    free(v);
}

static int write_out(const init_opts_t *o, const char *text, lg_err_t *err)
{
    if (!o->out) {
        fputs(text, stdout);
        return 0;
    }
    if (lg_path_exists(o->out) && !o->force)
        return lg_err_set(err, LG_EINVAL, "%s exists; give --force to replace it", o->out);
    return lg_write_file_atomic(o->out, text, strlen(text), err);
}

/* Writes the spec init made for rtl_path and reports what was read and
 * guessed on stderr. */
static int run_init(const init_opts_t *o, const char *rtl_path, lg_err_t *err)
{
    init_cfg_t cfg = {.rtl = rtl_path, .csource = o->csource, .function = o->function, .spec_path = o->out};
    init_range_t *ranges = NULL;
    size_t nranges = 0;
    if (o->ranges_from && load_ranges(o->ranges_from, &ranges, &nranges, err) != 0) {
        free_ranges(ranges, nranges);
        return err->code;
    }
    cfg.ranges = ranges;
    cfg.nranges = nranges;
    init_t *in = init_create(&cfg, err);
    if (!in) {
        free_ranges(ranges, nranges);
        return err->code;
    }
    int rc = write_out(o, init_text(in), err);
    if (rc == 0) {
        init_summary_t s;
        init_get_summary(in, &s);
        fprintf(stderr, "lgfuzz init: top %s (%s:%d), %s%s%s, %zu param(s)%s\n", s.top, s.top_file, s.top_line,
                s.csource, s.report ? ", " : "", s.report ? s.report : "", s.nparams,
                s.nguesses ? "; guessed:" : "; nothing guessed");
        for (size_t i = 0; i < s.nguesses; i++)
            fprintf(stderr, "  %s\n", s.guesses[i]);
        for (size_t i = 0; i < nranges; i++)
            fprintf(stderr, "lgfuzz init: %s: range [%lld, %lld], %s\n", ranges[i].param, (long long)ranges[i].lo,
                    (long long)ranges[i].hi, ranges[i].why);
    }
    init_destroy(in);
    free_ranges(ranges, nranges);
    return rc;
}

int cmd_init(int argc, char **argv)
{
    static const char *const positional[] = {"RTL", NULL};
    static const cli_opt_t init_opts[] = {
        {.kind = CLI_STRING,
         .name = "--c",
         .field = CLI_FIELD(init_opts_t, csource),
         .arg = "SOURCE",
         .help = "the C or C++ source of the kernel (default: the file defining the function\n"
                 "in the Verilog's directory or the three above it)"},
        {.kind = CLI_STRING,
         .name = "--function",
         .field = CLI_FIELD(init_opts_t, function),
         .arg = "NAME",
         .help = "the kernel function (default: the top module's name)"},
        {.kind = CLI_STRING,
         .name = "--out",
         .letter = 'o',
         .field = CLI_FIELD(init_opts_t, out),
         .arg = "FILE",
         .help = "write the spec to FILE (paths in it relative to FILE's directory)"},
        {.kind = CLI_STRING,
         .name = "--ranges-from",
         .field = CLI_FIELD(init_opts_t, ranges_from),
         .arg = "RUN",
         .help = "give each param the range a finding of RUN (an lgfuzz run output\n"
                 "directory) triaged out-of-contract proposes for it"},
        {.kind = CLI_FLAG,
         .name = "--force",
         .field = CLI_FIELD(init_opts_t, force),
         .help = "replace an existing FILE"},
        {.kind = CLI_END},
    };
    init_opts_t o = {0};
    cli_opts_t cl = {
        .cmd = "init",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{init_opts, &o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    const char *rtl = cl.npos ? cl.pos[0] : NULL;
    cli_opts_free(&cl);
    if (rc != CLI_PROCEED)
        return rc;
    lg_err_t err;
    lg_err_clear(&err);
    if (run_init(&o, rtl, &err) != 0) {
        fprintf(stderr, "lgfuzz init: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    return LG_EXIT_OK;
}
