/* lgfuzz's stand-in for the hls_stream.h of a Vitis/Vivado HLS install,
 * for C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first; the tests run against it
 * with LGFUZZ_HLS_INCLUDE). Written for lgfuzz; no vendor code. A subset,
 * with the C simulation semantics of the real
 * header: an unbounded FIFO whatever the depth (Vitis's second template
 * argument) says; reading an empty stream gives a default-constructed
 * value. */
#ifndef LGFUZZ_STANDIN_HLS_STREAM_H
#define LGFUZZ_STANDIN_HLS_STREAM_H

#include <deque>

/* A read of an empty stream: in HLS's C simulation an error of the
 * testbench, in hardware a read that waits for ever. lgfuzz's tracer
 * turns every call of a __ubsan_handle_ function into a probe of its own
 * (ub:stream-underflow), so an input that gives a stream fewer elements
 * than the kernel reads is known as outside the kernel's contract; built
 * without the tracer, the call does nothing. */
extern "C" __attribute__((weak, noinline)) void __ubsan_handle_stream_underflow_minimal(void) {}

namespace hls
{
/* stream<T, DEPTH> (Vitis's sized stream) is a stream<T>, as the real
 * header makes it: it binds to a stream<T>& parameter. */
template <class T, int DEPTH = 0> class stream;

template <class T> class stream<T, 0>
{
    std::deque<T> q;

  public:
    stream() {}
    explicit stream(const char *) {}
    void write(const T &v) { q.push_back(v); }
    bool write_nb(const T &v)
    {
        write(v);
        return true;
    }
    T read()
    {
        if (q.empty()) {
            __ubsan_handle_stream_underflow_minimal();
            return T();
        }
        T v = q.front();
        q.pop_front();
        return v;
    }
    void read(T &v) { v = read(); }
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

template <class T, int DEPTH> class stream : public stream<T, 0>
{
  public:
    stream() {}
    explicit stream(const char *name) : stream<T, 0>(name) {}
};
} // namespace hls

#endif
