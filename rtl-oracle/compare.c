/* The differential check: a CPU result against an RTL result of the same
 * input, classified into symptoms (status symptoms, then mismatches of the
 * return value and of each output), plus the `lgfuzz diff --json` view.
 * The rules (docs/rtl-oracle.md): a read out of range is a divergence only
 * through what it changes; a scalar output is compared by whether each
 * side wrote it, and by value where both did. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/num.h"
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void oracle_symptoms_free(oracle_symptoms_t *s)
{
    if (!s)
        return;
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

static oracle_symptom_t *add(oracle_symptoms_t *s, int param, const char *fmt, const char *arg)
{
    lg_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
    oracle_symptom_t *sym = &s->v[s->n++];
    memset(sym, 0, sizeof *sym);
    snprintf(sym->cls, sizeof sym->cls, fmt, arg);
    sym->param = param;
    return sym;
}

/* A broken bus or block-protocol rule: rtl-axi:<bundle> for an m_axi
 * bundle (oob_param: a param behind it) or the AXI4-Lite control
 * (ORACLE_PARAM_CONTROL), rtl-protocol:ap_ctrl_chain for the block. */
static void protocol_symptom(const spec_t *spec, const run_result_t *rtl, oracle_symptoms_t *out)
{
    int p = rtl->oob_param;
    oracle_symptom_t *s;
    if (p >= 0 && (size_t)p < spec->nparams && spec->ifaces[p].mode == SPEC_IF_AXIS)
        s = add(out, p, "rtl-axis:%s", spec->params[p].name);
    else if (p >= 0 && (size_t)p < spec->nparams)
        s = add(out, p, "rtl-axi:%s", spec->ifaces[p].bundle ? spec->ifaces[p].bundle : "gmem");
    else if (p == ORACLE_PARAM_CONTROL)
        s = add(out, -1, "rtl-axi:%s", "control");
    else
        s = add(out, -1, "rtl-protocol:%s", "ap_ctrl_chain");
    snprintf(s->detail, sizeof s->detail, "%s", rtl->detail);
}

/* Symptoms that come from how each side ended rather than what it computed.
 * A hang on both sides is agreement, not a divergence. */
static void status_symptoms(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl,
                            oracle_symptoms_t *out)
{
    oracle_symptom_t *s;
    if (cpu->status == RUN_CRASH) {
        char name[16];
        const char *rtl_end = rtl->status == RUN_OK ? "completed" : run_status_name(rtl->status);
        s = add(out, -1, "cpu-crash:%s", run_signal_name(cpu->sig, name));
        if (cpu->sig > 0)
            snprintf(s->detail, sizeof s->detail, "the CPU run died of %s; the RTL %s", name, rtl_end);
        else
            snprintf(s->detail, sizeof s->detail, "the CPU kernel called exit (%.100s); the RTL %s", cpu->detail,
                     rtl_end);
    }
    if (cpu->status == RUN_HANG && rtl->status != RUN_HANG) {
        s = add(out, -1, "%s", "cpu-hang");
        snprintf(s->detail, sizeof s->detail, "the CPU run did not finish%s%.200s", cpu->detail[0] ? ": " : "",
                 cpu->detail);
    }
    if (cpu->status == RUN_OOM) {
        s = add(out, -1, "%s", "cpu-oom");
        snprintf(s->detail, sizeof s->detail, "the CPU run ran out of memory%s%.200s", cpu->detail[0] ? ": " : "",
                 cpu->detail);
    }
    if (cpu->status == RUN_FD) {
        s = add(out, -1, "%s", "cpu-fd");
        snprintf(s->detail, sizeof s->detail, "the CPU kernel reached the executor's own descriptors or memory: %.190s",
                 cpu->detail);
    }
    if (cpu->status == RUN_FORK) {
        s = add(out, -1, "%s", "cpu-fork");
        snprintf(s->detail, sizeof s->detail, "%.240s", cpu->detail);
    }
    if (cpu->status == RUN_KILL) {
        s = add(out, -1, "%s", "cpu-kill");
        snprintf(s->detail, sizeof s->detail, "%.240s", cpu->detail);
    }
    if (cpu->status == RUN_OUTPUT) {
        s = add(out, -1, "%s", "cpu-output");
        snprintf(s->detail, sizeof s->detail, "%.240s", cpu->detail);
    }
    if (rtl->status == RUN_HANG && cpu->status != RUN_HANG) {
        s = add(out, -1, "%s", "rtl-hang");
        snprintf(s->detail, sizeof s->detail, "%s", rtl->detail[0] ? rtl->detail : "no ap_done within max_cycles");
    }
    if (rtl->status == RUN_OOB) {
        int p = rtl->oob_param;
        const char *name = p >= 0 && (size_t)p < spec->nparams ? spec->params[p].name : "?";
        s = add(out, p, "rtl-oob:%s", name);
        snprintf(s->detail, sizeof s->detail, "%.60s: %.190s", name, rtl->detail);
    }
    if (rtl->status == RUN_PROTOCOL)
        protocol_symptom(spec, rtl, out);
    if (rtl->status == RUN_ASSERT) {
        s = add(out, -1, "%s", "rtl-assert");
        snprintf(s->detail, sizeof s->detail, "%s", rtl->detail[0] ? rtl->detail : "the RTL stopped on an assertion");
    }
}

