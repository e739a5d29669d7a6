// The harness's main loop: maps the shared region (ORW_SHM_FD), then for
// each batch lgfuzz starts on the socket (ORW_FD) runs the inputs of its
// request slots on one reused model, fills the response slots and answers,
// until lgfuzz closes the socket. The layout is wire.h's.
#include "sim.h"
#include "wire.h"
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace lgh
{
namespace
{

bool read_all(void *buf, size_t n)
{
    char *p = static_cast<char *>(buf);
    while (n) {
        ssize_t r = read(ORW_FD, p, n);
        if (r <= 0)
            return false;
        p += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

bool write_all(const void *buf, size_t n)
{
    const char *p = static_cast<const char *>(buf);
    while (n) {
        ssize_t r = write(ORW_FD, p, n);
        if (r <= 0)
            return false;
        p += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

// The seed of one call: the run's, mixed with every word of its input
// (FNV-1a), so the bus models' timing depends on the two alone.
uint64_t call_seed(uint64_t seed, const uint64_t *req, uint64_t words)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ seed;
    for (uint64_t i = 0; i < words; i++)
        h = (h ^ req[i]) * 0x100000001b3ULL;
    return h;
}

// The shared region, checked against this harness's table.
struct Region {
    uint64_t *base = nullptr;
    uint64_t cap = 0, req_words = 0, resp_words = 0, seed = 0;

    bool map(const Param *ps)
    {
        struct stat st;
        if (fstat(ORW_SHM_FD, &st) != 0 || st.st_size < static_cast<off_t>(ORW_SHM_HEADER * sizeof(uint64_t)))
            return false;
        void *m = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ | PROT_WRITE, MAP_SHARED, ORW_SHM_FD, 0);
        if (m == MAP_FAILED)
            return false;
        base = static_cast<uint64_t *>(m);
        uint64_t req = 0, resp = ORW_RESP_HEADER + ORW_DETAIL_WORDS;
        for (int i = 0; i < kParams; i++) {
            req += orw_req_words(ps[i].kind, ps[i].depth, ps[i].limbs);
            resp += orw_resp_words(ps[i].kind, ps[i].depth, ps[i].is_out, ps[i].limbs);
        }
        cap = base[ORW_SHM_CAP];
        req_words = base[ORW_SHM_REQ_WORDS];
        resp_words = base[ORW_SHM_RESP_WORDS];
        seed = base[ORW_SHM_SEED];
        uint64_t words = static_cast<uint64_t>(st.st_size) / sizeof(uint64_t);
        return base[ORW_SHM_MAGIC_AT] == ORW_SHM_MAGIC && req_words == req && resp_words == resp && cap > 0 &&
               ORW_SHM_HEADER + cap * (req + resp) <= words;
    }
    uint64_t *request(uint64_t i) const { return base + ORW_SHM_HEADER + i * req_words; }
    uint64_t seed_of(uint64_t i) const { return call_seed(seed, request(i), req_words); }
    uint64_t *response(uint64_t i) const { return base + ORW_SHM_HEADER + cap * req_words + i * resp_words; }
    void progress(uint64_t n) const { __atomic_store_n(&base[ORW_SHM_PROGRESS], n, __ATOMIC_RELEASE); }
};

// Fills the params' inputs from a request slot.
void decode(const uint64_t *w, Param *ps)
{
    for (int i = 0; i < kParams; i++) {
        Param &p = ps[i];
        p.pos = 0;
        p.on = false;
        p.ended = false;
        p.valid = 0;
        p.value = 0;
        p.input = 0;
        p.mem.clear();
        if ((p.kind == ORW_SCALAR_IN || p.kind == ORW_SCALAR_INOUT) && p.limbs > 1) {
            p.mem.assign(w, w + p.limbs);
            w += p.limbs;
        } else if (p.kind == ORW_SCALAR_IN || p.kind == ORW_SCALAR_INOUT) {
            p.input = *w++;
        } else if (p.kind == ORW_MEM) {
            p.given = w[0] < p.depth ? w[0] : p.depth;
            p.mem.assign(w + 1, w + 1 + p.depth);
            w += 1 + p.depth;
        } else if (p.kind == ORW_FIFO_IN || p.kind == ORW_AXIS_IN) {
            uint64_t n = w[0] < p.depth ? w[0] : p.depth;
            p.mem.assign(w + 1, w + 1 + n);
            w += 1 + p.depth;
        }
    }
}

// Writes a call's outcome and outputs into a response slot.
void encode(uint64_t *w, const Param *ps, const Outcome &o)
{
    w[ORW_RESP_STATUS] = o.status;
    w[ORW_RESP_CYCLES] = o.cycles;
    w[ORW_RESP_OOB_PARAM] = o.oob_param;
    w[ORW_RESP_OOB_ADDR] = o.oob_addr;
    w[ORW_RESP_RET] = o.ret;
    w[ORW_RESP_LOG_END] = 0;
    w[ORW_RESP_OOB_READS] = o.oob_reads;
    w[ORW_RESP_OOB_READ_PARAM] = o.read_param;
    w[ORW_RESP_OOB_READ_ADDR] = o.read_addr;
    w[ORW_RESP_OOB_READ_CYCLE] = o.read_cycle;
    w[ORW_RESP_OOB_READ_REACHES] = 0;
    w[ORW_RESP_XACCESS_PARAM] = ORW_NO_PARAM;
    if (o.status == ORW_ASSERT) {
        // The %Error line of this call ends here in the log.
        std::fflush(stdout);
        off_t end = lseek(1, 0, SEEK_CUR);
        w[ORW_RESP_LOG_END] = end > 0 ? static_cast<uint64_t>(end) : 0;
    }
    uint64_t *d = w + ORW_RESP_HEADER;
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps[i];
        if ((p.kind == ORW_SCALAR_VLD || p.kind == ORW_SCALAR_INOUT) && p.limbs > 1) {
            *d++ = p.valid;
            for (unsigned k = 0; k < p.limbs; k++)
                *d++ = p.valid && k < p.mem.size() ? p.mem[k] : 0;
        } else if (p.kind == ORW_SCALAR_VLD || p.kind == ORW_SCALAR_INOUT) {
            *d++ = p.valid;
            *d++ = p.value;
        } else if (p.kind == ORW_FIFO_OUT || p.kind == ORW_AXIS_OUT || (p.kind == ORW_MEM && p.is_out)) {
            // Unused words are zeroed, so two slots of one input compare equal.
            *d = p.mem.size();
            std::memcpy(d + 1, p.mem.data(), p.mem.size() * sizeof(uint64_t));
            std::fill(d + 1 + p.mem.size(), d + 1 + p.depth, 0);
            d += 1 + p.depth;
        }
    }
    size_t len = o.detail.size() < ORW_DETAIL_WORDS * 8 - 1 ? o.detail.size() : ORW_DETAIL_WORDS * 8 - 1;
    w[ORW_RESP_DETAIL_LEN] = len;
    std::memcpy(d, o.detail.data(), len);
}

// Whether two response slots of one input hold the same result: status,
// ap_return and every output (not the cycle count or the texts).
bool same_result(const uint64_t *a, const uint64_t *b, const Param *ps)
{
    if (a[ORW_RESP_STATUS] != b[ORW_RESP_STATUS] || a[ORW_RESP_RET] != b[ORW_RESP_RET])
        return false;
    uint64_t n = 0;
    for (int i = 0; i < kParams; i++)
        n += orw_resp_words(ps[i].kind, ps[i].depth, ps[i].is_out, ps[i].limbs);
    return std::memcmp(a + ORW_RESP_HEADER, b + ORW_RESP_HEADER, n * sizeof(uint64_t)) == 0;
}

// One call of the input in request slot req, its result in response slot
// resp (scratch: room for another response slot). A call that read out of
// range runs again, on `again`, with the other poison: if the result
// changes, the value read reached it (wire.h's read_reaches). The first
// call may be traced; the second never is. accesses, when not null,
// receives the first call's RAM port accesses (Outcome::accesses).
void call(Sim &first, Sim &again, Param *ps, Param *ps_again, const uint64_t *req, uint64_t seed, uint64_t *resp,
          std::vector<uint64_t> &scratch, std::vector<uint64_t> *accesses = nullptr)
{
    decode(req, ps);
    Outcome o;
    o.accesses = accesses;
    first.run(&o, ORW_POISON, seed);
    encode(resp, ps, o);
    if (o.oob_reads == 0 || o.status == ORW_OOB)
        return;
    decode(req, ps_again);
    Outcome o2;
    again.run(&o2, ORW_POISON_ALT, seed);
    encode(scratch.data(), ps_again, o2);
    resp[ORW_RESP_OOB_READ_REACHES] = same_result(resp, scratch.data(), ps) ? 0 : 1;
}

// Runs the call in req on zero (the zero state), recording its RAM port
// accesses, and writes the first of ao (the accesses of the same call
// from another state) that zero did not make at the same cycle into resp
// (wire.h's ORW_RESP_XACCESS_*), with zero's address there.
void first_xaccess(Sim &zero, Param *zps, const std::vector<uint64_t> &ao, const uint64_t *req, uint64_t seed,
                   uint64_t *resp)
{
    std::vector<uint64_t> az;
    Outcome z;
    z.accesses = &az;
    decode(req, zps);
    zero.run(&z, ORW_POISON, seed);
    for (size_t j = 0; j < ao.size(); j += 5) {
        if (j < az.size() && std::equal(ao.begin() + j, ao.begin() + j + 5, az.begin() + j))
            continue;
        // Zero's access at the same cycle and port, if it made one.
        uint64_t zaddr = ORW_XACCESS_NONE;
        for (size_t k = 0; k < az.size() && az[k] <= ao[j]; k += 5)
            if (az[k] == ao[j] && az[k + 1] == ao[j + 1] && az[k + 2] == ao[j + 2])
                zaddr = az[k + 4];
        resp[ORW_RESP_XACCESS_CYCLE] = ao[j];
        resp[ORW_RESP_XACCESS_PARAM] = ao[j + 1];
        resp[ORW_RESP_XACCESS_PORT] = ao[j + 2];
        resp[ORW_RESP_XACCESS_WRITE] = ao[j + 3];
        resp[ORW_RESP_XACCESS_ADDR] = ao[j + 4];
        resp[ORW_RESP_XACCESS_ADDR_ZERO] = zaddr;
        return;
    }
}

// The one call of a batch that is traced (vcd not empty) or starts from
// another initial state than sim's (xstate, wire.h): on a model of its
// own, with params of its own (a Sim binds its model's ports into the
// params it is given). A call that read out of range runs again from the
// same initial state: on that model when it is untraced, else on a
// second one; with the zero state, on sim. A call from another state is
// then compared with sim's (first_xaccess). Returns the waveform's error,
// which travels in the answer, not in the slot.
std::string call_fresh(Sim &sim, Param *ps, const std::string &vcd, uint64_t xstate, const Region &r,
                       std::vector<uint64_t> &scratch)
{
    std::vector<Param> tparams(kParams + 1), aparams(kParams + 1);
    Param *tps = tparams.data(), *aps = aparams.data();
    describe(tps);
    describe(aps);
    Sim fresh(tps, vcd, xstate);
    std::unique_ptr<Sim> second;
    Sim *again = &sim;
    if (xstate != ORW_XSTATE_ZERO && vcd.empty()) {
        again = &fresh;
        aps = tps;
    } else if (xstate != ORW_XSTATE_ZERO) {
        second.reset(new Sim(aps, "", xstate));
        again = second.get();
    } else {
        aps = ps;
    }
    std::vector<uint64_t> accesses;
    bool other = xstate != ORW_XSTATE_ZERO;
    call(fresh, *again, tps, aps, r.request(0), r.seed_of(0), r.response(0), scratch, other ? &accesses : nullptr);
    if (other)
        first_xaccess(sim, ps, accesses, r.request(0), r.seed_of(0), r.response(0));
    Outcome o;
    fresh.close_wave(&o);
    return o.wave_error;
}

uint64_t now_ns()
{
    using namespace std::chrono;
    return static_cast<uint64_t>(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count());
}

} // namespace
} // namespace lgh

int main()
{
    using namespace lgh;
    std::vector<Param> params(kParams + 1); // + 1: a kernel may have no params
    Param *ps = params.data();
    describe(ps);
    Region r;
    if (!r.map(ps)) {
        std::fprintf(stderr, "%%Error: lgfuzz harness: the shared region does not match this model's table\n");
        return 1;
    }
    Sim sim(ps, "");
    std::vector<uint64_t> scratch(r.resp_words);
    std::string vcd;
    for (;;) {
        uint64_t h[ORW_REQ_HEADER];
        if (!read_all(h, sizeof h) || h[ORW_REQ_MAGIC_AT] != ORW_REQ_MAGIC)
            return 0;
        uint64_t n = h[ORW_REQ_COUNT];
        vcd.assign(h[ORW_REQ_VCD_LEN], '\0');
        if (n > r.cap || (!vcd.empty() && (n != 1 || !read_all(&vcd[0], vcd.size()))))
            return 1;
        r.progress(0);
        std::string wave_error;
        uint64_t xstate = h[ORW_REQ_XSTATE];
        if (xstate != ORW_XSTATE_ZERO && n != 1)
            return 1;
        for (uint64_t i = 0; i < n && vcd.empty() && xstate == ORW_XSTATE_ZERO; i++) {
            call(sim, sim, ps, ps, r.request(i), r.seed_of(i), r.response(i), scratch);
            r.progress(i + 1);
        }
        if (!vcd.empty() || xstate != ORW_XSTATE_ZERO) {
            wave_error = call_fresh(sim, ps, vcd, xstate, r, scratch);
            r.progress(1);
        }
        uint64_t ns = 0;
        if (h[ORW_REQ_FLAGS] & ORW_FLAG_TIME) {
            uint64_t t0 = now_ns();
            for (uint64_t i = 0; i < n; i++)
                call(sim, sim, ps, ps, r.request(i), r.seed_of(i), scratch.data(), scratch);
            ns = now_ns() - t0;
        }
        // RTL $display output reaches the log before lgfuzz reads it.
        std::fflush(stdout);
        uint64_t ack[ORW_ACK_HEADER];
        ack[ORW_ACK_MAGIC_AT] = ORW_ACK_MAGIC;
        ack[ORW_ACK_DONE] = n;
        ack[ORW_ACK_TIME_NS] = ns;
        ack[ORW_ACK_WAVE_ERROR_LEN] = wave_error.size();
        if (!write_all(ack, sizeof ack) || !write_all(wave_error.data(), wave_error.size()))
            return 1;
    }
}
