/* Models of the Xilinx floating-point cores HLS instantiates. Vivado and
 * Vitis HLS wrap each floating-point operator of a kernel in a Verilog
 * module of their own (<top>_fadd_32ns_32ns_32_5_full_dsp_1) around an
 * instance of Xilinx's Floating-Point Operator IP, which the solution's
 * Verilog does not hold: Vivado HLS up to 2019 names it
 * <top>_ap_fadd_3_full_dsp_32 (its latency, 3, in the name), Vitis HLS
 * <top>_fadd_32ns_32ns_32_5_full_dsp_1_ip (the wrapper's stage count, 5,
 * in the name: the core's latency is two less, one cycle for the
 * wrapper's input buffer and one for the cycle the operation issues in).
 * Beside the Verilog, HLS writes <module>_ip.tcl, the script that creates
 * the core in Vivado: its CONFIG.* settings (operation, precision,
 * latency) are what the core is, and win over the name.
 *
 * For every such module that the design instantiates and no source
 * declares, this writes a model with the same name and ports: a pipeline
 * of the core's latency, held while aclken is low, around lgfuzz_fp
 * (engine/fp.cpp, called through DPI-C): IEEE 754 arithmetic, round to
 * nearest, ties to even, with subnormals, as the C kernel computes. A
 * core whose results cannot be known (reciprocal, exp, log: Xilinx gives
 * them within an ulp, not exactly rounded), half precision, or one whose
 * format neither its name nor a script says is an error naming the
 * Verilog file, line and module, before Verilator runs. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/tclscan.h"
#include "util/vscan.h"
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The op word of lgfuzz_fp (engine/fp.cpp keeps the same values). */
enum { FP_ADD = 1, FP_SUB, FP_MUL, FP_DIV, FP_SQRT, FP_FMA, FP_FMS, FP_CMP, FP_FROMI, FP_FROMF };
#define FP_DOUBLE 0x100
/* More pipeline stages than any core has (a double divide has about 60). */
#define FP_LATENCY_MAX 256

/* How the core's operation input (s_axis_operation_tdata) selects. */
enum { SEL_NONE, SEL_ADDSUB, SEL_COMPARE };

/* One row of the operator names HLS uses. */
typedef struct fp_op {
    const char *name; /* as in the module name: fadd, dsqrt */
    int code;         /* FP_*, or 0: no model (why says why) */
    int dbl;          /* the result is a double */
    int nin;          /* operands: 1..3 */
    int sel;          /* SEL_* */
    int in_bits;      /* FP_FROMI: the integer's width; FP_FROMF: the operand's */
    const char *why;
} fp_op_t;

static const char inexact[] = "Xilinx's core gives this function within an ulp, not exactly rounded, so no model "
                              "can say which value the RTL computes";
static const char half[] = "half precision is not modelled";
static const char unknown_in[] = "its input format is not in its name, and no _ip.tcl beside the Verilog gives it";

static const fp_op_t fp_ops[] = {
    {"fadd", FP_ADD, 0, 2, SEL_NONE, 0, NULL},
    {"fsub", FP_SUB, 0, 2, SEL_NONE, 0, NULL},
    {"faddfsub", FP_ADD, 0, 2, SEL_ADDSUB, 0, NULL},
    {"fmul", FP_MUL, 0, 2, SEL_NONE, 0, NULL},
    {"fdiv", FP_DIV, 0, 2, SEL_NONE, 0, NULL},
    {"fsqrt", FP_SQRT, 0, 1, SEL_NONE, 0, NULL},
    {"fcmp", FP_CMP, 0, 2, SEL_COMPARE, 0, NULL},
    {"sitofp", FP_FROMI, 0, 1, SEL_NONE, 32, NULL},
    {"fpext", FP_FROMF, 1, 1, SEL_NONE, 32, NULL},
    {"dadd", FP_ADD, 1, 2, SEL_NONE, 0, NULL},
    {"dsub", FP_SUB, 1, 2, SEL_NONE, 0, NULL},
    {"daddsub", FP_ADD, 1, 2, SEL_ADDSUB, 0, NULL},
    {"dadddsub", FP_ADD, 1, 2, SEL_ADDSUB, 0, NULL},
    {"dmul", FP_MUL, 1, 2, SEL_NONE, 0, NULL},
    {"ddiv", FP_DIV, 1, 2, SEL_NONE, 0, NULL},
    {"dsqrt", FP_SQRT, 1, 1, SEL_NONE, 0, NULL},
    {"dcmp", FP_CMP, 1, 2, SEL_COMPARE, 0, NULL},
    {"sitodp", FP_FROMI, 1, 1, SEL_NONE, 32, NULL},
    {"fptrunc", FP_FROMF, 0, 1, SEL_NONE, 64, NULL},
    {"uitofp", 0, 0, 1, SEL_NONE, 0, unknown_in},
    {"uitodp", 0, 1, 1, SEL_NONE, 0, unknown_in},
    {"fptosi", 0, 0, 1, SEL_NONE, 0, "lgfuzz has no model of Xilinx's float-to-integer conversion"},
    {"fptoui", 0, 0, 1, SEL_NONE, 0, "lgfuzz has no model of Xilinx's float-to-integer conversion"},
    {"frecip", 0, 0, 1, SEL_NONE, 0, inexact},
    {"frsqrt", 0, 0, 1, SEL_NONE, 0, inexact},
    {"fexp", 0, 0, 1, SEL_NONE, 0, inexact},
    {"flog", 0, 0, 1, SEL_NONE, 0, inexact},
    {"drecip", 0, 1, 1, SEL_NONE, 0, inexact},
    {"drsqrt", 0, 1, 1, SEL_NONE, 0, inexact},
    {"dexp", 0, 1, 1, SEL_NONE, 0, inexact},
    {"dlog", 0, 1, 1, SEL_NONE, 0, inexact},
    {"hadd", 0, 0, 2, SEL_NONE, 0, half},
    {"hsub", 0, 0, 2, SEL_NONE, 0, half},
    {"hmul", 0, 0, 2, SEL_NONE, 0, half},
    {"hdiv", 0, 0, 2, SEL_NONE, 0, half},
    {"hsqrt", 0, 0, 1, SEL_NONE, 0, half},
    {"hcmp", 0, 0, 2, SEL_NONE, 0, half},
    {"hptosp", 0, 0, 1, SEL_NONE, 0, half},
    {"sptohp", 0, 0, 1, SEL_NONE, 0, half},
};

