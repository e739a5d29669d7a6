/* loops: nested loops with an early return from the outer body. */
int loops(const int *data, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (data[i] < 0)
            return -1;
        for (int j = 0; j < data[i]; j++)
            s += j;
    }
    return s;
}
