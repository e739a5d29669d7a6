/* broken: does not compile on purpose (undeclared identifier), for the
 * batch test of build failures. */
int broken(int x)
{
    return x + undeclared_value;
}
