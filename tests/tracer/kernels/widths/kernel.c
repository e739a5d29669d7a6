/* widths: two loops that both name their counter `i` (clang renames the
 * second one `i1`), a local really called `i1`, and an unsigned local. */
int widths(int n, unsigned int u)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += 1;
    for (int i = 0; i < 2 * n; i++)
        s += 2;
    int i1 = s;
    unsigned int big = u + 1u;
    return i1 + (int)(big & 0xff);
}
