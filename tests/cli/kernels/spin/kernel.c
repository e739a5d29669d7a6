/* spin: never returns, and its loop has no conditional branch, so no event
 * limit stops it: every native run ends at the wall-clock limit. */
int spin(int x)
{
    volatile int sink = x;
    for (;;)
        sink = sink + 1;
    return sink;
}
