/* Scalar outputs through pointers (an ap_vld port in the RTL): `out` starts
 * at zero, `acc` is read and written. */
void scalar_out(int a, int *out, short *acc)
{
    *out = a * 2;
    *acc = (short)(*acc + a);
}
