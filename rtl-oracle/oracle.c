/* The oracle handle: builds or reuses the model, owns the harness child, and
 * turns one input into one request and one response into a run_result_t.
 * The byte layout of both messages is engine/wire.h's. */
#include "oracle_int.h"

#include "common/alloc.h"
#include "common/budget.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)ORW_OK == RUN_OK && (int)ORW_HANG == RUN_HANG && (int)ORW_OOB == RUN_OOB &&
                   (int)ORW_ASSERT == RUN_ASSERT,
               "the harness's statuses are run_status_t values");

struct oracle {
    const spec_t *spec;  /* borrowed */
    const lg_log_t *log; /* borrowed, may be NULL */
    uint64_t timeout_ns;
    obuild_t build;
    omodel_t model;
    ochild_t child;
    uint64_t calls;
    uint64_t *buf; /* request scratch */
    size_t cap;
};

void oracle_cfg_default(oracle_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->build_jobs = 2;
    cfg->timeout_ms = 60000;
}

/* Initial contents of slot j of array param i, before the kernel runs. */
static int64_t initial_slot(const input_t *in, size_t i, size_t j)
{
    const spec_param_t *p = &in->spec->params[i];
    if (p->dir == SPEC_DIR_OUT)
        return 0;
    return j < in->v[i].len ? in->v[i].elems[j] : lg_type_poison(p->type);
}

static void push(oracle_t *o, size_t *n, uint64_t v)
{
    lg_grow((void **)&o->buf, &o->cap, *n + 1, sizeof *o->buf);
    o->buf[(*n)++] = v;
}

/* The request header; the VCD path follows it, then the params. */
static size_t encode_header(oracle_t *o, const char *vcd)
{
    lg_grow((void **)&o->buf, &o->cap, ORW_REQ_HEADER, sizeof *o->buf);
    o->buf[ORW_REQ_MAGIC_AT] = ORW_REQ_MAGIC;
    o->buf[ORW_REQ_FLAGS] = 0;
    o->buf[ORW_REQ_VCD_LEN] = vcd ? strlen(vcd) : 0;
    return ORW_REQ_HEADER;
}

static size_t encode_params(oracle_t *o, const input_t *in)
{
    size_t n = 0;
    for (size_t i = 0; i < o->model.n; i++) {
        const obind_t *b = &o->model.binds[i];
        if (b->kind == BIND_SCALAR_IN) {
            push(o, &n, orm_to_port(b, in->v[i].scalar));
        } else if (b->kind == BIND_MEM) {
            for (uint64_t j = 0; j < b->depth; j++)
                push(o, &n, orm_to_port(b, initial_slot(in, i, (size_t)j)));
        } else if (b->kind == BIND_FIFO_IN) {
            size_t len = in->v[i].len < b->depth ? in->v[i].len : (size_t)b->depth;
            push(o, &n, len);
            for (size_t j = 0; j < len; j++)
                push(o, &n, orm_to_port(b, in->v[i].elems[j]));
        }
    }
    return n;
}

static int send_request(oracle_t *o, const input_t *in, const char *vcd, lg_err_t *err)
{
    size_t n = encode_header(o, vcd);
    int rc = orc_send(&o->child, o->buf, n * sizeof *o->buf, err);
    if (rc == 0 && vcd)
        rc = orc_send(&o->child, vcd, strlen(vcd), err);
    if (rc)
        return rc;
    n = encode_params(o, in);
    return orc_send(&o->child, o->buf, n * sizeof *o->buf, err);
}

static int recv_u64(oracle_t *o, uint64_t *v, size_t n, uint64_t deadline, lg_err_t *err)
{
    return orc_recv(&o->child, v, n * sizeof *v, deadline, err);
}

/* Reads one array of at most max words (count first); the words land in
 * o->buf. */
static int recv_array(oracle_t *o, uint64_t max, size_t *count, uint64_t deadline, lg_err_t *err)
{
    uint64_t n;
    int rc = recv_u64(o, &n, 1, deadline, err);
    if (rc)
        return rc;
    if (n > max)
        return lg_err_set(err, LG_ECHILD, "RTL harness sent %llu values where at most %llu fit", (unsigned long long)n,
                          (unsigned long long)max);
    lg_grow((void **)&o->buf, &o->cap, (size_t)n + 1, sizeof *o->buf);
    *count = (size_t)n;
    return recv_u64(o, o->buf, (size_t)n, deadline, err);
}

