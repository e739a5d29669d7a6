/* `bench_report summary`: the Markdown summary of a results.csv: per tool
 * the planted divergences found, per planted divergence and tool the median
 * time and RTL calls to find it, lgfuzz's time relative to each tool, and
 * the three targets checked. A run that never finds a divergence
 * counts as the budget (time) and as its total RTL calls. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/report/report.h"
#include "util/alloc.h"

#define REF_TOOL "lgfuzz"
#define NAIVE_TOOL "lgfuzz-naive"

typedef struct cell {
    double *t, *rtl; /* per run: time (budget when not found), RTL calls */
    size_t n, found;
} cell_t;

typedef struct table {
    char **tools, **divs; /* divs: "kernel/id" */
    double *prob;         /* per div */
    size_t ntools, ndivs;
    cell_t *cells; /* ndivs x ntools */
    double budget;
} table_t;

static size_t intern(char ***v, size_t *n, const char *s)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*v)[i], s) == 0)
            return i;
    *v = lg_realloc(*v, (*n + 1) * sizeof **v);
    (*v)[*n] = lg_strdup(s);
    return (*n)++;
}

static cell_t *cell(table_t *t, size_t d, size_t k)
{
    return &t->cells[d * t->ntools + k];
}

/* Two passes: names first (to size the cells), then the runs. */
static int build(table_t *t, const report_csv_t *c)
{
    int ck = report_csv_col(c, "kernel"), ct = report_csv_col(c, "tool"), cp = report_csv_col(c, "planted");
    int cpr = report_csv_col(c, "probability"), cf = report_csv_col(c, "found_s");
    int cfr = report_csv_col(c, "found_rtl_calls"), ctr = report_csv_col(c, "total_rtl_calls");
    if (ck < 0 || ct < 0 || cp < 0 || cpr < 0 || cf < 0 || cfr < 0 || ctr < 0) {
        fprintf(stderr, "bench_report summary: results.csv lacks an expected column\n");
        return 2;
    }
    for (size_t r = 0; r < c->nrows; r++) {
        intern(&t->tools, &t->ntools, c->rows[r][ct]);
        char *name = lg_asprintf("%s/%s", c->rows[r][ck], c->rows[r][cp]);
        size_t before = t->ndivs, d = intern(&t->divs, &t->ndivs, name);
        if (t->ndivs != before) {
            t->prob = lg_realloc(t->prob, t->ndivs * sizeof *t->prob);
            t->prob[d] = atof(c->rows[r][cpr]);
        }
        free(name);
    }
    t->cells = lg_calloc(t->ndivs * t->ntools + 1, sizeof *t->cells);
    for (size_t r = 0; r < c->nrows; r++) {
        char *name = lg_asprintf("%s/%s", c->rows[r][ck], c->rows[r][cp]);
        cell_t *x = cell(t, intern(&t->divs, &t->ndivs, name), intern(&t->tools, &t->ntools, c->rows[r][ct]));
        free(name);
        int found = c->rows[r][cf][0] != '\0';
        double secs = found ? atof(c->rows[r][cf]) : t->budget;
        x->t = lg_realloc(x->t, (x->n + 1) * sizeof *x->t);
        x->rtl = lg_realloc(x->rtl, (x->n + 1) * sizeof *x->rtl);
        x->t[x->n] = secs < t->budget ? secs : t->budget;
        x->rtl[x->n] = atof(c->rows[r][found ? cfr : ctr]);
        x->found += found && secs <= t->budget;
        x->n++;
    }
    return 0;
}

static double med_time(cell_t *x)
{
    return report_median(x->t, x->n);
}

static double med_rtl(cell_t *x)
{
    return report_median(x->rtl, x->n);
}

static void print_found(table_t *t)
{
    printf("## Planted divergences found\n\n| tool | divergences found (any seed) | found in all seeds | runs that "
           "found |\n|---|---|---|---|\n");
    for (size_t k = 0; k < t->ntools; k++) {
        size_t any = 0, all = 0, runs = 0, tot = 0;
        for (size_t d = 0; d < t->ndivs; d++) {
            cell_t *x = cell(t, d, k);
            any += x->found > 0;
            all += x->n && x->found == x->n;
            runs += x->found;
            tot += x->n;
        }
        printf("| %s | %zu/%zu | %zu/%zu | %zu/%zu |\n", t->tools[k], any, t->ndivs, all, t->ndivs, runs, tot);
    }
    printf("\n");
}

/* A table's header: the first column, the planted divergence's
 * probability when with_p, then one column per tool. */
