/* `lgfuzz init RTL [--c SOURCE] [--function NAME] [-o FILE]`: writes a
 * kernel spec for an existing HLS design from the top module's ports,
 * csynth.xml when the solution has one, and the C prototype, marking every
 * value that no HLS output states as a guess (a YAML comment, and a line
 * on stderr). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/alloc.h"
#include "common/fsutil.h"
#include "init_int.h"
#include "options_int.h"

static const char synopsis[] =
    "usage: lgfuzz init RTL [--c SOURCE] [--function NAME] [-o FILE [--force]]\n\n"
    "Writes a kernel spec for an HLS design. RTL is the top module's Verilog file, a\n"
    "directory of Verilog files, or an HLS solution directory (its syn/verilog/). The\n"
    "top module is the one HLS marks with CORE_GENERATION_INFO. Params come from the\n"
    "port list (ap_memory, ap_fifo, ap_vld, ap_ovld, ap_none, axis, ap_return; the AXI4-Lite\n"
    "control and m_axi bundles of the Vitis kernel flow, with x<top>_hw.h when the solution\n"
    "has one), names, order,\n"
    "types and directions from the C prototype (--c) and csynth.xml when the solution\n"
    "has one. Every guessed value is marked with a YAML comment and listed on stderr.\n"
    "Without -o the spec goes to stdout, its paths relative to the working directory.\n\n";

static const char epilogue[] = "Exit codes: 0 the spec was written, 2 usage error, an unreadable file, a design\n"
                               "with interfaces lgfuzz does not drive (each named), an existing FILE without\n"
                               "--force.\n";

typedef struct init_opts {
    const char *csource, *function, *out;
    int force;
} init_opts_t;

/* A C or C++ file defining fn in dir or up to three directories above it
 * (an HLS project keeps its sources above the solution). Owned or NULL. */
static char *find_source(const char *dir, const char *fn)
{
    static const char *const exts[] = {".cpp", ".cc", ".cxx", ".c", NULL};
    char *d = lg_strdup(dir);
    char *found = NULL;
    for (int up = 0; up < 4 && !found; up++) {
        for (size_t e = 0; exts[e] && !found; e++) {
            char **names = NULL;
            size_t n = 0;
            lg_err_t err;
            if (lg_list_dir(d, exts[e], &names, &n, &err) != 0)
                continue;
            for (size_t i = 0; i < n && !found; i++) {
                char *p = lg_path_join(d, names[i]);
                init_proto_t proto;
                if (init_proto_read(p, fn, &proto, &err) == 0) {
                    found = p;
                    init_proto_free(&proto);
                } else {
                    free(p);
                }
            }
            lg_list_free(names, n);
        }
        char *parent = lg_path_join(d, "..");
        free(d);
        d = parent;
    }
    free(d);
    return found;
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

/* Reads, infers and writes; csource is the C file (owned). */
static int run_init(const init_opts_t *o, const char *rtl_path, lg_err_t *err)
{
    init_rtl_t rtl;
    init_proto_t proto = {0};
    init_xml_t xml = {0};
    init_spec_t spec = {0};
    init_axi_t axi = {0};
    char *csource = NULL, *vdir = NULL, *out_dir = NULL, *text = NULL;
    int have_proto = 0;
    int rc = init_rtl_read(rtl_path, o->function, &rtl, err);
    if (rc != 0)
        return rc;
    const char *fn = o->function ? o->function : rtl.top;
    vdir = lg_path_dirname(rtl.top_file);
    csource = o->csource ? lg_strdup(o->csource) : find_source(vdir, fn);
    if (!csource) {
        rc = lg_err_set(err, LG_EINVAL,
                        "no C or C++ file defining `%s` in %s or the three directories above it; "
                        "name it with --c SOURCE",
                        fn, vdir);
        goto done;
    }
    if ((rc = init_proto_read(csource, fn, &proto, err)) != 0)
        goto done;
    have_proto = 1;
    if ((rc = init_xml_read(vdir, rtl.top, &xml, err)) != 0)
        goto done;
    init_axi_read(&rtl, vdir, &axi);
    if ((rc = init_infer(&rtl, &proto, &xml, &axi, &spec, err)) != 0)
        goto done;
    out_dir = o->out ? lg_path_dirname(o->out) : lg_strdup(".");
    text = init_emit(&spec, &rtl, &proto, &xml, csource, fn, out_dir);
    if ((rc = write_out(o, text, err)) != 0)
        goto done;
    fprintf(stderr, "lgfuzz init: top %s (%s:%d), %s%s%s, %zu param(s)%s\n", rtl.top, rtl.top_file, rtl.top_line,
            csource, xml.path ? ", " : "", xml.path ? xml.path : "", spec.nparams,
            spec.nguesses ? "; guessed:" : "; nothing guessed");
    for (size_t i = 0; i < spec.nguesses; i++)
        fprintf(stderr, "  %s\n", spec.guesses[i]);
done:
    free(text);
    free(out_dir);
    init_spec_free(&spec);
    init_axi_free(&axi);
    init_xml_free(&xml);
    if (have_proto)
        init_proto_free(&proto);
    free(csource);
    free(vdir);
    init_rtl_free(&rtl);
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