static const fp_op_t *op_named(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof fp_ops / sizeof *fp_ops; i++)
        if (strlen(fp_ops[i].name) == len && strncmp(fp_ops[i].name, name, len) == 0)
            return &fp_ops[i];
    return NULL;
}

/* ------------------------------------------------------------ the names */

/* The '_'-separated words of a module name. */
typedef struct words {
    char buf[SPEC_NAME_MAX + 1];
    char *w[SPEC_NAME_MAX / 2 + 1];
    size_t n;
} words_t;

static void split_words(const char *name, words_t *ws)
{
    snprintf(ws->buf, sizeof ws->buf, "%s", name);
    ws->n = 0;
    for (char *p = ws->buf, *save = NULL, *t; (t = strtok_r(p, "_", &save)); p = NULL)
        ws->w[ws->n++] = t;
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* "32", "32ns", "32s": an operand width of a Vitis name. */
static int width_word(const char *s)
{
    size_t d = strspn(s, "0123456789");
    return d > 0 && (s[d] == '\0' || strcmp(s + d, "ns") == 0 || strcmp(s + d, "s") == 0);
}

/* What a core's name says. */
typedef struct core_name {
    const fp_op_t *op;
    long latency; /* -1 when the name does not say */
} core_name_t;

/* Vivado HLS: ..._ap_<op>_<latency>_<impl words>_<width>. */
static int vivado_name(const words_t *ws, core_name_t *out)
{
    for (size_t i = ws->n; i-- > 0;) {
        if (strcmp(ws->w[i], "ap") != 0 || i + 3 >= ws->n)
            continue;
        const fp_op_t *op = op_named(ws->w[i + 1], strlen(ws->w[i + 1]));
        if (op && all_digits(ws->w[i + 2]) && all_digits(ws->w[ws->n - 1])) {
            out->op = op;
            out->latency = strtol(ws->w[i + 2], NULL, 10);
            return 1;
        }
    }
    return 0;
}

/* Vitis HLS: ..._<op>_<operand widths>_<width>_<stages>_<impl words>_<id>_ip. */
static int vitis_name(const words_t *ws, core_name_t *out)
{
    if (ws->n < 5 || strcmp(ws->w[ws->n - 1], "ip") != 0)
        return 0;
    for (size_t i = ws->n - 1; i-- > 0;) {
        const fp_op_t *op = op_named(ws->w[i], strlen(ws->w[i]));
        if (!op)
            continue;
        size_t k = i + 1;
        while (k < ws->n && width_word(ws->w[k]) && !all_digits(ws->w[k]))
            k++;
        /* the result's width, then the stages */
        if (k == i + 1 || k + 2 >= ws->n || !all_digits(ws->w[k]) || !all_digits(ws->w[k + 1]))
            continue;
        long stages = strtol(ws->w[k + 1], NULL, 10);
        out->op = op;
        out->latency = stages >= 2 ? stages - 2 : 0;
        return 1;
    }
    return 0;
}

/* 1 when name is a core's as HLS names them. */
static int core_name(const char *name, core_name_t *out)
{
    if (strlen(name) > SPEC_NAME_MAX)
        return 0;
    words_t ws;
    split_words(name, &ws);
    out->latency = -1;
    return vivado_name(&ws, out) || vitis_name(&ws, out);
}

/* --------------------------------------------------- the _ip.tcl scripts */

/* A core's settings from the script that creates it. */
typedef struct tcl_core {
    char *module;
    char **keys, **vals; /* CONFIG.<key> (lower case) and value, braces gone */
    size_t n, kcap, vcap;
} tcl_core_t;

typedef struct tcl_cores {
    tcl_core_t *v;
    size_t n, cap;
} tcl_cores_t;

static void tcl_cores_free(tcl_cores_t *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->v[i].module);
        lg_list_free(t->v[i].keys, t->v[i].n);
        lg_list_free(t->v[i].vals, t->v[i].n);
    }
    free(t->v);
    memset(t, 0, sizeof *t);
}

