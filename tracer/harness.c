/* Generates the executor's harness: C code specialised to one spec that
 * unpacks a packed input record into buffers of max_len plus guard space
 * (filled per the POISON convention), calls the kernel under sigsetjmp so
 * an event-limit hang or a recovered crash returns here, evaluates the port
 * probes and copies the return value, out/inout arrays (as far as the
 * kernel got) and scalar outputs (with whether the kernel wrote them,
 * harness_outputs.c) into the result slot. */
#include "harness_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/lgrt.h"
#include "shim_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* Float values cross the record as bit patterns (types.h); these
 * converters go at the top of every harness. */
static const char float_converters[] =
    "static inline int64_t lg_f32_bits(float v)\n{\n    int32_t b;\n    memcpy(&b, &v, 4);\n    return b;\n}\n"
    "static inline int64_t lg_f64_bits(double v)\n{\n    int64_t b;\n    memcpy(&b, &v, 8);\n    return b;\n}\n"
    "static inline float lg_f32_of(int64_t v)\n{\n    int32_t b = (int32_t)v;\n    float f;\n    memcpy(&f, &b, "
    "4);\n    return f;\n}\n"
    "static inline double lg_f64_of(int64_t v)\n{\n    double f;\n    memcpy(&f, &v, 8);\n    return f;\n}\n\n";

/* A C literal of value v in type t (no overflow warnings for the extremes). */
static void literal(lg_strbuf_t *b, lg_type_t t, int64_t v)
{
    char cast[64];
    if (lg_type_is_float(t))
        lg_strbuf_printf(b, "%s(%" PRId64 "LL)", harness_from_int64(t, cast, sizeof cast), v);
    else if (!lg_type_signed(t))
        lg_strbuf_printf(b, "((%s)%" PRIu64 "ULL)", lg_type_ktype(t), (uint64_t)v);
    else if (v == INT64_MIN)
        lg_strbuf_printf(b, "((%s)(-9223372036854775807LL - 1))", lg_type_ktype(t));
    else
        lg_strbuf_printf(b, "((%s)%" PRId64 "LL)", lg_type_ktype(t), v);
}

/* The widest _BitInt clang 14 compiles. */
#define WIDE_C_BITS_MAX 128

/* A C kernel's wide param i from its limbs in buf<i>: a scalar's value in
 * w<i>, an array's elements in wbuf<i> (its guards' from poison limbs). */
static void emit_wide_in(lg_strbuf_t *b, const spec_param_t *p, size_t i)
{
    char wt[SPEC_WIDE_CTYPE_MAX], from[96];
    spec_wide_ctype(p, 0, wt);
    if (p->wide_scalar) {
        if (p->dir == SPEC_DIR_OUT)
            lg_strbuf_printf(b, "    %s w%zu = 0;\n", wt, i);
        else
            lg_strbuf_printf(b, "    %s w%zu = lgw%zu_of((const uint64_t *)buf%zu + %d);\n", wt, i, i, i,
                             HARNESS_GUARD);
        return;
    }
    if (p->dir == SPEC_DIR_OUT)
        snprintf(from, sizeof from, "0");
    else
        snprintf(from, sizeof from, "lgw%zu_of((const uint64_t *)buf%zu + %d + k * %d)", i, i, HARNESS_GUARD, p->limbs);
    lg_strbuf_printf(b,
                     "    {\n        uint64_t poison[%d];\n        for (int k = 0; k < %d; k++)\n"
                     "            poison[k] = 0xA5A5A5A5A5A5A5A5ULL;\n",
                     p->limbs, p->limbs);
    lg_strbuf_printf(b, "        for (size_t k = 0; k < %d; k++)\n", HARNESS_GUARD);
    lg_strbuf_printf(b, "            wbuf%zu[k] = wbuf%zu[%d + %zu + k] = lgw%zu_of(poison);\n", i, i, HARNESS_GUARD,
                     spec_param_elems(p), i);
    lg_strbuf_printf(b, "        for (size_t k = 0; k < %zu; k++)\n            wbuf%zu[%d + k] = %s;\n    }\n",
                     spec_param_elems(p), i, HARNESS_GUARD, from);
}

/* After the call: what the kernel wrote to wide param i, back into the
 * limbs of buf<i>. */
