// The memory behind an m_axi bundle and the AXI4-Lite master. The memory
// serves INCR bursts as issued (length, size, strobes), keeps up to
// kOutstanding of each kind in flight, and draws its ready gaps and
// latencies from the call's Rng, so a design that relies on one timing
// (ready in the same cycle, data right after the address) meets others.
// What it refuses (docs/rtl-oracle.md) ends the call as ORW_PROTOCOL.
#include "axi.h"

#include <cstdio>

namespace lgh
{

static const size_t kOutstanding = 16;

static std::string hex(uint64_t v)
{
    char b[24];
    std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
    return b;
}

static unsigned bus_bytes(const Bus *bus)
{
    int bits = bus->sig[ORW_AXI_RDATA].p ? bus->sig[ORW_AXI_RDATA].bits : bus->sig[ORW_AXI_WDATA].bits;
    return static_cast<unsigned>(bits / 8);
}

const Buffer *AxiMem::find(uint64_t addr) const
{
    for (const Buffer &b : bufs_)
        if (addr >= b.base && addr - b.base < b.bytes)
            return &b;
    return nullptr;
}

uint64_t AxiMem::beat_addr(const Burst &b) const
{
    uint64_t size = 1ULL << b.size;
    return b.beat == 0 ? b.addr : (b.addr & ~(size - 1)) + b.beat * size;
}

// A burst is INCR, no wider than the bus, inside one 4 KiB page and inside
// one buffer (every byte it can touch).
bool AxiMem::check_burst(const char *what, const Burst &b, std::string *why) const
{
    uint64_t size = 1ULL << b.size, end = (b.addr & ~(size - 1)) + (b.len + 1ULL) * size;
    std::string name = std::string(what) + " burst at " + hex(b.addr) + " of " + std::to_string(b.len + 1) +
                       " beats of " + std::to_string(size) + " bytes";
    if (size > bus_bytes(bus_))
        *why = name + ": beats wider than the " + std::to_string(bus_bytes(bus_)) + "-byte bus";
    else if ((b.addr >> 12) != ((end - 1) >> 12))
        *why = name + " crosses a 4 KiB boundary";
    else if (!find(b.addr) || find(b.addr) != find(end - 1))
        *why = name + " reaches outside every buffer";
    else
        return true;
    return false;
}

// The word of mem holding byte off of buf, and the byte's shift in it;
// null for a byte past a wide element's limbs (its power-of-two padding).
uint64_t *AxiMem::byte_word(const Buffer &buf, uint64_t off, unsigned *shift) const
{
    uint64_t e = off / buf.ebytes, j = off % buf.ebytes;
    if (buf.limbs == 1) {
        *shift = static_cast<unsigned>(8 * j);
        return &ps_[buf.param].mem[e];
    }
    *shift = static_cast<unsigned>(8 * (j % 8));
    return j / 8 < buf.limbs ? &ps_[buf.param].mem[e * buf.limbs + j / 8] : nullptr;
}

// The bus's bytes of a read beat, 8 a word (kBeatWords words).
void AxiMem::read_beat(const Burst &b, uint64_t *data) const
{
    unsigned n = bus_bytes(bus_), sh;
    uint64_t a = beat_addr(b), size = 1ULL << b.size, lo = a & ~(uint64_t(n) - 1), end = (a & ~(size - 1)) + size;
    for (unsigned k = 0; k < kBeatWords; k++)
        data[k] = 0;
    for (unsigned j = 0; j < n; j++) {
        const Buffer *buf = lo + j >= a && lo + j < end ? find(lo + j) : nullptr;
        const uint64_t *w = buf ? byte_word(*buf, lo + j - buf->base, &sh) : nullptr;
        if (w)
            data[j / 8] |= ((*w >> sh) & 0xff) << (8 * (j % 8));
    }
}

void AxiMem::write_beat(const Burst &b, const uint64_t *data, const uint64_t *strb)
{
    unsigned n = bus_bytes(bus_), sh;
    uint64_t a = beat_addr(b), size = 1ULL << b.size, lo = a & ~(uint64_t(n) - 1), end = (a & ~(size - 1)) + size;
    for (unsigned j = 0; j < n; j++) {
        const Buffer *buf = (strb[j / 64] >> (j % 64)) & 1 && lo + j >= a && lo + j < end ? find(lo + j) : nullptr;
        uint64_t *w = buf ? byte_word(*buf, lo + j - buf->base, &sh) : nullptr;
        if (w)
            *w = (*w & ~(0xffULL << sh)) | (((data[j / 8] >> (8 * (j % 8))) & 0xff) << sh);
    }
}

void AxiMem::drive(Rng &rng, uint64_t cycle)
{
    const Port *s = bus_->sig;
    set(s[ORW_AXI_ARREADY], rd_.size() < kOutstanding && rng.chance(3, 4));
    set(s[ORW_AXI_AWREADY], wr_.size() < kOutstanding && rng.chance(3, 4));
    // The slave may wait for the address before taking data (AXI4 A3.3.1).
    set(s[ORW_AXI_WREADY], !wr_.empty() && rng.chance(3, 4));
    // RVALID and BVALID, once raised, hold until their handshake.
    r_on_ = r_on_ || (!rd_.empty() && cycle >= rd_.front().ready_at && rng.chance(4, 5));
    set(s[ORW_AXI_RVALID], r_on_);
    uint64_t beat[kBeatWords] = {0};
    if (r_on_)
        read_beat(rd_.front(), beat);
    set_wide(s[ORW_AXI_RDATA], beat, kBeatWords);
    set(s[ORW_AXI_RLAST], r_on_ && rd_.front().beat == rd_.front().len);
    set(s[ORW_AXI_RRESP], 0);
    b_on_ = b_on_ || (!b_due_.empty() && cycle >= b_due_.front());
    set(s[ORW_AXI_BVALID], b_on_);
    set(s[ORW_AXI_BRESP], 0);
}

// A request channel's VALID and fields held while it waits for READY.
bool AxiMem::held(int valid, int addr, int len, uint64_t *wait, std::string *why) const
{
    const Port *s = bus_->sig;
    if (!wait[0])
        return true;
    if (!get(s[valid]) || get(s[addr]) != wait[1] || get(s[len]) != wait[2]) {
        *why = std::string(valid == ORW_AXI_ARVALID ? "AR" : "AW") + " request at " + hex(wait[1]) +
               " changed or withdrew before its READY";
        return false;
    }
    return true;
}

bool AxiMem::sample(Rng &rng, uint64_t cycle, std::string *why)
{
    const Port *s = bus_->sig;
    if (!held(ORW_AXI_ARVALID, ORW_AXI_ARADDR, ORW_AXI_ARLEN, ar_wait_, why) ||
        !held(ORW_AXI_AWVALID, ORW_AXI_AWADDR, ORW_AXI_AWLEN, aw_wait_, why))
        return false;
    unsigned full = 0;
    while ((2u << full) <= bus_bytes(bus_))
        full++;
    const int chans[2][6] = {
        {ORW_AXI_ARVALID, ORW_AXI_ARREADY, ORW_AXI_ARADDR, ORW_AXI_ARLEN, ORW_AXI_ARSIZE, ORW_AXI_ARBURST},
        {ORW_AXI_AWVALID, ORW_AXI_AWREADY, ORW_AXI_AWADDR, ORW_AXI_AWLEN, ORW_AXI_AWSIZE, ORW_AXI_AWBURST}};
    for (int k = 0; k < 2; k++) {
        const int *c = chans[k];
        uint64_t *wait = k == 0 ? ar_wait_ : aw_wait_;
        bool valid = get(s[c[0]]) != 0;
        wait[0] = valid && !get(s[c[1]]);
        wait[1] = get(s[c[2]]);
        wait[2] = get(s[c[3]]);
        if (!valid || wait[0])
            continue;
        Burst b;
        b.addr = get(s[c[2]]);
        b.len = static_cast<unsigned>(get(s[c[3]]));
        b.size = s[c[4]].p ? static_cast<unsigned>(get(s[c[4]])) : full;
        if (s[c[5]].p && get(s[c[5]]) != 1) {
            *why = std::string(k ? "write" : "read") + " burst at " + hex(b.addr) + " has type " +
                   std::to_string(get(s[c[5]])) + ", not INCR (1)";
            return false;
        }
        if (!check_burst(k ? "write" : "read", b, why))
            return false;
        b.ready_at = cycle + 1 + rng.below(8);
        (k ? wr_ : rd_).push_back(b);
    }
    if (get(s[ORW_AXI_WVALID]) && get(s[ORW_AXI_WREADY])) {
        Burst &b = wr_.front();
        bool last = s[ORW_AXI_WLAST].p ? get(s[ORW_AXI_WLAST]) != 0 : b.beat == b.len;
        if (last != (b.beat == b.len)) {
            *why = "write burst at " + hex(b.addr) + " of " + std::to_string(b.len + 1) + " beats has WLAST " +
                   (last ? "on" : "low on") + " beat " + std::to_string(b.beat + 1);
            return false;
        }
        uint64_t data[kBeatWords], strb[kStrbWords] = {~0ULL, ~0ULL};
        get_wide(s[ORW_AXI_WDATA], data, kBeatWords);
        if (s[ORW_AXI_WSTRB].p)
            get_wide(s[ORW_AXI_WSTRB], strb, kStrbWords);
        write_beat(b, data, strb);
        if (b.beat++ == b.len) {
            wr_.pop_front();
            b_due_.push_back(cycle + 1 + rng.below(4));
        }
    }
    if (r_on_ && get(s[ORW_AXI_RREADY])) {
        r_on_ = false;
        if (rd_.front().beat++ == rd_.front().len)
            rd_.pop_front();
    }
    if (b_on_ && get(s[ORW_AXI_BREADY])) {
        b_on_ = false;
        b_due_.pop_front();
    }
    return true;
}

std::string AxiMem::pending() const
{
    if (!rd_.empty())
        return "read burst at " + hex(rd_.front().addr) + " with " +
               std::to_string(rd_.front().len + 1 - rd_.front().beat) + " beats unread";
    if (!wr_.empty())
        return "write burst at " + hex(wr_.front().addr) + " with " +
               std::to_string(wr_.front().len + 1 - wr_.front().beat) + " beats unwritten";
    return std::to_string(b_due_.size()) + " write responses not taken";
}

void AxiLite::start(const LiteOp &op)
{
    op_ = op;
    busy_ = true;
    a_done_ = w_done_ = false;
}

void AxiLite::drive()
{
    const Port *s = bus_->sig;
    bool w = busy_ && op_.write, r = busy_ && !op_.write;
    set(s[ORW_AXI_AWVALID], w && !a_done_);
    set(s[ORW_AXI_AWADDR], op_.addr);
    set(s[ORW_AXI_WVALID], w && !w_done_);
    set(s[ORW_AXI_WDATA], op_.data);
    set(s[ORW_AXI_WSTRB], 0xf);
    set(s[ORW_AXI_BREADY], w && a_done_ && w_done_);
    set(s[ORW_AXI_ARVALID], r && !a_done_);
    set(s[ORW_AXI_ARADDR], op_.addr);
    set(s[ORW_AXI_RREADY], r && a_done_);
}

bool AxiLite::sample(bool *complete, uint64_t *data, std::string *why)
{
    const Port *s = bus_->sig;
    *complete = false;
    if (!busy_)
        return true;
    std::string at = " of register " + hex(op_.addr);
    bool resp =
        op_.write ? get(s[ORW_AXI_BREADY]) && get(s[ORW_AXI_BVALID]) : get(s[ORW_AXI_RREADY]) && get(s[ORW_AXI_RVALID]);
    if (resp) {
        uint64_t code = get(s[op_.write ? ORW_AXI_BRESP : ORW_AXI_RRESP]);
        if (code != 0) {
            *why = std::string(op_.write ? "write" : "read") + at + " answered with response " + std::to_string(code);
            return false;
        }
        *data = get(s[ORW_AXI_RDATA]);
        busy_ = false;
        *complete = true;
        return true;
    }
    if (op_.write) {
        a_done_ = a_done_ || get(s[ORW_AXI_AWREADY]);
        w_done_ = w_done_ || get(s[ORW_AXI_WREADY]);
    } else {
        a_done_ = a_done_ || get(s[ORW_AXI_ARREADY]);
    }
    return true;
}

} // namespace lgh