/* The detail of a wide param's mismatch, first_slot the first slot that
 * differs: its element's two values (a scalar's by its name), and how
 * many of an array's elements differ. */
static void wide_mismatch(const spec_param_t *p, const run_output_t *c, const run_output_t *r, size_t first_slot,
                          oracle_symptom_t *s)
{
    size_t L = (size_t)p->limbs, e = first_slot / L, n = spec_param_elems(p), differ = 0;
    LG_ASSERT(c->len >= p->max_len && r->len >= p->max_len);
    for (size_t k = 0; k < n; k++)
        differ += memcmp(&c->elems[k * L], &r->elems[k * L], L * sizeof(int64_t)) != 0;
    char cs[LG_WIDE_SHOW_MAX], rs[LG_WIDE_SHOW_MAX], at[48] = "";
    lg_wide_show((const uint64_t *)&c->elems[e * L], p->wide, p->wide_signed, cs, sizeof cs);
    lg_wide_show((const uint64_t *)&r->elems[e * L], p->wide, p->wide_signed, rs, sizeof rs);
    if (!p->wide_scalar)
        snprintf(at, sizeof at, "[%zu]", e);
    char of[64] = "";
    if (!p->wide_scalar)
        snprintf(of, sizeof of, " (%zu of %zu elements differ)", differ, n);
    char text[sizeof cs + sizeof rs + sizeof at + sizeof of + SPEC_NAME_MAX + 16];
    int n_text = snprintf(text, sizeof text, "%s%s: cpu %s, rtl %s%s", p->name, at, cs, rs, of);
    size_t keep = n_text < 0 ? 0 : (size_t)n_text < sizeof s->detail ? (size_t)n_text : sizeof s->detail - 1;
    memcpy(s->detail, text, keep); /* a long value is cut, as every detail is */
    s->detail[keep] = '\0';
}

static void array_mismatch(const spec_t *spec, size_t i, const run_output_t *c, const run_output_t *r,
                           oracle_symptoms_t *out)
{
    const spec_param_t *p = &spec->params[i];
    size_t n = p->max_len, first = SIZE_MAX, count = 0;
    for (size_t j = 0; j < n; j++) {
        int64_t cv = lg_type_wrap(p->type, j < c->len ? c->elems[j] : 0);
        int64_t rv = lg_type_wrap(p->type, j < r->len ? r->elems[j] : 0);
        if (!lg_type_same(p->type, cv, rv)) {
            if (first == SIZE_MAX)
                first = j;
            count++;
        }
    }
    if (!count)
        return;
    oracle_symptom_t *s = add(out, (int)i, "mismatch:%s", p->name);
    if (p->wide) {
        wide_mismatch(p, c, r, first, s);
        return;
    }
    char cs[LG_SHOW_MAX], rs[LG_SHOW_MAX];
    snprintf(s->detail, sizeof s->detail, "%s[%zu]: cpu %s, rtl %s (%zu of %zu slots differ)", p->name, first,
             lg_fixed_show(p->type, p->fx, c->elems[first], cs, sizeof cs),
             lg_fixed_show(p->type, p->fx, r->elems[first], rs, sizeof rs), count, n);
}

/* Scalar output i: the two sides must agree on whether it was written (the
 * C stored to it on its path, the RTL raised its valid); its value counts
 * only when both wrote it. An ap_none or ap_ack output has no valid, so it always
 * holds a value: it counts when the C wrote it, and the C not writing it
 * says nothing about the RTL. */
static void scalar_mismatch(const spec_t *spec, size_t i, const run_output_t *c, const run_output_t *r,
                            oracle_symptoms_t *out)
{
    const spec_param_t *p = &spec->params[i];
    spec_if_mode_t mode = spec->ifaces[i].mode;
    if ((mode == SPEC_IF_AP_NONE || mode == SPEC_IF_AP_ACK) && !c->valid)
        return;
    int64_t cv = lg_type_wrap(p->type, c->scalar), rv = lg_type_wrap(p->type, r->scalar);
    if (c->valid == r->valid && (!c->valid || lg_type_same(p->type, cv, rv)))
        return;
    oracle_symptom_t *s = add(out, (int)i, "mismatch:%s", p->name);
    char cs[LG_SHOW_MAX], rs[LG_SHOW_MAX];
    lg_fixed_show(p->type, p->fx, cv, cs, sizeof cs);
    lg_fixed_show(p->type, p->fx, rv, rs, sizeof rs);
    if (c->valid && r->valid)
        snprintf(s->detail, sizeof s->detail, "%s: cpu %s, rtl %s", p->name, cs, rs);
    else if (c->valid)
        snprintf(s->detail, sizeof s->detail, "%s: cpu wrote %s, rtl did not write it", p->name, cs);
    else
        snprintf(s->detail, sizeof s->detail, "%s: cpu did not write it, rtl wrote %s", p->name, rs);
}

