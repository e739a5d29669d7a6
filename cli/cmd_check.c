/* `lgfuzz check SPEC`: validates a kernel spec and prints what lgfuzz
 * resolved from it: the C signature, params with domains, the RTL interface
 * mapping with HLS port names, hls widths and the feature list. Then it
 * compiles the C kernel (the native executor, or its cached build) and
 * reads the RTL top module's ports (verilating only, no model is built),
 * so a missing header, a missing function, a missing memory file or a
 * port the spec gets wrong fails here rather than in `run`; with --state
 * it lists the kernel's globals the executor restores before every input.
 * A spec with a host section also gets the host's inputs, each with the
 * kernel params it reaches (host/host.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "host/host.h"
#include "options_int.h"
#include "rtl-oracle/oracle.h"
#include "spec/features.h"
#include "spec/spec.h"
#include "tracer/tracer.h"

static const char synopsis[] = "usage: lgfuzz check SPEC [--state]\n\n"
                               "Validates the kernel spec SPEC (kernel.yaml) and prints the resolved C signature,\n"
                               "the params with their domains, the RTL interface mapping and the feature list\n"
                               "lgfuzz learns conditions over. Compiles the C kernel and verilates the RTL (both\n"
                               "cached, no RTL model is built) to report every mismatch between the spec and the\n"
                               "top module's ports. With a host: section, also compiles the host program and\n"
                               "prints, for each host input, the kernel params it reaches (docs/host.md).\n\n";

static const char epilogue[] = "Exit codes: 0 the spec is valid, 2 usage error, invalid spec (the message\n"
                               "names file:line:col and what was expected), a kernel that does not compile,\n"
                               "Verilog that Verilator rejects, a missing memory file or ports that do not match\n"
                               "the spec (each mismatch named with its port and Verilog file), or a host that\n"
                               "does not compile or never calls the kernel function.\n";

typedef struct check_opts {
    int state;
    int verbose;
} check_opts_t;

static void print_domain(const spec_param_t *p)
{
    if (p->type == LG_U64)
        printf("[%" PRIu64 ", %" PRIu64 "]", (uint64_t)p->range_lo, (uint64_t)p->range_hi);
    else
        printf("[%" PRId64 ", %" PRId64 "]", p->range_lo, p->range_hi);
}

static void print_params(const spec_t *s)
{
    printf("params:\n");
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        char ty[LG_SHOW_MAX];
        printf("  %-12s %-5s %-5s", p->name, spec_param_type_name(p, ty, sizeof ty), spec_dir_name(p->dir));
        if (p->wide_scalar) {
            printf(" scalar, carried as %d 64-bit limbs\n", p->limbs);
            continue;
        }
        if (p->wide) {
            if (p->fixed_len)
                printf(" array[%zu]", spec_param_elems(p));
            else
                printf(" array[len = %s, max_len %zu]", s->params[p->len_param].name, spec_param_elems(p));
            printf(" elements, each carried as %d 64-bit limbs\n", p->limbs);
            continue;
        }
        if (p->is_array) {
            if (p->fixed_len)
                printf(" array[%zu]", p->max_len);
            else
                printf(" array[len = %s, max_len %zu]", s->params[p->len_param].name, p->max_len);
            printf(" elements ");
        } else {
            printf(" scalar ");
        }
        print_domain(p);
        printf("\n");
    }
}
/* An ap_memory or bram array's one RAM on `check`'s interfaces line. */
static void print_ram(const spec_t *s, size_t i)
{
    const spec_iface_t *f = &s->ifaces[i];
    const char *port = f->port;
    if (f->latency > 1)
        printf("  read latency %d", f->latency);
    printf("  depth %-6" PRIu64 " ports %s%s %s%s", f->depth, port, spec_mem_suffix(f->mode, 0, SPEC_MEM_ADDR), port,
           spec_mem_suffix(f->mode, 0, SPEC_MEM_CE));
    if (s->params[i].dir != SPEC_DIR_OUT)
        printf(" %s%s", port, spec_mem_suffix(f->mode, 0, SPEC_MEM_Q));
    if (s->params[i].dir != SPEC_DIR_IN)
        printf(" %s%s %s%s", port, spec_mem_suffix(f->mode, 0, SPEC_MEM_WE), port,
               spec_mem_suffix(f->mode, 0, SPEC_MEM_D));
    if (f->mode == SPEC_IF_BRAM)
        printf(" (byte addresses)");
}

