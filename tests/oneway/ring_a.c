/* Half of a two-file ring for oneway.selftest: ring_a.c and ring_b.c call
 * each other, which tests/check_oneway.sh must report. */
int ring_a_step(int n);
int ring_b_step(int n);

int ring_a_step(int n)
{
    return n > 0 ? ring_b_step(n - 1) : 0;
}
