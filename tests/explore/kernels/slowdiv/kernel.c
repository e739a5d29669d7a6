/* slowdiv: inputs above 50,000 diverge (the RTL adds one) and their native
 * runs take 600 ms, so minimising such a divergence costs seconds per batch
 * of candidates: the minimisation and the re-run that confirms it must
 * still end within the budget. */
#include <stdint.h>
#include <unistd.h>

int32_t slowdiv(int32_t x)
{
    if (x > 50000)
        usleep(600000);
    return x;
}
