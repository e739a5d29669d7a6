/* Renders one trace for people (text) and machines (JSON): the path with
 * source locations, the probes that fired or recorded a range, the outputs
 * and the status. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "tracer.h"
#include "util/alloc.h"
#include "util/num.h"

static json_object *path_json(const tracer_t *t, const tracer_trace_t *tr)
{
    size_t nsites;
    const tracer_site_t *sites = tracer_sites(t, &nsites);
    json_object *path = json_object_new_array();
    for (size_t i = 0; i < tr->nevents; i++) {
        const tracer_event_t *e = &tr->events[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "site", json_object_new_int((int)e->site));
        json_object_object_add(o, "dir", json_object_new_int(e->dir));
        json_object_object_add(o, "count", json_object_new_uint64(e->count));
        if (e->site < nsites) {
            json_object_object_add(o, "file", json_object_new_string(sites[e->site].file));
            json_object_object_add(o, "line", json_object_new_int(sites[e->site].line));
            json_object_object_add(o, "col", json_object_new_int(sites[e->site].col));
        }
        if (e->has_operands) {
            json_object_object_add(o, "op0", json_object_new_int64(e->op0));
            json_object_object_add(o, "op1", json_object_new_int64(e->op1));
        }
        json_object_array_add(path, o);
    }
    return path;
}

static json_object *probes_json(const tracer_t *t, const tracer_trace_t *tr)
{
    size_t np;
    const tracer_probe_t *probes = tracer_probes(t, &np);
    json_object *arr = json_object_new_array();
    for (size_t p = 0; p < np; p++) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(probes[p].name));
        json_object_object_add(o, "kind", json_object_new_string(tracer_probe_kind_name(probes[p].kind)));
        json_object_object_add(o, "fired", json_object_new_boolean(tr->fired[p]));
        if (tr->seen[p]) {
            json_object_object_add(o, "min", json_object_new_int64(tr->min[p]));
            json_object_object_add(o, "max", json_object_new_int64(tr->max[p]));
        }
        json_object_array_add(arr, o);
    }
    return arr;
}

char *tracer_trace_to_json(const tracer_t *t, const tracer_trace_t *tr)
{
    json_object *root = json_object_new_object();
    const run_result_t *r = tr->result;
    json_object_object_add(root, "status", json_object_new_string(run_status_name(r->status)));
    char name[16];
    if (r->status == RUN_CRASH && r->sig > 0)
        json_object_object_add(root, "signal", json_object_new_string(run_signal_name(r->sig, name)));
    json_object_object_add(root, "events", json_object_new_int64((int64_t)tr->nevents));
    json_object_object_add(root, "path", path_json(t, tr));
    json_object_object_add(root, "probes", probes_json(t, tr));
    char *res = run_result_to_json(tracer_spec(t), r);
    json_object_object_add(root, "result", res ? json_tokener_parse(res) : NULL);
    free(res);
    char *out = lg_strdup(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
    json_object_put(root);
    return out;
}

void tracer_trace_print(const tracer_t *t, const tracer_trace_t *tr, FILE *out)
{
    size_t nsites, np;
    const tracer_site_t *sites = tracer_sites(t, &nsites);
    const tracer_probe_t *probes = tracer_probes(t, &np);
    const run_result_t *r = tr->result;
    fprintf(out, "status: %s", run_status_name(r->status));
    char name[16];
    if (r->status == RUN_CRASH && r->sig > 0)
        fprintf(out, " (%s)", run_signal_name(r->sig, name));
    if (r->detail[0])
        fprintf(out, " - %s", r->detail);
    fprintf(out, "\npath (%zu branch directions, first taken first):\n", tr->nevents);
    for (size_t i = 0; i < tr->nevents; i++) {
        const tracer_event_t *e = &tr->events[i];
        const tracer_site_t *s = e->site < nsites ? &sites[e->site] : NULL;
        fprintf(out, "  #%-4u %s:%d:%d %-7s ", e->site, s ? s->file : "?", s ? s->line : 0, s ? s->col : 0,
                s && s->kind == TRACER_SITE_SWITCH ? "switch" : "br");
        if (s && s->kind == TRACER_SITE_SWITCH)
            fprintf(out, "case %u", e->dir);
        else
            fprintf(out, "%s", e->dir ? "true " : "false");
        fprintf(out, "  x%llu", (unsigned long long)e->count);
        if (e->has_operands)
            fprintf(out, "  (%lld, %lld)", (long long)e->op0, (long long)e->op1);
        fputc('\n', out);
    }
    fprintf(out, "probes:\n");
    for (size_t p = 0; p < np; p++) {
        fprintf(out, "  %-5s %s", tr->fired[p] ? "FIRED" : "-", probes[p].name);
        if (tr->seen[p])
            fprintf(out, "  [%lld, %lld]", (long long)tr->min[p], (long long)tr->max[p]);
        fputc('\n', out);
    }
    if (r->has_return)
        fprintf(out, "return: %lld\n", (long long)r->ret);
    const spec_t *spec = tracer_spec(t);
    for (size_t i = 0; i < spec->nparams && i < r->nout; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_IN)
            continue;
        if (!p->is_array) {
            fprintf(out, "%s: %lld\n", p->name, (long long)r->out[i].scalar);
            continue;
        }
        fprintf(out, "%s:", p->name);
        size_t L = (size_t)p->limbs, n = r->out[i].len / L; /* a wide param's elements, each its limbs */
        for (size_t k = 0; k < n && k < 32; k++) {
            char wide[LG_WIDE_SHOW_MAX];
            if (p->wide)
                fprintf(out, " %s",
                        lg_wide_show((const uint64_t *)&r->out[i].elems[k * L], p->wide, p->wide_signed, wide,
                                     sizeof wide));
            else
                fprintf(out, " %lld", (long long)r->out[i].elems[k]);
        }
        fprintf(out, "%s\n", n > 32 ? " ..." : "");
    }
}
