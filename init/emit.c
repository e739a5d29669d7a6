/* `lgfuzz init`'s output: the kernel.yaml text for an inferred spec, with
 * paths relative to the spec's directory (and design_dirs naming where
 * those outside it lie), interfaces only where they differ from lgfuzz's
 * defaults, and a YAML comment on each guessed value. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/vscan.h"

/* path relative to the directory dir, both resolved (path as given when
 * either cannot be). Owned. */
static char *relative(const char *dir, const char *path)
{
    char d[PATH_MAX], p[PATH_MAX];
    if (!realpath(dir, d) || !realpath(path, p))
        return lg_strdup(path);
    /* The longest common run of whole components. */
    size_t dl = strlen(d), common = 0;
    for (size_t i = 0; i <= dl; i++)
        if ((d[i] == '/' || d[i] == '\0') && strncmp(d, p, i) == 0 && (p[i] == '/' || p[i] == '\0'))
            common = i;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t i = common; i < dl; i++)
        if (d[i] == '/')
            lg_strbuf_puts(&b, "../");
    if (common == 0 && dl == 1)
        b.len = 0;
    lg_strbuf_puts(&b, p[common] == '/' ? p + common + 1 : p + common);
    return lg_strbuf_take(&b);
}

static void comment(lg_strbuf_t *b, const char *note);

/* The directory of real path p (a heap string; "/" for a file in /). */
static char *real_dirname(const char *p)
{
    const char *slash = strrchr(p, '/');
    return slash && slash != p ? lg_strndup(p, (size_t)(slash - p)) : lg_strdup("/");
}

/* Shortens the directory anc (heap, real) to its longest prefix holding
 * the real directory d, whole components only. */
static void common_dir(char *anc, const char *d)
{
    size_t n = strlen(anc);
    while (n > 1 && !(strncmp(anc, d, n) == 0 && (d[n] == '/' || d[n] == '\0'))) {
        while (n > 1 && anc[n - 1] != '/')
            n--;
        if (n > 1)
            n--; /* the slash before the last component */
    }
    anc[n] = '\0';
}

/* Appends directory d (real) relative to out_dir, after a comma unless
 * it is the first. */
static void put_dir(lg_strbuf_t *b, const char *out_dir, const char *d, int first)
{
    char *rel = relative(out_dir, d);
    size_t n = strlen(rel);
    if (n > 1 && rel[n - 1] == '/') /* "../", d an ancestor of out_dir */
        rel[n - 1] = '\0';
    lg_strbuf_printf(b, "%s%s", first ? "" : ", ", rel);
    free(rel);
}

/* design_dirs for the spec in out_dir whose n files (as given; NULL
 * entries are none) lie outside it: the directory holding them all, or,
 * when only / does, each one's own directory (the design cannot be /).
 * Nothing when every file lies under out_dir. */
static void emit_design_dirs(lg_strbuf_t *b, const char *out_dir, const char *const *files, size_t n)
{
    char **dirs = lg_calloc(n ? n : 1, sizeof *dirs);
    size_t nout = 0;
    for (size_t i = 0; i < n; i++) {
        char *rel = files[i] ? relative(out_dir, files[i]) : NULL;
        char *real = rel && strncmp(rel, "../", 3) == 0 ? realpath(files[i], NULL) : NULL;
        if (real)
            dirs[nout++] = real_dirname(real);
        free(real);
        free(rel);
    }
    if (nout > 0) {
        char *anc = lg_strdup(dirs[0]);
        for (size_t i = 1; i < nout; i++)
            common_dir(anc, dirs[i]);
        lg_strbuf_puts(b, "design_dirs: [");
        if (strcmp(anc, "/") != 0)
            put_dir(b, out_dir, anc, 1);
        for (size_t i = 0, k = 0; strcmp(anc, "/") == 0 && i < nout; i++) {
            int seen = 0;
            for (size_t j = 0; j < i; j++)
                seen |= strcmp(dirs[j], dirs[i]) == 0;
            if (!seen)
                put_dir(b, out_dir, dirs[i], k++ == 0);
        }
        lg_strbuf_puts(b, "]");
        comment(b, "the design's files outside this directory (docs/spec.md)");
        free(anc);
    }
    lg_list_free(dirs, nout);
}

static void comment(lg_strbuf_t *b, const char *note)
{
    if (note)
        lg_strbuf_printf(b, "  # %s", note);
    lg_strbuf_puts(b, "\n");
}

