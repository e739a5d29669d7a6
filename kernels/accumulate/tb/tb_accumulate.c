/* C-simulation testbench of accumulate, in the shape HLS testbenches have:
 * golden vectors read from vectors.dat, one call of the top function per
 * vector, a comparison with the expected sum, and main returning 0 when
 * every vector passed and 1 otherwise. `lgfuzz seeds` mines its calls:
 *
 *     lgfuzz seeds kernels/accumulate/kernel.yaml kernels/accumulate/tb/tb_accumulate.c --out seeds
 *
 * vectors.dat: the number of vectors, then per vector its size, the
 * expected sum and `size` data values. */
#include <stdio.h>

#define MAX_LEN 512

int accumulate(const int *data, int size);

int main(void)
{
    FILE *f = fopen("vectors.dat", "r");
    if (!f) {
        printf("FAIL: cannot open vectors.dat\n");
        return 1;
    }
    int nvec = 0, errors = 0;
    if (fscanf(f, "%d", &nvec) != 1)
        nvec = 0;
    for (int v = 0; v < nvec; v++) {
        static int data[MAX_LEN];
        int size, expected;
        if (fscanf(f, "%d %d", &size, &expected) != 2 || size < 0 || size > MAX_LEN)
            break;
        for (int i = 0; i < size; i++)
            if (fscanf(f, "%d", &data[i]) != 1)
                data[i] = 0;
        int got = accumulate(data, size);
        if (got != expected) {
            printf("vector %d: accumulate returned %d, expected %d\n", v, got, expected);
            errors++;
        }
    }
    fclose(f);
    if (errors) {
        printf("FAIL: %d of %d vectors mismatch\n", errors, nvec);
        return 1;
    }
    printf("PASS: %d vectors\n", nvec);
    return 0;
}
