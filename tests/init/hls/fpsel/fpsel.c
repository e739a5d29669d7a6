/* fpsel: x less (float)n when x is above it, else x, widened to double;
 * returns whether x was above. */
int fpsel(float x, int n, double *y)
{
    float t = (float)n;
    if (x > t) {
        *y = (double)(x - t);
        return 1;
    }
    *y = (double)x;
    return 0;
}
