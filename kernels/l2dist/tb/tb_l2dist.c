/* C-simulation testbench of l2dist, in the shape HLS testbenches have:
 * pairs of feature vectors (as a k-NN search compares them) and their
 * expected squared distance read from vectors.dat, one call of the top
 * function per pair, and main returning 0 when every distance matched and
 * 1 otherwise. The vectors are ordinary features, far from the ends of the
 * element range. `lgfuzz seeds` mines its calls:
 *
 *     lgfuzz seeds kernels/l2dist/kernel.yaml kernels/l2dist/tb/tb_l2dist.c --out seeds
 *
 * vectors.dat: the number of pairs, then per pair its dimension and
 * expected distance, the `dim` elements of a and the `dim` elements of b. */
#include <stdint.h>
#include <stdio.h>

#define MAX_DIM 8

int64_t l2dist(const int16_t *a, const int16_t *b, int32_t dim);

static int read_vector(FILE *f, int16_t *v, int dim)
{
    for (int i = 0; i < dim; i++) {
        int x;
        if (fscanf(f, "%d", &x) != 1)
            return -1;
        v[i] = (int16_t)x;
    }
    return 0;
}

int main(void)
{
    FILE *f = fopen("vectors.dat", "r");
    if (!f) {
        printf("FAIL: cannot open vectors.dat\n");
        return 1;
    }
    int npairs = 0, errors = 0, done = 0;
    if (fscanf(f, "%d", &npairs) != 1)
        npairs = 0;
    for (; done < npairs; done++) {
        int16_t a[MAX_DIM] = {0}, b[MAX_DIM] = {0};
        int dim;
        long long expected;
        if (fscanf(f, "%d %lld", &dim, &expected) != 2 || dim < 0 || dim > MAX_DIM || read_vector(f, a, dim) != 0 ||
            read_vector(f, b, dim) != 0)
            break;
        int64_t got = l2dist(a, b, dim);
        if (got != expected) {
            printf("pair %d: l2dist returned %lld, expected %lld\n", done, (long long)got, expected);
            errors++;
        }
    }
    fclose(f);
    if (errors || done != npairs) {
        printf("FAIL: %d of %d pairs mismatch, %d read\n", errors, npairs, done);
        return 1;
    }
    printf("PASS: %d pairs\n", npairs);
    return 0;
}