/* Reads one script's `create_ip -name floating_point ... -module_name X`
 * and the CONFIG.k v pairs that follow (up to the next create_ip) into t;
 * other IP is skipped. */
static void tcl_read(const char *text, tcl_cores_t *t)
{
    tcl_core_t *cur = NULL;
    int fp = 0; /* the current create_ip is a floating-point core */
    for (const char *s = text;;) {
        for (char *w; (w = tclscan_word(&s)); free(w)) {
            if (strcmp(w, "create_ip") == 0) {
                cur = NULL;
                fp = 0;
            } else if (strcmp(w, "-name") == 0) {
                char *v = tclscan_word(&s);
                fp = v && strcmp(v, "floating_point") == 0;
                free(v);
            } else if (strcmp(w, "-module_name") == 0) {
                char *m = tclscan_word(&s);
                if (m && fp) {
                    lg_grow((void **)&t->v, &t->cap, t->n + 1, sizeof *t->v);
                    cur = &t->v[t->n++];
                    memset(cur, 0, sizeof *cur);
                    cur->module = m;
                } else
                    free(m);
            } else if (cur && strncasecmp(w, "CONFIG.", 7) == 0 && w[7]) {
                char *v = tclscan_word(&s);
                if (!v)
                    continue;
                for (char *c = w; *c; c++)
                    *c = (char)tolower((unsigned char)*c);
                lg_grow((void **)&cur->keys, &cur->kcap, cur->n + 1, sizeof *cur->keys);
                lg_grow((void **)&cur->vals, &cur->vcap, cur->n + 1, sizeof *cur->vals);
                cur->keys[cur->n] = lg_strdup(w + 7);
                cur->vals[cur->n++] = v;
            }
        }
        if (!tclscan_next_command(&s))
            return;
    }
}

static const char *tcl_get(const tcl_core_t *c, const char *key)
{
    for (size_t i = c->n; i-- > 0;)
        if (strcmp(c->keys[i], key) == 0)
            return c->vals[i];
    return NULL;
}

static const tcl_core_t *tcl_find(const tcl_cores_t *t, const char *module)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->v[i].module, module) == 0)
            return &t->v[i];
    return NULL;
}

/* The scripts (*.tcl) in the directories of spec's RTL sources. One that
 * cannot be read is skipped: it is the Verilog that must build. */
static void tcl_scripts(const spec_t *spec, tcl_cores_t *t)
{
    char **dirs = lg_calloc(spec->nrtl_sources + 1, sizeof *dirs);
    size_t ndirs = 0;
    for (size_t i = 0; i < spec->nrtl_sources; i++) {
        char *dir = lg_path_dirname(spec->rtl_sources[i]);
        size_t k = 0;
        while (k < ndirs && strcmp(dirs[k], dir) != 0)
            k++;
        if (k < ndirs) {
            free(dir);
            continue;
        }
        dirs[ndirs++] = dir;
        char **names = NULL;
        size_t n = 0;
        lg_err_t ignored = {0};
        if (lg_list_dir(dir, ".tcl", &names, &n, &ignored) != 0)
            continue;
        for (size_t j = 0; j < n; j++) {
            char *path = lg_path_join(dir, names[j]);
            char *text = lg_read_file_max(path, LG_READ_MAX, NULL, &ignored);
            if (text)
                tcl_read(text, t);
            free(text);
            free(path);
        }
        lg_list_free(names, n);
    }
    lg_list_free(dirs, ndirs);
}

/* ------------------------------------------------------------- the scan */

/* The ports a core's instance may connect, as Xilinx's IP declares them
 * for the settings HLS uses (no TREADY, TLAST or TUSER). */
static const char *const core_ports[] = {
    "aclk",
    "aclken",
    "aresetn",
    "s_axis_a_tvalid",
    "s_axis_a_tdata",
    "s_axis_b_tvalid",
    "s_axis_b_tdata",
    "s_axis_c_tvalid",
    "s_axis_c_tdata",
    "s_axis_operation_tvalid",
    "s_axis_operation_tdata",
    "m_axis_result_tvalid",
    "m_axis_result_tdata",
};
#define NCORE_PORTS (sizeof core_ports / sizeof *core_ports)

