// A Verilated model's whole state as bytes in memory, taken once and put
// back before every call, so a reused model starts each call exactly as a
// freshly constructed one: registers and RAMs that the design's reset does
// not clear, `initial` values and the context's time and error flags
// included. Uses Verilator's --savable serialisation.
#ifndef LGH_SNAPSHOT_H
#define LGH_SNAPSHOT_H

#include "verilated.h"
#include "verilated_save.h"
#include <cstdint>
#include <vector>

namespace lgh
{

// Collects a serialisation into a byte vector.
class SnapshotWriter : public VerilatedSerialize
{
  public:
    ~SnapshotWriter() override;
    void flush() override;
    std::vector<uint8_t> bytes;
};

// Feeds a byte vector back; rewind() before each restore. A snapshot that
// fits the serialiser's buffer is copied into it once and reused.
class SnapshotReader : public VerilatedDeserialize
{
  public:
    explicit SnapshotReader(const std::vector<uint8_t> *bytes) : bytes_(bytes) {}
    void rewind();

  protected:
    void fill() override;

  private:
    const std::vector<uint8_t> *bytes_;
    size_t pos_ = 0;
    bool resident_ = false; // the whole snapshot sits in m_bufp
};

} // namespace lgh

#endif