static void store_array(oracle_t *o, const input_t *in, size_t i, size_t count, run_result_t *r)
{
    const spec_param_t *p = &o->spec->params[i];
    const obind_t *b = &o->model.binds[i];
    run_output_t *out = &r->out[i];
    for (size_t j = 0; j < p->max_len; j++) {
        if (j < count)
            out->elems[j] = orm_from_port(b->width, p->type, o->buf[j]);
        else if (b->kind == BIND_MEM)
            out->elems[j] = initial_slot(in, i, j); /* beyond the RAM: untouched */
        else
            out->elems[j] = 0;
    }
    out->len = p->max_len;
}

static int recv_outputs(oracle_t *o, const input_t *in, run_result_t *r, uint64_t deadline, lg_err_t *err)
{
    for (size_t i = 0; i < o->model.n; i++) {
        const obind_t *b = &o->model.binds[i];
        int rc = 0;
        size_t count = 0;
        if (b->kind == BIND_SCALAR_VLD) {
            uint64_t vv[2];
            rc = recv_u64(o, vv, 2, deadline, err);
            r->out[i].valid = (int)vv[0];
            r->out[i].scalar = orm_from_port(b->width, o->spec->params[i].type, vv[1]);
        } else if (b->kind == BIND_FIFO_OUT || (b->kind == BIND_MEM && b->is_out)) {
            rc = recv_array(o, b->depth, &count, deadline, err);
            if (rc == 0)
                store_array(o, in, i, count, r);
        }
        if (rc)
            return rc;
    }
    return 0;
}

/* Reads a length-prefixed text of at most cap - 1 bytes into buf. */
static int recv_text(oracle_t *o, const char *what, char *buf, size_t cap, uint64_t deadline, lg_err_t *err)
{
    uint64_t len;
    int rc = recv_u64(o, &len, 1, deadline, err);
    if (rc)
        return rc;
    if (len >= cap)
        return lg_err_set(err, LG_ECHILD, "RTL harness %s of %llu bytes", what, (unsigned long long)len);
    rc = orc_recv(&o->child, buf, (size_t)len, deadline, err);
    buf[rc ? 0 : len] = '\0';
    return rc;
}

/* wave_error receives why the harness could not write the waveform ("" when
 * it could, or none was asked for). */
static int recv_response(oracle_t *o, const input_t *in, run_result_t *r, uint64_t deadline, char wave_error[256],
                         lg_err_t *err)
{
    uint64_t h[ORW_RESP_HEADER];
    int rc = recv_u64(o, h, ORW_RESP_HEADER, deadline, err);
    if (rc)
        return rc;
    if (h[ORW_RESP_MAGIC_AT] != ORW_RESP_MAGIC)
        return lg_err_set(err, LG_ECHILD, "RTL harness %s answered garbage", o->child.exe);
    r->status = (run_status_t)h[ORW_RESP_STATUS];
    r->cycles = h[ORW_RESP_CYCLES];
    r->oob_param = h[ORW_RESP_OOB_PARAM] == ORW_NO_PARAM ? -1 : (int)h[ORW_RESP_OOB_PARAM];
    if (o->spec->has_return) {
        int bits = o->model.ctl_bits[CTL_RETURN];
        /* A return port narrower than the C type holds an unsigned HLS
         * value: zero-extend it. */
        r->has_return = 1;
        r->ret = bits < lg_type_bits(o->spec->ret_type)
                     ? lg_type_wrap(o->spec->ret_type, (int64_t)(h[ORW_RESP_RET] & ((UINT64_C(1) << bits) - 1)))
                     : orm_from_port(bits, o->spec->ret_type, h[ORW_RESP_RET]);
    }
    rc = recv_outputs(o, in, r, deadline, err);
    char detail[4096];
    if (rc == 0)
        rc = recv_text(o, "detail", detail, sizeof detail, deadline, err);
    if (rc == 0)
        snprintf(r->detail, sizeof r->detail, "%.255s", detail);
    if (rc == 0)
        rc = recv_text(o, "waveform error", wave_error, 256, deadline, err);
    return rc;
}

/* A child that died or stopped answering becomes a result (assertion or
 * hang); the next call starts a fresh child. */
