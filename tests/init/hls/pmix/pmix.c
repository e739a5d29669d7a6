/* pmix: out[i] = a[i] + b[i] * c[i], with each argument partitioned as
 * its pragma says: a into two banks of alternate elements, b into two
 * blocks of four, c and out into single elements (scalar ports). */
#define N 8

void pmix(unsigned a[N], unsigned b[N], unsigned c[N], unsigned out[N])
{
#pragma HLS ARRAY_PARTITION variable = a cyclic factor = 2 dim = 1
#pragma HLS ARRAY_PARTITION variable = b block factor = 2 dim = 1
#pragma HLS ARRAY_PARTITION variable = c complete dim = 1
#pragma HLS ARRAY_PARTITION variable = out complete dim = 1
    for (int i = 0; i < N; i++)
        out[i] = a[i] + b[i] * c[i];
}
