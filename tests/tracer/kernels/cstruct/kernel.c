// cstruct: C kernels on struct arguments, as HLS tops take them: a small
// struct by value (passed in registers), one by pointer whose members the
// kernel writes (one of them not always), and a struct of three 64-bit
// members by value (passed in memory).
#include <stdint.h>

typedef struct {
    int32_t a;
    int16_t b;
    uint8_t c;
} in_t;

typedef struct {
    int32_t sum;
    int32_t diff;
} out_t;

int32_t cstruct(in_t in, out_t *out, int32_t k)
{
    out->sum = in.a + in.b + k;
    if (in.c > 100)
        out->diff = in.a - in.b;
    return in.c * 2;
}

typedef struct {
    int64_t x, y, z;
} vec_t;

int64_t cdot(vec_t u, vec_t v)
{
    return u.x * v.x + u.y * v.y + u.z * v.z;
}
