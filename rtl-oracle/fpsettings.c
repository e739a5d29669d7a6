/* The settings of a Xilinx floating-point core (fpcores_int.h): the
 * operators HLS names, what Vivado's and Vitis's module names say, and
 * the CONFIG settings of the _ip.tcl script that creates the core, which
 * win over the name. */
#include "fpcores_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/tclscan.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
int fpcores_core_name(const char *name, core_name_t *out)
{
    if (strlen(name) > SPEC_NAME_MAX)
        return 0;
    words_t ws;
    split_words(name, &ws);
    out->latency = -1;
    return vivado_name(&ws, out) || vitis_name(&ws, out);
}

/* --------------------------------------------------- the _ip.tcl scripts */

void fpcores_tcl_free(tcl_cores_t *t)
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

const tcl_core_t *fpcores_tcl_find(const tcl_cores_t *t, const char *module)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->v[i].module, module) == 0)
            return &t->v[i];
    return NULL;
}

/* The scripts (*.tcl) in the directories of spec's RTL sources. One that
 * cannot be read is skipped: it is the Verilog that must build. */
void fpcores_tcl_scripts(const spec_t *spec, tcl_cores_t *t)
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

/* --------------------------------------------------------- the settings */

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
const char *fpcores_from_tcl(const tcl_core_t *t, fp_core_t *c)
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
const char *fpcores_from_name(const core_name_t *cn, fp_core_t *c)
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
