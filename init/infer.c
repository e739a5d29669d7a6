/* `lgfuzz init`'s inference: groups the top module's ports into HLS
 * interfaces by their suffixes (ap_memory, ap_fifo, ap_vld, ap_ovld,
 * axis, ap_none, ap_return and the block ports), then ties each group
 * to a C argument (an argument without ports of its own lives in the
 * AXI4-Lite control registers or behind an m_axi bundle), taking names, order, types and directions from the
 * prototype first, csynth.xml second and the ports last; whatever came
 * from the last source, or from no source, is recorded as a guess. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/vscan.h"

/* One interface: the ports sharing a prefix. */
typedef struct group {
    char *prefix;
    init_mode_t mode;
    int dir; /* spec_dir_t */
    int width, addr_bits;
    int used; /* tied to a param */
} group_t;

typedef struct ctx {
    const init_rtl_t *rtl;
    const init_axi_t *axi;
    const init_proto_t *proto; /* may be NULL */
    const init_xml_t *xml;
    group_t *groups;
    size_t ngroups, cap;
    int ret_width; /* 0: no ap_return */
    size_t nmaxi;  /* m_axi pointers tied so far */
    init_spec_t *out;
    lg_err_t *err;
} ctx_t;

static const init_port_t *port(const ctx_t *c, const char *prefix, const char *suffix)
{
    char name[600];
    snprintf(name, sizeof name, "%s%s", prefix, suffix);
    for (size_t i = 0; i < c->rtl->nports; i++)
        if (strcmp(c->rtl->ports[i].name, name) == 0)
            return &c->rtl->ports[i];
    return NULL;
}

static int ends_with(const char *s, const char *suffix, size_t *stem)
{
    size_t n = strlen(s), k = strlen(suffix);
    *stem = n > k ? n - k : 0;
    return n > k && strcmp(s + n - k, suffix) == 0;
}

static void add_group(ctx_t *c, const char *prefix, size_t len, init_mode_t mode, int dir, int width, int addr_bits)
{
    lg_grow((void **)&c->groups, &c->cap, c->ngroups + 1, sizeof *c->groups);
    c->groups[c->ngroups++] = (group_t){lg_strndup(prefix, len), mode, dir, width, addr_bits, 0};
}

/* 1 when the acknowledge name (its first n bytes the value's port) is a
 * side of an inout: the value ends in _i or _o, and the other side's value
 * exists too (an ap_hs inout's _i_ap_ack, _o_ap_ack). */
static int inout_side(const ctx_t *c, const char *name, size_t n)
{
    if (n < 3 || name[n - 2] != '_' || (name[n - 1] != 'i' && name[n - 1] != 'o'))
        return 0;
    char *base = lg_strndup(name, n - 2);
    int both = port(c, base, "_i") && port(c, base, "_o");
    free(base);
    return both;
}

