/* The artifacts of a distinct symptom: the input, both sides' results, a
 * VCD waveform from a traced re-run, a standalone C reproducer and a README
 * line. The reproducer #includes the kernel's C source, calls it on the
 * input (as C literals) and asserts the RTL's observed result, symptom's
 * output first, so building and running it shows the divergence. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A C literal of value v in type t that compiles without warnings. */
static void literal(lg_strbuf_t *t, lg_type_t type, int64_t v)
{
    v = lg_type_wrap(type, v);
    if (!lg_type_signed(type))
        lg_strbuf_printf(t, "%" PRIu64 "u%s", (uint64_t)v, lg_type_bits(type) > 32 ? "LL" : "");
    else if (v == INT64_MIN)
        lg_strbuf_puts(t, "(-9223372036854775807LL - 1)");
    else if (v == INT32_MIN && lg_type_bits(type) == 32)
        lg_strbuf_puts(t, "(-2147483647 - 1)");
    else
        lg_strbuf_printf(t, "%" PRId64 "%s", v, lg_type_bits(type) > 32 ? "LL" : "");
}

/* indent: the indentation of the line holding the declaration. */
static void array_literal(lg_strbuf_t *t, lg_type_t type, const int64_t *v, size_t n, const char *indent)
{
    lg_strbuf_puts(t, "{");
    for (size_t j = 0; j < n; j++) {
        if (j % 8 == 0)
            lg_strbuf_printf(t, "\n%s    ", indent);
        else
            lg_strbuf_puts(t, " ");
        literal(t, type, v[j]);
        lg_strbuf_printf(t, "%s", j + 1 < n ? "," : "");
    }
    lg_strbuf_printf(t, "\n%s}", indent);
}

/* Input-side contents of every slot of array param i (POISON convention). */
static int64_t *initial_array(const input_t *in, size_t i)
{
    const spec_param_t *p = &in->spec->params[i];
    int64_t *v = lg_calloc(p->max_len ? p->max_len : 1, sizeof *v);
    int64_t poison = lg_type_poison(p->type);
    for (size_t j = 0; p->dir != SPEC_DIR_OUT && j < p->max_len; j++)
        v[j] = j < in->v[i].len ? in->v[i].elems[j] : poison;
    return v;
}

/* A wide param (spec.h) of a C kernel: its limbs as the input gave them
 * (name_limbs), the kernel's _BitInt objects (name), and the conversions
 * between them (name_of, name_to). */
static void declare_wide(lg_strbuf_t *t, const spec_param_t *p, const int64_t *limbs)
{
    char wt[SPEC_WIDE_CTYPE_MAX];
    spec_wide_ctype(p, 0, wt);
    lg_strbuf_printf(t, "static const uint64_t %s_limbs[%zu] = ", p->name, p->max_len);
    array_literal(t, LG_U64, limbs, p->max_len, "");
    lg_strbuf_puts(t, ";\n");
    if (p->wide_scalar)
        lg_strbuf_printf(t, "static %s %s;\n", wt, p->name);
    else
        lg_strbuf_printf(t, "static %s %s[%zu];\n", wt, p->name, spec_param_elems(p));
    spec_wide_converters(t, p, p->name);
}

/* 1 when the reproducer converts wide params: a C kernel's, whose
 * _BitInt it can declare (a C++ kernel's HLS types it does not). */
static int wide_in_c(const spec_t *spec, const spec_param_t *p)
{
    size_t n = strlen(spec->c_source);
    return p->wide && n > 2 && strcmp(spec->c_source + n - 2, ".c") == 0;
}

/* The C expression of scalar param p in the reproducer: its variable, or
 * a member of its struct argument's (<arg>.<field>). */
static const char *var(const spec_param_t *p)
{
    return p->member ? p->member : p->name;
}

/* Struct argument c: a struct of the members the spec lists, laid out as
 * the kernel's (the build checks it of a C kernel), and the object, its
 * inputs' members set. */
static void declare_struct(lg_strbuf_t *t, const spec_t *spec, const input_t *in, size_t c)
{
    size_t n, f = spec_carg_first(spec, c, &n);
    char name[SPEC_NAME_MAX + 1];
    spec_carg_name(spec, c, name);
    lg_strbuf_printf(t, "/* Struct argument %s: the kernel's struct, its members as the spec lists them. */\n", name);
    char tag[SPEC_NAME_MAX + 8];
    snprintf(tag, sizeof tag, "lgfuzz_%s", name);
    spec_struct_decl(t, spec, c, tag, lg_type_ctype);
    lg_strbuf_printf(t, "static struct %s %s = {", tag, name);
    for (size_t i = f; i < f + n; i++) {
        const spec_param_t *p = &spec->params[i];
        lg_strbuf_printf(t, "%s.%s = ", i > f ? ", " : "", spec_param_field(p));
        literal(t, p->type, p->dir == SPEC_DIR_OUT ? 0 : in->v[i].scalar);
    }
    lg_strbuf_puts(t, "};\n");
}

