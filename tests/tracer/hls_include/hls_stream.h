/* Stands in for the hls_stream.h of a Vitis/Vivado HLS install in
 * lgfuzz's tests only (lgfuzz never ships the vendor's headers; set
 * LGFUZZ_HLS_INCLUDE to run the same tests against the real ones). The
 * subset the test kernels use, with the C simulation semantics of the real
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
