/* C-simulation testbench of rgb2yuv, in the shape HLS testbenches have:
 * rows of pixels and their expected YUV values read from pixels.dat, one
 * call of the top function per row, a comparison of the three output
 * arrays, and main returning 0 when every row passed and 1 otherwise.
 * The output buffers are filled with 0xEE before each call: what the
 * kernel writes there is its output, never an input.
 *
 * pixels.dat: the number of rows, then per row its length n, n lines of
 * R G B and n lines of the expected Y U V. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_LEN 8

void rgb2yuv(const uint8_t *r, const uint8_t *g, const uint8_t *b, uint8_t *y, uint8_t *u, uint8_t *v, int32_t n);

int main(void)
{
    FILE *f = fopen("pixels.dat", "r");
    if (!f) {
        printf("FAIL: cannot open pixels.dat\n");
        return 1;
    }
    int nrows = 0, errors = 0;
    if (fscanf(f, "%d", &nrows) != 1)
        nrows = 0;
    for (int row = 0; row < nrows; row++) {
        uint8_t r[MAX_LEN], g[MAX_LEN], b[MAX_LEN], y[MAX_LEN], u[MAX_LEN], v[MAX_LEN];
        unsigned ey[MAX_LEN], eu[MAX_LEN], ev[MAX_LEN];
        int n;
        if (fscanf(f, "%d", &n) != 1 || n < 0 || n > MAX_LEN)
            break;
        for (int i = 0; i < n; i++) {
            unsigned R, G, B;
            if (fscanf(f, "%u %u %u", &R, &G, &B) != 3)
                R = G = B = 0;
            r[i] = (uint8_t)R, g[i] = (uint8_t)G, b[i] = (uint8_t)B;
        }
        for (int i = 0; i < n; i++)
            if (fscanf(f, "%u %u %u", &ey[i], &eu[i], &ev[i]) != 3)
                ey[i] = eu[i] = ev[i] = 0;
        memset(y, 0xEE, sizeof y);
        memset(u, 0xEE, sizeof u);
        memset(v, 0xEE, sizeof v);
        rgb2yuv(r, g, b, y, u, v, n);
        for (int i = 0; i < n; i++)
            if (y[i] != ey[i] || u[i] != eu[i] || v[i] != ev[i]) {
                printf("row %d pixel %d: got %u %u %u, expected %u %u %u\n", row, i, y[i], u[i], v[i], ey[i], eu[i],
                       ev[i]);
                errors++;
            }
    }
    fclose(f);
    if (errors) {
        printf("FAIL: %d pixels mismatch\n", errors);
        return 1;
    }
    printf("PASS: %d rows\n", nrows);
    return 0;
}
