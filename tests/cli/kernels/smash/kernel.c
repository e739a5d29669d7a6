/* smash: fills 4 KiB from a 16-byte local array with the low byte of x,
 * through a pointer the compiler cannot see through, so the return address
 * and the frames of its callers are overwritten and the return jumps to
 * garbage (SIGSEGV). The RTL returns x + 1. */
#include <string.h>

int smash(int x)
{
    char buf[16];
    void *(*volatile fill)(void *, int, size_t) = memset;
    fill(buf, x, 4096);
    return buf[0] + 1;
}
