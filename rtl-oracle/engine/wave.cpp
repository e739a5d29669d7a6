// WaveFile: the VCD writer's file, failing softly (see wave.h).
#include "wave.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace lgh
{

// Reports success even when the file cannot be created: the failure is
// kept for error(), which goes back with the call's answer, and the writes
// that follow are dropped.
bool WaveFile::open(const std::string &name)
{
    fd_ = ::open(name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
        fail("cannot create");
    return true;
}

void WaveFile::close()
{
    if (fd_ >= 0 && ::close(fd_) != 0)
        fail("cannot write");
    fd_ = -1;
}

// Claims the whole buffer was written, so Verilator never retries; after
// the first error the rest of the waveform is dropped.
ssize_t WaveFile::write(const char *b, ssize_t len)
{
    for (ssize_t left = len; fd_ >= 0 && error_.empty() && left > 0;) {
        ssize_t w = ::write(fd_, b, static_cast<size_t>(left));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            fail("cannot write");
            break;
        }
        b += w;
        left -= w;
    }
    return len;
}

void WaveFile::fail(const char *what)
{
    if (error_.empty())
        error_ = std::string(what) + ": " + std::strerror(errno);
}

} // namespace lgh