typedef struct fp_seen {
    char *module;
    char *where;    /* "file:line" of its first instance */
    unsigned ports; /* bit i: an instance connects core_ports[i] */
    char *bad;      /* "file:line: port p" of a port no core has, or NULL */
} fp_seen_t;

typedef struct scan {
    char **declared;
    size_t ndeclared, dcap;
    fp_seen_t *seen;
    size_t nseen, scap;
} scan_t;

static void scan_free(scan_t *s)
{
    lg_list_free(s->declared, s->ndeclared);
    for (size_t i = 0; i < s->nseen; i++) {
        free(s->seen[i].module);
        free(s->seen[i].where);
        free(s->seen[i].bad);
    }
    free(s->seen);
    memset(s, 0, sizeof *s);
}

/* Skips a balanced (...) group that starts at the next token. */
static void skip_group(vscan_t *v)
{
    vscan_tok_t t;
    int depth = 0;
    while (vscan_next(v, &t)) {
        if (vscan_is(v, &t, "("))
            depth++;
        else if (vscan_is(v, &t, ")") && --depth <= 0)
            return;
    }
}

/* After a candidate's name: [#(...)] instance ( .port(...), ... ). Returns
 * 1 for an instance (v moved past it, *ports its core_ports bits, *bad the
 * first port no core has, heap, when there is one), 0 for anything else. */
static int instance_ports(vscan_t *v, unsigned *ports, char **bad)
{
    vscan_t at = *v;
    vscan_tok_t t;
    if (!vscan_next(&at, &t))
        return 0;
    if (vscan_is(&at, &t, "#")) {
        skip_group(&at);
        if (!vscan_next(&at, &t))
            return 0;
    }
    if (t.kind != VSCAN_WORD && t.kind != VSCAN_ESCAPED)
        return 0;
    if (!vscan_next(&at, &t) || !vscan_is(&at, &t, "("))
        return 0;
    *ports = 0;
    *bad = NULL;
    int depth = 1;
    while (depth > 0 && vscan_next(&at, &t)) {
        if (vscan_is(&at, &t, "("))
            depth++;
        else if (vscan_is(&at, &t, ")"))
            depth--;
        else if (depth == 1 && vscan_is(&at, &t, ".")) {
            vscan_tok_t p;
            if (!vscan_next(&at, &p))
                break;
            char name[64];
            vscan_copy(&at, &p, name, sizeof name);
            size_t i = 0;
            while (i < NCORE_PORTS && strcmp(core_ports[i], name) != 0)
                i++;
            if (i < NCORE_PORTS)
                *ports |= 1u << i;
            else if (!*bad)
                *bad = lg_strdup(name);
        }
    }
    *v = at;
    return 1;
}

/* The text oracle_vscan scans, and where its module names go. */
typedef struct decl_ctx {
    const char *text;
    scan_t *s;
} decl_ctx_t;

static void on_decl(void *ctx, const oscan_item_t *it)
{
    decl_ctx_t *dc = ctx;
    if (it->kind != OSCAN_MODULE)
        return;
    scan_t *s = dc->s;
    lg_grow((void **)&s->declared, &s->dcap, s->ndeclared + 1, sizeof *s->declared);
    s->declared[s->ndeclared++] = lg_strndup(dc->text + it->start, it->end - it->start);
}

/* The modules text declares (oracle_vscan), and its instances of
 * candidate cores: names core_name knows or a script of tcl describes. */
static void scan_text(const char *path, const char *text, const tcl_cores_t *tcl, scan_t *s)
{
    decl_ctx_t dc = {text, s};
    oracle_vscan(text, on_decl, &dc);
    vscan_t v = vscan_start(text);
    vscan_tok_t t;
    char name[SPEC_NAME_MAX + 2];
    while (vscan_next(&v, &t)) {
        if (t.kind != VSCAN_WORD)
            continue;
        core_name_t cn;
        unsigned ports;
        char *bad;
        vscan_copy(&v, &t, name, sizeof name);
        int line = t.line;
        if ((!core_name(name, &cn) && !tcl_find(tcl, name)) || !instance_ports(&v, &ports, &bad))
            continue;
        size_t i = 0;
        while (i < s->nseen && strcmp(s->seen[i].module, name) != 0)
            i++;
        if (i == s->nseen) {
            lg_grow((void **)&s->seen, &s->scap, s->nseen + 1, sizeof *s->seen);
            s->seen[s->nseen++] = (fp_seen_t){.module = lg_strdup(name), .where = lg_asprintf("%s:%d", path, line)};
        }
        fp_seen_t *f = &s->seen[i];
        f->ports |= ports;
        if (bad && !f->bad)
            f->bad = lg_asprintf("%s:%d: port %s", path, line, bad);
        free(bad);
    }
}

