/* wide: accumulate over up to 512 elements (fixture for the solver tests). */
int wide(const int *data, int size)
{
    int sum = 0;
    for (int i = 0; i < size; i++)
        sum += data[i];
    return sum;
}