static void print_rtl(const spec_t *s)
{
    if (!s->has_rtl) {
        printf("rtl: none (native runs only)\n");
        return;
    }
    printf("rtl: top %s, %s, max_cycles %" PRIu64 ", sources:", s->rtl_top, s->rtl_protocol, s->max_cycles);
    for (size_t i = 0; i < s->nrtl_sources; i++)
        printf(" %s", s->rtl_sources[i]);
    printf("\ninterfaces:\n");
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_iface_t *f = &s->ifaces[i];
        const char *port = f->port;
        printf("  %-12s %-9s width %2d", s->params[i].name, spec_if_mode_name(f->mode), f->width);
        switch (f->mode) {
        case SPEC_IF_AP_MEMORY:
        case SPEC_IF_BRAM:
            if (f->part.kind != SPEC_PART_NONE) {
                uint64_t nb = spec_part_banks(&f->part);
                int one = f->mode == SPEC_IF_AP_MEMORY && spec_part_bank_depth(&f->part) == 1;
                const char *addr = one ? "" : spec_mem_suffix(f->mode, 0, SPEC_MEM_ADDR);
                printf("  depth %-6" PRIu64 " %s partition of dim %d into %" PRIu64 " bank%s of %" PRIu64
                       ": ports %s_0%s .. %s_%" PRIu64 "%s",
                       f->depth, spec_part_kind_name(f->part.kind), f->part.dim, nb, nb > 1 ? "s" : "",
                       spec_part_bank_depth(&f->part), port, addr, port, nb - 1, addr);
                break;
            }
            print_ram(s, i);
            break;
        case SPEC_IF_AP_FIFO:
            printf("  depth %-6" PRIu64 " ports ", f->depth);
            if (s->params[i].dir == SPEC_DIR_IN)
                printf("%s_dout %s_empty_n %s_read", port, port, port);
            else
                printf("%s_din %s_full_n %s_write", port, port, port);
            break;
        case SPEC_IF_AP_VLD:
            printf("  port %s %s_ap_vld", port, port);
            break;
        case SPEC_IF_AP_OVLD:
            if (s->params[i].dir == SPEC_DIR_INOUT)
                printf("  ports %s_i %s_o %s_o_ap_vld", port, port, port);
            else
                printf("  port %s %s_ap_vld", port, port);
            break;
        case SPEC_IF_AP_NONE:
            printf("  port %s", port);
            break;
        case SPEC_IF_AP_ACK:
            printf("  port %s %s_ap_ack", port, port);
            break;
        case SPEC_IF_AP_HS:
            if (s->params[i].dir == SPEC_DIR_INOUT)
                printf("  ports %s_i %s_i_ap_vld %s_i_ap_ack %s_o %s_o_ap_vld %s_o_ap_ack", port, port, port, port,
                       port, port);
            else
                printf("  port %s %s_ap_vld %s_ap_ack", port, port, port);
            break;
        case SPEC_IF_S_AXILITE:
            printf("  control register%s", f->has_offset ? " (interfaces offset)" : "");
            break;
        case SPEC_IF_AXIS:
            printf("  depth %-6" PRIu64 " ports %s_TDATA %s_TVALID %s_TREADY", f->depth, port, port, port);
            break;
        case SPEC_IF_M_AXI:
            printf("  depth %-6" PRIu64 " bundle m_axi_%s", f->depth, f->bundle ? f->bundle : "gmem");
            break;
        }
        printf("\n");
    }
    if (s->has_return)
        printf("  %-12s %-9s width %2d  port ap_return\n", "(return)", "ap_ctrl", lg_type_bits(s->ret_type));
}

/* Compiles the kernel into its executor (or reuses the cached build) and,
 * with state, lists the writable globals and static locals the build
 * found; 0, or LG_EXIT_USAGE when the kernel does not compile. */
