/* A host in HeteroFuzz's shape: it reads a data file, offloads it to
 * accumulate and then steers its own work with options the kernel never
 * sees.
 *
 * By hand (argv[1..4] as in host.yaml):
 *   argv[1] data file  -> data, size (the values and their count)
 *   argv[2] threshold  -> none (used after the call, to filter)
 *   argv[3] verbose    -> none (only decides whether to print)
 *   argv[4] keep file  -> none (where the filtered values go)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VALUES 64

int accumulate(const int *data, int size);

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s DATA THRESHOLD VERBOSE KEEP\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in)
        return 1;
    int data[MAX_VALUES];
    int size = 0;
    while (size < MAX_VALUES && fscanf(in, "%d", &data[size]) == 1)
        size++;
    fclose(in);
    int threshold = atoi(argv[2]);
    int verbose = strcmp(argv[3], "-v") == 0;
    if (verbose)
        printf("read %d values\n", size);
    int sum = accumulate(data, size);
    FILE *keep = fopen(argv[4], "w");
    for (int i = 0; i < size; i++)
        if (keep && data[i] > threshold)
            fprintf(keep, "%d\n", data[i]);
    if (keep)
        fclose(keep);
    printf("sum %d\n", sum);
    return 0;
}