/* The width of p's C type (a wide one's own, not its limbs'). */
static int type_bits(const init_param_t *p)
{
    return p->wide ? abs(p->wide) : lg_type_bits(p->type);
}

static void emit_params(lg_strbuf_t *b, const init_spec_t *s)
{
    lg_strbuf_puts(b, s->nparams ? "params:\n" : "params: []\n");
    for (size_t i = 0; i < s->nparams; i++) {
        const init_param_t *p = &s->params[i];
        char ty[32];
        if (p->wide)
            snprintf(ty, sizeof ty, "%c%d", p->wide < 0 ? 'i' : 'u', abs(p->wide));
        else
            lg_fixed_name(p->type, p->fx, ty, sizeof ty);
        /* A fixed-point type's comma needs quotes in a flow mapping. */
        lg_strbuf_printf(b, p->fx.is_fixed ? "  - {name: %s, type: \"%s\"" : "  - {name: %s, type: %s", p->name, ty);
        if (p->is_array && p->len_param)
            lg_strbuf_printf(b, ", array: {max_len: %ld, len: %s}", p->max_len, p->len_param);
        else if (p->is_array)
            lg_strbuf_printf(b, ", array: {len: %ld}", p->max_len);
        if (p->dir != SPEC_DIR_IN)
            lg_strbuf_printf(b, ", dir: %s", spec_dir_name((spec_dir_t)p->dir));
        if (p->by_pointer)
            lg_strbuf_puts(b, ", pointer: true");
        if (p->member)
            lg_strbuf_printf(b, ", member: %s", p->member);
        if (p->has_range)
            lg_strbuf_printf(b, ", range: [%lld, %lld]", (long long)p->range_lo, (long long)p->range_hi);
        lg_strbuf_puts(b, "}");
        if (p->has_range && p->note) {
            char *both = lg_asprintf("%s; range: %s", p->note, p->range_why);
            comment(b, both);
            free(both);
        } else {
            comment(b, p->has_range ? p->range_why : p->note);
        }
    }
}

/* 1 when the param needs an interfaces entry: a mode, width, depth or
 * port other than the default (ap_none for an input scalar, ap_vld for an
 * out one), or a
 * register offset csynth.xml gave. */
/* Whether p's port is a reserved word HLS left as it is, which the
 * loader would take to be name_r (an AXI param's registers go by its
 * offset instead). */
static int port_unsaid(const init_param_t *p)
{
    return p->mode != INIT_MAXI && p->mode != INIT_LITE && spec_port_reserved(p->name) && strcmp(p->port, p->name) == 0;
}

static int needs_iface(const init_param_t *p)
{
    return p->is_array || p->mode == INIT_FIFO || (p->mode == INIT_NONE && p->dir != SPEC_DIR_IN) ||
           (p->mode == INIT_VLD && p->dir == SPEC_DIR_IN) || p->mode == INIT_ACK || p->mode == INIT_HS ||
           p->width != type_bits(p) || strcmp(p->port, p->name) != 0 || p->has_offset || port_unsaid(p);
}

/* ", partition: {type: cyclic, factor: 2, dim: 2, dims: [4, 8]}". */
static void emit_partition(lg_strbuf_t *b, const init_param_t *p)
{
    static const char *const kinds[] = {"", "complete", "cyclic", "block"};
    lg_strbuf_printf(b, ", partition: {type: %s", kinds[p->part_kind]);
    if (p->part_kind != 1)
        lg_strbuf_printf(b, ", factor: %ld", p->part_factor);
    if (p->part_dim != 1)
        lg_strbuf_printf(b, ", dim: %d", p->part_dim);
    for (int k = 0; k < p->ndims; k++)
        lg_strbuf_printf(b, "%s%ld%s", k ? ", " : ", dims: [", p->dims[k], k + 1 == p->ndims ? "]" : "");
    lg_strbuf_puts(b, "}");
}