static void declare_inputs(lg_strbuf_t *t, const spec_t *spec, const input_t *in)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        const char *ct = lg_type_ctype(p->type);
        if (p->member) {
            if (spec_carg_starts(spec, i))
                declare_struct(t, spec, in, p->carg);
        } else if (wide_in_c(spec, p)) {
            int64_t *v = lg_calloc(p->max_len, sizeof *v);
            for (size_t j = 0; p->dir != SPEC_DIR_OUT && j < in->v[i].len && j < p->max_len; j++)
                v[j] = in->v[i].elems[j];
            declare_wide(t, p, v);
            free(v);
        } else if (p->is_array) {
            int64_t *v = initial_array(in, i);
            lg_strbuf_printf(t, "static %s %s[%zu] = ", ct, p->name, p->max_len);
            array_literal(t, p->type, v, p->max_len, "");
            lg_strbuf_puts(t, ";\n");
            free(v);
        } else if (p->dir != SPEC_DIR_OUT) {
            lg_strbuf_printf(t, "static %s %s = ", ct, p->name);
            literal(t, p->type, in->v[i].scalar);
            lg_strbuf_printf(t, ";%s\n", p->dir == SPEC_DIR_INOUT ? " /* read and written by the kernel */" : "");
        } else {
            lg_strbuf_printf(t, "static %s %s; /* written by the kernel */\n", ct, p->name);
        }
    }
}

static void call_kernel(lg_strbuf_t *t, const spec_t *spec)
{
    lg_strbuf_puts(t, "    ");
    if (spec->has_return)
        lg_strbuf_printf(t, "%s cpu_return = ", lg_type_ctype(spec->ret_type));
    int structs = 0;
    for (size_t i = 0; i < spec->nparams; i++)
        structs |= spec->params[i].member != NULL;
    if (structs) { /* through the prototype of the structs above */
        char name[SPEC_NAME_MAX + 1];
        lg_strbuf_puts(
            t, "/* The struct arguments as the structs above, laid out as the kernel's (the harness "
               "passes them so;\n     * a compiler may warn that the call's type is not the kernel's). */\n    ");
        lg_strbuf_printf(t, "((%s (*)(", spec->has_return ? lg_type_ctype(spec->ret_type) : "void");
        for (size_t c = 0; c < spec_cargs(spec); c++) {
            size_t f = spec_carg_first(spec, c, NULL);
            const spec_param_t *p = &spec->params[f];
            if (p->member)
                lg_strbuf_printf(t, "%sstruct lgfuzz_%s%s", c ? ", " : "", spec_carg_name(spec, c, name),
                                 spec_carg_by_pointer(spec, c) ? " *" : "");
            else
                lg_strbuf_printf(t, "%s%s%s", c ? ", " : "", lg_type_ctype(p->type),
                                 spec_param_by_pointer(p) ? " *" : "");
        }
        lg_strbuf_printf(t, "))%s)(", spec->c_function);
    } else {
        lg_strbuf_printf(t, "%s(", spec->c_function);
    }
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        const spec_param_t *p = &spec->params[spec_carg_first(spec, c, NULL)];
        char name[SPEC_NAME_MAX + 1];
        if (p->member)
            lg_strbuf_printf(t, "%s%s%s", c ? ", " : "", spec_carg_by_pointer(spec, c) ? "&" : "",
                             spec_carg_name(spec, c, name));
        else
            lg_strbuf_printf(t, "%s%s%s", c ? ", " : "", spec_param_is_scalar(p) && spec_param_by_pointer(p) ? "&" : "",
                             p->name);
    }
    lg_strbuf_puts(t, ");\n");
    /* What the kernel wrote to wide params, back into limbs to compare. */
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!wide_in_c(spec, p) || p->dir == SPEC_DIR_IN)
            continue;
        lg_strbuf_printf(t, "    uint64_t cpu_%s[%zu] = {0};\n", p->name, p->max_len);
        if (p->wide_scalar)
            lg_strbuf_printf(t, "    %s_to(%s, cpu_%s);\n", p->name, p->name, p->name);
        else
            lg_strbuf_printf(t, "    for (size_t j = 0; j < %zu; j++)\n        %s_to(%s[j], cpu_%s + j * %d);\n",
                             spec_param_elems(p), p->name, p->name, p->name, p->limbs);
    }
}

/* Before the call: the wide params' objects from their limbs. */
static void load_wide(lg_strbuf_t *t, const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!wide_in_c(spec, p))
            continue;
        if (p->wide_scalar)
            lg_strbuf_printf(t, "    %s = %s_of(%s_limbs);\n", p->name, p->name, p->name);
        else
            lg_strbuf_printf(t, "    for (size_t j = 0; j < %zu; j++)\n        %s[j] = %s_of(%s_limbs + j * %d);\n",
                             spec_param_elems(p), p->name, p->name, p->name, p->limbs);
    }
}

