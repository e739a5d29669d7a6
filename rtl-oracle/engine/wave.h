// The waveform file of a traced call. Verilator's own stops the process on
// a failed write (a full disk), and in 5.006 can deadlock doing so; this
// one keeps the first error and drops the rest, so a full disk costs the
// waveform, not the harness.
#ifndef LGH_WAVE_H
#define LGH_WAVE_H

#include "verilated_vcd_c.h"
#include <string>
#include <sys/types.h>

namespace lgh
{

class WaveFile : public VerilatedVcdFile
{
  public:
    bool open(const std::string &name) override;
    void close() override;
    ssize_t write(const char *b, ssize_t len) override;
    // The first failure ("cannot write: No space left on device"), or "".
    const std::string &error() const { return error_; }

  private:
    void fail(const char *what);
    int fd_ = -1;
    std::string error_;
};

} // namespace lgh

#endif