static void emit_ifaces(lg_strbuf_t *b, const init_spec_t *s)
{
    static const char *const modes[] = {
        [INIT_NONE] = "ap_none", [INIT_VLD] = "ap_vld", [INIT_OVLD] = "ap_ovld", [INIT_MEMORY] = "ap_memory",
        [INIT_FIFO] = "ap_fifo", [INIT_AXIS] = "axis",  [INIT_MAXI] = "m_axi",   [INIT_LITE] = "s_axilite",
        [INIT_ACK] = "ap_ack",   [INIT_HS] = "ap_hs",   [INIT_BRAM] = "bram"};
    static const char *const addrs[] = {
        [INIT_ADDR_SLAVE] = "slave", [INIT_ADDR_DIRECT] = "direct", [INIT_ADDR_OFF] = "off"};
    int any = 0;
    for (size_t i = 0; i < s->nparams; i++) {
        const init_param_t *p = &s->params[i];
        if (!needs_iface(p))
            continue;
        if (!any++)
            lg_strbuf_puts(b, "  interfaces:\n");
        lg_strbuf_printf(b, "    %s: {mode: %s", p->name, modes[p->mode]);
        if (p->is_array)
            lg_strbuf_printf(b, ", depth: %ld", p->depth);
        if (p->width != type_bits(p))
            lg_strbuf_printf(b, ", width: %d", p->width);
        if (p->nbanks)
            emit_partition(b, p);
        if (p->latency > 1)
            lg_strbuf_printf(b, ", latency: %ld", p->latency);
        if (p->mode == INIT_MAXI && strcmp(p->bundle, "gmem") != 0)
            lg_strbuf_printf(b, ", bundle: %s", p->bundle);
        if (p->mode == INIT_MAXI && p->addr != INIT_ADDR_SLAVE)
            lg_strbuf_printf(b, ", offset: %s", addrs[p->addr]);
        else if (p->has_offset && (p->mode == INIT_LITE || p->mode == INIT_MAXI))
            lg_strbuf_printf(b, ", offset: 0x%lx", p->offset);
        /* The loader appends _r to a reserved word itself (saying it is
         * harmless); a reserved word's ports HLS left as they are (the
         * banks input_0 .. of a partitioned `input`) must be said. */
        if (strcmp(p->port, p->name) != 0 || port_unsaid(p))
            lg_strbuf_printf(b, ", port: %s", p->port);
        lg_strbuf_puts(b, "}");
        comment(b, p->iface_note);
    }
}

/* A YAML double-quoted scalar. */
static void put_quoted(lg_strbuf_t *b, const char *v)
{
    lg_strbuf_puts(b, "\"");
    for (; *v; v++)
        lg_strbuf_printf(b, *v == '"' || *v == '\\' ? "\\%c" : "%c", *v);
    lg_strbuf_puts(b, "\"");
}

/* The c section: a flow mapping when the kernel is one file with no
 * flags, else the project's other files, defines and include
 * directories too. */
static void emit_c(lg_strbuf_t *b, const init_project_t *proj, const char *csource, const char *fn, const char *out_dir)
{
    char *src = relative(out_dir, csource);
    long self = proj ? init_project_find(proj, csource) : -1; /* csource among the project's files */
    size_t nothers = proj ? proj->nsources - (self >= 0) : 0;
    if (!proj || (!nothers && !proj->ndefines && !proj->nincludes && !proj->preprocessed && !proj->nmains)) {
        lg_strbuf_printf(b, "c: {source: %s, function: %s}\n", src, fn);
        free(src);
        return;
    }
    char *from = relative(out_dir, proj->file);
    if (proj->preprocessed)
        lg_strbuf_printf(b,
                         "c:\n  # the design's own files were not found: HLS's preprocessed copies of them in %s\n"
                         "  # (their line markers name the files and lines the reports give)\n",
                         from);
    else
        lg_strbuf_puts(b, "c:\n");
    lg_strbuf_printf(b, "  source: %s\n  function: %s\n", src, fn);
    free(src);
    if (nothers) {
        lg_strbuf_puts(b, "  sources: [");
        for (size_t i = 0, k = 0; i < proj->nsources; i++) {
            if ((long)i == self)
                continue;
            char *rel = relative(out_dir, proj->sources[i]);
            lg_strbuf_printf(b, "%s%s", k++ ? ", " : "", rel);
            free(rel);
        }
        lg_strbuf_printf(b,
                         proj->preprocessed ? "]   # the other files HLS preprocessed there\n"
                                            : "]   # the other files %s lists\n",
                         from);
    }
    for (size_t i = 0; i < proj->nmains; i++) {
        char *rel = relative(out_dir, proj->mains[i]);
        lg_strbuf_printf(b, "  # left out: %s, which %s lists as the design's but defines main (a testbench's)\n", rel,
                         from);
        free(rel);
    }
    if (proj->ndefines) {
        lg_strbuf_puts(b, "  defines: [");
        for (size_t i = 0; i < proj->ndefines; i++) {
            lg_strbuf_puts(b, i ? ", " : "");
            put_quoted(b, proj->defines[i]);
        }
        lg_strbuf_printf(b, "]   # the -D flags of %s\n", from);
    }
    if (proj->nincludes) {
        lg_strbuf_puts(b, "  include_dirs: [");
        for (size_t i = 0; i < proj->nincludes; i++)
            put_dir(b, out_dir, proj->includes[i], i == 0);
        lg_strbuf_printf(b, "]   # the -I flags of %s\n", from);
    }
    free(from);
}

