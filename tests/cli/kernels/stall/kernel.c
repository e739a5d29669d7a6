/* stall: x + 1, as the RTL would return if it ever finished. */
int stall(int x)
{
    return x + 1;
}
