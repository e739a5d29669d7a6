/* Run results: allocation shaped by the spec and JSON rendering. */
#include "result.h"

#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_int.h"
#include "util/alloc.h"
#include "util/err.h"

run_result_t *run_result_create(const spec_t *spec)
{
    run_result_t *r = lg_calloc(1, sizeof *r);
    r->nout = spec->nparams;
    r->out = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *r->out);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->is_array && p->dir != SPEC_DIR_IN) {
            r->out[i].elems = lg_calloc(p->max_len, sizeof(int64_t));
            r->out[i].len = p->max_len;
        }
    }
    r->has_return = spec->has_return;
    r->oob_param = -1;
    r->oob_reads.param = -1;
    r->xaccess.param = -1;
    return r;
}

void run_result_reset(run_result_t *r)
{
    r->status = RUN_OK;
    r->sig = 0;
    r->ret = 0;
    r->cycles = 0;
    r->oob_param = -1;
    memset(&r->oob_reads, 0, sizeof r->oob_reads);
    r->oob_reads.param = -1;
    memset(&r->xaccess, 0, sizeof r->xaccess);
    r->xaccess.param = -1;
    r->detail[0] = '\0';
    r->lost = 0;
    for (size_t i = 0; i < r->nout; i++) {
        r->out[i].scalar = 0;
        r->out[i].valid = 0;
        if (r->out[i].elems)
            memset(r->out[i].elems, 0, r->out[i].len * sizeof(int64_t));
    }
}

void run_result_copy(run_result_t *dst, const run_result_t *src)
{
    LG_ASSERT(dst->nout == src->nout);
    run_output_t *out = dst->out;
    size_t nout = dst->nout;
    *dst = *src;
    dst->out = out;
    dst->nout = nout;
    for (size_t i = 0; i < nout; i++) {
        LG_ASSERT(out[i].len == src->out[i].len);
        out[i].scalar = src->out[i].scalar;
        out[i].valid = src->out[i].valid;
        if (out[i].elems)
            memcpy(out[i].elems, src->out[i].elems, out[i].len * sizeof(int64_t));
    }
}

void run_result_destroy(run_result_t *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nout; i++)
        free(r->out[i].elems);
    free(r->out);
    free(r);
}

const char *run_signal_name(int sig, char buf[16])
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},
                 {SIGABRT, "SIGABRT"}, {SIGTRAP, "SIGTRAP"}, {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"},
                 {SIGSYS, "SIGSYS"},   {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}, {SIGPIPE, "SIGPIPE"},
                 {SIGALRM, "SIGALRM"}, {SIGINT, "SIGINT"},   {SIGHUP, "SIGHUP"},   {SIGQUIT, "SIGQUIT"},
                 {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}};
    if (sig == 0) {
        snprintf(buf, 16, "exit");
        return buf;
    }
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].sig == sig) {
            snprintf(buf, 16, "%s", names[i].name);
            return buf;
        }
    snprintf(buf, 16, "SIG%d", sig);
    return buf;
}

const char *run_status_name(run_status_t s)
{
    switch (s) {
    case RUN_OK:
        return "ok";
    case RUN_CRASH:
        return "crash";
    case RUN_HANG:
        return "hang";
    case RUN_OOB:
        return "oob";
    case RUN_ASSERT:
        return "assert";
    case RUN_OOM:
        return "oom";
    case RUN_PROTOCOL:
        return "protocol";
    case RUN_UNDECIDED:
        return "undecided";
    case RUN_FD:
        return "fd";
    case RUN_FORK:
        return "fork";
    case RUN_KILL:
        return "kill";
    case RUN_OUTPUT:
        return "output";
    }
    return "unknown";
}

static json_object *oob_reads_json(const spec_t *spec, const run_oob_reads_t *rd)
{
    json_object *o = json_object_new_object();
    int p = rd->param;
    char first[128];
    snprintf(first, sizeof first, "%.100s[%llu]", p >= 0 && (size_t)p < spec->nparams ? spec->params[p].name : "?",
             (unsigned long long)rd->addr);
    json_object_object_add(o, "count", json_object_new_uint64(rd->count));
    json_object_object_add(o, "first", json_object_new_string(first));
    json_object_object_add(o, "cycle", json_object_new_uint64(rd->cycle));
    json_object_object_add(o, "reaches_outputs", json_object_new_boolean(rd->reaches_outputs));
    return o;
}

static json_object *xaccess_json(const spec_t *spec, const run_xaccess_t *a)
{
    json_object *o = json_object_new_object();
    char at[128];
    snprintf(at, sizeof at, "%.100s[%llu]", (size_t)a->param < spec->nparams ? spec->params[a->param].name : "?",
             (unsigned long long)a->addr);
    json_object_object_add(o, a->write ? "write" : "read", json_object_new_string(at));
    json_object_object_add(o, "port", json_object_new_int(a->port));
    json_object_object_add(o, "cycle", json_object_new_uint64(a->cycle));
    json_object_object_add(o, "usual_address",
                           a->has_addr_usual ? json_object_new_uint64(a->addr_usual) : json_object_new_null());
    return o;
}

char *run_result_to_json(const spec_t *spec, const run_result_t *r)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "status", json_object_new_string(run_status_name(r->status)));
    if (r->status == RUN_CRASH)
        json_object_object_add(o, "signal", json_object_new_int(r->sig));
    if (r->status == RUN_OOB && r->oob_param >= 0 && (size_t)r->oob_param < spec->nparams)
        json_object_object_add(o, "oob", json_object_new_string(spec->params[r->oob_param].name));
    if (r->detail[0])
        json_object_object_add(o, "detail", json_object_new_string(r->detail));
    if (r->has_return && r->status == RUN_OK)
        json_object_object_add(o, "return", lg_json_value(spec->ret_type, r->ret));
    if (r->cycles)
        json_object_object_add(o, "cycles", json_object_new_uint64(r->cycles));
    if (r->oob_reads.count)
        json_object_object_add(o, "oob_reads", oob_reads_json(spec, &r->oob_reads));
    if (r->xaccess.param >= 0)
        json_object_object_add(o, "first_other_access", xaccess_json(spec, &r->xaccess));
    json_object *outs = json_object_new_object();
    for (size_t i = 0; i < spec->nparams && i < r->nout; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_IN)
            continue;
        if (p->wide)
            json_object_object_add(outs, p->name, lg_json_wide(p, r->out[i].elems, r->out[i].len));
        else if (p->is_array)
            json_object_object_add(outs, p->name, lg_json_values(p->type, r->out[i].elems, r->out[i].len));
        else if (r->out[i].valid)
            json_object_object_add(outs, p->name, lg_json_value(p->type, r->out[i].scalar));
    }
    json_object_object_add(o, "outputs", outs);
    char *s = lg_strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    return s;
}
