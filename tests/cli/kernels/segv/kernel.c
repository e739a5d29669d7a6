/* segv: dereferences a null pointer on every input, so every native run
 * ends in SIGSEGV (the RTL returns x + 1). */
int segv(int x)
{
    volatile int *p = (volatile int *)0;
    return *p + x;
}