/* A call takes at most HLS_SYN_LAT cycles as HLS bounds it (at the trip
 * counts the loop_tripcount pragmas declare); max_cycles is this many
 * times that, when the default is less: a design whose one call takes
 * 4.8 million cycles would otherwise hang on every input. */
#define EMIT_LATENCY_MARGIN 4

/* HLS_SYN_LAT of a CORE_GENERATION_INFO value, or -1 when it has none or
 * not a number (HLS writes -1 for a latency it could not bound). */
static int64_t syn_latency(const char *gen_info)
{
    int64_t lat = gen_info ? vscan_syn_latency(gen_info, strlen(gen_info)) : -1;
    return lat <= INT64_MAX / EMIT_LATENCY_MARGIN ? lat : -1;
}

/* rtl.max_cycles from the design's latency, when the default is too
 * small for it. */
static void emit_max_cycles(lg_strbuf_t *b, const init_rtl_t *rtl)
{
    int64_t lat = syn_latency(rtl->gen_info);
    if (lat < 0 || (uint64_t)lat * EMIT_LATENCY_MARGIN <= SPEC_MAX_CYCLES_DEFAULT)
        return;
    lg_strbuf_printf(b, "  max_cycles: %llu  # %d x HLS_SYN_LAT (%lld): a call past it is a hang\n",
                     (unsigned long long)lat * EMIT_LATENCY_MARGIN, EMIT_LATENCY_MARGIN, (long long)lat);
}

char *init_emit(const init_spec_t *s, const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml,
                const init_project_t *proj, const char *csource, const char *fn, const char *out_dir)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "# %s: written by lgfuzz init from the ports of module %s", s->kernel, rtl->top);
    if (xml->path)
        lg_strbuf_puts(&b, ", csynth.xml");
    if (proto)
        lg_strbuf_printf(&b, " and the prototype of %s", fn);
    lg_strbuf_puts(&b, ".\n# Comments marked \"guessed\" are values no HLS output states: check them.\n");
    if (rtl->gen_info)
        lg_strbuf_printf(&b, "# CORE_GENERATION_INFO: %s\n", rtl->gen_info);
    lg_strbuf_printf(&b, "kernel: %s\n", s->kernel);
    size_t nproj = proj ? proj->nsources : 0;
    const char **files = lg_calloc(rtl->nfiles + 2 + nproj, sizeof *files);
    files[0] = csource;
    files[1] = s->registers;
    for (size_t i = 0; i < rtl->nfiles; i++)
        files[i + 2] = rtl->files[i];
    for (size_t i = 0; i < nproj; i++)
        files[rtl->nfiles + 2 + i] = proj->sources[i];
    emit_design_dirs(&b, out_dir, files, rtl->nfiles + 2 + nproj);
    free(files);
    emit_c(&b, proj, csource, fn, out_dir);
    emit_params(&b, s);
    if (s->has_ret) {
        char ty[32];
        lg_strbuf_printf(&b, s->ret_fx.is_fixed ? "return: \"%s\"" : "return: %s",
                         lg_fixed_name(s->ret, s->ret_fx, ty, sizeof ty));
        comment(&b, s->ret_note);
    }
    lg_strbuf_puts(&b, "rtl:\n  sources: [");
    for (size_t i = 0; i < rtl->nfiles; i++) {
        char *f = relative(out_dir, rtl->files[i]);
        lg_strbuf_printf(&b, "%s%s", i ? ", " : "", f);
        free(f);
    }
    lg_strbuf_printf(&b, "]\n  top: %s\n", rtl->top);
    if (s->protocol)
        lg_strbuf_printf(&b, "  protocol: %s\n", s->protocol);
    emit_max_cycles(&b, rtl);
    if (s->registers) {
        char *f = relative(out_dir, s->registers);
        lg_strbuf_printf(&b, "  registers: %s\n", f);
        free(f);
    }
    emit_ifaces(&b, s);
    return lg_strbuf_take(&b);
}
