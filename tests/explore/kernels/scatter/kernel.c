/* scatter: adds each sample's weight w[i] to its bin acc[idx[i]]. The
 * adding loop sits in a helper and declares, in Vitis's words, that no
 * iteration reads what an earlier one wrote through acc (dependence
 * type=inter direction=RAW dependent=false). Its RTL (kernel.v) holds each
 * sum for one iteration before it writes it: a sample whose bin is the
 * one before's reads that bin without the earlier weight, which is lost;
 * a sample two apart reads it with (tests/explore, explore.run.scatter). */
#include <stdint.h>

static void add_weights(int32_t *acc, const uint8_t *idx, const int16_t *w, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
#pragma HLS pipeline II=1
#pragma HLS dependence variable=acc type=inter direction=RAW dependent=false
        acc[idx[i]] += w[i];
    }
}

void scatter(int32_t acc[8], const uint8_t idx[8], const int16_t w[8], int32_t n)
{
    add_weights(acc, idx, w, n);
}
