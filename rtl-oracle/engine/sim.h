// RTL calls on one Verilated model: reset, the block protocols, the RAMs,
// FIFOs and m_axi memories of the params, the cycle limit and the
// optional VCD. An
// untraced Sim serves any number of calls, each starting from the state
// the model had when constructed (snapshot.h); a traced one serves one.
// The model and its ports come from the generated kernel_table.cpp (table.h).
#ifndef LGH_SIM_H
#define LGH_SIM_H

#include "axi.h"
#include "model.h"
#include "snapshot.h"
#include "table.h"
#include "verilated.h"
#include "verilated_vcd_c.h"
#include "wave.h"
#include <memory>
#include <string>
#include <vector>

namespace lgh
{

class Sim
{
  public:
    // ps: kParams params holding each call's inputs, borrowed for the
    // Sim's life; vcd: the waveform's path, "" for none; xstate: the
    // values of the model's uninitialised registers, memories and Xs
    // (ORW_XSTATE_ZERO, ORW_XSTATE_ONES or a seed, wire.h).
    Sim(Param *ps, const std::string &vcd, uint64_t xstate = ORW_XSTATE_ZERO);
    ~Sim();
    // One call on the inputs in ps; its outputs go to ps and o. A RAM read
    // at or beyond the depth returns poison (ORW_POISON or ORW_POISON_ALT)
    // truncated to the q port's width. seed: the call's, for the AXI
    // models' randomness.
    void run(Outcome *o, uint64_t poison, uint64_t seed);
    // Closes the waveform; a failed write of it goes into o.
    void close_wave(Outcome *o);

  private:
    void reseed();
    void reset();
    void run_comb(Outcome *o);
    void run_chain_end(Outcome *o);
    void run_lite(Outcome *o);
    std::vector<AxiMem> make_mems();
    void draw_paces();
    bool pace_on(Param &p);
    std::vector<LiteOp> start_ops() const;
    void result_ops(std::vector<LiteOp> *ops, std::vector<int> *what) const;
    bool take_read(int w, const LiteOp &op, uint64_t data, Outcome *o);
    bool sample_mems(std::vector<AxiMem> &mems, Outcome *o);
    bool mems_idle(const std::vector<AxiMem> &mems, Outcome *o, const char *when);
    bool none_ended(Outcome *o);
    void state_bytes(std::vector<uint8_t> *out);
    bool step_lite(AxiLite *lites, int active, std::vector<AxiMem> &mems, Outcome *o, bool *complete, uint64_t *data);
    void protocol(Outcome *o, uint64_t param, const std::string &why);
    bool take_beat(Param &p, int i, Outcome *o);
    std::string streams_waiting() const;
    void eval();
    void edge();
    void drive_streams();
    void drain_streams(Outcome *o);
    bool sample(Outcome *o, std::vector<uint64_t> *ops);
    bool sample_ram(Param &p, int i, Outcome *o, std::vector<uint64_t> *ops);
    uint64_t bytes_written(const Param &p, uint64_t data, uint64_t we, uint64_t e) const;
    bool sample_banks(Param &p, int i, Outcome *o, std::vector<uint64_t> *ops);
    void access(Param &p, int i, uint64_t port, uint64_t e, bool w, uint64_t data, Outcome *o,
                std::vector<uint64_t> *ops);
    void commit(const std::vector<uint64_t> &ops);
    const Port &ram_port(const Param &p, uint64_t k, bool write) const;

    Param *ps_;
    Ctl c_;
    Bus ctrl_;
    Bus args_;               // kArgs: the second AXI4-Lite bundle
    std::vector<Bus> buses_; // kBuses + 1: a top may have none
    Rng rng_;
    // ap_ctrl_none without a known latency: the state saved for Brent's
    // cycle detection, and the steps since (lam_) and allowed (power_).
    std::vector<uint8_t> saved_, cur_;
    uint64_t power_ = 1, lam_ = 0;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Top> m_;
    WaveFile wave_; // before tfp_, which writes to it until destroyed
    std::unique_ptr<VerilatedVcdC> tfp_;
    std::vector<uint8_t> initial_; // the state after construction (untraced)
    std::unique_ptr<SnapshotReader> restore_;
    bool used_ = false;
    int seed_ = 0;                 // a random initial state's seed (xstate > ORW_XSTATE_ONES), else 0
    uint64_t poison_ = ORW_POISON; // what the current call's out-of-range reads return
    uint64_t cycles_ = 0;          // cycles of the current call so far (the waveform's window)
    // RAM reads of a latency above 1 on their way to q: param, port, the
    // word, and the edge (cycles_) at which it lands.
    std::vector<uint64_t> reads_;
    std::vector<uint64_t> wide_writes_; // this cycle's writes of wide elements: their limbs, ops' data indexes them
};

} // namespace lgh

#endif
