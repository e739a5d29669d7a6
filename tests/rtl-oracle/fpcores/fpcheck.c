/* fpcheck: a stand-in for the spec; the test builds only the RTL. */
int fpcheck(int x)
{
    return x;
}
