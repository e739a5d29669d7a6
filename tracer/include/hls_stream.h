/* lgfuzz's stand-in for the hls_stream.h of a Vitis/Vivado HLS install,
 * for C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first; the tests run against it
 * with LGFUZZ_HLS_INCLUDE). Written for lgfuzz; no vendor code. A subset,
 * with the C simulation semantics of the real
 * header: an unbounded FIFO; reading an empty stream gives a
 * default-constructed value. */
#ifndef LGFUZZ_STANDIN_HLS_STREAM_H
#define LGFUZZ_STANDIN_HLS_STREAM_H

#include <deque>

namespace hls
{
template <class T> class stream
{
    std::deque<T> q;

  public:
    stream() {}
    explicit stream(const char *) {}
    void write(const T &v) { q.push_back(v); }
    T read()
    {
        if (q.empty())
            return T();
        T v = q.front();
        q.pop_front();
        return v;
    }
    bool read_nb(T &v)
    {
        if (q.empty())
            return false;
        v = read();
        return true;
    }
    bool empty() const { return q.empty(); }
    bool full() const { return false; }
    unsigned size() const { return (unsigned)q.size(); }
    void operator<<(const T &v) { write(v); }
    void operator>>(T &v) { v = read(); }
};
} // namespace hls

#endif
