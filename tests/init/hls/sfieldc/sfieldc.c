/* sfieldc: a C top on struct arguments, one by value and one written
 * through a pointer, in the shape Vivado HLS 2017 synthesises them: each
 * member a port of its own, <arg>_<field> (ap_none in, ap_vld out). */
typedef struct {
    int a;
    short b;
} pair_t;

struct res {
    int sum;
    unsigned char big;
};

void sfieldc(pair_t in, struct res *r)
{
    r->sum = (int)((unsigned)in.a + (unsigned)in.b);
    if (in.b > 1000)
        r->big = 1;
}
