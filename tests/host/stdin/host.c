/* A host that reads its data from standard input with fgets, sscanf and
 * strtol, caps the count by an option and may stop before the kernel.
 *
 * By hand (argv[1..4] as in host.yaml):
 *   stdin     -> v, n, shift (the first line is the shift, then values)
 *   argv[1] limit -> v, n (caps how many values are read)
 *   argv[2] label -> none (printed only)
 *   argv[3] dry   -> v, n, shift (decides whether the kernel is called at
 *                    all: control dependence counts, docs/host.md)
 *   argv[4] "--quiet" (a literal) -> none
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scale(const int *v, int n, int shift);

int main(int argc, char **argv)
{
    if (argc < 5)
        return 2;
    long limit = strtol(argv[1], NULL, 10);
    const char *label = argv[2];
    int quiet = strcmp(argv[4], "--quiet") == 0;
    char line[128];
    int shift = 0;
    if (fgets(line, sizeof line, stdin) && sscanf(line, "shift %d", &shift) != 1)
        shift = 0;
    int v[32];
    int n = 0;
    while (n < limit && n < 32 && fgets(line, sizeof line, stdin))
        v[n++] = (int)strtol(line, NULL, 0);
    if (!quiet)
        fprintf(stderr, "%s: %d values\n", label, n);
    if (strcmp(argv[3], "dry") == 0)
        return 0;
    int r = scale(v, n, shift);
    printf("%s: %d\n", label, r);
    return 0;
}