static void emit_wide_back(lg_strbuf_t *b, const spec_param_t *p, size_t i)
{
    if (p->wide_scalar) {
        lg_strbuf_printf(b, "    lgw%zu_to(w%zu, (uint64_t *)buf%zu + %d);\n", i, i, i, HARNESS_GUARD);
        return;
    }
    lg_strbuf_printf(b, "    for (size_t k = 0; k < %zu; k++)\n", spec_param_elems(p));
    lg_strbuf_printf(b, "        lgw%zu_to(wbuf%zu[%d + k], (uint64_t *)buf%zu + %d + k * %d);\n", i, i, HARNESS_GUARD,
                     i, HARNESS_GUARD, p->limbs);
}

static int port_probe(const spec_t *spec, const meta_t *meta, size_t i)
{
    char name[300];
    snprintf(name, sizeof name, "port:%s", spec->params[i].name);
    return meta_find_probe(meta, name);
}

/* Emits the fits-in-width test for values mn..mx of param i's type. */
static void emit_port_check(lg_strbuf_t *b, const spec_t *spec, const meta_t *meta, size_t i, const char *mn,
                            const char *mx)
{
    int pid = port_probe(spec, meta, i);
    if (pid < 0)
        return;
    lg_type_t t = spec->params[i].type;
    int w = spec->ifaces[i].width, sx = meta->probes[pid].is_signed;
    int64_t lo = sx ? -((int64_t)1 << (w - 1)) : 0;
    int64_t hi = sx ? ((int64_t)1 << (w - 1)) - 1 : (int64_t)(((uint64_t)1 << w) - 1);
    lg_strbuf_printf(b, "    if (%s <= %s) {\n        if (%s < ", mn, mx, mn);
    literal(b, t, lo);
    lg_strbuf_printf(b, " || %s > ", mx);
    literal(b, t, hi);
    lg_strbuf_printf(b, ")\n            lgrt_fire(%d);\n", pid);
    lg_strbuf_printf(b, "        lgrt_value(%d, (int64_t)%s);\n        lgrt_value(%d, (int64_t)%s);\n    }\n", pid, mn,
                     pid, mx);
}

/* The numbering of branch directions the runtime aggregates events by. */
static void emit_site_dirs(lg_strbuf_t *b, const meta_t *meta)
{
    uint32_t ndirs = 0;
    lg_strbuf_puts(b, "const uint32_t lgrt_site_dirs[] = {\n");
    for (size_t i = 0; i < meta->nsites; i++) {
        lg_strbuf_printf(b, "    %" PRIu32 ",\n", ndirs);
        ndirs += meta->sites[i].nsucc;
    }
    lg_strbuf_printf(b, "    %" PRIu32 "\n};\nconst uint32_t lgrt_ndirs = %" PRIu32 ";\n", ndirs, ndirs);
    lg_strbuf_printf(b, "uint32_t lgrt_dir_event[%" PRIu32 " + 1];\n\n", ndirs);
}

/* The function the harness calls: the kernel, or its shim's entry. */
static const char *callee(const spec_t *spec, int shim)
{
    return shim ? SHIM_ENTRY : spec->c_function;
}

/* A C kernel's struct arguments: for each, a struct of the harness's own
 * with the members the spec lists, in its order and of its types, which
 * has the layout of the kernel's struct, and so its calling convention,
 * when the spec lists all of the struct's members (the build compares
 * the two: instrument_check_prototype). */
static void emit_structs(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        if (!spec->params[spec_carg_first(spec, c, NULL)].member)
            continue;
        char name[SPEC_NAME_MAX + 1], tag[32];
        lg_strbuf_printf(b, "/* struct argument %s */\n", spec_carg_name(spec, c, name));
        snprintf(tag, sizeof tag, "lgfuzz_s%zu", c);
        spec_struct_decl(b, spec, c, tag, lg_type_ktype);
    }
}

/* Before a C kernel's call: each struct argument from its members'
 * variables (a<i>). */
static void emit_struct_fill(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->member)
            continue;
        if (spec_carg_starts(spec, i))
            lg_strbuf_printf(b, "    struct lgfuzz_s%zu s%zu;\n    memset(&s%zu, 0, sizeof s%zu);\n", p->carg, p->carg,
                             p->carg, p->carg);
        lg_strbuf_printf(b, "    s%zu.%s = a%zu;\n", p->carg, spec_param_field(p), i);
    }
}