static void guess(init_spec_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void guess(init_spec_t *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    s->guesses = lg_realloc(s->guesses, (s->nguesses + 1) * sizeof *s->guesses);
    s->guesses[s->nguesses++] = lg_strdup(buf);
}

/* The port belongs to a group already formed, or is a block-level port
 * (Vitis's ap_local_block and ap_local_deadlock outputs are only status). */
static int claimed(const ctx_t *c, const char *name)
{
    static const char *const block[] = {"ap_clk",      "ap_rst",   "ap_rst_n",  "ap_start",       "ap_done",
                                        "ap_idle",     "ap_ready", "ap_return", "ap_local_block", "ap_local_deadlock",
                                        "ap_continue", NULL};
    for (size_t i = 0; block[i]; i++)
        if (strcmp(name, block[i]) == 0)
            return 1;
    if (init_axi_port(name))
        return 1;
    for (size_t g = 0; g < c->ngroups; g++) {
        size_t n = strlen(c->groups[g].prefix);
        if (strncmp(name, c->groups[g].prefix, n) != 0)
            continue;
        const char *rest = name + n;
        static const char *const sfx[] = {
            "_address0", "_ce0",    "_we0",     "_d0",       "_q0",       "_address1", "_ce1",   "_we1", "_d1",
            "_q1",       "_dout",   "_empty_n", "_read",     "_din",      "_full_n",   "_write", "_i",   "_o",
            "_o_ap_vld", "_ap_vld", "_ap_ack",  "_i_ap_vld", "_i_ap_ack", "_o_ap_ack", "",       NULL};
        static const char *const axis[] = {"_TDATA", "_TVALID", "_TREADY", "_TLAST", "_TKEEP",
                                           "_TSTRB", "_TUSER",  "_TID",    "_TDEST", NULL};
        static const char *const bram[] = {"_Addr_A", "_EN_A",   "_WEN_A",  "_Din_A", "_Dout_A",
                                           "_Clk_A",  "_Rst_A",  "_Addr_B", "_EN_B",  "_WEN_B",
                                           "_Din_B",  "_Dout_B", "_Clk_B",  "_Rst_B", NULL};
        if (c->groups[g].mode == INIT_BRAM) {
            for (size_t k = 0; bram[k]; k++)
                if (strcmp(rest, bram[k]) == 0)
                    return 1;
            continue;
        }
        int is_axis = c->groups[g].mode == INIT_AXIS;
        for (size_t k = 0; !is_axis && sfx[k]; k++)
            if (strcmp(rest, sfx[k]) == 0 && (sfx[k][0] || c->groups[g].mode == INIT_VLD ||
                                              c->groups[g].mode == INIT_ACK || c->groups[g].mode == INIT_HS))
                return 1;
        for (size_t k = 0; is_axis && axis[k]; k++)
            if (strcmp(rest, axis[k]) == 0)
                return 1;
    }
    return 0;
}

/* Whether the word a is a zero constant: HLS's ap_const_lv4_0, or
 * 4'b0000, 4'd0, 0. */
static int zero_constant(const char *a)
{
    if (strncmp(a, "ap_const_lv", 11) == 0) {
        a += 11 + strspn(a + 11, "0123456789");
        size_t zeros = *a == '_' ? strspn(a + 1, "0") : 0;
        return zeros > 0 && a[1 + zeros] == '\0';
    }
    uint64_t v;
    return vscan_number(a, &v) && v == 0;
}

/* A bram port's direction as the top module uses it: an input when its
 * write enable is tied to a zero constant (HLS's `assign p_WEN_A =
 * ap_const_lv4_0;`), an output when its read data is never read (named
 * only in the port list and its declaration), else inout. */
static int bram_dir(const ctx_t *c, const char *pre)
{
    lg_err_t err;
    char *text = lg_read_file_max(c->rtl->top_file, LG_READ_MAX, NULL, &err);
    char we[SPEC_NAME_MAX + 16], q[SPEC_NAME_MAX + 16], value[64];
    snprintf(we, sizeof we, "%s_WEN_A", pre);
    snprintf(q, sizeof q, "%s_Dout_A", pre);
    const char *const tied[] = {"assign", we, "=", "$", ";", NULL};
    int zero = 0, named = 0;
    vscan_t v = vscan_start(text ? text : "");
    vscan_tok_t t;
    for (vscan_t at = v; vscan_next(&v, &t); at = v) {
        if (vscan_is(&v, &t, q))
            named++;
        else if (!zero && vscan_is(&v, &t, "assign") && vscan_match(at, tied, value, 1, sizeof value))
            zero = zero_constant(value);
    }
    free(text);
    return zero ? SPEC_DIR_IN : named <= 2 ? SPEC_DIR_OUT : SPEC_DIR_INOUT;
}

/* Groups with a suffix that names them: memories, FIFOs, ovld and vld. */
static void group_suffixed(ctx_t *c)
{
    for (size_t i = 0; i < c->rtl->nports; i++) {
        const init_port_t *p = &c->rtl->ports[i];
        size_t n;
        if (ends_with(p->name, "_address0", &n)) {
            char *pre = lg_strndup(p->name, n);
            /* Either port may read or write: a RAM written through port 0
             * and read through port 1 is inout. */
            const init_port_t *q = port(c, pre, "_q0"), *d = port(c, pre, "_d0");
            if (!q)
                q = port(c, pre, "_q1");
            if (!d)
                d = port(c, pre, "_d1");
            int dir = q && d ? SPEC_DIR_INOUT : q ? SPEC_DIR_IN : SPEC_DIR_OUT;
            add_group(c, pre, n, INIT_MEMORY, dir, q ? q->width : d ? d->width : 0, p->width);
            free(pre);
        } else if (ends_with(p->name, "_Addr_A", &n)) {
            char *pre = lg_strndup(p->name, n);
            const init_port_t *q = port(c, pre, "_Dout_A"), *d = port(c, pre, "_Din_A");
            if (q && d && port(c, pre, "_EN_A") && port(c, pre, "_WEN_A"))
                add_group(c, pre, n, INIT_BRAM, bram_dir(c, pre), q->width, 0);
            free(pre);
        } else if (ends_with(p->name, "_TDATA", &n)) {
            add_group(c, p->name, n, INIT_AXIS, p->dir == 'i' ? SPEC_DIR_IN : SPEC_DIR_OUT, p->width, 0);
        } else if (ends_with(p->name, "_dout", &n) && p->dir == 'i') {
            add_group(c, p->name, n, INIT_FIFO, SPEC_DIR_IN, p->width, 0);
        } else if (ends_with(p->name, "_din", &n) && p->dir == 'o') {
            add_group(c, p->name, n, INIT_FIFO, SPEC_DIR_OUT, p->width, 0);
        } else if (ends_with(p->name, "_o_ap_vld", &n)) {
            /* An inout: ap_ovld, or ap_hs with a valid and an acknowledge
             * on each side (_i_ap_vld, _i_ap_ack, _o_ap_ack). */
            char *pre = lg_strndup(p->name, n);
            const init_port_t *o = port(c, pre, "_o");
            int hs = port(c, pre, "_i_ap_vld") && port(c, pre, "_i_ap_ack") && port(c, pre, "_o_ap_ack");
            if (port(c, pre, "_i"))
                add_group(c, pre, n, hs ? INIT_HS : INIT_OVLD, SPEC_DIR_INOUT, o ? o->width : 0, 0);
            free(pre);
        } else if (ends_with(p->name, "_ap_ack", &n) && !inout_side(c, p->name, n)) {
            /* ap_ack and ap_hs: the acknowledge runs against the value. */
            char *pre = lg_strndup(p->name, n);
            const init_port_t *v = port(c, pre, ""), *vld = port(c, pre, "_ap_vld");
            char vdir = p->dir == 'o' ? 'i' : 'o';
            if (v && v->dir == vdir)
                add_group(c, pre, n, vld && vld->dir == vdir ? INIT_HS : INIT_ACK,
                          vdir == 'i' ? SPEC_DIR_IN : SPEC_DIR_OUT, v->width, 0);
            free(pre);
        } else if (ends_with(p->name, "_ap_vld", &n)) {
            /* An out scalar's valid, or an input's (ap_vld on an input). */
            char *pre = lg_strndup(p->name, n);
            const init_port_t *v = port(c, pre, "");
            if (v && v->dir == p->dir && !port(c, pre, "_ap_ack"))
                add_group(c, pre, n, INIT_VLD, p->dir == 'o' ? SPEC_DIR_OUT : SPEC_DIR_IN, v->width, 0);
            free(pre);
        }
    }
}

/* The block protocol (ap_ctrl_hs, ap_ctrl_chain, ap_ctrl_none, a
 * combinational top, or AXI4-Lite control), ap_return, plain inputs;
 * anything left is an error. */
static int group_rest(ctx_t *c)
{
    if (port(c, "ap_start", "") && !port(c, "ap_done", ""))
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: module %s has ap_start but no ap_done port", c->rtl->top_file,
                          c->rtl->top_line, c->rtl->top);
    if (c->axi->lite && !port(c, "ap_clk", ""))
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: module %s has AXI4-Lite control (s_axi_%s_*) but no ap_clk",
                          c->rtl->top_file, c->rtl->top_line, c->rtl->top, c->axi->lite);
    const init_port_t *r = port(c, "ap_return", "");
    c->ret_width = r ? r->width : 0;
    for (size_t i = 0; i < c->rtl->nports; i++) {
        const init_port_t *p = &c->rtl->ports[i];
        if (claimed(c, p->name))
            continue;
        if (strncmp(p->name, "ap_", 3) != 0 && (p->dir == 'i' || p->dir == 'o')) {
            /* A plain input, or an ap_none output: an out scalar read as
             * it stands when the call ends. */
            add_group(c, p->name, strlen(p->name), INIT_NONE, p->dir == 'i' ? SPEC_DIR_IN : SPEC_DIR_OUT, p->width, 0);
            continue;
        }
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: port %s of module %s fits no interface lgfuzz knows",
                          c->rtl->top_file, c->rtl->top_line, p->name, c->rtl->top);
    }
    return 0;
}

