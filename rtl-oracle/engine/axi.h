// The AXI side of a call: a seeded random source, the memory behind one
// m_axi bundle (read and write bursts served with random latency and ready
// gaps, every AXI rule the harness can see checked) and the AXI4-Lite
// master that writes and reads the control registers. Both are stepped by
// Sim once per cycle: drive() before the model settles, sample() after.
#ifndef LGH_AXI_H
#define LGH_AXI_H

#include "model.h"
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace lgh
{

// splitmix64: small, fast and the same on every platform.
struct Rng {
    uint64_t s = 1;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    bool chance(unsigned num, unsigned den) { return next() % den < num; }
    unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }
};

// A param's buffer in the bundle's address space.
struct Buffer {
    int param;
    uint64_t base, bytes;
    unsigned ebytes;    // bytes per element
    unsigned limbs = 1; // words of mem per element: a wide one's 64-bit limbs
};

// The most words a beat of an m_axi bundle takes (a 1024-bit bus), and
// its strobes.
const unsigned kBeatWords = 16, kStrbWords = 2;

class AxiMem
{
  public:
    // ps: the params (borrowed); bus: the bundle's ports; bufs: its buffers.
    AxiMem(Param *ps, const Bus *bus, std::vector<Buffer> bufs) : ps_(ps), bus_(bus), bufs_(std::move(bufs)) {}
    // The harness's outputs for the coming cycle.
    void drive(Rng &rng, uint64_t cycle);
    // The handshakes of the settled cycle; false with *why on a broken rule.
    bool sample(Rng &rng, uint64_t cycle, std::string *why);
    bool outstanding() const { return !rd_.empty() || !wr_.empty() || !b_due_.empty(); }
    std::string pending() const;
    const std::vector<Buffer> &buffers() const { return bufs_; }

  private:
    struct Burst {
        uint64_t addr = 0;
        unsigned len = 0, size = 0, beat = 0;
        uint64_t ready_at = 0;
    };
    bool check_burst(const char *what, const Burst &b, std::string *why) const;
    bool held(int valid, int addr, int len, uint64_t *wait, std::string *why) const;
    const Buffer *find(uint64_t addr) const;
    void read_beat(const Burst &b, uint64_t *data) const;
    void write_beat(const Burst &b, const uint64_t *data, const uint64_t *strb);
    uint64_t *byte_word(const Buffer &buf, uint64_t off, unsigned *shift) const;
    uint64_t beat_addr(const Burst &b) const;

    Param *ps_;
    const Bus *bus_;
    std::vector<Buffer> bufs_;
    std::deque<Burst> rd_, wr_;
    std::deque<uint64_t> b_due_;
    bool r_on_ = false, b_on_ = false;
    // A request a master raised without the ready: 1 + its address and
    // length must hold until the handshake (0: none waiting).
    uint64_t ar_wait_[3] = {0, 0, 0}, aw_wait_[3] = {0, 0, 0};
};

// One register access of the AXI4-Lite master.
struct LiteOp {
    bool write = false;
    uint64_t addr = 0, data = 0;
    int bus = 0; // 0 the control bundle, 1 the second AXI4-Lite bundle (kArgs)
};

class AxiLite
{
  public:
    explicit AxiLite(const Bus *bus) : bus_(bus) {}
    void start(const LiteOp &op);
    bool busy() const { return busy_; }
    void drive();
    // After the settled cycle: true when the access completed (its read
    // data in *data); false with *why on a broken rule.
    bool sample(bool *complete, uint64_t *data, std::string *why);

  private:
    const Bus *bus_;
    LiteOp op_;
    bool busy_ = false, a_done_ = false, w_done_ = false;
};

} // namespace lgh

#endif
