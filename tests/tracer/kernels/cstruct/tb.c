/* A testbench of cstruct (kernel.c): two calls, whose arguments call
 * capture records member by member (tests/tracer, tracer.cstruct.seeds). */
#include <stdint.h>
#include <stdio.h>

typedef struct {
    int32_t a;
    int16_t b;
    uint8_t c;
} in_t;

typedef struct {
    int32_t sum;
    int32_t diff;
} out_t;

int32_t cstruct(in_t in, out_t *out, int32_t k);

int main(void)
{
    out_t o = {0, 0};
    in_t x = {10, -3, 200}, y = {-7, 4, 9};
    int32_t r = cstruct(x, &o, 5);
    printf("%d %d %d\n", r, o.sum, o.diff);
    r = cstruct(y, &o, 1);
    printf("%d %d %d\n", r, o.sum, o.diff);
    return 0;
}
