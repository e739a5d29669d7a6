// The per-kernel part of the harness as the engine sees it: the kernel's
// constants and its Verilated model behind an interface. The generated
// kernel_table.cpp, the only code compiled for a kernel besides its
// model, defines them all; every engine source is the same for every
// kernel, so lgfuzz compiles it once into the runtime archive.
#ifndef LGH_TABLE_H
#define LGH_TABLE_H

#include "model.h"
#include "verilated.h"
#include "verilated_save.h"
#include "verilated_vcd_c.h"
#include <cstdint>

namespace lgh
{

extern const uint64_t kMaxCycles; // the spec's max_cycles
extern const int kParams;         // spec params, in spec order
extern const int kProto;          // wire.h's orw_proto
extern const int kBuses;          // m_axi bundles
extern const uint64_t kRetReg;    // s_axilite: the return value's register
extern const int kRetBits;        // the return port's width, 0 for none
extern const int64_t kLatency;    // ap_ctrl_none: the latency, -1 unknown
extern const bool kInterrupt;     // the call ends on the interrupt line
extern const bool kArgs;          // a second AXI4-Lite bundle holds argument registers (Param::lite)

// The Verilated model of the kernel's top.
class Top
{
  public:
    virtual ~Top() = default;
    virtual void eval() = 0;
    virtual void trace(VerilatedVcdC *tfp, int levels) = 0;
    virtual void save(VerilatedSerialize &os) = 0;
    virtual void restore(VerilatedDeserialize &is) = 0;
    virtual void final() = 0;
};

// Static shape of each spec param (kParams of them), in spec order.
void describe(Param *ps);
// A new model in ctx, its control ports bound into c, its params' ports
// into ps (kParams), its AXI4-Lite control bundle into ctrl, a second
// AXI4-Lite bundle into args (kArgs) and its m_axi bundles into bs (kBuses).
Top *make_top(VerilatedContext *ctx, Ctl *c, Param *ps, Bus *ctrl, Bus *args, Bus *bs);

} // namespace lgh

#endif
