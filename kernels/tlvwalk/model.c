/* The exact decision of tlvwalk's planted divergence, for the benchmark's
 * matching and the exactness test: the kernel's walk, saying whether a
 * FIELD record whose value the RTL narrows is added in the body. The
 * expression witness of expected.yaml names fixed byte offsets and so
 * covers only the shortest layout; this covers every layout. */
#include "tests/kernels/kmodel.h"

int kmodel_tlvwalk_field_narrow(const input_t *in)
{
    const int64_t *buf = in->v[0].elems;
    int64_t n = in->v[1].scalar, pos = 0;
    int sec = 0; /* 0 header, 1 body, 2 after END, as in kernel.c */
    while (pos + 2 <= n) {
        int64_t type = buf[pos], len = buf[pos + 1];
        if (len < 2 || pos + 2 + len > n)
            break;
        if (sec == 0 && type == 0x01)
            sec = 1;
        else if (sec == 1 && type == 0x02)
            sec = 2;
        else if (sec == 1 && type == 0x10 && buf[pos + 2] >= 16)
            return 1; /* its value is 4096 or more: the RTL keeps 12 bits, and
                       * later additions and xors keep the difference */
        pos += 2 + len;
    }
    return 0;
}
