/* The region shared with one harness child: an anonymous memory file laid
 * out as engine/wire.h says, inputs encoded into its request slots and
 * results decoded from its response slots. */
#define _GNU_SOURCE /* memfd_create */
#include "oracle_int.h"

#include "util/alloc.h"
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Room for this many bytes of slots per harness; a kernel whose slots are
 * larger still gets one of each. */
#define REGION_BYTES (8u << 20)
/* More slots than this buy nothing: a batch's round trip is already paid
 * for many times over. */
#define REGION_MAX_SLOTS 1024

int region_create(oregion_t *r, const omodel_t *m, uint64_t seed, lg_err_t *err)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    uint64_t req = 0, resp = ORW_RESP_HEADER + ORW_DETAIL_WORDS;
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *b = &m->binds[i];
        req += orw_req_words((int)b->kind, b->depth, (uint64_t)b->limbs);
        resp += orw_resp_words((int)b->kind, b->depth, b->is_out, (uint64_t)b->limbs);
    }
    uint64_t slot = (req + resp) * sizeof(uint64_t);
    uint64_t cap = REGION_BYTES / slot;
    cap = cap < 1 ? 1 : cap > REGION_MAX_SLOTS ? REGION_MAX_SLOTS : cap;
    r->bytes = (size_t)(ORW_SHM_HEADER * sizeof(uint64_t) + cap * slot);
    r->fd = memfd_create("lgfuzz-rtl", MFD_CLOEXEC);
    if (r->fd < 0)
        return lg_err_set(err, LG_EIO, "memfd_create: %s", strerror(errno));
    if (ftruncate(r->fd, (off_t)r->bytes) != 0) {
        int e = errno;
        region_free(r);
        return lg_err_set(err, LG_EIO, "shared region of %zu bytes: %s", r->bytes, strerror(e));
    }
    void *base = mmap(NULL, r->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
    if (base == MAP_FAILED) {
        int e = errno;
        region_free(r);
        return lg_err_set(err, LG_EIO, "mmap of the shared region: %s", strerror(e));
    }
    r->base = base;
    r->cap = (size_t)cap;
    r->req_words = req;
    r->resp_words = resp;
    r->base[ORW_SHM_MAGIC_AT] = ORW_SHM_MAGIC;
    r->base[ORW_SHM_CAP] = cap;
    r->base[ORW_SHM_REQ_WORDS] = req;
    r->base[ORW_SHM_RESP_WORDS] = resp;
    r->base[ORW_SHM_SEED] = seed;
    return 0;
}

void region_free(oregion_t *r)
{
    if (r->base)
        munmap(r->base, r->bytes);
    if (r->fd >= 0)
        close(r->fd);
    r->base = NULL;
    r->fd = -1;
}

/* Initial contents of slot j of array param i, before the kernel runs. */
static int64_t initial_slot(const input_t *in, size_t i, size_t j)
{
    const spec_param_t *p = &in->spec->params[i];
    if (p->dir == SPEC_DIR_OUT)
        return 0;
    return j < in->v[i].len ? in->v[i].elems[j] : lg_type_poison(p->type);
}

void region_encode(oregion_t *r, const omodel_t *m, size_t slot, const input_t *in)
{
    /* The request slots are cap slots of req_words words each, past the
     * header: the harness reads exactly what orw_req_words sized. */
    LG_ASSERT(r->base && slot < r->cap && in->spec->nparams == m->n);
    uint64_t *const start = r->base + ORW_SHM_HEADER + slot * r->req_words;
    uint64_t *w = start;
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *b = &m->binds[i];
        LG_ASSERT(b->kind != BIND_MEM || in->spec->params[i].is_array);
        if (b->limbs > 1 && b->kind == BIND_SCALAR_IN) { /* a wide scalar's limbs */
            for (int k = 0; k < b->limbs; k++)
                *w++ = (uint64_t)in->v[i].elems[k];
        } else if (b->kind == BIND_SCALAR_IN || b->kind == BIND_SCALAR_INOUT) {
            *w++ = binding_to_port(b, in->v[i].scalar);
        } else if (b->kind == BIND_MEM) {
            *w++ = in->v[i].len < b->depth ? in->v[i].len : b->depth;
            for (uint64_t j = 0; j < b->depth; j++)
                *w++ = binding_to_port(b, initial_slot(in, i, (size_t)j));
        } else if (b->kind == BIND_FIFO_IN || b->kind == BIND_AXIS_IN) {
            size_t len = in->v[i].len < b->depth ? in->v[i].len : (size_t)b->depth;
            w[0] = len;
            for (size_t j = 0; j < len; j++)
                w[1 + j] = binding_to_port(b, in->v[i].elems[j]);
            w += 1 + b->depth;
        }
    }
    LG_ASSERT((uint64_t)(w - start) == r->req_words);
}