/* What HLS appends to an argument's name to name its ports: nothing, `_r`
 * for a reserved word, and, up to Vivado HLS 2019, `_V` for an
 * arbitrary-precision value (the member holding its bits) and `_V_V` for
 * a stream of them. */
static const char *const name_suffixes[] = {"", "_r", "_V", "_V_V", NULL};

/* The group whose prefix is name with one of HLS's suffixes. */
static group_t *group_for(ctx_t *c, const char *name)
{
    size_t n = strlen(name);
    for (size_t k = 0; name_suffixes[k]; k++)
        for (size_t g = 0; g < c->ngroups; g++) {
            const char *pre = c->groups[g].prefix;
            if (!c->groups[g].used && strncmp(pre, name, n) == 0 && strcmp(pre + n, name_suffixes[k]) == 0)
                return &c->groups[g];
        }
    return NULL;
}

/* The banks of argument name when HLS partitioned it (ARRAY_PARTITION):
 * unused groups <name><sfx>_0, <name><sfx>_1, ... (sfx one of
 * name_suffixes), all memories or all scalars. Returns how many (0:
 * none), the first in *first and their common prefix in pre (cap bytes). */
static long banks_for(ctx_t *c, const char *name, group_t **first, char *pre, size_t cap)
{
    for (size_t k = 0; name_suffixes[k]; k++) {
        long n = 0;
        group_t *g0 = NULL;
        for (;; n++) {
            char bank[600];
            snprintf(bank, sizeof bank, "%s%s_%ld", name, name_suffixes[k], n);
            group_t *g = NULL;
            for (size_t i = 0; i < c->ngroups && !g; i++)
                if (!c->groups[i].used && strcmp(c->groups[i].prefix, bank) == 0)
                    g = &c->groups[i];
            int scalar = g && (g->mode == INIT_NONE || g->mode == INIT_VLD);
            int ram = g && (g->mode == INIT_MEMORY || g->mode == INIT_BRAM);
            if (!g || (!ram && !scalar) || (g0 && ram != (g0->mode == INIT_MEMORY || g0->mode == INIT_BRAM)) ||
                (g0 && ram && g->mode != g0->mode))
                break;
            if (!g0)
                g0 = g;
        }
        if (n > 0) {
            *first = g0;
            snprintf(pre, cap, "%s%s", name, name_suffixes[k]);
            return n;
        }
    }
    return 0;
}

