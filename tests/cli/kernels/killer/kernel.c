/* killer: signals a process other than its own on every input, one way
 * per input (x mod 4): lgfuzz, its parent, with SIGKILL (0), its process
 * group with SIGKILL (1), every process it may signal with the null signal
 * (2: harmless should it get through, where SIGKILL would end every
 * process of the user), lgfuzz by tgkill with SIGKILL (3); then it returns
 * x + 1 like its RTL. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int killer(int x)
{
    int mode = x & 3;
    if (mode == 0)
        kill(getppid(), SIGKILL);
    if (mode == 1)
        kill(0, SIGKILL);
    if (mode == 2)
        kill(-1, 0);
    if (mode == 3)
        syscall(SYS_tgkill, getppid(), getppid(), SIGKILL);
    return x + 1;
}