static void store_array(const spec_t *spec, const obind_t *b, const input_t *in, size_t i, const uint64_t *w,
                        run_result_t *r)
{
    const spec_param_t *p = &spec->params[i];
    size_t count = w[0] < b->depth ? (size_t)w[0] : (size_t)b->depth;
    run_output_t *out = &r->out[i];
    for (size_t j = 0; j < p->max_len; j++) {
        if (j < count)
            out->elems[j] = binding_from_port(b->width, p->type, w[1 + j]);
        else if (b->kind == BIND_MEM)
            out->elems[j] = initial_slot(in, i, j); /* beyond the RAM: untouched */
        else
            out->elems[j] = 0;
    }
    out->len = p->max_len;
}

/* An ap_return narrower than the C type holds an unsigned HLS value:
 * zero-extended. */
static int64_t return_value(const spec_t *spec, const omodel_t *m, uint64_t raw)
{
    int bits = m->ctl_bits[CTL_RETURN];
    if (bits < lg_type_bits(spec->ret_type))
        return lg_type_wrap(spec->ret_type, (int64_t)(raw & ((UINT64_C(1) << bits) - 1)));
    return binding_from_port(bits, spec->ret_type, raw);
}

void region_decode(const oregion_t *r, const spec_t *spec, const omodel_t *m, size_t slot, const input_t *in,
                   run_result_t *res, uint64_t *log_end)
{
    LG_ASSERT(r->base && slot < r->cap && res->nout == m->n);
    const uint64_t *w = r->base + ORW_SHM_HEADER + r->cap * r->req_words + slot * r->resp_words;
    run_result_reset(res);
    /* The harness writes one of run_status_t's values; anything else is a
     * harness that broke its side of the wire, reported as its crash. */
    res->status = w[ORW_RESP_STATUS] <= RUN_UNDECIDED ? (run_status_t)w[ORW_RESP_STATUS] : RUN_CRASH;
    res->cycles = w[ORW_RESP_CYCLES];
    uint64_t at = w[ORW_RESP_OOB_PARAM];
    res->oob_param = at == ORW_CONTROL_PARAM ? ORACLE_PARAM_CONTROL : at < m->n ? (int)at : -1;
    if (w[ORW_RESP_OOB_READS]) {
        res->oob_reads.count = w[ORW_RESP_OOB_READS];
        res->oob_reads.param = w[ORW_RESP_OOB_READ_PARAM] < m->n ? (int)w[ORW_RESP_OOB_READ_PARAM] : -1;
        res->oob_reads.addr = w[ORW_RESP_OOB_READ_ADDR];
        res->oob_reads.cycle = w[ORW_RESP_OOB_READ_CYCLE];
        res->oob_reads.reaches_outputs = w[ORW_RESP_OOB_READ_REACHES] != 0;
    }
    if (w[ORW_RESP_XACCESS_PARAM] < m->n) {
        res->xaccess.param = (int)w[ORW_RESP_XACCESS_PARAM];
        res->xaccess.port = w[ORW_RESP_XACCESS_PORT] != 0;
        res->xaccess.write = w[ORW_RESP_XACCESS_WRITE] != 0;
        res->xaccess.cycle = w[ORW_RESP_XACCESS_CYCLE];
        res->xaccess.addr = w[ORW_RESP_XACCESS_ADDR];
        res->xaccess.has_addr_usual = w[ORW_RESP_XACCESS_ADDR_ZERO] != ORW_XACCESS_NONE;
        res->xaccess.addr_usual = w[ORW_RESP_XACCESS_ADDR_ZERO];
    }
    *log_end = w[ORW_RESP_LOG_END];
    if (spec->has_return) {
        res->has_return = 1;
        res->ret = return_value(spec, m, w[ORW_RESP_RET]);
    }
    const uint64_t *d = w + ORW_RESP_HEADER;
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *b = &m->binds[i];
        if (b->limbs > 1 && b->kind == BIND_SCALAR_VLD) { /* a wide scalar: its limbs, 0 when not written */
            for (int k = 0; k < b->limbs; k++)
                res->out[i].elems[k] = (int64_t)d[1 + k];
            res->out[i].len = (size_t)b->limbs;
        } else if (b->kind == BIND_SCALAR_VLD || b->kind == BIND_SCALAR_INOUT) {
            res->out[i].valid = (int)d[0];
            res->out[i].scalar = binding_from_port(b->width, spec->params[i].type, d[1]);
        } else if (b->kind == BIND_FIFO_OUT || b->kind == BIND_AXIS_OUT || (b->kind == BIND_MEM && b->is_out)) {
            store_array(spec, b, in, i, d, res);
        }
        d += orw_resp_words((int)b->kind, b->depth, b->is_out, (uint64_t)b->limbs);
    }
    LG_ASSERT((uint64_t)(d - w) + ORW_DETAIL_WORDS == r->resp_words);
    size_t len = w[ORW_RESP_DETAIL_LEN] < sizeof res->detail ? (size_t)w[ORW_RESP_DETAIL_LEN] : sizeof res->detail - 1;
    memcpy(res->detail, d, len);
    res->detail[len] = '\0';
}

uint64_t region_progress(const oregion_t *r)
{
    return __atomic_load_n(&r->base[ORW_SHM_PROGRESS], __ATOMIC_ACQUIRE);
}

void region_clear_progress(oregion_t *r)
{
    __atomic_store_n(&r->base[ORW_SHM_PROGRESS], 0, __ATOMIC_RELEASE);
}
