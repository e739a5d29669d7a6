// apwide: a C++ kernel on integers wider than 64 bits, in the style of HLS
// sources: reads n ap_uint<128> words from src, writes each XORed with the
// 100-bit key (zero-extended) to dst, and returns in *tag the 100-bit sum
// of key and the words' low 100 bits.
#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<128> word_t;
typedef ap_uint<100> key_t;

void wmix(hls::stream<word_t> &src, hls::stream<word_t> &dst, key_t key, key_t *tag, int n)
{
    key_t acc = key;
    for (int i = 0; i < n; i++) {
        word_t v = src.read();
        word_t r = v ^ key;
        dst.write(r);
        acc = acc + v.range(99, 0);
    }
    *tag = acc;
}