/* Appends text to the note *note ("a; b"). */
static void add_note(char **note, const char *text)
{
    char *n = lg_asprintf("%s%s%s", *note ? *note : "", *note ? "; " : "", text);
    free(*note);
    *note = n;
}

/* Ties param p to the nb banks from first (banks_for), with the partition
 * its ARRAY_PARTITION pragma gives, else what the banks show (one element
 * each: complete) or a guess (cyclic). */
static int tie_banks(ctx_t *c, init_param_t *p, group_t *first, long nb, const char *pre, const init_cparam_t *cp)
{
    int scalar = first->mode != INIT_MEMORY && first->mode != INIT_BRAM;
    /* The array's direction is its banks' together: one bank only read
     * and another written make it inout. */
    p->dir = first->dir;
    for (long k = 0; k < nb; k++) {
        char *bank = lg_asprintf("%s_%ld", pre, k);
        for (size_t i = 0; i < c->ngroups; i++)
            if (strcmp(c->groups[i].prefix, bank) == 0) {
                c->groups[i].used = 1;
                if ((int)c->groups[i].dir != (int)p->dir)
                    p->dir = SPEC_DIR_INOUT;
            }
        free(bank);
    }
    p->port = lg_strdup(pre);
    p->mode = scalar ? INIT_MEMORY : first->mode;
    p->is_array = 1;
    p->width = first->width;
    p->nbanks = nb;
    long len = cp && cp->arr_len > 0 ? cp->arr_len : 0;
    if (cp && cp->ndims > 1) {
        p->ndims = cp->ndims;
        memcpy(p->dims, cp->dims, sizeof p->dims);
    }
    if (cp && cp->part_kind) {
        p->part_kind = cp->part_kind;
        p->part_dim = cp->part_dim > 0 ? cp->part_dim : 1;
        p->part_factor = cp->part_factor;
        long along = p->ndims ? (p->part_dim <= p->ndims ? p->dims[p->part_dim - 1] : 0) : len;
        long want = p->part_kind == SPEC_PART_COMPLETE ? along : p->part_factor;
        if (want != nb)
            return lg_err_set(c->err, LG_EINVAL,
                              "%s:%d: argument `%s` has %ld banks (%s_0 ..) in module %s, but its ARRAY_PARTITION "
                              "pragma makes %ld",
                              c->rtl->top_file, c->rtl->top_line, p->name, nb, pre, c->rtl->top, want);
    } else if (scalar) {
        p->part_kind = SPEC_PART_COMPLETE;
        p->part_dim = 1;
    } else {
        p->part_kind = SPEC_PART_CYCLIC;
        p->part_dim = 1;
        p->part_factor = nb;
        p->iface_note = lg_strdup("guessed: cyclic (no ARRAY_PARTITION pragma for it: block has the same ports)");
        guess(c->out, "%s: partition guessed cyclic, factor %ld (no ARRAY_PARTITION pragma; block has the same ports)",
              p->name, nb);
    }
    if (len == 0 && !scalar && first->mode == INIT_BRAM) {
        len = 16 * nb; /* a byte address says nothing of the depth */
        add_note(&p->iface_note, "guessed: depth (not in the RTL)");
        guess(c->out, "%s: depth %ld guessed (not in the RTL)", p->name, len);
    } else if (len == 0 && !scalar) {
        long bank = first->addr_bits > 0 && first->addr_bits < 25 ? 1L << first->addr_bits : 1;
        len = bank * nb;
    }
    p->depth = p->max_len = len ? len : nb;
    return 0;
}

/* A spec type for a C type written in csynth.xml ("float const", "int*"). */
static int xml_type(const char *ctype, lg_type_t *t)
{
    char buf[128];
    size_t n = 0;
    for (const char *p = ctype; *p && n < sizeof buf - 1; p++) {
        if (strncmp(p, "const", 5) == 0) {
            p += 4;
            continue;
        }
        if (*p != '*' && *p != '&')
            buf[n++] = *p;
    }
    while (n && buf[n - 1] == ' ')
        n--;
    buf[n] = '\0';
    const char *s = buf;
    while (*s == ' ')
        s++;
    static const struct {
        const char *c;
        lg_type_t t;
    } table[] = {{"int", LG_I32},      {"unsigned int", LG_U32}, {"short", LG_I16},     {"unsigned short", LG_U16},
                 {"char", LG_I8},      {"unsigned char", LG_U8}, {"long long", LG_I64}, {"unsigned long long", LG_U64},
                 {"float", LG_F32},    {"double", LG_F64},       {"long", LG_I64},      {"unsigned long", LG_U64},
                 {"uint32_t", LG_U32}, {"int32_t", LG_I32},      {"uint8_t", LG_U8},    {"int8_t", LG_I8},
                 {"uint16_t", LG_U16}, {"int16_t", LG_I16},      {"uint64_t", LG_U64},  {"int64_t", LG_I64}};
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (strcmp(s, table[i].c) == 0) {
            *t = table[i].t;
            return 0;
        }
    }
    return -1;
}

