/* The CSV reader and small statistics shared by the bench_report
 * subcommands. The benchmark writes its own CSV files, whose fields never
 * hold commas or quotes, so a split on commas is the whole grammar. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/report/report.h"
#include "util/alloc.h"
#include "util/err.h"
#include "util/fsutil.h"

static char **split(char *line, size_t *n)
{
    size_t cap = 8, k = 0;
    char **v = lg_malloc(cap * sizeof *v);
    for (char *p = line;;) {
        char *c = strchr(p, ',');
        if (c)
            *c = '\0';
        lg_grow((void **)&v, &cap, k + 1, sizeof *v);
        v[k++] = lg_strdup(p);
        if (!c)
            break;
        p = c + 1;
    }
    *n = k;
    return v;
}

report_csv_t *report_csv_load(const char *path)
{
    lg_err_t err;
    char *text = lg_read_file(path, NULL, &err);
    if (!text) {
        fprintf(stderr, "bench_report: %s\n", err.msg);
        return NULL;
    }
    report_csv_t *c = lg_calloc(1, sizeof *c);
    size_t cap = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
        size_t n = 0;
        char **f = split(line, &n);
        if (!c->head) {
            c->head = f;
            c->ncols = n;
            continue;
        }
        char **row = lg_calloc(c->ncols ? c->ncols : 1, sizeof *row);
        for (size_t i = 0; i < c->ncols; i++)
            row[i] = i < n ? f[i] : lg_strdup("");
        for (size_t i = c->ncols; i < n; i++)
            free(f[i]);
        free(f);
        lg_grow((void **)&c->rows, &cap, c->nrows + 1, sizeof *c->rows);
        c->rows[c->nrows++] = row;
    }
    free(text);
    if (!c->head) {
        fprintf(stderr, "bench_report: %s: empty CSV\n", path);
        report_csv_destroy(c);
        return NULL;
    }
    return c;
}

void report_csv_destroy(report_csv_t *c)
{
    if (!c)
        return;
    for (size_t r = 0; r < c->nrows; r++) {
        for (size_t i = 0; i < c->ncols; i++)
            free(c->rows[r][i]);
        free(c->rows[r]);
    }
    for (size_t i = 0; i < c->ncols; i++)
        free(c->head[i]);
    free(c->head);
    free(c->rows);
    free(c);
}

int report_csv_col(const report_csv_t *c, const char *name)
{
    for (size_t i = 0; i < c->ncols; i++)
        if (strcmp(c->head[i], name) == 0)
            return (int)i;
    return -1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double report_median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
