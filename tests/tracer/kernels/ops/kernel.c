/* ops: a signed division and remainder by powers of two, a signed
 * comparison and an unsigned one, each of which a run can make the other
 * way (tracer_set_op; tests/tracer, tracer.paths). */
int ops(int x, int y)
{
    int r = x / 4;
    if (x < y)
        r += 100;
    if ((unsigned)x > 7u)
        r -= 1000;
    return r + x % 8;
}
