/* hostile: sums its array into `out` and returns the sum (mode 0), after
 * reaching for what the executor keeps from it: writes to every
 * descriptor up to 1023 (1), makes every one of them a copy of stdout (2),
 * closes them all with close_range (3), forks (4; a child that got through
 * would exit at once), sends a byte with the flags the runtime uses on
 * every socket it finds (5), or writes the byte v over the executor's
 * shared region, found in /proc/self/maps: its header (6), all of it (7),
 * its events area (8), or execs a program (9); or signals its parent,
 * lgfuzz, with SIGTERM (10), its process group with SIGKILL (11), every
 * process it may signal with the null signal (12: harmless should it get
 * through, where SIGKILL would end every process of the user), its parent
 * by tgkill (13), itself with SIGKILL (14), peeks at its parent's memory
 * with ptrace (15), asks not to die with its parent (16), or aborts (17:
 * a signal to itself, which must still crash it); or writes to its
 * standard output for ever (18), or 5 MiB of it, which is allowed, and
 * returns (19). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static char *region(unsigned long *size)
{
    char line[512];
    unsigned long lo = 0, hi = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f))
        if (strstr(line, "lgfuzz-tracer") && sscanf(line, "%lx-%lx", &lo, &hi) == 2)
            break;
    fclose(f);
    *size = hi - lo;
    return (char *)lo;
}

static void scribble(int mode, int v)
{
    unsigned long size = 0;
    char *r = region(&size);
    if (!r)
        return;
    if (mode == 6)
        memset(r, v, 256);
    if (mode == 7)
        memset(r, v, size);
    if (mode == 8) {
        unsigned long long *h = (unsigned long long *)r; /* lgrt_hdr_t: ev_off, ev_cap are words 7 and 8 */
        memset(r + h[7], v, h[8] * 32);
    }
}

int hostile(int mode, int v, const int *data, int len, int *out)
{
    static const char junk[8] = "garbage";
    int sum = 0;
    for (int i = 0; i < len; i++) {
        sum += data[i];
        out[i] = sum;
    }
    for (int fd = 3; fd < 1024 && mode >= 1 && mode <= 5; fd++) {
        if (mode == 1 && write(fd, junk, sizeof junk) < 0)
            sum += 0;
        if (mode == 2)
            dup2(1, fd);
        if (mode == 5)
            send(fd, "x", 1, MSG_NOSIGNAL);
    }
    for (int fd = 3; fd < 1024 && mode == 2; fd++)
        close(fd);
    if (mode == 3)
        syscall(SYS_close_range, 3, ~0u, 0);
    if (mode == 4 && fork() == 0)
        _exit(0);
    if (mode >= 6 && mode <= 8)
        scribble(mode, v);
    if (mode == 9)
        execl("/bin/true", "true", (char *)0);
    if (mode == 10)
        kill(getppid(), SIGTERM);
    if (mode == 11)
        kill(0, SIGKILL);
    if (mode == 12)
        kill(-1, 0);
    if (mode == 13)
        syscall(SYS_tgkill, getppid(), getppid(), SIGTERM);
    if (mode == 14)
        kill(getpid(), SIGKILL);
    if (mode == 15)
        ptrace(PTRACE_PEEKDATA, getppid(), (void *)0, (void *)0);
    if (mode == 16)
        prctl(PR_SET_PDEATHSIG, 0);
    if (mode == 17)
        abort();
    if (mode == 18 || mode == 19) {
        static char block[1 << 20];
        for (int i = 0; mode == 18 || i < 5; i++)
            if (write(1, block, sizeof block) < 0)
                sum += 0;
    }
    return sum;
}
