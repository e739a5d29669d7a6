/* Questions asked of a loaded spec: a param by name, an array's length in
 * an input, the C signature, and the names of directions and interface
 * modes. */
#include "spec.h"

#include <stdio.h>
#include <string.h>

#include "util/err.h"

int spec_param_index(const spec_t *s, const char *name)
{
    for (size_t i = 0; i < s->nparams; i++)
        if (strcmp(s->params[i].name, name) == 0)
            return (int)i;
    return -1;
}

size_t spec_array_len(const spec_t *s, size_t i, const int64_t *scalar_values)
{
    LG_ASSERT(i < s->nparams && s->params[i].is_array);
    const spec_param_t *p = &s->params[i];
    if (p->fixed_len || p->len_param < 0)
        return p->max_len;
    /* The loader admits only an input scalar as a length. */
    LG_ASSERT((size_t)p->len_param < s->nparams && !s->params[p->len_param].is_array);
    int64_t v = scalar_values[p->len_param];
    const spec_param_t *q = &s->params[p->len_param];
    size_t elems = spec_param_elems(p);
    if (q->type == LG_U64 && v < 0)
        return p->max_len;
    if (v < 0)
        return 0;
    return ((uint64_t)v > elems ? elems : (size_t)v) * (size_t)p->limbs;
}

size_t spec_cargs(const spec_t *spec)
{
    return spec->nparams ? spec->params[spec->nparams - 1].carg + 1 : 0;
}

size_t spec_carg_first(const spec_t *spec, size_t c, size_t *n)
{
    size_t i = 0;
    while (i < spec->nparams && spec->params[i].carg < c)
        i++;
    LG_ASSERT(i < spec->nparams && spec->params[i].carg == c);
    size_t k = i;
    while (k < spec->nparams && spec->params[k].carg == c)
        k++;
    if (n)
        *n = k - i;
    return i;
}

int spec_carg_by_pointer(const spec_t *spec, size_t c)
{
    size_t n, f = spec_carg_first(spec, c, &n);
    for (size_t i = f; i < f + n; i++)
        if (spec_param_by_pointer(&spec->params[i]))
            return 1;
    return 0;
}

const char *spec_carg_name(const spec_t *spec, size_t c, char *buf)
{
    const spec_param_t *p = &spec->params[spec_carg_first(spec, c, NULL)];
    if (p->member)
        snprintf(buf, SPEC_NAME_MAX + 1, "%.*s", (int)(strchr(p->member, '.') - p->member), p->member);
    else
        snprintf(buf, SPEC_NAME_MAX + 1, "%s", p->name);
    return buf;
}

void spec_struct_decl(lg_strbuf_t *b, const spec_t *spec, size_t c, const char *tag, const char *(*ctype)(lg_type_t))
{
    size_t n, f = spec_carg_first(spec, c, &n);
    lg_strbuf_printf(b, "struct %s {\n", tag);
    for (size_t i = f; i < f + n; i++)
        lg_strbuf_printf(b, "    %s %s;\n", ctype(spec->params[i].type), spec_param_field(&spec->params[i]));
    lg_strbuf_puts(b, "};\n");
}

void spec_format_signature(const spec_t *s, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "%s %s(", s->has_return ? lg_type_ctype(s->ret_type) : "void", s->c_function);
    for (size_t i = 0; i < s->nparams && n < cap; i++) {
        const spec_param_t *p = &s->params[i];
        if (p->member) { /* struct {int32_t a; int16_t b;} in */
            size_t cnt, f = spec_carg_first(s, p->carg, &cnt);
            if (i == f)
                n += (size_t)snprintf(buf + n, cap - n, "%sstruct {", p->carg ? ", " : "");
            if (n < cap)
                n += (size_t)snprintf(buf + n, cap - n, "%s%s %s;", i == f ? "" : " ", lg_type_ctype(p->type),
                                      spec_param_field(p));
            if (i + 1 == f + cnt && n < cap) {
                char name[SPEC_NAME_MAX + 1];
                n += (size_t)snprintf(buf + n, cap - n, "} %s%s", spec_carg_by_pointer(s, p->carg) ? "*" : "",
                                      spec_carg_name(s, p->carg, name));
            }
            continue;
        }
        int ptr = spec_param_by_pointer(p);
        char wt[SPEC_WIDE_CTYPE_MAX];
        n += (size_t)snprintf(buf + n, cap - n, "%s%s%s %s%s", p->carg ? ", " : "",
                              ptr && p->dir == SPEC_DIR_IN ? "const " : "",
                              p->wide ? spec_wide_ctype(p, 0, wt) : lg_type_ctype(p->type), ptr ? "*" : "", p->name);
    }
    if (n < cap)
        snprintf(buf + n, cap - n, "%s)", s->nparams ? "" : "void");
}

const char *spec_wide_ctype(const spec_param_t *p, int as_unsigned, char *buf)
{
    snprintf(buf, SPEC_WIDE_CTYPE_MAX, "%s_BitInt(%d)", p->wide_signed && !as_unsigned ? "" : "unsigned ", p->wide);
    return buf;
}