static void print_header(const table_t *t, const char *first, int with_p)
{
    printf("| %s |%s", first, with_p ? " p |" : "");
    for (size_t k = 0; k < t->ntools; k++)
        printf(" %s |", t->tools[k]);
    printf("\n|---|%s", with_p ? "---|" : "");
    for (size_t k = 0; k < t->ntools; k++)
        printf("---|");
    printf("\n");
}

static void print_medians(table_t *t, int rtl)
{
    printf(rtl ? "## Median RTL calls to each divergence\n\n(a run that never finds it counts its total RTL "
                 "calls; found runs/seeds in parentheses)\n\n"
               : "## Median time to each divergence (s)\n\n(a run that never finds it counts as the budget, "
                 "%g s; found runs/seeds in parentheses)\n\n",
           t->budget);
    print_header(t, "planted divergence", 1);
    for (size_t d = 0; d < t->ndivs; d++) {
        printf("| %s | %.2g |", t->divs[d], t->prob[d]);
        for (size_t k = 0; k < t->ntools; k++) {
            cell_t *x = cell(t, d, k);
            if (!x->n)
                printf(" - |");
            else if (rtl)
                printf(" %.0f (%zu/%zu) |", med_rtl(x), x->found, x->n);
            else
                printf(" %.1f (%zu/%zu) |", med_time(x), x->found, x->n);
        }
        printf("\n");
    }
    printf("\n");
}

/* Per kernel and tool, over its runs (one results.csv row per run: the
 * first of its planted divergences): the median RTL calls and the median
 * share of the run's time spent waiting for the RTL. */
static void print_rtl_runs(const table_t *t, const report_csv_t *c)
{
    int ck = report_csv_col(c, "kernel"), ct = report_csv_col(c, "tool"), cs = report_csv_col(c, "seed");
    int ctr = report_csv_col(c, "total_rtl_calls"), csh = report_csv_col(c, "rtl_share");
    if (csh < 0 || cs < 0)
        return;
    char **kernels = NULL;
    size_t nk = 0;
    for (size_t r = 0; r < c->nrows; r++)
        intern(&kernels, &nk, c->rows[r][ck]);
    printf("## RTL calls and RTL time share per run\n\n(medians over seeds: RTL calls / share of the run's time "
           "spent waiting for the RTL; - where the tool does not say)\n\n");
    print_header(t, "kernel", 0);
    double *calls = lg_calloc(c->nrows + 1, sizeof *calls), *share = lg_calloc(c->nrows + 1, sizeof *share);
    for (size_t i = 0; i < nk; i++) {
        printf("| %s |", kernels[i]);
        for (size_t k = 0; k < t->ntools; k++) {
            size_t n = 0, nshare = 0;
            const char *seen = NULL;
            for (size_t r = 0; r < c->nrows; r++) {
                char **row = c->rows[r];
                if (strcmp(row[ck], kernels[i]) != 0 || strcmp(row[ct], t->tools[k]) != 0)
                    continue;
                /* Rows of one run are consecutive: one per planted divergence. */
                if (seen && strcmp(seen, row[cs]) == 0)
                    continue;
                seen = row[cs];
                calls[n++] = atof(row[ctr]);
                if (row[csh][0])
                    share[nshare++] = atof(row[csh]);
            }
            if (!n)
                printf(" - |");
            else if (!nshare)
                printf(" %.0f / - |", report_median(calls, n));
            else
                printf(" %.0f / %.0f%% |", report_median(calls, n), 100 * report_median(share, nshare));
        }
        printf("\n");
    }
    printf("\n");
    free(calls);
    free(share);
    for (size_t i = 0; i < nk; i++)
        free(kernels[i]);
    free(kernels);
}

static int find_tool(const table_t *t, const char *name)
{
    for (size_t k = 0; k < t->ntools; k++)
        if (strcmp(t->tools[k], name) == 0)
            return (int)k;
    return -1;
}

static void print_ratios(table_t *t, int ref)
{
    printf("## lgfuzz's median time relative to each tool\n\n(lgfuzz median / tool median per divergence; "
           "below 1 lgfuzz is faster; geometric mean in the last row)\n\n");
    print_header(t, "planted divergence", 1);
    double *logsum = lg_calloc(t->ntools + 1, sizeof *logsum);
    size_t *cnt = lg_calloc(t->ntools + 1, sizeof *cnt);
    for (size_t d = 0; d < t->ndivs; d++) {
        printf("| %s | %.2g |", t->divs[d], t->prob[d]);
        double r0 = med_time(cell(t, d, (size_t)ref));
        for (size_t k = 0; k < t->ntools; k++) {
            cell_t *x = cell(t, d, k);
            if (!x->n || !cell(t, d, (size_t)ref)->n) {
                printf(" - |");
                continue;
            }
            double q = (r0 > 0.001 ? r0 : 0.001) / (med_time(x) > 0.001 ? med_time(x) : 0.001);
            logsum[k] += log(q);
            cnt[k]++;
            printf(" %.3g |", q);
        }
        printf("\n");
    }
    printf("| geometric mean | |");
    for (size_t k = 0; k < t->ntools; k++)
        printf(cnt[k] ? " %.3g |" : " - |", cnt[k] ? exp(logsum[k] / (double)cnt[k]) : 0.0);
    printf("\n\n");
    free(logsum);
    free(cnt);
}

