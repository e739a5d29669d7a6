/* The helper host's reading and writing helpers (a second source file). */
#include <stdio.h>
#include <stdlib.h>

#include "job.h"

int parse_int(const char *text)
{
    return (int)strtol(text, NULL, 10);
}

int load_job(struct job *j, const char *path, int gain)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    j->len = 0;
    while (j->len < JOB_MAX && fscanf(f, "%d", &j->buf[j->len]) == 1)
        j->len++;
    j->gain = gain;
    fclose(f);
    return 0;
}

void save(const int *out, int n, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    for (int i = 0; i < n; i++)
        fprintf(f, "%d\n", out[i]);
    fclose(f);
}
