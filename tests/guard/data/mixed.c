/* A kernel whose params cover the types and shapes a guard header handles. */
#include <stdint.h>

void mixed(const uint8_t *px, int16_t n, const uint64_t *w, int64_t k, int32_t *out, uint16_t *acc)
{
    (void)w;
    for (int16_t i = 0; i < n; i++)
        out[i] = px[i] + (int32_t)k;
    *acc = (uint16_t)(*acc + 1);
}
