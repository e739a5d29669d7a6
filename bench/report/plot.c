/* `bench_report plot`: the SVG plot of branch coverage over time of one
 * kernel, one line per tool: at each of PLOT_STEPS times, the median over
 * seeds of the directions covered by then (coverage CSV rows are the times
 * coverage grew, so each seed is a step function). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/report/report.h"
#include "util/alloc.h"

#define PLOT_STEPS 120
#define W 720
#define H 420
#define ML 60 /* margins: left, right, top, bottom */
#define MR 190
#define MT 30
#define MB 50

static const char *const colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                     "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

typedef struct series {
    char *tool;
    double med[PLOT_STEPS + 1];
} series_t;

/* Coverage of (tool, seed) at time x: the last row at or before x. */
static double at(const report_csv_t *c, const int *col, const char *kernel, const char *tool, const char *seed,
                 double x)
{
    double v = 0, best_t = -1;
    for (size_t r = 0; r < c->nrows; r++) {
        char **f = c->rows[r];
        if (strcmp(f[col[0]], kernel) || strcmp(f[col[1]], tool) || strcmp(f[col[2]], seed))
            continue;
        double t = atof(f[col[3]]);
        if (t <= x && t >= best_t) {
            best_t = t;
            v = atof(f[col[4]]);
        }
    }
    return v;
}

static void series_fill(series_t *s, const report_csv_t *c, const int *col, const char *kernel, double budget)
{
    char **seeds = NULL;
    size_t ns = 0;
    for (size_t r = 0; r < c->nrows; r++) {
        char **f = c->rows[r];
        if (strcmp(f[col[0]], kernel) || strcmp(f[col[1]], s->tool))
            continue;
        size_t k = 0;
        while (k < ns && strcmp(seeds[k], f[col[2]]))
            k++;
        if (k == ns) {
            seeds = lg_realloc(seeds, (ns + 1) * sizeof *seeds);
            seeds[ns++] = f[col[2]];
        }
    }
    double *v = lg_calloc(ns + 1, sizeof *v);
    for (int i = 0; i <= PLOT_STEPS; i++) {
        double x = budget * i / PLOT_STEPS;
        for (size_t k = 0; k < ns; k++)
            v[k] = at(c, col, kernel, s->tool, seeds[k], x);
        s->med[i] = report_median(v, ns);
    }
    free(v);
    free(seeds);
}

static void svg(series_t *s, size_t n, const char *kernel, double budget, double total)
{
    double pw = W - ML - MR, ph = H - MT - MB, ymax = total > 0 ? total : 1;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
           "font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
           W, H);
    printf("<text x=\"%d\" y=\"18\" font-size=\"14\">%s: branch directions covered (median over seeds)</text>\n", ML,
           kernel);
    printf("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML, H - MB, W - MR, H - MB);
    printf("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML, MT, ML, H - MB);
    for (int i = 0; i <= 4; i++) {
        double fx = ML + pw * i / 4, fy = H - MB - ph * i / 4;
        printf("<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", fx, H - MB + 16, budget * i / 4);
        printf("<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.0f</text>\n", ML - 6, fy + 4, ymax * i / 4);
    }
    printf("<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">time (s)</text>\n", ML + pw / 2, H - 12);
    for (size_t k = 0; k < n; k++) {
        const char *col = colors[k % (sizeof colors / sizeof colors[0])];
        printf("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", col);
        for (int i = 0; i <= PLOT_STEPS; i++)
            printf("%.1f,%.1f ", ML + pw * i / PLOT_STEPS, H - MB - ph * s[k].med[i] / ymax);
        printf("\"/>\n");
        printf("<rect x=\"%d\" y=\"%zu\" width=\"14\" height=\"3\" fill=\"%s\"/>\n", W - MR + 12, MT + 6 + 18 * k, col);
        printf("<text x=\"%d\" y=\"%zu\">%s (%.0f)</text>\n", W - MR + 32, MT + 11 + 18 * k, s[k].tool,
               s[k].med[PLOT_STEPS]);
    }
    printf("</svg>\n");
}

int report_plot(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: bench_report plot COVERAGE.csv KERNEL BUDGET_S\n");
        return 2;
    }
    report_csv_t *c = report_csv_load(argv[0]);
    if (!c)
        return 2;
    int col[6] = {report_csv_col(c, "kernel"), report_csv_col(c, "tool"),     report_csv_col(c, "seed"),
                  report_csv_col(c, "time_s"), report_csv_col(c, "branches"), report_csv_col(c, "total")};
    for (int i = 0; i < 6; i++) {
        if (col[i] < 0) {
            fprintf(stderr, "bench_report plot: %s lacks column %d of kernel,tool,seed,time_s,branches,total\n",
                    argv[0], i + 1);
            report_csv_destroy(c);
            return 2;
        }
    }
    series_t *s = NULL;
    size_t n = 0;
    double total = 0;
    for (size_t r = 0; r < c->nrows; r++) {
        char **f = c->rows[r];
        if (strcmp(f[col[0]], argv[1]) != 0)
            continue;
        if (atof(f[col[5]]) > total)
            total = atof(f[col[5]]);
        size_t k = 0;
        while (k < n && strcmp(s[k].tool, f[col[1]]))
            k++;
        if (k == n) {
            s = lg_realloc(s, (n + 1) * sizeof *s);
            s[n++].tool = f[col[1]];
        }
    }
    double budget = atof(argv[2]);
    for (size_t k = 0; k < n; k++)
        series_fill(&s[k], c, col, argv[1], budget);
    svg(s, n, argv[1], budget, total);
    free(s);
    report_csv_destroy(c);
    return 0;
}
