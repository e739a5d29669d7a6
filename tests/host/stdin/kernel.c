/* The kernel the stdin host offloads: a shifted sum. */
int scale(const int *v, int n, int shift)
{
    int acc = 0;
    for (int i = 0; i < n; i++)
        acc += v[i] << (shift & 7);
    return acc;
}
