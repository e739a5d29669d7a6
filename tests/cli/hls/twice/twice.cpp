// twice: a float kernel with an extern "C" top: doubles x.
extern "C" float twice(float x)
{
    return x * 2.0f;
}