static void child_failed(oracle_t *o, int code, run_result_t *r)
{
    char why[64];
    orc_stop(&o->child, why, sizeof why);
    o->child.restarts++;
    char *line = orc_log_error(&o->child);
    run_result_reset(r);
    if (code == LG_ETIMEOUT) {
        r->status = RUN_HANG;
        snprintf(r->detail, sizeof r->detail, "harness gave no answer within %llu ms",
                 (unsigned long long)(o->timeout_ns / 1000000));
    } else {
        r->status = RUN_ASSERT;
        snprintf(r->detail, sizeof r->detail, "harness %s%s%s", why, line ? ": " : "", line ? line : "");
    }
    LG_WARN(o->log, "rtl-oracle: %s; restarting the harness", r->detail);
    free(line);
}

int oracle_run_traced(oracle_t *o, const input_t *in, const char *vcd_path, run_result_t *rtl, lg_err_t *err)
{
    run_result_reset(rtl);
    rtl->oob_param = -1;
    o->calls++;
    int rc = orc_ensure(&o->child, err);
    if (rc)
        return rc;
    orc_log_reset(&o->child);
    uint64_t deadline = lg_now_ns() + o->timeout_ns;
    lg_err_t cerr;
    char wave_error[256] = "";
    rc = send_request(o, in, vcd_path, &cerr);
    if (rc == 0)
        rc = recv_response(o, in, rtl, deadline, wave_error, &cerr);
    if (rc == LG_ECHILD || rc == LG_ETIMEOUT) {
        child_failed(o, rc, rtl);
        return 0;
    }
    if (rc)
        return lg_err_set(err, rc, "%s", cerr.msg);
    if (wave_error[0])
        return lg_err_set(err, LG_EIO, "%s: %s", vcd_path, wave_error);
    if (rtl->status == RUN_ASSERT) {
        char *line = orc_log_error(&o->child);
        if (line) {
            char msg[sizeof rtl->detail];
            snprintf(msg, sizeof msg, "%.150s (%.100s)", line, rtl->detail);
            snprintf(rtl->detail, sizeof rtl->detail, "%s", msg);
        }
        free(line);
    }
    return 0;
}

int oracle_run(oracle_t *o, const input_t *in, run_result_t *rtl, lg_err_t *err)
{
    return oracle_run_traced(o, in, NULL, rtl, err);
}

/* One run of the all-zero input proves the harness starts and speaks the
 * protocol; a harness that dies here is broken, not the RTL. */
static int smoke_test(oracle_t *o, lg_err_t *err)
{
    input_t *in = input_create(o->spec);
    run_result_t *r = run_result_create(o->spec);
    int rc = oracle_run(o, in, r, err);
    if (rc == 0 && o->child.restarts > 0)
        rc = lg_err_set(err, LG_ECHILD, "RTL harness %s does not run: %s", o->child.exe, r->detail);
    o->calls = 0;
    run_result_destroy(r);
    input_destroy(in);
    return rc;
}

oracle_t *oracle_create(const spec_t *spec, const oracle_cfg_t *cfg_in, const lg_log_t *log, lg_err_t *err)
{
    oracle_cfg_t defaults;
    oracle_cfg_default(&defaults);
    const oracle_cfg_t *cfg = cfg_in ? cfg_in : &defaults;
    oracle_t *o = lg_calloc(1, sizeof *o);
    o->spec = spec;
    o->log = log;
    o->timeout_ns = (cfg->timeout_ms ? cfg->timeout_ms : 60000) * UINT64_C(1000000);
    o->child.log_fd = -1;
    if (orb_model(spec, cfg, log, &o->build, &o->model, err) != 0)
        goto fail;
    if (orc_init(&o->child, o->build.exe, err) != 0)
        goto fail;
    if (smoke_test(o, err) != 0)
        goto fail;
    return o;
fail:
    oracle_destroy(o);
    return NULL;
}

void oracle_destroy(oracle_t *o)
{
    if (!o)
        return;
    if (o->child.exe)
        orc_fini(&o->child);
    orm_free(&o->model);
    orb_free(&o->build);
    free(o->buf);
    free(o);
}

int oracle_cache_hit(const oracle_t *o)
{
    return o->build.cache_hit;
}
const char *oracle_model_dir(const oracle_t *o)
{
    return o->build.dir;
}
uint64_t oracle_calls(const oracle_t *o)
{
    return o->calls;
}
uint64_t oracle_restarts(const oracle_t *o)
{
    return o->child.restarts;
}