void spec_wide_converters(lg_strbuf_t *b, const spec_param_t *p, const char *name)
{
    char wt[SPEC_WIDE_CTYPE_MAX], ut[SPEC_WIDE_CTYPE_MAX];
    spec_wide_ctype(p, 0, wt);
    spec_wide_ctype(p, 1, ut);
    lg_strbuf_printf(b,
                     "static inline %s %s_of(const uint64_t *l)\n{\n    %s u = 0;\n"
                     "    for (int k = %d; k >= 0; k--)\n        u = (u << 64) | l[k];\n    return (%s)u;\n}\n",
                     wt, name, ut, p->limbs - 1, wt);
    lg_strbuf_printf(b,
                     "static inline void %s_to(%s v, uint64_t *l)\n{\n    %s u = (%s)v;\n"
                     "    for (int k = 0; k < %d; k++, u >>= 64)\n        l[k] = (uint64_t)u;\n}\n",
                     name, wt, ut, ut, p->limbs);
}

const char *spec_param_type_name(const spec_param_t *p, char *buf, int n)
{
    if (p->wide)
        snprintf(buf, (size_t)n, "%c%d", p->wide_signed ? 'i' : 'u', p->wide);
    else
        lg_fixed_name(p->type, p->fx, buf, n);
    return buf;
}

const char *spec_dir_name(spec_dir_t d)
{
    return d == SPEC_DIR_IN ? "in" : d == SPEC_DIR_OUT ? "out" : "inout";
}

const char *spec_mem_suffix(spec_if_mode_t mode, int k, spec_mem_role_t r)
{
    static const char *const names[2][2][SPEC_MEM_ROLES] = {
        {{"_address0", "_ce0", "_q0", "_we0", "_d0"}, {"_address1", "_ce1", "_q1", "_we1", "_d1"}},
        {{"_Addr_A", "_EN_A", "_Dout_A", "_WEN_A", "_Din_A"}, {"_Addr_B", "_EN_B", "_Dout_B", "_WEN_B", "_Din_B"}}};
    LG_ASSERT((k == 0 || k == 1) && r < SPEC_MEM_ROLES);
    return names[mode == SPEC_IF_BRAM][k][r];
}

const char *spec_if_mode_name(spec_if_mode_t m)
{
    switch (m) {
    case SPEC_IF_AP_NONE:
        return "ap_none";
    case SPEC_IF_AP_VLD:
        return "ap_vld";
    case SPEC_IF_AP_MEMORY:
        return "ap_memory";
    case SPEC_IF_BRAM:
        return "bram";
    case SPEC_IF_AP_FIFO:
        return "ap_fifo";
    case SPEC_IF_AP_OVLD:
        return "ap_ovld";
    case SPEC_IF_S_AXILITE:
        return "s_axilite";
    case SPEC_IF_M_AXI:
        return "m_axi";
    case SPEC_IF_AXIS:
        return "axis";
    case SPEC_IF_AP_ACK:
        return "ap_ack";
    case SPEC_IF_AP_HS:
        return "ap_hs";
    }
    return "?";
}

const char *spec_part_kind_name(spec_part_kind_t k)
{
    static const char *const names[] = {"none", "complete", "cyclic", "block"};
    return names[k];
}

uint64_t spec_part_banks(const spec_partition_t *pt)
{
    if (pt->kind == SPEC_PART_NONE)
        return 1;
    return pt->kind == SPEC_PART_COMPLETE ? pt->dims[pt->dim - 1] : pt->factor;
}

/* The size of the partitioned dimension in a bank. */
static uint64_t bank_span(const spec_partition_t *pt)
{
    uint64_t d = pt->dims[pt->dim - 1];
    return pt->kind == SPEC_PART_COMPLETE ? 1 : (d + pt->factor - 1) / pt->factor;
}

uint64_t spec_part_bank_depth(const spec_partition_t *pt)
{
    uint64_t n = 1;
    for (int k = 0; k < pt->ndims; k++)
        n *= k == pt->dim - 1 ? bank_span(pt) : pt->dims[k];
    return n;
}

uint64_t spec_part_element(const spec_partition_t *pt, uint64_t bank, uint64_t addr)
{
    LG_ASSERT(pt->kind != SPEC_PART_NONE && pt->ndims >= 1 && pt->dim >= 1 && pt->dim <= pt->ndims);
    uint64_t idx[SPEC_PART_DIMS_MAX] = {0};
    uint64_t span = bank_span(pt);
    if (addr >= spec_part_bank_depth(pt) || bank >= spec_part_banks(pt))
        return UINT64_MAX;
    for (int k = pt->ndims; k-- > 0;) {
        uint64_t size = k == pt->dim - 1 ? span : pt->dims[k];
        idx[k] = addr % size;
        addr /= size;
    }
    uint64_t *id = &idx[pt->dim - 1];
    *id = pt->kind == SPEC_PART_COMPLETE ? bank
          : pt->kind == SPEC_PART_CYCLIC ? *id * pt->factor + bank
                                         : bank * span + *id;
    if (*id >= pt->dims[pt->dim - 1])
        return UINT64_MAX;
    uint64_t e = 0;
    for (int k = 0; k < pt->ndims; k++)
        e = e * pt->dims[k] + idx[k];
    return e;
}
