/* bitint: a C kernel on clang's _BitInt params and return value. The sum
 * wraps at 12 bits, k is sign-extended from 7 bits. */
unsigned _BitInt(12) bitmix(unsigned _BitInt(12) a, _BitInt(7) k)
{
    unsigned _BitInt(12) r = a * 3;
    if (k < 0)
        r -= (unsigned _BitInt(12))1;
    return r + k;
}