/* The smallest signed integer type holding width bits: a guess. */
static lg_type_t type_for_width(int width)
{
    return width <= 8 ? LG_I8 : width <= 16 ? LG_I16 : width <= 32 ? LG_I32 : LG_I64;
}

static void fill_param(init_param_t *p, group_t *g)
{
    g->used = 1;
    p->port = lg_strdup(g->prefix);
    p->mode = g->mode;
    p->dir = g->dir;
    p->width = g->width;
    p->is_array = g->mode == INIT_MEMORY || g->mode == INIT_FIFO || g->mode == INIT_AXIS || g->mode == INIT_BRAM;
    if (g->mode == INIT_MEMORY) {
        p->depth = g->addr_bits > 0 && g->addr_bits < 25 ? 1L << g->addr_bits : 1;
        p->max_len = p->depth;
    } else if (p->is_array) {
        p->depth = p->max_len = 16;
    }
}

/* The values of stream p in each call of the C testbench, from HLS's
 * co-simulation test vectors (init_tv_elements), or 0. */
static long tv_elements(const ctx_t *c, const init_param_t *p)
{
    char *dir = lg_path_dirname(c->rtl->top_file);
    long n = init_tv_elements(dir, c->rtl->top, p->name, p->port, p->dir == SPEC_DIR_OUT);
    free(dir);
    return n;
}

static int type_from_sources(ctx_t *c, init_param_t *p, const init_cparam_t *cp, const init_xml_t *xml)
{
    const init_xarg_t *xa = init_xml_arg(xml, p->name);
    lg_type_t xt;
    int from_xml = xa && xa->ctype && xml_type(xa->ctype, &xt) == 0;
    if (cp && cp->known) {
        p->type = cp->type;
        p->fx = cp->fx;
        p->wide = cp->wide;
    } else if (from_xml) {
        p->type = xt;
    } else if (cp) {
        return lg_err_set(c->err, LG_EINVAL,
                          "%s:%d: C parameter `%s` has type `%s`, which lgfuzz does not carry (integers, _BitInt, "
                          "ap_int/ap_uint up to 1024 bits, ap_fixed/ap_ufixed up to 64 bits, hls::stream of those, "
                          "float and double)",
                          c->proto->path, c->proto->line, p->name, cp->ctype);
    } else {
        p->type = type_for_width(p->width);
        p->note = lg_asprintf("guessed: type from the %d-bit port", p->width);
        guess(c->out, "%s: type %s guessed from its %d-bit port", p->name, lg_type_name(p->type), p->width);
    }
    if (p->mode == INIT_MEMORY && cp && cp->latency > 1)
        p->latency = cp->latency;
    if (p->is_array && cp && cp->arr_len > 0) {
        p->depth = p->max_len = cp->arr_len;
    } else if (p->is_array && cp && cp->depth > 0) {
        p->depth = p->max_len = cp->depth; /* the INTERFACE pragma's depth= */
    } else if (p->is_array && (p->mode == INIT_FIFO || p->mode == INIT_AXIS) && tv_elements(c, p) > 0) {
        p->depth = p->max_len = tv_elements(c, p);
        p->iface_note = lg_strdup("depth: the values each call of the C testbench passed (sim/tv)");
    } else if (p->is_array) {
        p->iface_note =
            lg_asprintf("guessed: depth %s", p->mode == INIT_MEMORY ? "from the address width" : "(not in the RTL)");
        guess(c->out, "%s: depth %ld guessed %s", p->name, p->depth,
              p->mode == INIT_MEMORY ? "from the address width" : "(not in the RTL)");
    }
    return 0;
}

/* Names that usually hold an array's length. */
static void guess_lengths(init_spec_t *s)
{
    static const char *const names[] = {"n", "len", "length", "size", "count", "num", "N", "n_elems", NULL};
    for (size_t i = 0; i < s->nparams; i++) {
        init_param_t *a = &s->params[i];
        if (!a->is_array || a->dir == SPEC_DIR_OUT)
            continue;
        for (size_t k = 0; names[k] && !a->len_param; k++) {
            for (size_t j = 0; j < s->nparams; j++) {
                const init_param_t *q = &s->params[j];
                if (!q->is_array && q->dir == SPEC_DIR_IN && !lg_type_is_float(q->type) &&
                    strcmp(q->name, names[k]) == 0) {
                    a->len_param = lg_strdup(q->name);
                    char *n = lg_asprintf("%s%sguessed: the length is in %s", a->note ? a->note : "",
                                          a->note ? "; " : "", q->name);
                    free(a->note);
                    a->note = n;
                    guess(s, "%s: length guessed to be param %s", a->name, q->name);
                    break;
                }
            }
        }
    }
}

/* The bundle of a's that csynth.xml names for xa, or -1. */
static int xml_bundle(const init_axi_t *a, const init_xarg_t *xa)
{
    for (size_t k = 0; xa && xa->bundle && k < a->nbundles; k++)
        if (strcmp(a->bundles[k], xa->bundle) == 0)
            return (int)k;
    return -1;
}