/* Best (lowest) median time over the byte-level baselines. */
static double best_byte_level(table_t *t, size_t d, const char **who)
{
    double best = -1;
    for (size_t k = 0; k < t->ntools; k++) {
        if (strncmp(t->tools[k], "libfuzzer", 9) != 0 && strncmp(t->tools[k], "aflpp", 5) != 0)
            continue;
        cell_t *x = cell(t, d, k);
        if (x->n && (best < 0 || med_time(x) < best)) {
            best = med_time(x);
            *who = t->tools[k];
        }
    }
    return best;
}

static void print_targets(table_t *t, int ref)
{
    printf("## Targets\n\n");
    size_t all = 0;
    for (size_t d = 0; d < t->ndivs; d++) {
        cell_t *x = cell(t, d, (size_t)ref);
        all += x->n && x->found == x->n;
    }
    printf("- lgfuzz finds every planted divergence in every seed within the budget: %s (%zu/%zu)\n",
           all == t->ndivs ? "met" : "NOT met", all, t->ndivs);
    for (size_t d = 0; d < t->ndivs; d++) {
        if (t->prob[d] < 0 || t->prob[d] >= 1e-4)
            continue;
        const char *who = "none";
        double b = best_byte_level(t, d, &who), l = med_time(cell(t, d, (size_t)ref));
        if (b < 0)
            continue;
        double sp = b / (l > 0.001 ? l : 0.001);
        printf("- hard divergence %s (p = %.2g): lgfuzz median %.1f s, best byte-level baseline %s %.1f s: "
               "%.3gx faster, target 10x %s\n",
               t->divs[d], t->prob[d], l, who, b, sp, sp >= 10 ? "met" : "NOT met");
    }
    int naive = find_tool(t, NAIVE_TOOL);
    if (naive >= 0) {
        /* The same set of divergences: those both tools found in every
         * seed, so that budget-bound totals do not inflate the ratio. */
        double rl = 0, rn = 0;
        size_t same = 0;
        for (size_t d = 0; d < t->ndivs; d++) {
            cell_t *l = cell(t, d, (size_t)ref), *n = cell(t, d, (size_t)naive);
            if (!l->n || !n->n || l->found != l->n || n->found != n->n)
                continue;
            rl += med_rtl(l);
            rn += med_rtl(n);
            same++;
        }
        printf("- RTL calls over the %zu divergences both lgfuzz and %s found in every seed (sum of median RTL "
               "calls to each): lgfuzz %.0f, %s %.0f: %.3gx fewer, target 10x %s\n",
               same, NAIVE_TOOL, rl, NAIVE_TOOL, rn, rn / (rl > 1 ? rl : 1),
               same && rn >= 10 * (rl > 1 ? rl : 1) ? "met" : "NOT met");
    }
    printf("\n");
}

static void table_free(table_t *t)
{
    for (size_t i = 0; i < t->ndivs * t->ntools; i++) {
        free(t->cells[i].t);
        free(t->cells[i].rtl);
    }
    for (size_t i = 0; i < t->ntools; i++)
        free(t->tools[i]);
    for (size_t i = 0; i < t->ndivs; i++)
        free(t->divs[i]);
    free(t->tools);
    free(t->divs);
    free(t->prob);
    free(t->cells);
}

int report_summary(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_report summary RESULTS.csv BUDGET_S\n");
        return 2;
    }
    report_csv_t *c = report_csv_load(argv[0]);
    if (!c)
        return 2;
    table_t t = {.budget = atof(argv[1])};
    int rc = build(&t, c);
    if (rc == 0) {
        printf("# Time to divergence\n\nBudget %g s per kernel, tool and seed; %zu planted divergences, %zu tools, "
               "%zu rows (%s).\n\n",
               t.budget, t.ndivs, t.ntools, c->nrows, argv[0]);
        print_found(&t);
        print_medians(&t, 0);
        print_medians(&t, 1);
        print_rtl_runs(&t, c);
        int ref = find_tool(&t, REF_TOOL);
        if (ref >= 0) {
            print_ratios(&t, ref);
            print_targets(&t, ref);
        }
    }
    table_free(&t);
    report_csv_destroy(c);
    return rc;
}
