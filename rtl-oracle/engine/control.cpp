// A call in the Vitis kernel flow: the arguments and each m_axi buffer's
// base address written into the AXI4-Lite control registers (an array in
// the slave's memory into its window, read back after the call), ap_start set
// in the control register (0x00, bit 0), the register polled until
// ap_done (bit 1) shows (or, with the interrupt enabled, the `interrupt`
// port awaited and ISR cleared), then the return value and the scalar
// outputs (data, then the ap_vld bit of the word after it) read back. The m_axi
// bundles' memories serve the kernel meanwhile; a transaction still in
// flight when ap_done shows is a broken rule, like any other of axi.cpp's.
#include "sim.h"

namespace lgh
{

// Each buffer at the base the table gives it (rtl-oracle/bind_axi.c
// places them: on 4 KiB pages of their own with a free page after each,
// so a burst past a buffer's end reaches no other buffer). A buffer spans
// its depth, or, in half of the calls (drawn from the call's seed), only
// the elements the C side was given: a host allocates what it passes, so
// an access past the array's length but within the depth is then outside
// every buffer, as it would be on a board.
std::vector<AxiMem> Sim::make_mems()
{
    std::vector<std::vector<Buffer>> bufs(kBuses + 1);
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        if (p.kind != ORW_MEM || p.bus < 0)
            continue;
        uint64_t elems = (rng_.chance(1, 2) ? p.given : p.depth) / p.limbs; // depth and given count words
        bufs[static_cast<size_t>(p.bus)].push_back(Buffer{i, p.base, elems * p.ebytes, p.ebytes, p.limbs});
    }
    std::vector<AxiMem> mems;
    for (int k = 0; k < kBuses; k++)
        mems.emplace_back(ps_, &buses_[k], bufs[static_cast<size_t>(k)]);
    return mems;
}

// The memories' side of a settled cycle; false (o filled) on a broken rule.
bool Sim::sample_mems(std::vector<AxiMem> &mems, Outcome *o)
{
    std::string why;
    for (AxiMem &m : mems)
        if (!m.sample(rng_, o->cycles, &why)) {
            protocol(o, static_cast<uint64_t>(m.buffers().empty() ? ORW_NO_PARAM : m.buffers()[0].param), why);
            return false;
        }
    return true;
}

// A transaction still in flight when the kernel says it is done breaks a
// rule (false, o filled).
bool Sim::mems_idle(const std::vector<AxiMem> &mems, Outcome *o, const char *when)
{
    for (const AxiMem &m : mems)
        if (m.outstanding()) {
            protocol(o, static_cast<uint64_t>(m.buffers()[0].param), m.pending() + " " + when);
            return false;
        }
    return true;
}

// An array in the control slave's memory: its elements packed at ebytes
// bytes each from the window's base, little-endian, 32 bits a word.
static uint64_t window_words(const Param &p)
{
    return (p.depth * p.ebytes + 3) / 4;
}

static uint64_t window_word(const Param &p, uint64_t w)
{
    uint64_t word = 0;
    for (unsigned j = 0; j < 4; j++) {
        uint64_t at = 4 * w + j, e = at / p.ebytes;
        uint64_t byte = e < p.mem.size() ? (p.mem[e] >> (8 * (at % p.ebytes))) & 0xff : 0;
        word |= byte << (8 * j);
    }
    return word;
}

static void set_window_word(Param &p, uint64_t w, uint64_t data)
{
    for (unsigned j = 0; j < 4; j++) {
        uint64_t at = 4 * w + j, e = at / p.ebytes;
        unsigned sh = static_cast<unsigned>(8 * (at % p.ebytes));
        if (e < p.mem.size())
            p.mem[e] = (p.mem[e] & ~(0xffULL << sh)) | (((data >> (8 * j)) & 0xff) << sh);
    }
}

// The register writes before ap_start: with the interrupt, GIE (0x04) and
// IER bit 0 (0x08, ap_done); each input scalar's value (an inout's into its
// _i register) and each buffer's base address, 32 bits a register, low
// word first; each array in the slave's memory, its whole window.
std::vector<LiteOp> Sim::start_ops() const
{
    std::vector<LiteOp> ops;
    if (kInterrupt) {
        ops.push_back(LiteOp{true, 0x04, 1});
        ops.push_back(LiteOp{true, 0x08, 1});
    }
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        uint64_t v = p.input, words = (p.ebytes + 3) / 4;
        if (p.lite_mem) { // the whole window, as the C side's array starts
            for (uint64_t w = 0; w < window_words(p); w++)
                ops.push_back(LiteOp{true, static_cast<uint64_t>(p.reg) + 4 * w, window_word(p, w), p.lite});
            continue;
        }
        if (p.reg < 0 || (p.kind != ORW_SCALAR_IN && p.kind != ORW_SCALAR_INOUT && p.kind != ORW_MEM))
            continue;
        if (p.kind == ORW_MEM) {
            v = p.base;
            words = 2;
        }
        for (uint64_t w = 0; w < words; w++)
            ops.push_back(LiteOp{true, static_cast<uint64_t>(p.reg) + 4 * w, (v >> (32 * w)) & 0xffffffffULL, p.lite});
    }
    ops.push_back(LiteOp{true, 0, 1, 0}); // ap_start
    return ops;
}

