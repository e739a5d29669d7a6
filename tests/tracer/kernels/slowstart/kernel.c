/* slowstart: returns x + 1, or aborts when x is 1; its executor takes a
 * second to start (a constructor sleeps before the runtime's main), so
 * that a test can signal lgfuzz while it starts. */
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void slow(void)
{
    usleep(1000000);
}

int slowstart(int x)
{
    if (x == 1)
        abort();
    return x + 1;
}