/* Argument p, an array in the control slave's memory: its length from the
 * C, else the slave's "Memory 'a' (N * Wb)"; its direction from csynth.xml,
 * else from what the core does with it (the slave's RAM ports: _q0 for a
 * read, _we0 for a write), a const array being read only. */
static int tie_lite_memory(ctx_t *c, init_param_t *p, const init_cparam_t *cp, const init_xarg_t *xa)
{
    init_axi_mem_t mem;
    int in_slave = init_axi_memory(c->axi, p->name, &mem);
    if (!in_slave && c->axi->slave_text)
        return lg_err_set(c->err, LG_EINVAL,
                          "%s:%d: argument `%s` (%s) is an array on the AXI4-Lite control bundle, but the control "
                          "slave holds no memory for it (no \"Memory '%s'\" in its register map): the C and the "
                          "RTL disagree on what it is",
                          c->proto->path, c->proto->line, p->name, cp->ctype ? cp->ctype : "an array", p->name);
    p->mode = INIT_LITE;
    p->is_array = 1;
    p->max_len = p->depth = cp->arr_len > 0 ? cp->arr_len : in_slave ? mem.elems : 0;
    if (p->max_len < 1)
        return lg_err_set(c->err, LG_EINVAL,
                          "%s:%d: argument `%s` (%s) is an array in the AXI4-Lite slave's memory, and neither the C "
                          "nor the slave's register map gives its length",
                          c->proto->path, c->proto->line, p->name, cp->ctype ? cp->ctype : "an array");
    for (int d = SPEC_DIR_IN; xa && xa->dir && d <= SPEC_DIR_INOUT; d++)
        if (strcmp(xa->dir, spec_dir_name((spec_dir_t)d)) == 0) {
            p->dir = d;
            return 0;
        }
    if (cp->is_const || (in_slave && !mem.writes)) {
        p->dir = SPEC_DIR_IN;
    } else if (in_slave && !mem.reads) {
        p->dir = SPEC_DIR_OUT;
    } else {
        p->dir = SPEC_DIR_INOUT;
        p->note = lg_strdup("guessed: inout (the core reads and writes it; say dir: out if the kernel writes every "
                            "element before it reads one)");
        guess(c->out, "%s: inout guessed (the core reads and writes it in the slave's memory)", p->name);
    }
    return 0;
}

/* An argument of the Vitis kernel flow: a pointer is an m_axi buffer
 * when the top has an AXI4 master (its address in a control register, on
 * its own port g, or fixed), else, like a value, a register of the
 * AXI4-Lite control. csynth.xml's bundle and register offset, when it
 * gives them, replace the guess and the default layout. */
static int tie_axi(ctx_t *c, init_param_t *p, group_t *g, const init_cparam_t *cp)
{
    const init_axi_t *a = c->axi;
    const init_xarg_t *xa = init_xml_arg(c->xml, p->name);
    p->port = lg_strdup(g ? g->prefix : p->name);
    if (xa && xa->has_offset && a->lite) {
        p->has_offset = 1;
        p->offset = xa->offset;
    }
    if (cp->pointer && a->nbundles) {
        int known = xml_bundle(a, xa);
        size_t k = known >= 0 ? (size_t)known : a->nbundles == 1 ? 0 : c->nmaxi < a->nbundles ? c->nmaxi : 0;
        c->nmaxi++;
        p->mode = INIT_MAXI;
        p->is_array = 1;
        p->depth = p->max_len = 16;
        p->bundle = lg_strdup(a->bundles[k]);
        p->addr = g ? INIT_ADDR_DIRECT : a->lite ? INIT_ADDR_SLAVE : INIT_ADDR_OFF;
        if (!g && cp->offset && strcmp(cp->offset, "off") == 0) /* the pragma's offset=off: no register */
            p->addr = INIT_ADDR_OFF;
        if (g)
            g->used = 1;
        p->dir = cp->is_const || !a->writes[k] ? SPEC_DIR_IN : !a->reads[k] ? SPEC_DIR_OUT : SPEC_DIR_INOUT;
        if (a->nbundles > 1 && known < 0)
            guess(c->out, "%s: bundle %s guessed from the order of the pointers and the bundles", p->name, p->bundle);
        if (p->dir == SPEC_DIR_INOUT)
            guess(c->out, "%s: inout guessed (bundle %s reads and writes; say dir: out if the kernel only writes it)",
                  p->name, p->bundle);
        if (p->addr == INIT_ADDR_OFF)
            guess(c->out, "%s: offset off%s with base 0 guessed (no address port or register)", p->name,
                  cp->offset ? " (its pragma's)" : "");
        return 0;
    }
    if (!a->lite)
        return lg_err_set(c->err, LG_EINVAL,
                          "%s:%d: module %s has no ports for argument `%s` and no AXI4-Lite control to hold it",
                          c->rtl->top_file, c->rtl->top_line, c->rtl->top, p->name);
    /* An array HLS maps into the slave's memory (`s_axilite port=a` on
     * `int a[40]`): written into its window before the call. */
    if (cp->brackets)
        return tie_lite_memory(c, p, cp, xa);
    p->mode = INIT_LITE;
    p->dir = SPEC_DIR_IN;
    if (!cp->pointer)
        return 0;
    /* The direction csynth.xml states (Vitis: <Arg direction=...>) before
     * the registers': a pointer the kernel only reads has one register,
     * as an output does. */
    for (int d = SPEC_DIR_IN; xa && xa->dir && d <= SPEC_DIR_INOUT; d++)
        if (strcmp(xa->dir, spec_dir_name((spec_dir_t)d)) == 0) {
            p->dir = d;
            return 0;
        }
    if (cp->is_const)
        return 0; /* a const pointer the kernel only reads */
    char *in = lg_asprintf("%s_i", p->name), *in_r = lg_asprintf("%s_r_i", p->name);
    char *out_r = lg_asprintf("%s_r", p->name);
    if (init_axi_has_register(a, in) || init_axi_has_register(a, in_r)) {
        p->dir = SPEC_DIR_INOUT;
    } else if (init_axi_has_register(a, p->name) || init_axi_has_register(a, out_r)) {
        p->dir = SPEC_DIR_OUT;
    } else {
        p->dir = SPEC_DIR_INOUT;
        p->note = lg_strdup("guessed: inout (no driver header or register map tells _i/_o registers from an output's)");
        guess(c->out, "%s: inout guessed (no x<top>_hw.h or register map: say dir: out if the kernel only writes it)",
              p->name);
    }
    free(in);
    free(in_r);
    free(out_r);
    return 0;
}

