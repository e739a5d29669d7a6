/* crashers: sums its array into `out` and then, depending on `mode`,
 * returns the sum (0), divides it by `d` (1: SIGFPE for d == 0),
 * dereferences a null pointer (2), overflows its stack (3) or raises a
 * signal inside the C library (4), so tests can check that the executor
 * recovers from crashes of the kernel's own code and still dies of (and
 * is restarted after) a signal from anywhere else. */
#include <signal.h>

static int deep(volatile char *up, int n)
{
    volatile char pad[512];
    pad[0] = (char)n;
    pad[1] = up ? up[0] : 0;
    return deep(pad, n + 1) + pad[1]; /* no base case: SIGSEGV */
}

int crashers(int mode, int d, const int *data, int len, int *out)
{
    int sum = 0;
    for (int i = 0; i < len; i++) {
        sum += data[i];
        out[i] = sum;
    }
    if (mode == 1)
        return sum / d;
    if (mode == 2) {
        volatile int *p = 0;
        return *p + sum;
    }
    if (mode == 3)
        return deep(0, sum);
    if (mode == 4)
        raise(SIGBUS);
    return sum;
}
