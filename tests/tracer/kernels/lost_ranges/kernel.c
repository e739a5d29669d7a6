/* lost_ranges: the width probe on `v` sees values in a helper, in a
 * recursive function and in the kernel's own frame, which then returns
 * (mode 0), crashes (1), loops with no branch event (2) or hits the event
 * limit (3): tests check that a frame that never returns loses no range. */
static int helper(int x)
{
    int v = x * 3;
    return v;
}

static int depth(int n)
{
    int v = n;
    if (n <= 0)
        return 0;
    return depth(n - 1) + v;
}

int lost_ranges(int mode, int n)
{
    int h = helper(n);
    int d = depth(n);
    int v = 1000 + n;
    if (mode == 1) {
        v = -7;
        v = 2000 + n;
        volatile int *p = 0;
        *p = v; /* SIGSEGV */
    }
    if (mode == 2) {
        v = -8;
        v = 3000;
        for (;;) {
            /* no branch events: only the wall-clock limit ends this */
        }
    }
    if (mode == 3) {
        v = -9;
        while (n >= 0) {
            n = (n + 1) & 0xffff;
            v = n; /* the event limit ends this */
        }
    }
    return v + d + h;
}