/* Whether argument cp, whose ports g may be NULL, is carried by the Vitis
 * kernel flow's AXI bundles rather than ports of its own: none, or a
 * pointer's one input port as wide as an address (m_axi's offset=direct;
 * a narrower one carries the value a reference passes). */
static int on_axi(const ctx_t *c, const group_t *g, const init_cparam_t *cp)
{
    if (!cp || (!c->axi->lite && !c->axi->nbundles))
        return 0;
    return !g || (g->mode == INIT_NONE && g->dir == SPEC_DIR_IN && cp->pointer && c->axi->nbundles && g->width >= 32);
}

static int tie_params(ctx_t *c, const init_proto_t *proto, const init_xml_t *xml)
{
    init_spec_t *s = c->out;
    size_t n = proto ? proto->nparams : xml->path ? xml->nargs : c->ngroups;
    s->params = lg_calloc(n ? n : 1, sizeof *s->params);
    for (size_t i = 0; i < n; i++) {
        const char *name = proto ? proto->params[i].name : xml->path ? xml->args[i].name : c->groups[i].prefix;
        group_t *g = group_for(c, name);
        const init_cparam_t *cp = proto ? &proto->params[i] : NULL;
        if (on_axi(c, g, cp)) {
            init_param_t *p = &s->params[s->nparams++];
            p->name = lg_strdup(name);
            if (tie_axi(c, p, g, cp) != 0 || type_from_sources(c, p, cp, xml) != 0)
                return c->err->code;
            if (p->wide && p->mode != INIT_MAXI)
                return lg_err_set(
                    c->err, LG_EINVAL,
                    "%s:%d: C parameter `%s` (`%s`) is %d bits wide on the AXI4-Lite bundle: " SPEC_WIDE_CARRIED,
                    c->proto->path, c->proto->line, p->name, cp->ctype, abs(p->wide));
            p->width = p->wide ? abs(p->wide) : lg_type_bits(p->type);
            if (p->mode == INIT_MAXI && p->dir == SPEC_DIR_INOUT)
                add_note(&p->note, "guessed: inout (its bundle reads and writes)");
            if (p->mode == INIT_MAXI && p->addr == INIT_ADDR_OFF)
                add_note(&p->iface_note, "guessed: base 0");
            continue;
        }
        group_t *first = NULL;
        char bpre[600];
        long nb = g ? 0 : banks_for(c, name, &first, bpre, sizeof bpre);
        if (nb > 0) {
            init_param_t *p = &s->params[s->nparams++];
            p->name = lg_strdup(name);
            if (tie_banks(c, p, first, nb, bpre, cp) != 0)
                return c->err->code;
            int bank_width = p->width;
            long depth = p->depth;
            if (type_from_sources(c, p, cp, xml) != 0)
                return c->err->code;
            p->width = bank_width;
            p->depth = p->max_len = depth;
            continue;
        }
        if (!g && cp && cp->struct_unread)
            return lg_err_set(c->err, LG_EINVAL,
                              "%s:%d: argument `%s` is a struct (`%s`) with a member lgfuzz does not carry (an array, "
                              "a pointer, a nested struct or a type lgfuzz has no name for): its members are "
                              "params only when every one is a scalar",
                              proto->path, proto->line, name, cp->ctype);
        if (!g)
            return lg_err_set(c->err, LG_EINVAL,
                              "%s:%d: module %s has no ports for argument `%s` (looked for %s, %s_address0, %s_dout, "
                              "%s_din, %s_i, %s_ap_vld, %s_TDATA, and the same after %s_r, %s_V and %s_V_V)",
                              c->rtl->top_file, c->rtl->top_line, c->rtl->top, name, name, name, name, name, name, name,
                              name, name, name, name);
        init_param_t *p = &s->params[s->nparams++];
        p->name = lg_strdup(name);
        fill_param(p, g);
        if (cp && !cp->pointer && (p->is_array || p->dir != SPEC_DIR_IN))
            return lg_err_set(c->err, LG_EINVAL,
                              "%s:%d: argument `%s` is passed by value but module %s has %s ports for it", proto->path,
                              proto->line, name, c->rtl->top,
                              p->mode == INIT_MEMORY ? "ap_memory"
                              : p->mode == INIT_BRAM ? "bram"
                                                     : "output");
        if (type_from_sources(c, p, cp, xml) != 0)
            return c->err->code;
    }
    if (!proto && !xml->path && n)
        guess(s, "param names and order from the port list (give --c SOURCE to read them)");
    for (size_t g = 0; g < c->ngroups; g++)
        if (!c->groups[g].used)
            return lg_err_set(c->err, LG_EINVAL, "%s:%d: the ports of `%s` in module %s match no argument of %s",
                              c->rtl->top_file, c->rtl->top_line, c->groups[g].prefix, c->rtl->top,
                              proto ? "the C function" : "the report");
    for (size_t i = 0; proto && i < s->nparams && i < proto->nparams; i++) {
        if (!proto->params[i].member)
            continue;
        /* A pointer HLS takes for an array of structs: each member an array. */
        if (s->params[i].is_array)
            return lg_err_set(c->err, LG_EINVAL,
                              "%s:%d: module %s takes struct argument member %s as an array (%s ports): an array "
                              "of structs, whose members are arrays, which lgfuzz does not carry",
                              proto->path, proto->line, c->rtl->top, proto->params[i].member,
                              s->params[i].mode == INIT_MEMORY ? "ap_memory" : "memory");
        s->params[i].member = lg_strdup(proto->params[i].member);
    }
    /* An in scalar the C declares as a pointer (`int *a` that it only
     * reads, on a port or a register of its own) is passed by pointer. */
    for (size_t i = 0; proto && i < s->nparams && i < proto->nparams; i++)
        s->params[i].by_pointer = proto->params[i].pointer && !proto->params[i].reference && !s->params[i].is_array &&
                                  s->params[i].dir == SPEC_DIR_IN;
    return 0;
}

