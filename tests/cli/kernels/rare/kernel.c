/* rare: a ^ b, with no branch (its RTL differs on a single input). */
int rare(int a, int b)
{
    return a ^ b;
}
