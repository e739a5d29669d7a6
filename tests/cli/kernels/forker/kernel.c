/* forker: forks on every input; the child sleeps forever, under the
 * executor's name, and the parent returns x + 1 like the RTL. */
#include <unistd.h>

int forker(int x)
{
    if (fork() == 0)
        for (;;)
            pause();
    return x + 1;
}
