/* The kernel the helper host offloads: a gain applied to each element. */
void filter(const int *in, int n, int gain, int *out)
{
    for (int i = 0; i < n; i++)
        out[i] = in[i] * gain;
}
