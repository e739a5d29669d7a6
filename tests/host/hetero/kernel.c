/* The kernel the hetero host offloads: a sum, as in HeteroFuzz's example. */
int accumulate(const int *data, int size)
{
    int sum = 0;
    for (int i = 0; i < size; i++)
        sum += data[i];
    return sum;
}