static int declared(const scan_t *s, const char *module)
{
    for (size_t i = 0; i < s->ndeclared; i++)
        if (strcmp(s->declared[i], module) == 0)
            return 1;
    return 0;
}

/* --------------------------------------------------------- the settings */

/* What a model is. */
typedef struct fp_core {
    const char *module;
    const char *where;
    unsigned ports;
    int op;   /* the op word */
    int sel;  /* SEL_* */
    int cond; /* a fixed compare's condition, or -1 */
    int nin;  /* operands */
    long latency;
    int aw, bw, rw;   /* tdata widths: a, b and c, result */
    int a_signed;     /* a is an integer, sign-extended */
    const char *from; /* where the settings come from: "its _ip.tcl", "its name" */
} fp_core_t;

/* Single (8, 24) or double (11, 53) from a script's precision settings of
 * operand side ("a" or "result"); -1 for another. */
static int tcl_precision(const tcl_core_t *c, const char *side)
{
    char key[64];
    snprintf(key, sizeof key, "%s_precision_type", side);
    const char *type = tcl_get(c, key);
    if (type && strcasecmp(type, "Single") == 0)
        return 0;
    if (type && strcasecmp(type, "Double") == 0)
        return 1;
    snprintf(key, sizeof key, "c_%s_exponent_width", side);
    const char *e = tcl_get(c, key);
    snprintf(key, sizeof key, "c_%s_fraction_width", side);
    const char *f = tcl_get(c, key);
    if (e && f && strcmp(e, "8") == 0 && strcmp(f, "24") == 0)
        return 0;
    if (e && f && strcmp(e, "11") == 0 && strcmp(f, "53") == 0)
        return 1;
    return -1;
}

static const struct {
    const char *name;
    int cond;
} fixed_conds[] = {{"Unordered", 0},
                   {"Less_Than", 1},
                   {"Equal", 2},
                   {"Less_Than_Or_Equal", 3},
                   {"Greater_Than", 4},
                   {"Not_Equal", 5},
                   {"Greater_Than_Or_Equal", 6}};

/* Fills c from the script's settings; NULL, or why there is no model. */
static const char *from_tcl(const tcl_core_t *t, fp_core_t *c)
{
    const char *type = tcl_get(t, "operation_type");
    if (!type)
        return "its _ip.tcl does not give its operation_type";
    const char *lat = tcl_get(t, "c_latency");
    if (lat && all_digits(lat))
        c->latency = strtol(lat, NULL, 10);
    int res = tcl_precision(t, "result");
    int in = tcl_precision(t, "a");
    c->sel = SEL_NONE;
    c->cond = -1;
    c->a_signed = 0;
    const char *type_in = tcl_get(t, "a_precision_type");
    if (strcasecmp(type, "Fixed_to_float") == 0) {
        const char *e = tcl_get(t, "c_a_exponent_width"), *f = tcl_get(t, "c_a_fraction_width");
        if (!e || !f || !all_digits(e) || strcmp(f, "0") != 0 || strtol(e, NULL, 10) > 64 || res < 0)
            return "lgfuzz models the conversion of an integer of at most 64 bits (no fraction bits) to single "
                   "or double precision only";
        c->op = FP_FROMI;
        c->nin = 1;
        /* Xilinx's fixed point is signed, unless the precision is one of
         * its unsigned integers (Vitis's uitofp: Uint32). */
        c->a_signed = !(type_in && strncasecmp(type_in, "Uint", 4) == 0);
        c->aw = (int)((strtol(e, NULL, 10) + 7) / 8 * 8);
        c->bw = 32; /* no second operand */
        c->rw = res ? 64 : 32;
        c->op |= res ? FP_DOUBLE : 0;
        return NULL;
    }
    if (strcasecmp(type, "Float_to_float") == 0) {
        if (in < 0 || res < 0 || in == res)
            return "lgfuzz models the conversions between single and double precision only";
        c->op = FP_FROMF | (res ? FP_DOUBLE : 0);
        c->nin = 1;
        c->aw = in ? 64 : 32;
        c->bw = 32; /* no second operand */
        c->rw = res ? 64 : 32;
        return NULL;
    }
    if (in < 0 || res < 0 || in != res)
        return "lgfuzz models single and double precision only";
    int w = in ? 64 : 32;
    c->aw = c->bw = c->rw = w;
    if (strcasecmp(type, "Add_Subtract") == 0) {
        const char *v = tcl_get(t, "add_sub_value");
        c->nin = 2;
        c->op = v && strcasecmp(v, "Subtract") == 0 ? FP_SUB : FP_ADD;
        c->sel = v && strcasecmp(v, "Both") == 0 ? SEL_ADDSUB : SEL_NONE;
    } else if (strcasecmp(type, "Multiply") == 0) {
        c->nin = 2;
        c->op = FP_MUL;
    } else if (strcasecmp(type, "Divide") == 0) {
        c->nin = 2;
        c->op = FP_DIV;
    } else if (strcasecmp(type, "Square_Root") == 0) {
        c->nin = 1;
        c->op = FP_SQRT;
    } else if (strcasecmp(type, "FMA") == 0) {
        const char *v = tcl_get(t, "add_sub_value");
        c->nin = 3;
        c->op = v && strcasecmp(v, "Subtract") == 0 ? FP_FMS : FP_FMA;
        c->sel = v && strcasecmp(v, "Both") == 0 ? SEL_ADDSUB : SEL_NONE;
    } else if (strcasecmp(type, "Compare") == 0) {
        const char *v = tcl_get(t, "c_compare_operation");
        c->nin = 2;
        c->op = FP_CMP;
        c->rw = 8;
        if (!v || strcasecmp(v, "Programmable") == 0)
            c->sel = SEL_COMPARE;
        else {
            for (size_t i = 0; i < sizeof fixed_conds / sizeof *fixed_conds; i++)
                if (strcasecmp(v, fixed_conds[i].name) == 0)
                    c->cond = fixed_conds[i].cond;
            if (c->cond < 0)
                return "lgfuzz models a compare that gives one condition only";
        }
    } else if (strcasecmp(type, "Reciprocal") == 0 || strcasecmp(type, "Rec_Square_Root") == 0 ||
               strcasecmp(type, "Exponential") == 0 || strcasecmp(type, "Logarithm") == 0)
        return inexact;
    else
        return "lgfuzz has no model of this operation";
    c->op |= in ? FP_DOUBLE : 0;
    return NULL;
}

