/* signpair: two comparisons of 32-bit unsigned values, the second reached
 * only where the first holds. Its RTL makes both signed, as an HLS tool
 * that declares both operand wires signed does (tests/explore). */
unsigned signpair(unsigned n, unsigned w)
{
    unsigned v = n * 3u;
    if (n - 2u > w) {
        v += 100u;
        if (n > w)
            v ^= 0x5555u;
        else
            v -= 7u;
    }
    return v;
}
