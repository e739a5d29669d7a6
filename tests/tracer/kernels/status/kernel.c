/* status: crashes, hangs, exits or returns depending on `mode`, so tests
 * can check that a bad input is reported as such and the next input still
 * runs. */
#include <stdlib.h>

int status(int mode, int n)
{
    if (mode == 1) {
        volatile int *p = 0;
        *p = n; /* SIGSEGV */
    }
    if (mode == 2)
        for (;;) {
            /* no branch events: only the wall-clock limit ends this */
        }
    if (mode == 3)
        while (n >= 0)
            n = (n + 1) & 0xffff; /* branch events: the event limit ends this */
    if (mode == 4)
        exit(5); /* the executor process ends */
    return n * 2;
}