/* Fills c from what the name says; NULL, or why there is no model. */
static const char *from_name(const core_name_t *cn, fp_core_t *c)
{
    const fp_op_t *op = cn->op;
    if (!op->code)
        return op->why;
    c->op = op->code | (op->dbl ? FP_DOUBLE : 0);
    c->sel = op->sel;
    c->cond = -1;
    c->nin = op->nin;
    c->rw = op->code == FP_CMP ? 8 : op->dbl ? 64 : 32;
    c->aw = c->bw = op->dbl ? 64 : 32;
    c->a_signed = op->code == FP_FROMI;
    if (op->in_bits)
        c->aw = op->in_bits;
    return NULL;
}

/* ------------------------------------------------------------ the model */

static int has_port(const fp_core_t *c, const char *port)
{
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (strcmp(core_ports[i], port) == 0)
            return (c->ports >> i) & 1u;
    return 0;
}

/* The generic pipeline every model instantiates. */
static const char core_verilog[] =
    "// lgfuzz_fp_core: a floating-point operation (lgfuzz_fp's op word OP)\n"
    "// and a pipeline of LATENCY stages after it, held while aclken is low.\n"
    "// SEL 1: opd[0] turns an add into a subtract (a fused a*b+c into\n"
    "// a*b-c); SEL 2: opd[5:3] is the compare's condition.\n"
    "module lgfuzz_fp_core #(parameter OP = 0, SEL = 0, COND = 0, LATENCY = 0, AW = 32, BW = 32, RW = 32,\n"
    "                        ASIGNED = 0) (\n"
    "    input aclk, input aclken, input in_valid,\n"
    "    input [AW-1:0] a, input [BW-1:0] b, input [BW-1:0] c, input [7:0] opd,\n"
    "    output r_valid, output [RW-1:0] r);\n"
    "    import \"DPI-C\" pure function longint lgfuzz_fp(input int op, input longint a, input longint b,\n"
    "                                                  input longint c);\n"
    "    wire signed [AW-1:0] a_s = a;\n"
    "    wire [63:0] a_sx = a_s;\n"
    "    wire [63:0] a_zx = a;\n"
    "    wire [63:0] a64 = ASIGNED != 0 ? a_sx : a_zx;\n"
    "    wire [63:0] b64 = b;\n"
    "    wire [63:0] c_zx = c;\n"
    "    wire [63:0] c64 = SEL == 2 ? {61'd0, opd[5:3]} : COND >= 0 ? COND : c_zx;\n"
    "    wire [31:0] op = SEL == 1 ? OP + {31'd0, opd[0]} : OP;\n"
    "    wire [63:0] res = lgfuzz_fp(op, a64, b64, c64);\n"
    "    generate if (LATENCY == 0) begin : comb\n"
    "        assign r = res[RW-1:0];\n"
    "        assign r_valid = in_valid;\n"
    "    end else begin : piped\n"
    "        reg [RW-1:0] q [0:LATENCY-1];\n"
    "        reg [LATENCY-1:0] v;\n"
    "        integer i;\n"
    "        always @(posedge aclk) if (aclken) begin\n"
    "            q[0] <= res[RW-1:0];\n"
    "            v[0] <= in_valid;\n"
    "            for (i = 1; i < LATENCY; i = i + 1) begin\n"
    "                q[i] <= q[i-1];\n"
    "                v[i] <= v[i-1];\n"
    "            end\n"
    "        end\n"
    "        assign r = q[LATENCY-1];\n"
    "        assign r_valid = v[LATENCY-1];\n"
    "    end endgenerate\n"
    "endmodule\n";

