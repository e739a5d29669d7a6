// The harness engine's view of a Verilated model: a port as a pointer into
// the model plus its width, each spec param as the ports and contents the
// harness drives, the block-level control ports, and the outcome of a call.
// The generated kernel_table.h fills Param and Ctl for one RTL top.
#ifndef LGH_MODEL_H
#define LGH_MODEL_H

#include "verilated.h"
#include "wire.h"
#include <cstdint>
#include <string>
#include <vector>

namespace lgh
{

using Kind = orw_kind;

struct Port {
    void *p = nullptr;
    int bits = 0;
};

inline uint64_t width_mask(int bits)
{
    return bits >= 64 ? ~0ULL : ((1ULL << bits) - 1);
}

// A port wider than 64 bits is Verilator's VlWide: 32-bit words, least
// significant first. get reads its low 64 bits; set writes v sign-extended
// from bit 63 (0 stays 0, ~0 is all ones).
inline void get_wide(const Port &q, uint64_t *out, unsigned limbs);
inline void set_wide(const Port &q, const uint64_t *in, unsigned limbs);
inline void set(const Port &q, uint64_t v);

// Verilator stores a port in the narrowest of CData/SData/IData/QData that
// holds its width; an unbound port (p null) reads 0 and ignores writes.
inline uint64_t get(const Port &q)
{
    if (!q.p)
        return 0;
    if (q.bits <= 8)
        return *static_cast<CData *>(q.p);
    if (q.bits <= 16)
        return *static_cast<SData *>(q.p);
    if (q.bits <= 32)
        return *static_cast<IData *>(q.p);
    if (q.bits > 64) {
        uint64_t v;
        get_wide(q, &v, 1);
        return v;
    }
    return *static_cast<QData *>(q.p);
}

inline void get_wide(const Port &q, uint64_t *out, unsigned limbs)
{
    if (q.bits <= 64) {
        for (unsigned k = 0; k < limbs; k++)
            out[k] = k ? 0 : get(q);
        return;
    }
    const unsigned words = static_cast<unsigned>(q.bits + 31) / 32;
    const EData *w = static_cast<const EData *>(q.p);
    for (unsigned k = 0; k < limbs; k++) {
        uint64_t lo = 2 * k < words ? w[2 * k] : 0, hi = 2 * k + 1 < words ? w[2 * k + 1] : 0;
        out[k] = lo | hi << 32;
    }
}

inline void set_wide(const Port &q, const uint64_t *in, unsigned limbs)
{
    if (!q.p)
        return;
    if (q.bits <= 64) {
        set(q, limbs ? in[0] : 0);
        return;
    }
    const unsigned words = static_cast<unsigned>(q.bits + 31) / 32;
    EData *w = static_cast<EData *>(q.p);
    for (unsigned k = 0; k < words; k++)
        w[k] = k / 2 < limbs ? static_cast<EData>(in[k / 2] >> (32 * (k % 2))) : 0;
    if (q.bits % 32)
        w[words - 1] &= (1U << (q.bits % 32)) - 1;
}

// 1 when the low n bits of port q are all ones (n may pass 64).
inline bool low_ones(const Port &q, int n)
{
    uint64_t w[32] = {0};
    get_wide(q, w, static_cast<unsigned>(n + 63) / 64);
    for (int k = 0; k * 64 < n; k++) {
        uint64_t m = n - 64 * k >= 64 ? ~0ULL : (1ULL << (n - 64 * k)) - 1;
        if ((w[k] & m) != m)
            return false;
    }
    return true;
}

inline void set(const Port &q, uint64_t v)
{
    if (!q.p)
        return;
    if (q.bits > 64) {
        uint64_t ext[2] = {v, v >> 63 ? ~0ULL : 0};
        const int words = (q.bits + 31) / 32;
        EData *w = static_cast<EData *>(q.p);
        for (int k = 0; k < words; k++)
            w[k] = static_cast<EData>(ext[k < 2 ? 0 : 1] >> (k < 2 ? 32 * k : 0));
        if (q.bits % 32)
            w[words - 1] &= (1U << (q.bits % 32)) - 1;
        return;
    }
    v &= width_mask(q.bits);
    if (q.bits <= 8)
        *static_cast<CData *>(q.p) = static_cast<CData>(v);
    else if (q.bits <= 16)
        *static_cast<SData *>(q.p) = static_cast<SData>(v);
    else if (q.bits <= 32)
        *static_cast<IData *>(q.p) = static_cast<IData>(v);
    else
        *static_cast<QData *>(q.p) = v;
}

// An element index no address of a bank holds.
const uint64_t kNoElement = ~0ULL;

// One bank of an array HLS partitioned (ARRAY_PARTITION): a RAM of its own
// (addr..d) holding the elements map names, or, for a bank of one element,
// that element on a scalar port (data; an output's with its valid, vld).
struct Bank {
    Port addr[2], ce[2], q[2], we[2], d[2];
    Port data, vld;
    std::vector<uint64_t> map; // the bank's address -> the array's element (kNoElement: none)
};

struct Param {
    Kind kind = ORW_SCALAR_IN;
    bool is_out = false;
    uint64_t depth = 0;
    Port addr[2], ce[2], q[2], we[2], d[2];
    Port data, vld, flag, strobe;
    Port in;                       // an inout scalar's input (_i); data and vld are its _o, _o_ap_vld
                                   // (an m_axi buffer with offset direct: data is its address port)
    Port last, keep, strb, user;   // axis side channels (data, vld, flag: TDATA, TVALID, TREADY)
    Port id, dest;                 // axis TID, TDEST
    Port ack;                      // ap_ack / ap_hs: an input's acknowledge (an output), an output's (an input)
    Port in_vld, in_ack;           // ap_hs inout: the input's valid (held high) and acknowledge (the design's)
    bool on = false;               // axis: the harness's TVALID / TREADY in the coming cycle
    bool ended = false;            // axis out: a beat with TLAST was taken
    std::vector<uint64_t> mem;     // RAM contents, FIFO data
    uint64_t input = 0;            // ap_none and inout scalars: the value driven on the input port
    uint64_t value = 0, valid = 0; // scalar outputs: the last value with its valid high
    size_t pos = 0;                // input FIFO read position
    int64_t reg = -1;              // s_axilite scalar (an inout's _i), m_axi pointer: its control register
    int64_t reg_out = -1;          // s_axilite inout: its _o register (data words, then ap_vld)
    int lite = 0;                  // s_axilite: its registers' bundle, 0 the control one, 1 the second (kArgs)
    uint64_t base = 0;             // m_axi: the buffer's base address in its bundle
    uint64_t given = 0;            // m_axi: elements the C side was given (the array's length)
    unsigned pace = 0;             // axis: this call's valid / ready pattern (Sim::pace_on)
    bool gate = true;              // axis, stalling pace: whether the current run offers beats
    int bus = -1;                  // m_axi: its bundle
    unsigned ebytes = 0;           // s_axilite, m_axi: bytes of the value or of an element
    std::vector<Bank> banks;       // a partitioned array: its banks (addr..d are then unbound)
    uint64_t latency = 1;          // ap_memory: edges from a read's address to its word on q
    unsigned addr_shift = 0;       // bram: addresses are in bytes, an element's index shifted by this
    bool byte_we = false;          // bram: the write enable holds a bit per byte of the element
    bool lite_mem = false;         // an array in the AXI4-Lite slave's memory: its window at reg, ebytes an element
    unsigned limbs = 1;            // words of a value: a wide integer's 64-bit limbs (a scalar's in mem,
                                   // a stream's beat limbs words of mem; depth counts words)
};

// An AXI4 or AXI4-Lite bundle's ports, by wire.h's orw_axi_sig.
struct Bus {
    Port sig[ORW_AXI_COUNT];
};

struct Ctl {
    Port clk, rst, start, done, idle, ready, ret, cont, irq;
    bool rst_low = false;
};

// RAM port accesses an Outcome records, at most (5 words each).
const size_t kAccessesMax = 1 << 16;

struct Outcome {
    uint64_t status = ORW_OK, cycles = 0, oob_param = ORW_NO_PARAM, oob_addr = 0, ret = 0;
    // Reads at or beyond a RAM's depth (wire.h): how many, and the first.
    uint64_t oob_reads = 0, read_param = ORW_NO_PARAM, read_addr = 0, read_cycle = 0;
    // When not null, every RAM port access of the call, as (cycle, param,
    // port, is_write, address), up to kAccessesMax of them.
    std::vector<uint64_t> *accesses = nullptr;
    std::string detail;
    std::string wave_error; // why the waveform could not be written
};

} // namespace lgh

#endif