// The reads once the kernel is done: ap_return's words (what -2, -3), then
// each output's data words and the ap_vld word after them (what 2i, 2i+1;
// an inout's from its _o register).
void Sim::result_ops(std::vector<LiteOp> *ops, std::vector<int> *what) const
{
    for (unsigned k = 0; k < static_cast<unsigned>(kRetBits + 31) / 32; k++) {
        ops->push_back(LiteOp{false, kRetReg + 4 * k, 0});
        what->push_back(-2 - static_cast<int>(k));
    }
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        if (p.lite_mem && p.is_out) { // the window back, word by word (what 2i, op.data the word)
            for (uint64_t w = 0; w < window_words(p); w++) {
                ops->push_back(LiteOp{false, static_cast<uint64_t>(p.reg) + 4 * w, w, p.lite});
                what->push_back(2 * i);
            }
            continue;
        }
        if (p.reg < 0 || (p.kind != ORW_SCALAR_VLD && p.kind != ORW_SCALAR_INOUT))
            continue;
        uint64_t words = (p.ebytes + 3) / 4;
        uint64_t at = static_cast<uint64_t>(p.kind == ORW_SCALAR_INOUT ? p.reg_out : p.reg);
        for (uint64_t k = 0; k <= words; k++) {
            ops->push_back(LiteOp{false, at + 4 * k, k, p.lite});
            what->push_back(k < words ? 2 * i : 2 * i + 1);
        }
    }
}

// One cycle with the AXI4-Lite masters (lites[0] the control bundle's,
// lites[1] the second bundle's when kArgs; lites[active] has the access
// in flight, if any) and the memories; false when the call ended (a broken
// rule, an assertion).
bool Sim::step_lite(AxiLite *lites, int active, std::vector<AxiMem> &mems, Outcome *o, bool *complete, uint64_t *data)
{
    lites[0].drive();
    if (kArgs)
        lites[1].drive();
    drive_streams();
    for (AxiMem &m : mems)
        m.drive(rng_, o->cycles);
    eval();
    if (ctx_->gotError()) {
        o->status = ORW_ASSERT;
        o->detail = "$stop/$fatal at cycle " + std::to_string(o->cycles);
        return false;
    }
    std::vector<uint64_t> ops;
    std::string why;
    if (!sample(o, &ops))
        return false;
    if (!lites[active].sample(complete, data, &why)) {
        protocol(o, ORW_CONTROL_PARAM, why);
        return false;
    }
    if (!sample_mems(mems, o))
        return false;
    edge();
    commit(ops);
    o->cycles++;
    cycles_ = o->cycles;
    return true;
}

// Takes the data of a completed read (what: as in run_lite); false (o
// filled) when the ISR read after the interrupt shows no ap_done.
bool Sim::take_read(int w, const LiteOp &op, uint64_t data, Outcome *o)
{
    if (w == -4 && !(data & 1)) {
        protocol(o, ORW_CONTROL_PARAM, "interrupt rose but ISR (0x0c) bit 0, ap_done, is clear");
        return false;
    }
    if (w <= -2 && w >= -3)
        o->ret |= (data & 0xffffffffULL) << (32 * static_cast<unsigned>(-2 - w));
    else if (w >= 0 && w % 2 == 0 && ps_[w / 2].lite_mem)
        set_window_word(ps_[w / 2], op.data, data);
    else if (w >= 0 && w % 2 == 0)
        ps_[w / 2].value |= (data & 0xffffffffULL) << (32 * op.data);
    else if (w >= 0)
        ps_[w / 2].valid = data & 1;
    return true;
}

void Sim::run_lite(Outcome *o)
{
    AxiLite lites[2] = {AxiLite(&ctrl_), AxiLite(&args_)};
    int active = 0; // the master of the access in flight, or of the last one
    std::vector<AxiMem> mems = make_mems();
    std::vector<LiteOp> ops = start_ops();
    // What each read is for: -1 polls ap_done, -4 reads ISR, -2/-3 the
    // return's words, 2i / 2i+1 param i's data words / its ap_vld word.
    std::vector<int> what(ops.size(), 0);
    size_t next = 0;
    unsigned gap = 0;
    bool done = false;
    while (o->cycles < kMaxCycles) {
        bool busy = lites[active].busy();
        bool idle = !busy && next == ops.size();
        if (!busy && gap > 0) {
            gap--;
        } else if (idle && done) {
            drain_streams(o); // an output stream's last beats, still in its register slice
            return;
        } else if (idle && kInterrupt) {
            // waiting for the interrupt: no access
        } else if (!busy) {
            if (next == ops.size()) { // poll
                ops.push_back(LiteOp{false, 0, 0, 0});
                what.push_back(-1);
            }
            active = kArgs ? ops[next].bus : 0;
            lites[active].start(ops[next++]);
        }
        bool complete = false;
        uint64_t data = 0;
        if (!step_lite(lites, active, mems, o, &complete, &data))
            return;
        if (kInterrupt && !done && idle && get(c_.irq)) {
            done = true;
            if (!mems_idle(mems, o, "when interrupt rose"))
                return;
            ops.push_back(LiteOp{false, 0x0c, 0}); // ISR: which interrupt
            what.push_back(-4);
            ops.push_back(LiteOp{true, 0x0c, 1}); // toggle-on-write: clears ap_done's bit
            what.push_back(0);
            result_ops(&ops, &what);
        }
        if (!complete)
            continue;
        gap = rng_.below(3);
        const LiteOp op = ops[next - 1];
        int w = what[next - 1];
        if (op.write)
            continue;
        if (w == -1 && (data & 2)) {
            done = true;
            if (!mems_idle(mems, o, "when ap_done rose"))
                return;
            result_ops(&ops, &what);
        } else if (!take_read(w, op, data, o)) {
            return;
        }
    }
    o->status = ORW_HANG;
    o->detail = done         ? "the control registers gave no answer within max_cycles " + std::to_string(kMaxCycles)
                : kInterrupt ? "no interrupt within max_cycles " + std::to_string(kMaxCycles)
                             : "no ap_done within max_cycles " + std::to_string(kMaxCycles);
}

} // namespace lgh
