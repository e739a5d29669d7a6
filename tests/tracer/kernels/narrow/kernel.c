/* narrow: a loop whose counter the RTL holds in 2 bits (hls.widths), so
 * that a run can make its comparison at that width (tracer_set_op;
 * tests/tracer, tracer.paths). */
int narrow(int n)
{
    int s = 0;
    for (int j = 0; j < n; j++)
        s += 1;
    return s;
}
