/* A host program for accumulate in HeteroFuzz's shape: it reads pixel
 * gradients from a data file, offloads their sum to the kernel, and then
 * steers its own work with options the kernel never sees.
 *
 * usage: host DATA THRESHOLD MODE
 *   DATA       a file of integers (whitespace separated): the kernel's
 *              data, and their count its size
 *   THRESHOLD  the host reports how many values lie above it
 *   MODE       "-v" prints every value, anything else prints the sum only
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel's data memory holds at most this many values. */
#define MAX_VALUES 512

int accumulate(const int *data, int size);

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s DATA THRESHOLD MODE\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    static int data[MAX_VALUES];
    int size = 0;
    while (size < MAX_VALUES && fscanf(in, "%d", &data[size]) == 1)
        size++;
    fclose(in);
    int sum = accumulate(data, size);
    int threshold = atoi(argv[2]);
    int verbose = strcmp(argv[3], "-v") == 0;
    int above = 0;
    for (int i = 0; i < size; i++) {
        if (data[i] > threshold)
            above++;
        if (verbose)
            printf("%d\n", data[i]);
    }
    printf("sum %d, %d of %d above %d\n", sum, above, size, threshold);
    return 0;
}
