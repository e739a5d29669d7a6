/* C side of bad.v (the RTL does not parse). */
void bad(int x)
{
    (void)x;
}
