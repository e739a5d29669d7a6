/* vote: the majority vote of k-nearest-neighbour classification. Builds the
 * histogram of up to 8 neighbour labels over 16 classes and returns the
 * first class with the highest count. The HLS version pipelines the
 * histogram loop with II=1 over a dual-port RAM and declares the bin
 * dependence false, so consecutive equal labels lose an increment. */
#include <stdint.h>

int32_t vote(const uint8_t *lab, int32_t *hist, int32_t k)
{
    int32_t bins[16];
#pragma HLS bind_storage variable=bins type=ram_t2p
    for (int c = 0; c < 16; c++)
        bins[c] = 0;
    for (int i = 0; i < k; i++) {
#pragma HLS pipeline II=1
#pragma HLS loop_tripcount max=8
#pragma HLS dependence variable=bins inter false
        bins[lab[i]] += 1;
    }
    int32_t best = 0;
    for (int c = 0; c < 16; c++) {
#pragma HLS pipeline II=2
        hist[c] = bins[c];
        if (bins[c] > bins[best])
            best = c;
    }
    return best;
}