/* The kernel's declaration (or its shim's entry's), with a C kernel's
 * struct arguments' structs before it. */
static void emit_declaration(lg_strbuf_t *b, const spec_t *spec, int shim)
{
    if (!shim)
        emit_structs(b, spec);
    lg_strbuf_printf(b, "%s %s(", spec->has_return ? lg_type_ktype(spec->ret_type) : "void", callee(spec, shim));
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        char wt[SPEC_WIDE_CTYPE_MAX];
        if (p->member && !shim) { /* the struct, once */
            if (spec_carg_starts(spec, i))
                lg_strbuf_printf(b, "%sstruct lgfuzz_s%zu%s", p->carg ? ", " : "", p->carg,
                                 spec_carg_by_pointer(spec, p->carg) ? " *" : "");
            continue;
        }
        /* The shim's entry takes a wide param's limbs as an array. */
        lg_strbuf_printf(b, "%s%s%s", (shim ? i : p->carg) ? ", " : "",
                         p->wide && !shim ? spec_wide_ctype(p, 0, wt) : lg_type_ktype(p->type),
                         spec_param_by_pointer(p) || (p->is_array && shim) ? " *" : "");
        if (p->is_array && shim)
            lg_strbuf_puts(b, ", long");
    }
    lg_strbuf_printf(b, "%s);\n", spec->nparams ? "" : "void");
}

static void emit_prologue(lg_strbuf_t *b, const spec_t *spec, const meta_t *meta, int shim)
{
    lg_strbuf_printf(b, "/* Generated by lgfuzz %s from %s: the executor harness of kernel `%s`. */\n", LGFUZZ_VERSION,
                     spec->path, spec->kernel);
    lg_strbuf_puts(b, "#include <stddef.h>\n#include <stdint.h>\n#include <string.h>\n#include \"lgrt.h\"\n\n");
    lg_strbuf_puts(b, float_converters);
    for (size_t i = 0; i < spec->nparams && !shim; i++)
        if (spec->params[i].wide) { /* lgw<i>_of, lgw<i>_to */
            char name[32];
            snprintf(name, sizeof name, "lgw%zu", i);
            spec_wide_converters(b, &spec->params[i], name);
        }
    emit_declaration(b, spec, shim);
    lg_strbuf_puts(b, "\n");

    lg_strbuf_puts(b, "const lgrt_loop_info_t lgrt_loops[] = {\n");
    for (size_t l = 0; l < meta->nloops; l++)
        lg_strbuf_printf(b, "    {%d, %" PRId64 ", %d, %" PRId64 "},\n", meta->loops[l].rem_probe,
                         meta->loops[l].factor, meta->loops[l].trip_probe, meta->loops[l].max);
    lg_strbuf_printf(b, "    {-1, 0, -1, 0}\n};\nconst uint32_t lgrt_nloops = %zu;\n\n", meta->nloops);
    emit_site_dirs(b, meta);
    harness_outputs_declare(b, spec);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array)
            continue;
        lg_strbuf_printf(b, "static %s buf%zu[%d + %zu + %d];\n", lg_type_ktype(p->type), i, HARNESS_GUARD, p->max_len,
                         HARNESS_GUARD);
        lg_strbuf_printf(b, "static size_t dirty%zu = %zu; /* slots from the length up that may not hold poison */\n",
                         i, p->max_len);
        char wt[SPEC_WIDE_CTYPE_MAX];
        if (p->wide && !p->wide_scalar && !shim) /* the kernel's elements, converted from and to the limbs */
            lg_strbuf_printf(b, "static %s wbuf%zu[%d + %zu + %d];\n", spec_wide_ctype(p, 0, wt), i, HARNESS_GUARD,
                             spec_param_elems(p), HARNESS_GUARD);
    }
    lg_strbuf_puts(b, "static int ready;\n\n");
}

/* Guards are poisoned once; in arrays re-poison only what earlier inputs
 * used, since a kernel does not write through its `in` pointers. */
