/* Private header of bench_report, the result aggregation of the
 * time-to-divergence benchmark: one subcommand per file (collect, coverage,
 * summary, plot) and the small CSV reader they share. */
#ifndef LG_BENCH_REPORT_H
#define LG_BENCH_REPORT_H

#include <stddef.h>

/* Each subcommand takes the arguments after its name and returns the
 * process exit code: 0 ok, 2 usage or input error. */
int report_collect(int argc, char **argv);
int report_coverage(int argc, char **argv);
int report_summary(int argc, char **argv);
int report_plot(int argc, char **argv);

/* A CSV file with a header row; fields hold no commas or quotes. */
typedef struct report_csv {
    char **head; /* ncols names */
    size_t ncols;
    char ***rows; /* nrows rows of ncols fields ("" when a row is short) */
    size_t nrows;
} report_csv_t;

/* Reads path; NULL (with a message on stderr naming the path) on error. */
report_csv_t *report_csv_load(const char *path);
void report_csv_destroy(report_csv_t *c); /* accepts NULL */
/* Column index of name, or -1. */
int report_csv_col(const report_csv_t *c, const char *name);

/* Median of n values (sorted in place); 0 when n == 0. */
double report_median(double *v, size_t n);

#endif
