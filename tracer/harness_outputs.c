/* The result slot's layout, and the generated harness's part in knowing
 * whether the kernel wrote each scalar output: it points the
 * instrumentation's table of output addresses at the outputs' variables,
 * clears their written flags before the call, and copies each output's
 * value and flag into the result slot after it. The flags are set by the
 * writes instrument_outputs.c instruments. */
#include "harness_int.h"

#include <stdio.h>

#include "runtime/lgrt.h"

static size_t probes_bytes(size_t nprobes)
{
    return sizeof(lgrt_slot_t) + lgrt_fired_bytes(nprobes) + sizeof(lgrt_range_t) * nprobes;
}

size_t harness_out_offset(const spec_t *spec, size_t nprobes, size_t param)
{
    size_t off = probes_bytes(nprobes);
    for (size_t i = 0; i < param; i++)
        if (spec->params[i].dir != SPEC_DIR_IN) /* a scalar output is its value and written flag */
            off += 8 * (spec->params[i].is_array ? spec->params[i].max_len : 2);
    return off;
}

size_t harness_slot_size(const spec_t *spec, size_t nprobes)
{
    return lgrt_align8(harness_out_offset(spec, nprobes, spec->nparams));
}

size_t harness_record_max(const spec_t *spec)
{
    size_t n = 0;
    for (size_t i = 0; i < spec->nparams; i++)
        n += 8 + (spec->params[i].is_array && spec->params[i].dir != SPEC_DIR_OUT ? 8 * spec->params[i].max_len : 0);
    return n;
}

size_t harness_scalar_outputs(const spec_t *spec)
{
    size_t k = 0;
    for (size_t i = 0; i < spec->nparams; i++)
        k += !spec->params[i].is_array && spec->params[i].dir != SPEC_DIR_IN;
    return k;
}

void harness_outputs_declare(lg_strbuf_t *b, const spec_t *spec)
{
    size_t k = harness_scalar_outputs(spec);
    if (!k)
        return;
    lg_strbuf_printf(b, "/* Defined by the instrumentation: the scalar outputs' addresses and written flags. */\n");
    lg_strbuf_printf(b, "extern uint64_t %s[%zu];\nextern unsigned char %s[%zu];\n\n", HARNESS_OUT_ADDR, k,
                     HARNESS_OUT_WRITTEN, k);
}

const char *harness_var(const spec_t *spec, size_t i, int shim, char *buf, size_t cap)
{
    const spec_param_t *p = &spec->params[i];
    if (p->member && !shim)
        snprintf(buf, cap, "s%zu.%s", p->carg, spec_param_field(p));
    else
        snprintf(buf, cap, "a%zu", i);
    return buf;
}

void harness_outputs_arm(lg_strbuf_t *b, const spec_t *spec, int shim)
{
    size_t k = 0;
    for (size_t i = 0; i < spec->nparams; i++) {
        if (spec->params[i].is_array || spec->params[i].dir == SPEC_DIR_IN)
            continue;
        char v[SPEC_NAME_MAX + 32];
        lg_strbuf_printf(b, "    %s[%zu] = (uint64_t)(uintptr_t)&%s;\n    %s[%zu] = 0;\n", HARNESS_OUT_ADDR, k,
                         harness_var(spec, i, shim, v, sizeof v), HARNESS_OUT_WRITTEN, k);
        k++;
    }
}

const char *harness_to_int64(lg_type_t t)
{
    return t == LG_F32 ? "lg_f32_bits" : t == LG_F64 ? "lg_f64_bits" : "(int64_t)";
}

const char *harness_from_int64(lg_type_t t, char *buf, size_t cap)
{
    if (lg_type_is_float(t))
        return t == LG_F32 ? "lg_f32_of" : "lg_f64_of";
    snprintf(buf, cap, "(%s)", lg_type_ktype(t));
    return buf;
}

void harness_outputs_store(lg_strbuf_t *b, const spec_t *spec, size_t nprobes, int shim)
{
    size_t k = 0;
    for (size_t i = 0; i < spec->nparams; i++) {
        if (spec->params[i].is_array || spec->params[i].dir == SPEC_DIR_IN)
            continue;
        size_t off = harness_out_offset(spec, nprobes, i);
        char v[SPEC_NAME_MAX + 32];
        lg_strbuf_printf(b, "    *(int64_t *)((char *)slot + %zu) = %s(%s);\n", off,
                         harness_to_int64(spec->params[i].type), harness_var(spec, i, shim, v, sizeof v));
        lg_strbuf_printf(b, "    *(int64_t *)((char *)slot + %zu) = %s[%zu];\n", off + 8, HARNESS_OUT_WRITTEN, k);
        k++;
    }
}
