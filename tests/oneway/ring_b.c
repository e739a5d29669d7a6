/* The other half of the ring of oneway.selftest (see ring_a.c). */
int ring_a_step(int n);
int ring_b_step(int n);

int ring_b_step(int n)
{
    return n > 0 ? ring_a_step(n - 1) : 1;
}