static void emit_unpack_array(lg_strbuf_t *b, const spec_t *spec, const meta_t *meta, size_t i)
{
    const spec_param_t *p = &spec->params[i];
    const char *ct = lg_type_ktype(p->type);
    lg_strbuf_printf(b, "    /* %s: %s array of %s, max_len %zu */\n", p->name, spec_dir_name(p->dir), ct, p->max_len);
    lg_strbuf_printf(b, "    {\n        %s *b = buf%zu + %d;\n        size_t n = (size_t)*rec++;\n", ct, i,
                     HARNESS_GUARD);
    lg_strbuf_printf(b, "        n%zu = n;\n", i);
    lg_strbuf_printf(b, "        if (!ready) {\n            for (size_t k = 0; k < %d; k++) {\n", HARNESS_GUARD);
    lg_strbuf_printf(b, "                buf%zu[k] = ", i);
    literal(b, p->type, lg_type_poison(p->type));
    lg_strbuf_printf(b, ";\n                b[%zu + k] = buf%zu[k];\n            }\n        }\n", p->max_len, i);
    if (p->dir == SPEC_DIR_OUT) {
        lg_strbuf_printf(b, "        memset(b, 0, sizeof(%s) * %zu);\n    }\n", ct, p->max_len);
        return;
    }
    /* Branch-free min/max, so the copy loop vectorises. */
    char cast[64];
    const char *of = harness_from_int64(p->type, cast, sizeof cast);
    lg_strbuf_printf(b, "        %s mn = n ? %s(rec[0]) : 0, mx = mn;\n", ct, of);
    lg_strbuf_printf(b, "        for (size_t k = 0; k < n; k++) {\n            %s v = %s(rec[k]);\n", ct, of);
    lg_strbuf_puts(
        b, "            b[k] = v;\n            mn = v < mn ? v : mn;\n            mx = v > mx ? v : mx;\n        }\n");
    lg_strbuf_puts(b, "        rec += n;\n");
    if (p->dir == SPEC_DIR_IN)
        lg_strbuf_printf(b, "        size_t top = dirty%zu;\n", i);
    else
        lg_strbuf_printf(b, "        size_t top = %zu;\n", p->max_len);
    lg_strbuf_puts(b, "        for (size_t k = n; k < top; k++)\n            b[k] = ");
    literal(b, p->type, lg_type_poison(p->type));
    lg_strbuf_printf(b, ";\n        dirty%zu = n;\n", i);
    lg_strbuf_puts(b, "        if (n) {\n");
    emit_port_check(b, spec, meta, i, "mn", "mx");
    lg_strbuf_puts(b, "        }\n    }\n");
}

static void emit_unpack(lg_strbuf_t *b, const spec_t *spec, const meta_t *meta)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->is_array) {
            emit_unpack_array(b, spec, meta, i);
            continue;
        }
        const char *ct = lg_type_ktype(p->type);
        char cast[64];
        /* An output scalar starts at zero, as output arrays do. */
        if (p->dir == SPEC_DIR_OUT)
            lg_strbuf_printf(b, "    %s a%zu = 0;\n    rec++;\n", ct, i);
        else
            lg_strbuf_printf(b, "    %s a%zu = %s(*rec++);\n", ct, i, harness_from_int64(p->type, cast, sizeof cast));
        char v[32];
        snprintf(v, sizeof v, "a%zu", i);
        emit_port_check(b, spec, meta, i, v, v);
    }
}