static int check_c(const spec_t *s, const lg_log_t *log, int state)
{
    lg_err_t err;
    lg_err_clear(&err);
    tracer_t *t = tracer_create(s, NULL, log, &err);
    if (!t) {
        fprintf(stderr, "lgfuzz check: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    printf("c: %s compiles, function %s found\n", s->c_source, s->c_function);
    if (state) {
        size_t n;
        const char *const *names = tracer_globals(t, &n);
        printf("kernel state restored before every input (%zu):", n);
        for (size_t i = 0; i < n; i++)
            printf(" %s", names[i]);
        printf("\n");
    }
    tracer_destroy(t);
    return LG_EXIT_OK;
}

/* "-> data, size" or "-> none" for argv word w (w > 0) or input i. */
static void print_reach(const spec_t *s, const host_slice_t *sl, size_t w, size_t i)
{
    int any = 0;
    printf(" ->");
    for (size_t p = 0; p < s->nparams; p++)
        if (w ? host_slice_word_reaches(sl, w, p) : host_slice_reaches(sl, i, p))
            printf("%s %s", any++ ? "," : "", s->params[p].name);
    printf("%s\n", any ? "" : " none");
}

/* Slices the host back from every kernel call and prints, for each host
 * input, the kernel params it reaches; 0, or LG_EXIT_USAGE when the host
 * does not build or never calls the kernel. */
static int check_host(const spec_t *s, const lg_log_t *log)
{
    const spec_host_t *h = s->host;
    lg_err_t err;
    lg_err_clear(&err);
    host_slice_t *sl = host_slice_create(s, log, &err);
    if (!sl) {
        fprintf(stderr, "lgfuzz check: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    printf("host: entry %s, %zu call%s of %s, alpha %g; the kernel params each host input reaches:\n", h->entry,
           host_slice_calls(sl), host_slice_calls(sl) == 1 ? "" : "s", s->c_function, h->alpha);
    for (size_t w = 1; w <= h->nargv; w++) {
        const spec_host_word_t *word = &h->argv[w - 1];
        if (word->input < 0)
            printf("  argv[%zu] (\"%s\", literal)", w, word->literal);
        else
            printf("  argv[%zu] (%s, %s)", w, h->inputs[word->input].name,
                   spec_host_kind_name(h->inputs[word->input].kind));
        print_reach(s, sl, w, 0);
    }
    for (size_t i = 0; i < h->ninputs; i++) {
        const spec_host_input_t *in = &h->inputs[i];
        if (in->kind == SPEC_HOST_STDIN)
            printf("  stdin (%s)", in->name);
        else if (in->kind == SPEC_HOST_NAMED)
            printf("  %s (%s, named file)", in->path, in->name);
        else
            continue;
        print_reach(s, sl, 0, i);
    }
    if (host_slice_unlisted_stdin(sl))
        fprintf(stderr,
                "lgfuzz check: warning: the host reads standard input into the kernel's params, but %s "
                "gives no host.stdin input\n",
                s->path);
    host_slice_destroy(sl);
    return LG_EXIT_OK;
}

static void report_mismatch(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "lgfuzz check: %s\n", msg);
}

/* Reads the RTL top's ports (verilating only) and reports every mismatch
 * with the spec; 0, or LG_EXIT_USAGE. */
static void print_line(void *ctx, const char *msg)
{
    (void)ctx;
    printf("rtl: %s\n", msg);
}

static int check_rtl(const spec_t *s, const lg_log_t *log)
{
    if (!s->has_rtl)
        return LG_EXIT_OK;
    lg_err_t err;
    lg_err_clear(&err);
    int n = oracle_check_rtl(s, NULL, log, report_mismatch, NULL, &err);
    if (n < 0) {
        fprintf(stderr, "lgfuzz check: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    if (n > 0) {
        fprintf(stderr, "lgfuzz check: %d mismatch%s between %s and the ports of RTL top %s\n", n, n > 1 ? "es" : "",
                s->path, s->rtl_top);
        return LG_EXIT_USAGE;
    }
    printf("rtl: the ports of %s match the spec\n", s->rtl_top);
    if (oracle_describe_rtl(s, NULL, log, print_line, NULL, &err) != 0) {
        fprintf(stderr, "lgfuzz check: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    return LG_EXIT_OK;
}

int cmd_check(int argc, char **argv)
{
    static const char *const positional[] = {"SPEC", NULL};
    static const cli_opt_t check_opts[] = {
        {.kind = CLI_FLAG,
         .name = "--state",
         .field = CLI_FIELD(check_opts_t, state),
         .help = "also list the kernel's writable globals and static locals, which the native\n"
                 "executor restores before every input (builds the executor, or reuses its cache)"},
        {.kind = CLI_FLAG,
         .name = "--verbose",
         .field = CLI_FIELD(check_opts_t, verbose),
         .help = "log build steps on stderr"},
        {.kind = CLI_END},
    };
    check_opts_t o = {0};
    cli_opts_t cl = {
        .cmd = "check",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{check_opts, &o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    const char *path = cl.npos ? cl.pos[0] : NULL;
    cli_opts_free(&cl);
    if (rc != CLI_PROCEED)
        return rc;
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *s = spec_load(path, &err);
    if (!s) {
        fprintf(stderr, "%s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    /* The files the RTL names, before the compiler or Verilator reads
     * anything: a $readmem of /dev/zero must not wait for a build. */
    if (oracle_check_files(s, &err) != 0) {
        fprintf(stderr, "lgfuzz check: %s\n", err.msg);
        spec_destroy(s);
        return LG_EXIT_USAGE;
    }
    char sig[1024];
    spec_format_signature(s, sig, sizeof sig);
    printf("kernel: %s\nsource: %s\nsignature: %s;\n", s->kernel, s->c_source, sig);
    print_params(s);
    lg_log_t log = lg_log_make(o.verbose ? LG_LOG_INFO : LG_LOG_WARN);
    rc = check_c(s, &log, o.state);
    int rtl_rc = check_rtl(s, &log);
    /* the modes after the ports were read, so they follow the verdict on them */
    print_rtl(s);
    if (s->nwidths) {
        printf("hls widths:");
        for (size_t i = 0; i < s->nwidths; i++)
            printf(" %s:%c%d", s->widths[i].var, s->widths[i].width.is_signed ? 'i' : 'u', s->widths[i].width.bits);
        printf("\n");
    }
    if (s->seeds_dir)
        printf("seeds: %s\n", s->seeds_dir);
    features_t *fs = features_create(s);
    printf("features (%zu):", fs->n);
    for (size_t i = 0; i < fs->n; i++)
        printf("%s%s", i % 8 ? " " : "\n  ", fs->f[i].name);
    printf("\n");
    features_destroy(fs);
    if (rc == LG_EXIT_OK)
        rc = rtl_rc;
    int host_rc = s->host ? check_host(s, &log) : LG_EXIT_OK;
    if (rc == LG_EXIT_OK)
        rc = host_rc;
    spec_destroy(s);
    return rc;
}