static void port_decl(lg_strbuf_t *b, const char *dir, int width, const char *name)
{
    if (width > 1)
        lg_strbuf_printf(b, "    %s [%d:0] %s;\n", dir, width - 1, name);
    else
        lg_strbuf_printf(b, "    %s %s;\n", dir, name);
}

/* The model of c: a module of c's name whose ports are those its
 * instances connect and those its operation needs. */
static void model_verilog(const fp_core_t *c, lg_strbuf_t *b)
{
    int widths[NCORE_PORTS] = {1, 1, 1, 1, c->aw, 1, c->bw, 1, c->bw, 1, 8, 1, c->rw};
    int need[NCORE_PORTS] = {c->latency > 0, 0, 0, 0, 1, 0, c->nin >= 2, 0, c->nin >= 3, 0, c->sel != SEL_NONE, 0, 1};
    lg_strbuf_printf(b, "\n// %s (first instance: %s)\nmodule %s (", c->module, c->where, c->module);
    const char *sep = "";
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (need[i] || has_port(c, core_ports[i])) {
            lg_strbuf_printf(b, "%s%s", sep, core_ports[i]);
            sep = ", ";
        }
    lg_strbuf_puts(b, ");\n");
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (need[i] || has_port(c, core_ports[i]))
            port_decl(b, strncmp(core_ports[i], "m_", 2) == 0 ? "output" : "input", widths[i], core_ports[i]);
    const char *valid_a = has_port(c, "s_axis_a_tvalid") ? "s_axis_a_tvalid" : "1'b1";
    lg_strbuf_printf(b,
                     "    lgfuzz_fp_core #(.OP(%d), .SEL(%d), .COND(%d), .LATENCY(%ld), .AW(%d), .BW(%d), .RW(%d), "
                     ".ASIGNED(%d)) core (\n"
                     "        .aclk(%s), .aclken(%s), .in_valid(%s),\n"
                     "        .a(s_axis_a_tdata), .b(%s), .c(%s), .opd(%s),\n"
                     "        .r_valid(%s), .r(m_axis_result_tdata));\n"
                     "endmodule\n",
                     c->op, c->sel, c->cond, c->latency, c->aw, c->bw, c->rw, c->a_signed,
                     c->latency > 0 ? "aclk" : "1'b0", has_port(c, "aclken") ? "aclken" : "1'b1", valid_a,
                     c->nin >= 2 ? "s_axis_b_tdata" : "'0", c->nin >= 3 ? "s_axis_c_tdata" : "'0",
                     c->sel != SEL_NONE ? "s_axis_operation_tdata" : "8'd0",
                     has_port(c, "m_axis_result_tvalid") ? "m_axis_result_tvalid" : "");
}

/* "fadd, single precision, latency 3 (from its _ip.tcl)" into buf. */
static const char *describe(const fp_core_t *c, char *buf, size_t cap)
{
    static const char *const names[] = {"",      "add",   "subtract", "multiply", "divide", "square root",
                                        "a*b+c", "a*b-c", "compare",  "",         ""};
    int code = c->op & 0xff, dbl = (c->op & FP_DOUBLE) != 0;
    const char *what = c->sel == SEL_ADDSUB ? (code == FP_FMA ? "a*b+c or a*b-c" : "add or subtract")
                       : code == FP_CMP && c->sel == SEL_COMPARE ? "compare, condition from the operation input"
                                                                 : names[code];
    if (code == FP_FROMI)
        snprintf(buf, cap, "%d-bit integer to %s", c->aw, dbl ? "double" : "single");
    else if (code == FP_FROMF)
        snprintf(buf, cap, "%s to %s", dbl ? "single" : "double", dbl ? "double" : "single");
    else
        snprintf(buf, cap, "%s, %s precision", what, dbl ? "double" : "single");
    size_t len = strlen(buf);
    snprintf(buf + len, cap - len, ", latency %ld (from %s)", c->latency, c->from);
    return buf;
}

/* The settings of the seen core s (scripts in t); NULL, or why there is no
 * model. */
