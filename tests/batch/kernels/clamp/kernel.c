/* clamp: limits x to [-limit, limit]; a small C-only kernel for batch tests. */
int clamp(int x, int limit)
{
    if (x > limit)
        return limit;
    if (x < -limit)
        return -limit;
    return x;
}