/* The RTL's slots of array output p (rtl_<p>) and a loop asserting that
 * the CPU's (the array cpu) equal them, the first that differs shown: as
 * elements, or as a wide param's 64-bit limbs (in_limbs). */
static void assert_slots(lg_strbuf_t *t, const spec_param_t *p, const char *cpu, const int64_t *rtl, int in_limbs)
{
    lg_type_t type = in_limbs ? LG_U64 : p->type;
    lg_strbuf_printf(t, "    static const %s rtl_%s[%zu] = ", lg_type_ctype(type), p->name, p->max_len);
    array_literal(t, type, rtl, p->max_len, "    ");
    lg_strbuf_printf(t, ";\n    for (size_t j = 0; j < %zu; j++) {\n", p->max_len);
    lg_strbuf_printf(t, "        if (%s[j] != rtl_%s[j])\n", cpu, p->name);
    if (in_limbs)
        lg_strbuf_printf(t,
                         "            fprintf(stderr, \"%s: limb %%zu: cpu %%#llx, rtl %%#llx\\n\", j, (unsigned long "
                         "long)%s[j], (unsigned long long)rtl_%s[j]);\n",
                         p->name, cpu, p->name);
    else
        lg_strbuf_printf(t,
                         "            fprintf(stderr, \"%s[%%zu]: cpu %%lld, rtl %%lld\\n\", j, (long long)%s[j], "
                         "(long long)rtl_%s[j]);\n",
                         p->name, cpu, p->name);
    lg_strbuf_printf(t, "        assert(%s[j] == rtl_%s[j]);\n    }\n", cpu, p->name);
}

/* One assertion per output: the CPU's value equals what the RTL produced.
 * A scalar output the RTL did not write must keep its start value (0, or
 * an inout's input); a kernel that wrote that very value shows nothing. */
static void assert_output(lg_strbuf_t *t, const spec_t *spec, const input_t *in, int param, const run_result_t *rtl)
{
    if (param < 0) {
        if (!spec->has_return)
            return;
        lg_strbuf_puts(t, "    fprintf(stderr, \"return: cpu %lld, rtl %lld\\n\", (long long)cpu_return, (long long)");
        literal(t, spec->ret_type, rtl->ret);
        lg_strbuf_puts(t, ");\n    assert(cpu_return == ");
        literal(t, spec->ret_type, rtl->ret);
        lg_strbuf_puts(t, ");\n");
        return;
    }
    const spec_param_t *p = &spec->params[param];
    const run_output_t *o = &rtl->out[param];
    if (wide_in_c(spec, p) || p->is_array) {
        char cpu[SPEC_NAME_MAX + 8];
        snprintf(cpu, sizeof cpu, "%s%s", wide_in_c(spec, p) ? "cpu_" : "", p->name);
        assert_slots(t, p, cpu, o->elems, wide_in_c(spec, p));
    } else if (o->valid) {
        lg_strbuf_printf(t, "    assert(%s == ", var(p));
        literal(t, p->type, o->scalar);
        lg_strbuf_puts(t, "); /* the RTL wrote this value */\n");
    } else {
        lg_strbuf_printf(t, "    assert(%s == ", var(p));
        literal(t, p->type, p->dir == SPEC_DIR_INOUT ? in->v[param].scalar : 0);
        lg_strbuf_puts(t, "); /* the RTL did not write it */\n");
    }
}

/* s as one shell word in single quotes, in a C comment: a quote becomes
 * '\'' and a "*" before "/" closes and reopens the quotes, so that the
 * comment never ends inside it. */
static void shell_word(lg_strbuf_t *t, const char *s)
{
    lg_strbuf_puts(t, " '");
    for (; *s; s++) {
        if (*s == '\'')
            lg_strbuf_puts(t, "'\\''");
        else if (*s == '*' && s[1] == '/')
            lg_strbuf_puts(t, "*''");
        else
            lg_strbuf_printf(t, "%c", *s);
    }
    lg_strbuf_puts(t, "'");
}