static int infer_return(ctx_t *c, const init_proto_t *proto)
{
    init_spec_t *s = c->out;
    if (proto && proto->has_ret && !c->ret_width && !c->axi->lite) /* AXI4-Lite: in a register */
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: the function returns %s but module %s has no ap_return port",
                          proto->path, proto->line, proto->ret_ctype, c->rtl->top);
    if (proto && !proto->has_ret && c->ret_width)
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: the function returns void but module %s has an ap_return port",
                          proto->path, proto->line, c->rtl->top);
    if (proto && proto->has_ret && !proto->ret_known)
        return lg_err_set(c->err, LG_EINVAL, "%s:%d: the function returns `%s`, which lgfuzz does not carry",
                          proto->path, proto->line, proto->ret_ctype);
    s->has_ret = c->ret_width > 0 || (proto && proto->has_ret);
    if (proto && proto->has_ret) {
        s->ret = proto->ret;
        s->ret_fx = proto->ret_fx;
    } else if (s->has_ret) {
        s->ret = type_for_width(c->ret_width);
        s->ret_note = lg_asprintf("guessed: type from the %d-bit ap_return", c->ret_width);
        guess(s, "return: type %s guessed from the %d-bit ap_return", lg_type_name(s->ret), c->ret_width);
    }
    return 0;
}

int init_infer(const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml, const init_axi_t *axi,
               init_spec_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    ctx_t c = {.rtl = rtl, .axi = axi, .proto = proto, .xml = xml, .out = out, .err = err};
    out->kernel = lg_strdup(rtl->top);
    out->protocol = axi->lite ? "s_axilite" : NULL;
    out->registers = axi->registers ? lg_strdup(axi->registers) : NULL;
    group_suffixed(&c);
    int rc = group_rest(&c);
    if (rc == 0)
        rc = tie_params(&c, proto, xml);
    if (rc == 0)
        rc = infer_return(&c, proto);
    if (rc == 0)
        guess_lengths(out);
    for (size_t g = 0; g < c.ngroups; g++)
        free(c.groups[g].prefix);
    free(c.groups);
    if (rc != 0)
        init_spec_free(out);
    return rc;
}

void init_spec_free(init_spec_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nparams; i++) {
        free(s->params[i].name);
        free(s->params[i].port);
        free(s->params[i].len_param);
        free(s->params[i].bundle);
        free(s->params[i].note);
        free(s->params[i].iface_note);
        free(s->params[i].member);
    }
    for (size_t i = 0; i < s->nguesses; i++)
        free(s->guesses[i]);
    free(s->guesses);
    free(s->params);
    free(s->kernel);
    free(s->ret_note);
    free(s->registers);
    memset(s, 0, sizeof *s);
}
