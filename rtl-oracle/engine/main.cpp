// The harness's main loop: reads one request from lgfuzz on ORW_FD, runs it
// on a fresh model, answers on the same socket, until lgfuzz closes it. The
// byte layout is wire.h's.
#include "sim.h"
#include "wire.h"
#include <cstdint>
#include <cstdio>
#include <string>
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

bool read_u64(uint64_t *v)
{
    return read_all(v, sizeof *v);
}

void put(std::vector<uint64_t> *out, uint64_t v)
{
    out->push_back(v);
}

// Fills the params' inputs; false on a closed socket or a malformed request.
bool read_request(Param *ps, std::string *vcd)
{
    uint64_t h[ORW_REQ_HEADER];
    if (!read_all(h, sizeof h) || h[ORW_REQ_MAGIC_AT] != ORW_REQ_MAGIC)
        return false;
    uint64_t len = h[ORW_REQ_VCD_LEN];
    vcd->assign(len, '\0');
    if (len && !read_all(&(*vcd)[0], len))
        return false;
    for (int i = 0; i < kParams; i++) {
        Param &p = ps[i];
        p.pos = 0;
        p.valid = 0;
        p.value = 0;
        p.mem.clear();
        uint64_t n = 0;
        if (p.kind == ORW_SCALAR_IN) {
            if (!read_u64(&p.value))
                return false;
            continue;
        }
        if (p.kind == ORW_MEM)
            n = p.depth;
        else if (p.kind == ORW_FIFO_IN && !read_u64(&n))
            return false;
        if (n > p.depth)
            return false;
        p.mem.resize(n);
        if (n && !read_all(p.mem.data(), n * sizeof(uint64_t)))
            return false;
    }
    return true;
}

bool write_response(const Param *ps, const Outcome &o)
{
    std::vector<uint64_t> w(ORW_RESP_HEADER);
    w[ORW_RESP_MAGIC_AT] = ORW_RESP_MAGIC;
    w[ORW_RESP_STATUS] = o.status;
    w[ORW_RESP_CYCLES] = o.cycles;
    w[ORW_RESP_OOB_PARAM] = o.oob_param;
    w[ORW_RESP_OOB_ADDR] = o.oob_addr;
    w[ORW_RESP_RET] = o.ret;
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps[i];
        if (p.kind == ORW_SCALAR_VLD) {
            put(&w, p.valid);
            put(&w, p.value);
        } else if (p.kind == ORW_FIFO_OUT || (p.kind == ORW_MEM && p.is_out)) {
            put(&w, p.mem.size());
            w.insert(w.end(), p.mem.begin(), p.mem.end());
        }
    }
    put(&w, o.detail.size());
    std::string bytes(reinterpret_cast<const char *>(w.data()), w.size() * sizeof(uint64_t));
    bytes += o.detail;
    uint64_t wlen = o.wave_error.size();
    bytes.append(reinterpret_cast<const char *>(&wlen), sizeof wlen);
    bytes += o.wave_error;
    const char *b = bytes.data();
    size_t n = bytes.size();
    while (n) {
        ssize_t r = write(ORW_FD, b, n);
        if (r <= 0)
            return false;
        b += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

} // namespace
} // namespace lgh

int main()
{
    using namespace lgh;
    Param ps[kParams + 1]; // + 1: a kernel may have no params
    describe(ps);
    std::string vcd;
    while (read_request(ps, &vcd)) {
        Outcome o;
        {
            Sim sim(ps, vcd);
            sim.run(&o);
            sim.close_wave(&o);
        }
        // RTL $display output reaches the log before lgfuzz reads it for
        // the answer's %Error line.
        std::fflush(stdout);
        if (!write_response(ps, o))
            return 1;
    }
    return 0;
}
