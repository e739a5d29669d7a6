/* crc8: the CRC-8 (polynomial 0x07, initial value 0, no reflection) of up
 * to 32 bytes, computed bit by bit: an outer loop over the bytes and an
 * inner loop of eight shifts, each with a data-dependent branch. */
#include <stdint.h>

#define CRC_MAX 32

int32_t crc8(const uint8_t *data, int32_t n)
{
    uint8_t crc = 0;
    for (int32_t i = 0; i < n; i++) {
#pragma HLS loop_tripcount max=CRC_MAX
        crc ^= data[i];
        for (int32_t b = 0; b < 8; b++) {
            if (crc & 0x80)
                crc = (uint8_t)((crc << 1) ^ 0x07);
            else
                crc = (uint8_t)(crc << 1);
        }
    }
    return crc;
}