char *oracle_repro_source(const spec_t *spec, const input_t *in, const run_result_t *cpu, const run_result_t *rtl,
                          const oracle_symptom_t *sym)
{
    (void)cpu;
    lg_strbuf_t t;
    lg_strbuf_init(&t);
    char resolved[PATH_MAX];
    const char *src = realpath(spec->c_source, resolved) ? resolved : spec->c_source;
    lg_strbuf_printf(&t, "/* Reproducer for kernel %s, symptom %s:\n *   %s\n", spec->kernel, sym->cls, sym->detail);
    int bitint = 0; /* gcc before 14 has no _BitInt */
    for (size_t i = 0; i < spec->nparams; i++)
        bitint |= wide_in_c(spec, &spec->params[i]);
    lg_strbuf_printf(&t, " * Build and run: %s", bitint ? "clang-14" : "cc");
    for (size_t i = 0; i < spec->c_ndefines; i++) {
        char *flag = lg_asprintf("-D%s", spec->c_defines[i]);
        shell_word(&t, flag);
        free(flag);
    }
    lg_strbuf_puts(&t, " -o repro repro.c");
    for (size_t i = 0; i < spec->c_nsources; i++) {
        char other[PATH_MAX];
        shell_word(&t, realpath(spec->c_sources[i], other) ? other : spec->c_sources[i]);
    }
    lg_strbuf_puts(&t, " && ./repro  (an assertion fails). */\n");
    lg_strbuf_puts(&t, "#undef NDEBUG\n#include <assert.h>\n#include <stddef.h>\n#include <stdint.h>\n"
                       "#include <stdio.h>\n\n");
    lg_strbuf_printf(&t, "#include \"%s\"\n\n", src);
    declare_inputs(&t, spec, in);
    lg_strbuf_puts(&t, "\nint main(void)\n{\n");
    load_wide(&t, spec);
    call_kernel(&t, spec);
    if (rtl->status != RUN_OK) {
        lg_strbuf_printf(&t, "    /* The RTL did not complete: %s (%s). */\n", run_status_name(rtl->status),
                         rtl->detail);
        lg_strbuf_printf(&t, "    const int rtl_completed = 0;\n    fprintf(stderr, \"%s\\n\");\n", sym->cls);
        lg_strbuf_puts(&t, "    assert(rtl_completed);\n");
    } else {
        /* The symptom's own output first, so its assertion is the one that fails. */
        int first = strncmp(sym->cls, "mismatch:", 9) == 0 ? sym->param : -1;
        assert_output(&t, spec, in, first, rtl);
        if (first >= 0)
            assert_output(&t, spec, in, -1, rtl);
        for (size_t i = 0; i < spec->nparams; i++)
            if (spec->params[i].dir != SPEC_DIR_IN && (int)i != first)
                assert_output(&t, spec, in, (int)i, rtl);
    }
    lg_strbuf_puts(&t, "    return 0;\n}\n");
    return lg_strbuf_take(&t);
}

static int write_text(const char *dir, const char *name, const char *text, lg_err_t *err)
{
    char *path = lg_path_join(dir, name);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(path);
    return rc;
}

/* The harness writes the VCD itself, so it goes to a temp name first and is
 * renamed once complete. The temp file is created here, exclusively, so
 * the harness only ever truncates a file of lgfuzz's own, never something
 * planted under a name it could guess. */
static int write_wave(oracle_t *o, const char *dir, const input_t *in, const spec_t *spec, lg_err_t *err)
{
    char *tmp = NULL;
    char *path = lg_path_join(dir, "wave.vcd");
    run_result_t *again = run_result_create(spec);
    int fd = lg_temp_file(path, &tmp, err);
    int rc = fd < 0 ? fd : 0;
    if (fd >= 0)
        close(fd);
    if (rc == 0)
        rc = oracle_run_traced(o, in, tmp, again, err);
    if (rc == 0 && rename(tmp, path) != 0)
        rc = lg_err_set(err, LG_EIO, "%s: cannot rename the waveform into place", path);
    if (rc != 0 && tmp)
        unlink(tmp);
    run_result_destroy(again);
    free(path);
    free(tmp);
    return rc;
}

int oracle_write_artifacts(oracle_t *o, const char *dir, const input_t *in, const run_result_t *cpu,
                           const run_result_t *rtl, const oracle_symptom_t *sym, lg_err_t *err)
{
    const spec_t *spec = in->spec;
    char *path = lg_path_join(dir, "input.json");
    char *cpu_json = run_result_to_json(spec, cpu);
    char *rtl_json = run_result_to_json(spec, rtl);
    char *repro = oracle_repro_source(spec, in, cpu, rtl, sym);
    char *readme = lg_asprintf("%s: %s\n", sym->cls, sym->detail);
    int rc = lg_mkdirs(dir, err);
    if (rc == 0)
        rc = input_save(in, path, err);
    if (rc == 0)
        rc = write_text(dir, "cpu.json", cpu_json, err);
    if (rc == 0)
        rc = write_text(dir, "rtl.json", rtl_json, err);
    if (rc == 0)
        rc = write_text(dir, "repro.c", repro, err);
    if (rc == 0)
        rc = write_text(dir, "README", readme, err);
    if (rc == 0)
        rc = write_wave(o, dir, in, spec, err);
    free(readme);
    free(repro);
    free(rtl_json);
    free(cpu_json);
    free(path);
    return rc;
}