static const char *settle(const fp_seen_t *s, const tcl_cores_t *t, fp_core_t *c)
{
    core_name_t cn = {.op = NULL, .latency = -1};
    int named = core_name(s->module, &cn);
    memset(c, 0, sizeof *c);
    c->module = s->module;
    c->where = s->where;
    c->ports = s->ports;
    c->latency = cn.latency;
    const tcl_core_t *tc = tcl_find(t, s->module);
    LG_ASSERT(tc || named); /* scan_text's candidates */
    const char *why = tc ? from_tcl(tc, c) : from_name(&cn, c);
    c->from = tc ? "its _ip.tcl" : "its name";
    if (!why && c->latency < 0)
        why = "neither its name nor an _ip.tcl beside the Verilog gives its latency";
    if (!why && c->latency > FP_LATENCY_MAX)
        why = "its latency is beyond any Xilinx core's";
    return why;
}

/* fpcores_model, and a line for each model to line (when not NULL). */
static int build(const spec_t *spec, char **out, oracle_report_fn line, void *ctx, lg_err_t *err)
{
    *out = NULL;
    scan_t s = {0};
    tcl_cores_t t = {0};
    tcl_scripts(spec, &t);
    int rc = 0;
    for (size_t i = 0; i < spec->nrtl_sources && rc == 0; i++) {
        char *text = lg_read_file_max(spec->rtl_sources[i], LG_READ_MAX, NULL, err);
        if (!text) {
            rc = err->code;
            break;
        }
        scan_text(spec->rtl_sources[i], text, &t, &s);
        free(text);
    }
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    int any = 0;
    for (size_t i = 0; i < s.nseen && rc == 0; i++) {
        if (declared(&s, s.seen[i].module))
            continue;
        if (s.seen[i].bad)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s of module %s: a Xilinx floating-point core as HLS configures it has no such port, "
                            "and lgfuzz has no model of it",
                            s.seen[i].bad, s.seen[i].module);
        fp_core_t c;
        const char *why = rc ? NULL : settle(&s.seen[i], &t, &c);
        if (why)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s: module %s is a Xilinx floating-point core with no Verilog in rtl.sources, and lgfuzz "
                            "has no model of it: %s; export its simulation model from Vivado and add it to "
                            "rtl.sources",
                            s.seen[i].where, s.seen[i].module, why);
        if (rc)
            break;
        if (!any)
            lg_strbuf_puts(&b, "// Models of the Xilinx floating-point cores of the design, written by lgfuzz\n"
                               "// (rtl-oracle/fpcores.c): IEEE 754, round to nearest, ties to even.\n");
        any = 1;
        model_verilog(&c, &b);
        if (line) {
            char what[160], msg[SPEC_NAME_MAX + 256];
            snprintf(msg, sizeof msg, "floating-point core %s modelled: %s", c.module, describe(&c, what, sizeof what));
            line(ctx, msg);
        }
    }
    if (rc == 0 && any) {
        lg_strbuf_puts(&b, "\n");
        lg_strbuf_puts(&b, core_verilog);
        *out = lg_strbuf_take(&b);
    } else
        lg_strbuf_free(&b);
    tcl_cores_free(&t);
    scan_free(&s);
    return rc;
}

int fpcores_model(const spec_t *spec, char **out, lg_err_t *err)
{
    return build(spec, out, NULL, NULL, err);
}

int fpcores_describe(const spec_t *spec, oracle_report_fn line, void *ctx, lg_err_t *err)
{
    char *text = NULL;
    int rc = build(spec, &text, line, ctx, err);
    free(text);
    return rc;
}

int fpcores_hash_spec(const spec_t *spec, lg_hash_t *h, lg_err_t *err)
{
    char *text = NULL;
    int rc = fpcores_model(spec, &text, err);
    if (rc == 0 && text)
        lg_hash_str(h, text);
    free(text);
    return rc;
}

int fpcores_stage(const spec_t *spec, const char *root, char ***sources, size_t *n, lg_err_t *err)
{
    char *text = NULL;
    int rc = fpcores_model(spec, &text, err);
    if (rc || !text)
        return rc;
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "fpcores");
    lg_hash_str(&h, text);
    char *rel = lg_asprintf("%s/fp/%016" PRIx64, root, h.h);
    char abs[PATH_MAX];
    rc = lg_cache_mkdirs(rel, err);
    if (rc == 0 && !realpath(rel, abs))
        rc = lg_err_set(err, LG_EIO, "%s: cannot resolve the floating-point models' directory", rel);
    char *path = rc == 0 ? lg_path_join(abs, "lgfuzz_fpcores.v") : NULL;
    if (rc == 0 && !lg_path_exists(path))
        rc = lg_write_file_atomic(path, text, strlen(text), err);
    if (rc == 0) {
        lg_cache_share(abs);
        *sources = lg_realloc(*sources, (*n + 1) * sizeof **sources);
        (*sources)[(*n)++] = path;
        path = NULL;
    }
    free(path);
    free(rel);
    free(text);
    return rc;
}
