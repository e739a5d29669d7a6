// A call in the Vitis kernel flow: the arguments and each m_axi buffer's
// base address written into the AXI4-Lite control registers, ap_start set
// in the control register (0x00, bit 0), the register polled until
// ap_done (bit 1) shows, then the return value and the scalar outputs
// (data, then the ap_vld bit of the word after it) read back. The m_axi
// bundles' memories serve the kernel meanwhile; a transaction still in
// flight when ap_done shows is a broken rule, like any other of axi.cpp's.
#include "sim.h"

namespace lgh
{

// Buffers start at 256 MiB, each on a 4 KiB page of its own with a free
// page after it, so a burst past a buffer's end reaches no other buffer.
std::vector<AxiMem> Sim::make_mems() const
{
    std::vector<std::vector<Buffer>> bufs(kBuses + 1);
    uint64_t at = 0x10000000ULL;
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        if (p.kind != ORW_MEM || p.bus < 0)
            continue;
        uint64_t bytes = p.depth * p.ebytes;
        bufs[static_cast<size_t>(p.bus)].push_back(Buffer{i, at, bytes, p.ebytes});
        at += ((bytes + 4095) & ~4095ULL) + 4096;
    }
    std::vector<AxiMem> mems;
    for (int k = 0; k < kBuses; k++)
        mems.emplace_back(ps_, &buses_[k], bufs[static_cast<size_t>(k)]);
    return mems;
}

// The register writes before ap_start: each input scalar's value and each
// buffer's base address, 32 bits a register, low word first.
std::vector<LiteOp> Sim::start_ops() const
{
    std::vector<LiteOp> ops;
    std::vector<AxiMem> mems = make_mems();
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        uint64_t v = p.input, words = (p.ebytes + 3) / 4;
        if (p.reg < 0 || (p.kind != ORW_SCALAR_IN && p.kind != ORW_MEM))
            continue;
        if (p.kind == ORW_MEM) {
            for (const Buffer &b : mems[static_cast<size_t>(p.bus)].buffers())
                if (b.param == i)
                    v = b.base;
            words = 2;
        }
        for (uint64_t w = 0; w < words; w++)
            ops.push_back(LiteOp{true, static_cast<uint64_t>(p.reg) + 4 * w, (v >> (32 * w)) & 0xffffffffULL});
    }
    ops.push_back(LiteOp{true, 0, 1}); // ap_start
    return ops;
}

// One cycle with the control master and the memories; false when the
// call ended (a broken rule, an assertion).
bool Sim::step_lite(AxiLite &lite, std::vector<AxiMem> &mems, Outcome *o, bool *complete, uint64_t *data)
{
    lite.drive();
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
    if (!lite.sample(complete, data, &why)) {
        protocol(o, ORW_CONTROL_PARAM, why);
        return false;
    }
    for (AxiMem &m : mems)
        if (!m.sample(rng_, o->cycles, &why)) {
            protocol(o, static_cast<uint64_t>(m.buffers().empty() ? ORW_NO_PARAM : m.buffers()[0].param), why);
            return false;
        }
    edge();
    commit(ops);
    o->cycles++;
    cycles_ = o->cycles;
    return true;
}

void Sim::run_lite(Outcome *o)
{
    AxiLite lite(&ctrl_);
    std::vector<AxiMem> mems = make_mems();
    std::vector<LiteOp> ops = start_ops();
    // What each read is for: -1 polls ap_done, -2/-3 the return's words,
    // 2i / 2i+1 param i's data words / its ap_vld word.
    std::vector<int> what(ops.size(), 0);
    size_t next = 0;
    unsigned gap = 0;
    bool done = false;
    while (o->cycles < kMaxCycles) {
        if (!lite.busy() && gap > 0) {
            gap--;
        } else if (!lite.busy()) {
            if (next == ops.size() && done)
                return;
            if (next == ops.size()) { // poll
                ops.push_back(LiteOp{false, 0, 0});
                what.push_back(-1);
            }
            lite.start(ops[next++]);
        }
        bool complete = false;
        uint64_t data = 0;
        if (!step_lite(lite, mems, o, &complete, &data))
            return;
        if (!complete)
            continue;
        gap = rng_.below(3);
        const LiteOp op = ops[next - 1];
        int w = what[next - 1];
        if (op.write)
            continue;
        if (w == -1 && (data & 2)) {
            done = true;
            for (AxiMem &m : mems)
                if (m.outstanding()) {
                    protocol(o, static_cast<uint64_t>(m.buffers()[0].param), m.pending() + " when ap_done rose");
                    return;
                }
            for (unsigned k = 0; k < static_cast<unsigned>(kRetBits + 31) / 32; k++) {
                ops.push_back(LiteOp{false, kRetReg + 4 * k, 0});
                what.push_back(-2 - static_cast<int>(k));
            }
            for (int i = 0; i < kParams; i++) {
                if (ps_[i].reg < 0 || ps_[i].kind != ORW_SCALAR_VLD)
                    continue;
                uint64_t words = (ps_[i].ebytes + 3) / 4;
                for (uint64_t k = 0; k <= words; k++) {
                    ops.push_back(LiteOp{false, static_cast<uint64_t>(ps_[i].reg) + 4 * k, k});
                    what.push_back(k < words ? 2 * i : 2 * i + 1);
                }
            }
        } else if (w <= -2) {
            o->ret |= (data & 0xffffffffULL) << (32 * static_cast<unsigned>(-2 - w));
        } else if (w >= 0 && w % 2 == 0) {
            ps_[w / 2].value |= (data & 0xffffffffULL) << (32 * op.data);
        } else if (w >= 0) {
            ps_[w / 2].valid = data & 1;
        }
    }
    o->status = ORW_HANG;
    o->detail = done ? "the control registers gave no answer within max_cycles " + std::to_string(kMaxCycles)
                     : "no ap_done within max_cycles " + std::to_string(kMaxCycles);
}

} // namespace lgh
