// cwide: a C kernel on _BitInt wider than 64 bits: *out = *ap + the sum of
// the n 72-bit b[i], wrapping at 100 bits (tests/tracer, tracer.cwide.*).
void wadd(const unsigned _BitInt(100) * ap, _BitInt(72) * b, unsigned _BitInt(100) * out, int n)
{
    unsigned _BitInt(100) s = *ap;
    for (int i = 0; i < n; i++)
        s += (unsigned _BitInt(100))b[i];
    *out = s;
}
