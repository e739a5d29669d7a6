// rev: b[i] = a[3 - i] + 1 on four unsigned _BitInt(128) elements, the
// arrays on ap_memory (tests/tracer, tracer.cwide.rev*).
void rev(const unsigned _BitInt(128) * a, unsigned _BitInt(128) * b)
{
    for (int i = 0; i < 4; i++)
        b[i] = a[3 - i] + 1;
}
