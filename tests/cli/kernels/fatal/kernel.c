/* fatal: x + 1, computed alike by the C and meant by the RTL, whose model
 * stops on $fatal at every call (tests/cli). */
int fatal(int x)
{
    return x + 1;
}
