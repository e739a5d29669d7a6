/* kstate: a kernel whose result depends on state kept across calls in a
 * static counter, a global array, a static local and a flag set once, so
 * tests can check that every input starts from the kernel's initial state.
 * Mode 1 changes that state and then crashes. */
static int calls;
int hist[8];
int seen_once;
const int weights[4] = {1, 2, 3, 4};

int kstate(int mode, int x)
{
    static int last = -1;
    calls++;
    hist[x & 7] += weights[x & 3];
    int r = calls * 100 + hist[x & 7];
    if (last >= 0)
        r += 1000;
    last = x;
    if (!seen_once) {
        seen_once = 1;
        r += 10000;
    }
    if (mode == 1) {
        volatile int *p = 0;
        *p = r; /* SIGSEGV after changing every piece of state */
    }
    return r;
}
