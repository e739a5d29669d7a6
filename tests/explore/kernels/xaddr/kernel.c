/* pick: one element of an 8-word table, chosen by k's low bits. Its RTL
 * (kernel.v) enables the table's RAM port in the state that reads it but
 * drives the address only in the state before: the address is an X when
 * the read happens. Verilator's model makes the X 0 and reads v[0];
 * hardware reads any element (tests/explore, explore.run.xaddr). */
#include <stdint.h>

int32_t pick(const int32_t v[8], uint8_t k)
{
    return v[k & 7] * 2 + 1;
}