static void emit_call_and_outputs(lg_strbuf_t *b, const spec_t *spec, const meta_t *meta, int shim)
{
    if (!shim)
        emit_struct_fill(b, spec);
    harness_outputs_arm(b, spec, shim);
    /* The signal mask is not saved (no system call per input): the
     * executor restores it after a recovered crash. The flag says a fatal
     * signal arrived in the kernel, not in the harness or the runtime. */
    lg_strbuf_puts(b, "    if (sigsetjmp(lgrt_jb, 0) == 0) {\n        lgrt_in_kernel = 1;\n        ");
    if (spec->has_return)
        lg_strbuf_printf(b, "slot->ret = %s(", harness_to_int64(spec->ret_type));
    lg_strbuf_printf(b, "%s(", callee(spec, shim));
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->member && !shim) {
            if (spec_carg_starts(spec, i))
                lg_strbuf_printf(b, "%s%ss%zu", p->carg ? ", " : "", spec_carg_by_pointer(spec, p->carg) ? "&" : "",
                                 p->carg);
            continue;
        }
        if (shim ? i > 0 : p->carg > 0) /* the shim's entry takes every param, a C kernel its arguments */
            lg_strbuf_puts(b, ", ");
        if (p->wide && !shim && p->wide_scalar)
            lg_strbuf_printf(b, "%sw%zu", spec_param_by_pointer(p) ? "&" : "", i);
        else if (p->wide && !shim)
            lg_strbuf_printf(b, "wbuf%zu + %d", i, HARNESS_GUARD);
        else if (!p->is_array)
            lg_strbuf_printf(b, "%sa%zu", spec_param_by_pointer(p) ? "&" : "", i);
        else if (shim) /* the shim's entry takes the length too */
            lg_strbuf_printf(b, "buf%zu + %d, (long)n%zu", i, HARNESS_GUARD, i);
        else
            lg_strbuf_printf(b, "buf%zu + %d", i, HARNESS_GUARD);
    }
    lg_strbuf_printf(b, ")%s;\n        slot->status = LGRT_OK;\n    }\n    lgrt_in_kernel = 0;\n",
                     spec->has_return ? ")" : "");
    for (size_t i = 0; i < spec->nparams && !shim; i++)
        if (spec->params[i].wide && spec->params[i].dir != SPEC_DIR_IN)
            emit_wide_back(b, &spec->params[i], i);
    harness_outputs_store(b, spec, meta->nprobes, shim);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_IN || !p->is_array)
            continue;
        const char *ct = lg_type_ktype(p->type);
        lg_strbuf_printf(b, "    {\n        const %s *b = buf%zu + %d;\n", ct, i, HARNESS_GUARD);
        lg_strbuf_printf(b, "        int64_t *o = (int64_t *)((char *)slot + %zu);\n",
                         harness_out_offset(spec, meta->nprobes, i));
        lg_strbuf_printf(b, "        %s mn = 0, mx = 0;\n", ct);
        lg_strbuf_printf(b, "        for (size_t k = 0; k < %zu; k++) {\n            o[k] = %s(b[k]);\n", p->max_len,
                         harness_to_int64(p->type));
        lg_strbuf_printf(b, "            if (k < n%zu) {\n                if (k == 0 || b[k] < mn) mn = b[k];\n", i);
        lg_strbuf_puts(b, "                if (k == 0 || b[k] > mx) mx = b[k];\n            }\n        }\n");
        lg_strbuf_printf(b, "        if (n%zu) {\n", i);
        emit_port_check(b, spec, meta, i, "mn", "mx");
        lg_strbuf_puts(b, "        }\n    }\n");
    }
}

int harness_write(const spec_t *spec, const meta_t *meta, const char *path, int shim, lg_err_t *err)
{
    for (size_t i = 0; i < spec->nparams && !shim; i++)
        if (spec->params[i].wide > WIDE_C_BITS_MAX)
            return lg_err_set(err, LG_EINVAL,
                              "%s:%d:%d: param `%s` is %d bits wide, but C's _BitInt goes up to %d bits with the "
                              "compiler lgfuzz uses (a C++ kernel takes ap_int and ap_uint up to %d)",
                              spec->path, spec->params[i].line, spec->params[i].col, spec->params[i].name,
                              spec->params[i].wide, WIDE_C_BITS_MAX, LG_WIDE_BITS_MAX);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    emit_prologue(&b, spec, meta, shim);
    lg_strbuf_puts(&b, "void lgrt_harness(const int64_t *rec, lgrt_slot_t *slot)\n{\n");
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].is_array)
            lg_strbuf_printf(&b, "    size_t n%zu = 0;\n", i);
    emit_unpack(&b, spec, meta);
    for (size_t i = 0; i < spec->nparams && !shim; i++)
        if (spec->params[i].wide)
            emit_wide_in(&b, &spec->params[i], i);
    emit_call_and_outputs(&b, spec, meta, shim);
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].is_array)
            lg_strbuf_printf(&b, "    (void)n%zu;\n", i);
    lg_strbuf_puts(&b, "    ready = 1;\n}\n");
    int rc = lg_write_file_atomic(path, b.s, b.len, err);
    lg_strbuf_free(&b);
    return rc;
}
