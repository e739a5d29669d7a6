// lgfuzz's stand-in hls_stream.h (tracer/include): a sized stream binds to
// a stream<T>& parameter, read(T&), write_nb and the shift operators, and
// an empty read gives the default value; an ap_uint's range converts to a
// C integer as the real headers' does.
#include "ap_int.h"
#include "hls_stream.h"

#include <cstdio>

static int failed;

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                                 \
            failed++;                                                                                                  \
        }                                                                                                              \
    } while (0)

static void put(hls::stream<int> &s, int v)
{
    s.write(v);
}

int main()
{
    hls::stream<int, 4> sized;
    put(sized, 3);
    int v = 0;
    sized.read(v);
    CHECK(v == 3 && sized.empty());
    hls::stream<int> s;
    s << 5;
    CHECK(s.write_nb(6) && s.size() == 2);
    int a = 0, b = 0;
    s >> a;
    s.read(b);
    CHECK(a == 5 && b == 6 && s.read() == 0);
    ap_uint<128> w = 0x12345678u;
    w.range(127, 96) = 7;
    hls::stream<unsigned> t;
    t.write(w.range(31, 0));
    unsigned low = w.range(31, 0);
    CHECK(t.read() == 0x12345678u && low == 0x12345678u && w.range(127, 96) == 7);
    if (failed)
        std::fprintf(stderr, "%d check(s) failed\n", failed);
    return failed != 0;
}