static void output_mismatches(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl,
                              oracle_symptoms_t *out)
{
    if (spec->has_return) {
        int64_t c = lg_type_wrap(spec->ret_type, cpu->ret);
        int64_t r = lg_type_wrap(spec->ret_type, rtl->ret);
        if (!lg_type_same(spec->ret_type, c, r)) {
            oracle_symptom_t *s = add(out, -1, "%s", "mismatch:return");
            char cs[LG_SHOW_MAX], rs[LG_SHOW_MAX];
            snprintf(s->detail, sizeof s->detail, "return: cpu %s, rtl %s",
                     lg_fixed_show(spec->ret_type, spec->ret_fx, c, cs, sizeof cs),
                     lg_fixed_show(spec->ret_type, spec->ret_fx, r, rs, sizeof rs));
        }
    }
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_IN)
            continue;
        if (p->is_array)
            array_mismatch(spec, i, &cpu->out[i], &rtl->out[i], out);
        else
            scalar_mismatch(spec, i, &cpu->out[i], &rtl->out[i], out);
    }
}

/* A symptom that says what the RTL did (not how the CPU run ended). */
static int rtl_side(const oracle_symptom_t *s)
{
    return strncmp(s->cls, "mismatch:", 9) == 0 || strcmp(s->cls, "rtl-hang") == 0 || strcmp(s->cls, "rtl-assert") == 0;
}

/* The RTL read out of range and the poison it got reached its result (a
 * run returning other poison ended otherwise): every RTL-side symptom
 * comes from that read, so they become one rtl-oob:<array>, in the place
 * of the first, naming the read and what it changed. */
static void blame_read(const spec_t *spec, const run_oob_reads_t *rd, oracle_symptoms_t *out)
{
    size_t first = SIZE_MAX, kept = 0;
    oracle_symptom_t shown;
    for (size_t k = 0; k < out->n; k++) {
        if (!rtl_side(&out->v[k])) {
            out->v[kept++] = out->v[k];
            continue;
        }
        if (first == SIZE_MAX) {
            first = kept++;
            shown = out->v[k];
        }
    }
    if (first == SIZE_MAX)
        return;
    out->n = kept;
    int p = rd->param;
    const char *name = p >= 0 && (size_t)p < spec->nparams ? spec->params[p].name : "?";
    oracle_symptom_t *s = &out->v[first];
    memset(s, 0, sizeof *s);
    snprintf(s->cls, sizeof s->cls, "rtl-oob:%.80s", name);
    s->param = p;
    int n = snprintf(s->detail, sizeof s->detail,
                     "%.60s[%" PRIu64 "] >= depth %" PRIu64 ", read at cycle %" PRIu64 ", returned poison", name,
                     rd->addr, p >= 0 ? spec->ifaces[p].depth : 0, rd->cycle);
    size_t len = n > 0 && (size_t)n < sizeof s->detail ? (size_t)n : strlen(s->detail);
    snprintf(s->detail + len, sizeof s->detail - len, " that reached the result (%s: %s)", shown.cls, shown.detail);
}

size_t oracle_compare(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl, oracle_symptoms_t *out)
{
    out->n = 0;
    if (rtl->status == RUN_UNDECIDED) /* the RTL's result is not known: nothing to compare */
        return 0;
    status_symptoms(spec, cpu, rtl, out);
    if (cpu->status == RUN_OK && rtl->status == RUN_OK)
        output_mismatches(spec, cpu, rtl, out);
    if (rtl->oob_reads.count && rtl->oob_reads.reaches_outputs)
        blame_read(spec, &rtl->oob_reads, out);
    return out->n;
}

static json_object *side_json(const spec_t *spec, const run_result_t *r)
{
    char *text = run_result_to_json(spec, r);
    json_object *obj = json_tokener_parse(text);
    free(text);
    return obj ? obj : json_object_new_object();
}

char *oracle_diff_to_json(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl,
                          const oracle_symptoms_t *syms)
{
    json_object *root = json_object_new_object();
    json_object_object_add(root, "divergent", json_object_new_boolean(syms->n > 0));
    json_object *arr = json_object_new_array();
    for (size_t i = 0; i < syms->n; i++) {
        json_object *s = json_object_new_object();
        json_object_object_add(s, "class", json_object_new_string(syms->v[i].cls));
        json_object_object_add(s, "detail", json_object_new_string(syms->v[i].detail));
        json_object_array_add(arr, s);
    }
    json_object_object_add(root, "symptoms", arr);
    json_object_object_add(root, "cpu", side_json(spec, cpu));
    json_object_object_add(root, "rtl", side_json(spec, rtl));
    char *out =
        lg_strdup(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(root);
    return out;
}
