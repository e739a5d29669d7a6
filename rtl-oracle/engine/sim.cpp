// The cycle loop of one RTL call. Timing follows design.md ("Harness timing
// facts"): eval after every input change, RAM reads land in q one cycle
// after address/ce, both RAM ports act at the same edge (reads see the old
// contents), and the edge of the ap_done cycle is clocked so its writes
// count.
#include "sim.h"

namespace lgh
{

Sim::Sim(Param *ps, const std::string &vcd, uint64_t xstate) : ps_(ps), buses_(kBuses + 1)
{
    // A new context is this thread's from here on: the model's
    // constructor draws its initial values through it.
    ctx_.reset(new VerilatedContext);
    ctx_->fatalOnError(false); // $stop/$fatal set gotError instead of aborting
    ctx_->randReset(xstate == ORW_XSTATE_ZERO ? 0 : xstate == ORW_XSTATE_ONES ? 1 : 2);
    if (xstate > ORW_XSTATE_ONES) {
        seed_ = static_cast<int>(xstate % 0x7fffffffu) + 1; // 0 would pick a seed from the clock
        reseed();
    }
    if (!vcd.empty())
        ctx_->traceEverOn(true);
    m_.reset(make_top(ctx_.get(), &c_, ps_, &ctrl_, &args_, buses_.data()));
    if (!vcd.empty()) {
        tfp_.reset(new VerilatedVcdC(&wave_));
        m_->trace(tfp_.get(), 99);
        tfp_->open(vcd.c_str());
        return;
    }
    // Verilator's initial state is fixed (randReset(0): every variable 0
    // before `initial` blocks run, or as xstate says); the snapshot is that state, taken
    // before the first eval, so restoring it runs the `initial` blocks
    // again too.
    {
        SnapshotWriter w;
        m_->save(w);
        w.flush();
        initial_.swap(w.bytes);
    }
    restore_.reset(new SnapshotReader(&initial_));
}

// Verilator's generator (xoroshiro128+) starts from two equal words made
// of the seed: its first outputs are twice the seed, whose low bits (all a
// narrow X gets) repeat every few seeds and whose bit 0 is always 0. A few
// outputs drawn and dropped mix the state before the model draws.
void Sim::reseed()
{
    ctx_->randSeed(seed_);
    for (int k = 0; k < 16; k++)
        (void)vl_rand64();
}

Sim::~Sim()
{
    m_->final();
    if (tfp_)
        tfp_->close();
}

void Sim::close_wave(Outcome *o)
{
    if (!tfp_)
        return;
    tfp_->close();
    o->wave_error = wave_.error();
}

// A waveform holds a call's first kWaveHead cycles and, of a call that
// runs on, its last kWaveTail before max_cycles: a hang traced in full is
// max_cycles of one stuck loop (18 MB for accumulate), while no call that
// ends (tens of thousands of cycles for the slowest accelerators) loses
// any of its cycles. docs/rtl-oracle.md says so.
static const uint64_t kWaveHead = 50000, kWaveTail = 1000;

// Settles the model and dumps the time step; every change of an input is
// followed by one, so combinational outputs are current when sampled.
void Sim::eval()
{
    m_->eval();
    if (tfp_ && (cycles_ < kWaveHead || cycles_ + kWaveTail >= kMaxCycles))
        tfp_->dump(ctx_->time());
    ctx_->timeInc(5);
}

void Sim::edge()
{
    set(c_.clk, 1);
    eval();
    set(c_.clk, 0);
}

// Stream handshakes seen by the model during the coming cycle.
// Each AXI4-Stream's pattern for one call, drawn from the call's seed:
// random gaps (a beat offered in 3 of 4 cycles), none, sparse beats (1 in
// 4), or long stalls (runs of offered and withheld cycles, each ending
// with chance 1/8). A kernel that only works with the stream always ready,
// or that loses a beat after a long stall, meets its pattern.
void Sim::draw_paces()
{
    for (int i = 0; i < kParams; i++)
        if (ps_[i].kind == ORW_AXIS_IN || ps_[i].kind == ORW_AXIS_OUT) {
            ps_[i].pace = rng_.below(4);
            ps_[i].gate = true;
        }
}

// Whether stream p offers a beat (TVALID) or takes one (TREADY) in the
// coming cycle, by its pace.
bool Sim::pace_on(Param &p)
{
    switch (p.pace) {
    case 1:
        return true;
    case 2:
        return rng_.chance(1, 4);
    case 3:
        if (rng_.chance(1, 8))
            p.gate = !p.gate;
        return p.gate;
    default:
        return rng_.chance(3, 4);
    }
}

// The value on p's data port, appended to p.mem as p.limbs words.
static void push_value(Param &p)
{
    size_t at = p.mem.size();
    p.mem.resize(at + p.limbs);
    get_wide(p.data, &p.mem[at], p.limbs);
}

// After ap_done: the beats an output stream's register slice still holds
// (HLS's axis `register` mode lets ap_done rise before the last beat
// leaves) are taken, every output ready, until no output stream has
// offered a beat for kDrainQuiet cycles (at most kDrainMax). Only the
// output streams are sampled (an ap_none output keeps its value at
// ap_done), and the cycles count toward none of the call's. A broken
// stream rule ends the call.
void Sim::drain_streams(Outcome *o)
{
    const unsigned kDrainQuiet = 8, kDrainMax = 256;
    bool any = false;
    for (int i = 0; i < kParams; i++)
        any |= ps_[i].kind == ORW_AXIS_OUT || ps_[i].kind == ORW_FIFO_OUT;
    for (unsigned n = 0, quiet = 0; any && n < kDrainMax && quiet < kDrainQuiet; n++) {
        for (int i = 0; i < kParams; i++) {
            Param &p = ps_[i];
            if (p.kind == ORW_AXIS_OUT) {
                p.on = true;
                set(p.flag, 1);
            } else if (p.kind == ORW_FIFO_OUT) {
                set(p.flag, p.mem.size() + p.limbs <= p.depth);
            }
        }
        eval();
        if (ctx_->gotError())
            return;
        bool offered = false;
        for (int i = 0; i < kParams; i++) {
            Param &p = ps_[i];
            if (p.kind == ORW_AXIS_OUT && get(p.vld)) {
                offered = true;
                if (!take_beat(p, i, o)) /* a beat past TLAST or the depth: the stream's rule */
                    return;
            } else if (p.kind == ORW_FIFO_OUT && get(p.strobe)) {
                offered = true;
                if (p.mem.size() + p.limbs <= p.depth)
                    push_value(p);
            }
        }
        quiet = offered ? 0 : quiet + 1;
        edge();
    }
}

void Sim::drive_streams()
{
    for (int i = 0; i < kParams; i++) {
        Param &p = ps_[i];
        if (p.kind == ORW_FIFO_IN) {
            bool avail = p.pos < p.mem.size();
            set(p.flag, avail);
            if (avail)
                set_wide(p.data, &p.mem[p.pos], p.limbs);
            else
                set(p.data, 0);
        } else if (p.kind == ORW_FIFO_OUT) {
            set(p.flag, p.mem.size() + p.limbs <= p.depth);
        } else if (p.kind == ORW_AXIS_IN) {
            // TVALID, once raised, holds until the kernel takes the beat.
            p.on = p.on || (p.pos < p.mem.size() && pace_on(p));
            set(p.vld, p.on);
            if (p.on)
                set_wide(p.data, &p.mem[p.pos], p.limbs);
            else
                set(p.data, 0);
            set(p.last, p.on && p.pos + p.limbs == p.mem.size());
            set(p.keep, ~0ULL);
            set(p.strb, ~0ULL);
            set(p.user, 0);
            set(p.id, 0);
            set(p.dest, 0);
        } else if (p.kind == ORW_AXIS_OUT) {
            p.on = pace_on(p); // back-pressure
            set(p.flag, p.on);
        }
    }
}

// A beat the kernel sent on output stream i: past the depth, after TLAST
// or with bytes left out (TKEEP not all ones; TSTRB is not checked: a byte
// TKEEP keeps with TSTRB low is a position byte) it breaks a rule of the
// stream (false, o filled).
bool Sim::take_beat(Param &p, int i, Outcome *o)
{
    std::string why;
    const int bytes = (p.data.bits + 7) / 8;
    const std::string beat = "beat " + std::to_string(p.mem.size() / p.limbs + 1);
    if (p.ended)
        why = beat + " came after the beat with TLAST";
    else if (p.mem.size() + p.limbs > p.depth)
        why = beat + " is more than the stream's depth " + std::to_string(p.depth / p.limbs);
    else if (p.keep.p && !low_ones(p.keep, bytes))
        why = beat + " leaves bytes out (TKEEP)";
    if (!why.empty()) {
        protocol(o, static_cast<uint64_t>(i), why);
        return false;
    }
    push_value(p);
    p.ended = p.last.p && get(p.last);
    return true;
}

// The RAM ports of param i in the settled cycle, as ops (param, port,
// address, is_write, data). A write at or beyond the depth ends the call
// (false); a read there is noted in o and returns poison at the edge: real
// RAM returns some word for it, and HLS issues such reads (the prefetch of
// a pipelined loop, the exit test of a loop) whose data it never uses.
bool Sim::sample_ram(Param &p, int i, Outcome *o, std::vector<uint64_t> *ops)
{
    if (!p.banks.empty())
        return sample_banks(p, i, o, ops);
    const uint64_t elems = p.depth / p.limbs; // a wide element takes limbs words of mem
    for (int k = 0; k < 2; k++) {
        if (!p.ce[k].p || !get(p.ce[k]))
            continue;
        uint64_t a = get(p.addr[k]) >> p.addr_shift;
        uint64_t we = p.we[k].p ? get(p.we[k]) : 0; // bram: a bit per byte
        bool w = we != 0;
        if (a >= elems && w) {
            o->status = ORW_OOB;
            o->oob_param = static_cast<uint64_t>(i);
            o->oob_addr = a;
            o->detail = "port " + std::to_string(k) + " writes address " + std::to_string(a) + " >= depth " +
                        std::to_string(elems) + " at cycle " + std::to_string(o->cycles);
            return false;
        }
        uint64_t data = w ? get(p.d[k]) : 0;
        if (w && p.limbs > 1) { /* the element's limbs, by their index */
            data = wide_writes_.size();
            wide_writes_.resize(data + p.limbs);
            get_wide(p.d[k], &wide_writes_[data], p.limbs);
        }
        access(p, i, static_cast<uint64_t>(k), a, w, data, o, ops);
        if (w && p.byte_we)
            ops->back() = bytes_written(p, ops->back(), we, a);
    }
    return true;
}

// A bram write's data with the bytes its enable leaves alone taken from
// the element as it stands (a write of every byte is the data itself).
uint64_t Sim::bytes_written(const Param &p, uint64_t data, uint64_t we, uint64_t e) const
{
    uint64_t keep = 0;
    for (unsigned b = 0; b < 8; b++)
        if (!(we >> b & 1))
            keep |= uint64_t{0xff} << (8 * b);
    uint64_t old = e < p.mem.size() ? p.mem[e] : 0;
    return (data & ~keep) | (old & keep);
}

// One RAM access (param i, port, element e, write, data) of the settled
// cycle into ops (and into o's record of accesses); a read at or beyond
// the depth is noted in o.
void Sim::access(Param &p, int i, uint64_t port, uint64_t e, bool w, uint64_t data, Outcome *o,
                 std::vector<uint64_t> *ops)
{
    // A bank's address that holds no element shows as the index past the
    // array's last.
    uint64_t shown = e == kNoElement ? p.depth : e;
    if (e >= p.depth / p.limbs && o->oob_reads++ == 0) {
        o->read_param = static_cast<uint64_t>(i);
        o->read_addr = shown;
        o->read_cycle = o->cycles;
    }
    ops->insert(ops->end(), {static_cast<uint64_t>(i), port, e, w, data});
    if (o->accesses && o->accesses->size() < 5 * kAccessesMax)
        o->accesses->insert(o->accesses->end(), {o->cycles, static_cast<uint64_t>(i), port, w, shown});
}

// sample_ram for a partitioned array: each bank's RAM ports, port k of
// bank b as port 2b+k, its addresses turned into the array's elements; a
// one-element bank of an output on a scalar port writes its element
// whenever its valid is high (every cycle without one: ap_none).
bool Sim::sample_banks(Param &p, int i, Outcome *o, std::vector<uint64_t> *ops)
{
    for (size_t b = 0; b < p.banks.size(); b++) {
        Bank &bk = p.banks[b];
        if (bk.data.p) {
            if (p.is_out && (!bk.vld.p || get(bk.vld)))
                ops->insert(ops->end(), {static_cast<uint64_t>(i), 2 * b, bk.map[0], 1, get(bk.data)});
            continue;
        }
        for (int k = 0; k < 2; k++) {
            if (!bk.ce[k].p || !get(bk.ce[k]))
                continue;
            uint64_t a = get(bk.addr[k]) >> p.addr_shift;
            uint64_t e = a < bk.map.size() ? bk.map[a] : kNoElement;
            uint64_t we = bk.we[k].p ? get(bk.we[k]) : 0; // bram: a bit per byte
            bool w = we != 0;
            if (e >= p.depth && w) {
                o->status = ORW_OOB;
                o->oob_param = static_cast<uint64_t>(i);
                o->oob_addr = a;
                o->detail = "bank " + std::to_string(b) + " port " + std::to_string(k) + " writes address " +
                            std::to_string(a) + ", which holds no element of the array (the bank's depth is " +
                            std::to_string(bk.map.size()) + ") at cycle " + std::to_string(o->cycles);
                return false;
            }
            access(p, i, 2 * b + static_cast<uint64_t>(k), e, w, w ? get(bk.d[k]) : 0, o, ops);
            if (w && p.byte_we)
                ops->back() = bytes_written(p, ops->back(), we, e);
        }
    }
    return true;
}

// Samples the outputs of the settled cycle; RAM operations go to ops.
// False on an out-of-range write.
bool Sim::sample(Outcome *o, std::vector<uint64_t> *ops)
{
    for (int i = 0; i < kParams; i++) {
        Param &p = ps_[i];
        if (p.kind == ORW_MEM) {
            if (!sample_ram(p, i, o, ops))
                return false;
        } else if (p.kind == ORW_FIFO_IN) {
            if (get(p.strobe) && p.pos < p.mem.size())
                p.pos += p.limbs;
        } else if (p.kind == ORW_FIFO_OUT) {
            if (get(p.strobe) && p.mem.size() + p.limbs <= p.depth)
                push_value(p);
        } else if (p.kind == ORW_AXIS_IN) {
            if (p.on && get(p.flag)) {
                p.pos += p.limbs;
                p.on = false;
            }
        } else if (p.kind == ORW_AXIS_OUT) {
            if (p.on && get(p.vld) && !take_beat(p, i, o))
                return false;
        } else if (p.kind == ORW_SCALAR_VLD || p.kind == ORW_SCALAR_INOUT) {
            // An ap_none output has no valid: it holds the value it has
            // in the call's last cycle, sampled like every cycle before.
            // (A scalar in a control register is read from there.)
            if (get(p.vld) || (!p.vld.p && p.data.p && p.reg < 0)) {
                if (p.limbs > 1) {
                    p.mem.resize(p.limbs);
                    get_wide(p.data, p.mem.data(), p.limbs);
                } else {
                    p.value = get(p.data);
                }
                p.valid = 1;
            }
        }
    }
    return true;
}

// The RAM side of a clock edge: every read of the cycle sees the contents
// before any write of the same edge (so a swap through both ports works).
void Sim::commit(const std::vector<uint64_t> &ops)
{
    // Reads of a slower RAM issued latency - 1 edges ago land now.
    size_t kept = 0;
    for (size_t j = 0; j < reads_.size(); j += 4) {
        if (reads_[j + 3] == cycles_)
            set(ram_port(ps_[reads_[j]], reads_[j + 1], false), reads_[j + 2]);
        else
            for (size_t k = 0; k < 4; k++)
                reads_[kept++] = reads_[j + k];
    }
    reads_.resize(kept);
    for (size_t j = 0; j < ops.size(); j += 5) {
        Param &p = ps_[ops[j]];
        uint64_t a = ops[j + 2];
        if (ops[j + 3])
            continue;
        if (p.limbs > 1) { /* a wide element (read latency 1: the spec refuses more) */
            uint64_t limbs[32];
            for (unsigned k = 0; k < p.limbs && k < 32; k++)
                limbs[k] = (a + 1) * p.limbs <= p.mem.size() ? p.mem[a * p.limbs + k] : poison_;
            set_wide(ram_port(p, ops[j + 1], false), limbs, p.limbs);
            continue;
        }
        uint64_t word = a < p.mem.size() ? p.mem[a] : poison_;
        if (p.latency > 1)
            reads_.insert(reads_.end(), {ops[j], ops[j + 1], word, cycles_ + p.latency - 1});
        else
            set(ram_port(p, ops[j + 1], false), word);
    }
    for (size_t j = 0; j < ops.size(); j += 5) {
        Param &p = ps_[ops[j]];
        if (ops[j + 3] && p.limbs > 1) {
            for (unsigned k = 0; k < p.limbs; k++)
                p.mem[ops[j + 2] * p.limbs + k] = wide_writes_[ops[j + 4] + k];
        } else if (ops[j + 3]) {
            p.mem[ops[j + 2]] = ops[j + 4] & width_mask(ram_port(p, ops[j + 1], true).bits);
        }
    }
    wide_writes_.clear();
}

// A RAM port's read data (q) or write data (d): port k of a param's RAM,
// or port k % 2 of its bank k / 2 (a one-element bank's scalar port).
const Port &Sim::ram_port(const Param &p, uint64_t k, bool write) const
{
    if (p.banks.empty())
        return write ? p.d[k] : p.q[k];
    const Bank &bk = p.banks[k / 2];
    if (bk.data.p)
        return bk.data;
    return write ? bk.d[k % 2] : bk.q[k % 2];
}

// For a hang: the input streams the kernel left beats in.
std::string Sim::streams_waiting() const
{
    std::string s;
    for (int i = 0; i < kParams; i++)
        if (ps_[i].kind == ORW_AXIS_IN && ps_[i].pos < ps_[i].mem.size())
            s += "; the input stream of param #" + std::to_string(i + 1) + " has " +
                 std::to_string((ps_[i].mem.size() - ps_[i].pos) / ps_[i].limbs) + " beat(s) not taken";
    return s;
}

void Sim::reset()
{
    set(c_.start, 0);
    set(c_.cont, 0);
    set(c_.rst, c_.rst_low ? 0 : 1);
    for (int k = 0; k < 3; k++) {
        eval();
        edge();
    }
    set(c_.rst, c_.rst_low ? 1 : 0);
}

// A top without a clock: the outputs of one evaluation.
void Sim::run_comb(Outcome *o)
{
    set(c_.start, 1); // a latency-0 ap_ctrl_hs top: ap_start in, ap_done out, no clock
    eval();
    if (c_.done.p && !get(c_.done) && !ctx_->gotError()) {
        protocol(o, ORW_NO_PARAM, "a top with no ap_clk held ap_done low while ap_start was high");
        return;
    }
    std::vector<uint64_t> ops;
    sample(o, &ops);
    o->ret = get(c_.ret);
    if (ctx_->gotError()) {
        o->status = ORW_ASSERT;
        o->detail = "$stop/$fatal in the combinational evaluation";
    }
}

void Sim::protocol(Outcome *o, uint64_t param, const std::string &why)
{
    o->status = ORW_PROTOCOL;
    o->oob_param = param;
    o->detail = why + " at cycle " + std::to_string(o->cycles);
}

// ap_ctrl_chain: ap_done and ap_return must hold until ap_continue, which
// the harness raises 1 to 4 cycles (drawn) after ap_done rose.
void Sim::run_chain_end(Outcome *o)
{
    unsigned wait = 1 + rng_.below(4);
    for (unsigned k = 0; k < wait; k++) {
        eval();
        if (!get(c_.done) || get(c_.ret) != o->ret) {
            protocol(o, ORW_NO_PARAM,
                     std::string(get(c_.done) ? "ap_return changed" : "ap_done fell") + " " + std::to_string(k + 1) +
                         " cycle(s) after ap_done rose, before ap_continue");
            return;
        }
        edge();
    }
    set(c_.cont, 1);
    eval();
    edge();
    set(c_.cont, 0);
    eval();
}

// The state a call's future depends on, as bytes: the model's (its
// serialisation, taken at time 0 so the clock's advance does not count)
// and the harness's (RAM contents, stream positions).
void Sim::state_bytes(std::vector<uint8_t> *out)
{
    uint64_t t = ctx_->time();
    ctx_->time(0);
    SnapshotWriter w;
    m_->save(w);
    w.flush();
    ctx_->time(t);
    out->swap(w.bytes);
    for (int i = 0; i < kParams; i++) {
        const Param &p = ps_[i];
        const uint8_t *at = reinterpret_cast<const uint8_t *>(p.mem.data());
        if (p.kind == ORW_MEM)
            out->insert(out->end(), at, at + p.mem.size() * sizeof(uint64_t));
        uint64_t pos[2] = {p.pos, p.mem.size()};
        const uint8_t *q = reinterpret_cast<const uint8_t *>(pos);
        out->insert(out->end(), q, q + sizeof pos);
    }
}

// ap_ctrl_none has no ap_done. The call has ended once the cycle just
// clocked was the design's latency (when known), or once the whole state
// repeats one it had before (Brent's cycle detection): the design then
// does forever what it did between the two, all of which was sampled, so
// no output can still change. A design whose state does not repeat
// within max_cycles, or whose harness side draws random timing (AXI4-Stream,
// m_axi), is undecided: not compared, as its end cannot be told.
bool Sim::none_ended(Outcome *o)
{
    if (kLatency >= 0)
        return o->cycles > static_cast<uint64_t>(kLatency);
    for (int i = 0; i < kParams; i++)
        if (ps_[i].kind == ORW_AXIS_IN || ps_[i].kind == ORW_AXIS_OUT || ps_[i].bus >= 0)
            return false;
    state_bytes(&cur_);
    if (o->cycles == 1 || lam_ == power_) {
        saved_.swap(cur_);
        power_ = o->cycles == 1 ? 1 : 2 * power_;
        lam_ = 0;
        return false;
    }
    lam_++;
    return cur_ == saved_;
}

// After three reset cycles: ap_start until ap_ready (or ap_done), ended by
// ap_done (ap_ctrl_none: none_ended). Each cycle samples the settled
// outputs, clocks the edge, then lets the RAMs answer.
void Sim::run(Outcome *o, uint64_t poison, uint64_t seed)
{
    // Another Sim's context may have been this thread's since.
    Verilated::threadContextp(ctx_.get());
    // The model draws the Xs it assigns (--x-assign unique) when its
    // `initial` blocks run, which every call does again: from the same
    // seed each time, they are the same in every call.
    if (seed_)
        reseed();
    if (used_ && restore_) {
        restore_->rewind();
        m_->restore(*restore_);
    }
    used_ = true;
    poison_ = poison;
    cycles_ = 0;
    reads_.clear();
    wide_writes_.clear();
    power_ = 1;
    lam_ = 0;
    rng_.s = seed;
    draw_paces();
    for (int i = 0; i < kParams; i++) {
        if (ps_[i].kind == ORW_SCALAR_IN && ps_[i].limbs > 1) {
            set_wide(ps_[i].data, ps_[i].mem.data(), ps_[i].limbs);
        } else if (ps_[i].kind == ORW_SCALAR_IN) {
            set(ps_[i].data, ps_[i].input);
            set(ps_[i].vld, 1); // ap_vld, ap_hs: the value is valid all call long
        } else if (ps_[i].kind == ORW_SCALAR_VLD) {
            set(ps_[i].ack, 1); // ap_ack, ap_hs: every value is taken at once
        } else if (ps_[i].kind == ORW_SCALAR_INOUT) {
            set(ps_[i].in, ps_[i].input);
            set(ps_[i].in_vld, 1); // ap_hs: the input valid all call long,
            set(ps_[i].ack, 1);    // the output taken at once
        } else if (ps_[i].kind == ORW_MEM && ps_[i].bus >= 0)
            set(ps_[i].data, ps_[i].base); // offset direct: the address port
        else if (ps_[i].kind == ORW_MEM && !ps_[i].is_out)
            for (Bank &bk : ps_[i].banks) // a one-element bank of an input: its element all call long
                if (bk.data.p)
                    set(bk.data, bk.map[0] < ps_[i].mem.size() ? ps_[i].mem[bk.map[0]] : poison_);
    }
    if (kProto == ORW_PROTO_COMB)
        return run_comb(o);
    reset();
    if (kProto == ORW_PROTO_AXILITE)
        return run_lite(o);
    set(c_.start, 1);
    std::vector<uint64_t> ops;
    std::vector<AxiMem> mems = make_mems();
    for (;;) {
        drive_streams();
        for (AxiMem &m : mems)
            m.drive(rng_, o->cycles);
        eval();
        if (ctx_->gotError())
            break;
        bool done = kProto != ORW_PROTO_NONE && get(c_.done) != 0;
        if (done || kProto == ORW_PROTO_NONE) // ap_ctrl_none: as settled in the call's last cycle
            o->ret = get(c_.ret);
        bool ready = get(c_.ready) != 0 || done;
        ops.clear();
        if (!sample(o, &ops) || !sample_mems(mems, o))
            return;
        if (done && !mems_idle(mems, o, "when ap_done rose"))
            return;
        edge();
        commit(ops);
        if (ready)
            set(c_.start, 0);
        o->cycles++;
        cycles_ = o->cycles;
        if (ctx_->gotError())
            break;
        if (done) {
            drain_streams(o);
            break;
        }
        if (kProto == ORW_PROTO_NONE && none_ended(o))
            return;
        if (o->cycles >= kMaxCycles) {
            o->status = kProto == ORW_PROTO_NONE ? ORW_UNDECIDED : ORW_HANG;
            o->detail = kProto == ORW_PROTO_NONE
                            ? "ap_ctrl_none: no latency known and the state did not repeat within max_cycles " +
                                  std::to_string(kMaxCycles) + ", so where the call ends is not known"
                            : "no ap_done within max_cycles " + std::to_string(kMaxCycles) + streams_waiting();
            return;
        }
    }
    if (ctx_->gotError()) {
        o->status = ORW_ASSERT;
        o->detail = "$stop/$fatal at cycle " + std::to_string(o->cycles);
    } else if (kProto == ORW_PROTO_CHAIN) {
        run_chain_end(o);
    }
}

} // namespace lgh
