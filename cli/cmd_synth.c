/* `lgfuzz synth FILE.csv`: learns a condition separating the rows labelled
 * 1 from those labelled 0 (or, with --term, a term equal to a column) with
 * the staged grammar enumerator, and prints it with its MCC and stage. */
#include <errno.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/alloc.h"
#include "common/fsutil.h"
#include "synth/synth.h"

#define MAX_CONSTS 64
#define MAX_GRAMMARS 16

static const char usage[] =
    "usage: lgfuzz synth FILE.csv [options]\n\n"
    "Learns a condition over the CSV's feature columns that separates rows whose\n"
    "`label` column is 1 from rows where it is 0, and prints it with its MCC on all\n"
    "rows and the grammar stage that produced it. The header row names the\n"
    "features (`x`, `len(d)`, `d[3]`, `max(d)` ...); cells are integers (decimal or\n"
    "0x hex); blank lines and lines starting with # are skipped.\n\n"
    "options:\n"
    "  --term COLUMN      learn a term equal to COLUMN instead (no label column needed)\n"
    "  --const N          a constant to prefer (repeatable), like a kernel's own constants\n"
    "  --grammar FILE     a grammar stage (repeatable, in escalation order; default\n"
    "                     grammars/level1.yaml, level2.yaml, level3.yaml)\n"
    "  --samples N        sample cap (default 30)\n"
    "  --threshold X      MCC that is good enough (default 0.6)\n"
    "  --seed N           seed for sampling (default 1)\n"
    "  --json             print one JSON object instead of text\n\n"
    "Exit codes: 0 learned (the MCC says how well), 2 usage error or bad CSV\n"
    "(the message names file:line:col).\n";

typedef struct table {
    char **names;  /* ncols column names */
    size_t ncols;
    int64_t *cells; /* nrows * ncols */
    size_t nrows, cap;
} table_t;

static void table_free(table_t *t)
{
    for (size_t i = 0; i < t->ncols; i++)
        free(t->names[i]);
    free(t->names);
    free(t->cells);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static int parse_header(table_t *t, char *line, const char *path, size_t lineno, lg_err_t *err)
{
    for (char *cell = line, *next; cell; cell = next) {
        next = strchr(cell, ',');
        if (next)
            *next++ = '\0';
        char *name = trim(cell);
        if (*name == '\0')
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: empty column name", path, lineno,
                              (size_t)(cell - line) + 1);
        for (size_t i = 0; i < t->ncols; i++)
            if (strcmp(t->names[i], name) == 0)
                return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: column '%s' appears twice", path, lineno,
                                  (size_t)(cell - line) + 1, name);
        t->names = lg_realloc(t->names, (t->ncols + 1) * sizeof *t->names);
        t->names[t->ncols++] = lg_strdup(name);
    }
    return 0;
}

static int parse_row(table_t *t, char *line, const char *path, size_t lineno, lg_err_t *err)
{
    lg_grow((void **)&t->cells, &t->cap, (t->nrows + 1) * t->ncols, sizeof *t->cells);
    int64_t *row = t->cells + t->nrows * t->ncols;
    size_t col = 0;
    for (char *cell = line, *next; cell; cell = next, col++) {
        next = strchr(cell, ',');
        if (next)
            *next++ = '\0';
        size_t at = (size_t)(cell - line) + 1;
        if (col >= t->ncols)
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: more cells than the %zu columns of the header", path,
                              lineno, at, t->ncols);
        char *text = trim(cell), *end;
        errno = 0;
        long long v = strtoll(text, &end, 0);
        if (*text == '\0' || *end != '\0' || errno == ERANGE)
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: '%s' in column '%s' is not a 64-bit integer", path,
                              lineno, at, text, t->names[col]);
        row[col] = v;
    }
    if (col != t->ncols)
        return lg_err_set(err, LG_EINVAL, "%s:%zu: %zu cells, the header has %zu columns", path, lineno, col,
                          t->ncols);
    t->nrows++;
    return 0;
}

static int load_csv(const char *path, table_t *t, lg_err_t *err)
{
    char *text = lg_read_file(path, NULL, err);
    if (!text)
        return err->code;
    int rc = 0;
    size_t lineno = 0;
    for (char *line = text, *next; line && rc == 0; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        rc = t->ncols == 0 ? parse_header(t, line, path, lineno, err) : parse_row(t, line, path, lineno, err);
    }
    if (rc == 0 && t->nrows == 0)
        rc = lg_err_set(err, LG_EINVAL, "%s: no data rows", path);
    free(text);
    return rc;
}

typedef struct opts {
    const char *csv, *term;
    const char *grammars[MAX_GRAMMARS];
    size_t ngrammars;
    int64_t consts[MAX_CONSTS];
    size_t nconsts;
    size_t samples;
    double threshold;
    uint64_t seed;
    int json;
} opts_t;

static int parse_number(const char *text, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 0);
    if (*text == '\0' || *end != '\0' || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

static int parse_opts(int argc, char **argv, opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_val = i + 1 < argc;
        int64_t n;
        if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (a[0] == '-' && a[1] == '-' && !has_val) {
            return cli_usage_error(argv[0], "%s needs a value", a);
        } else if (strcmp(a, "--term") == 0) {
            o->term = argv[++i];
        } else if (strcmp(a, "--grammar") == 0) {
            if (o->ngrammars == MAX_GRAMMARS)
                return cli_usage_error(argv[0], "at most %d --grammar stages", MAX_GRAMMARS);
            o->grammars[o->ngrammars++] = argv[++i];
        } else if (strcmp(a, "--const") == 0) {
            if (parse_number(argv[++i], &n) || o->nconsts == MAX_CONSTS)
                return cli_usage_error(argv[0], "--const '%s': expected an integer (at most %d)", argv[i], MAX_CONSTS);
            o->consts[o->nconsts++] = n;
        } else if (strcmp(a, "--samples") == 0) {
            if (parse_number(argv[++i], &n) || n < 2 || n > SYNTH_MAX_SAMPLES_LIMIT)
                return cli_usage_error(argv[0], "--samples '%s': expected 2..%d", argv[i], SYNTH_MAX_SAMPLES_LIMIT);
            o->samples = (size_t)n;
        } else if (strcmp(a, "--seed") == 0) {
            if (parse_number(argv[++i], &n))
                return cli_usage_error(argv[0], "--seed '%s': expected an integer", argv[i]);
            o->seed = (uint64_t)n;
        } else if (strcmp(a, "--threshold") == 0) {
            char *end;
            o->threshold = strtod(argv[++i], &end);
            if (*end != '\0' || o->threshold <= 0 || o->threshold > 1)
                return cli_usage_error(argv[0], "--threshold '%s': expected a number in (0, 1]", argv[i]);
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error(argv[0], "unknown option '%s'", a);
        } else if (!o->csv) {
            o->csv = a;
        } else {
            return cli_usage_error(argv[0], "unexpected argument '%s'", a);
        }
    }
    if (!o->csv)
        return cli_usage_error(argv[0], "missing FILE.csv");
    return 0;
}

static const char *c_var(void *ctx, int feature)
{
    const features_t *fs = ctx;
    return fs->f[feature].name;
}

static void print_result(const opts_t *o, const synth_t *s, const features_t *fs, const synth_result_t *r,
                         size_t nrows)
{
    char *text = r->expr ? expr_to_text(r->expr, fs) : NULL;
    const char *stage = r->stage ? synth_stage_name(s, (size_t)r->stage - 1) : "none";
    if (!o->json) {
        printf("%s: %s\n", o->term ? "term" : "condition", text ? text : "(none found)");
        printf("%s: %.4f on all %zu rows (%zu sampled)\n", o->term ? "match" : "mcc", r->mcc, nrows, r->nsamples);
        printf("stage: %d (%s)\n", r->stage, stage);
        printf("time: %.3f ms, %" PRIu64 " candidates\n", (double)r->time_ns / 1e6, r->candidates);
        free(text);
        return;
    }
    json_object *j = json_object_new_object();
    json_object_object_add(j, o->term ? "term" : "condition", text ? json_object_new_string(text) : NULL);
    if (r->expr) {
        char *smt = expr_to_smt2(r->expr, fs), *c = expr_to_c(r->expr, c_var, (void *)fs);
        json_object_object_add(j, "smt2", json_object_new_string(smt));
        json_object_object_add(j, "c", json_object_new_string(c));
        free(smt);
        free(c);
    }
    json_object_object_add(j, o->term ? "match" : "mcc", json_object_new_double(r->mcc));
    json_object_object_add(j, "stage", json_object_new_int(r->stage));
    json_object_object_add(j, "stage_name", json_object_new_string(stage));
    json_object_object_add(j, "rows", json_object_new_int64((int64_t)nrows));
    json_object_object_add(j, "samples", json_object_new_int64((int64_t)r->nsamples));
    json_object_object_add(j, "candidates", json_object_new_int64((int64_t)r->candidates));
    json_object_object_add(j, "time_ms", json_object_new_double((double)r->time_ns / 1e6));
    printf("%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(j);
    free(text);
}

/* Learns from the table: features are every column except the target one
 * (`label`, or the --term column). */
static int learn(const opts_t *o, const table_t *t, lg_err_t *err)
{
    const char *target = o->term ? o->term : "label";
    size_t tcol = 0;
    while (tcol < t->ncols && strcmp(t->names[tcol], target) != 0)
        tcol++;
    if (tcol == t->ncols)
        return lg_err_set(err, LG_EINVAL, "%s:1: no '%s' column in the header", o->csv, target);
    const char **names = lg_malloc(t->ncols * sizeof *names);
    size_t nf = 0;
    for (size_t c = 0; c < t->ncols; c++)
        if (c != tcol)
            names[nf++] = t->names[c];
    features_t *fs = features_from_names(names, nf);
    int64_t *feat = lg_malloc((t->nrows * nf + 1) * sizeof *feat);
    synth_example_t *ex = lg_calloc(t->nrows, sizeof *ex);
    synth_term_example_t *tex = lg_calloc(t->nrows, sizeof *tex);
    synth_t *s = NULL;
    int rc = 0;
    for (size_t r = 0; r < t->nrows && rc == 0; r++) {
        const int64_t *row = t->cells + r * t->ncols;
        for (size_t c = 0, k = 0; c < t->ncols; c++)
            if (c != tcol)
                feat[r * nf + k++] = row[c];
        if (!o->term && row[tcol] != 0 && row[tcol] != 1)
            rc = lg_err_set(err, LG_EINVAL, "%s: data row %zu: label %" PRId64 " is not 0 or 1", o->csv, r + 1,
                            row[tcol]);
        ex[r] = (synth_example_t){.feat = feat + r * nf, .label = (int)row[tcol]};
        tex[r] = (synth_term_example_t){.feat = feat + r * nf, .value = row[tcol]};
    }
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.seed = o->seed;
    cfg.grammar_files = o->ngrammars ? o->grammars : NULL;
    cfg.ngrammar_files = o->ngrammars;
    if (o->samples)
        cfg.max_samples = o->samples;
    if (o->threshold > 0)
        cfg.mcc_threshold = o->threshold;
    if (rc == 0 && !(s = synth_create(&cfg, err)))
        rc = err->code;
    synth_result_t res = {0};
    if (rc == 0)
        rc = o->term ? synth_learn_term(s, tex, t->nrows, o->consts, o->nconsts, &res, err)
                     : synth_learn(s, ex, t->nrows, o->consts, o->nconsts, &res, err);
    if (rc == 0)
        print_result(o, s, fs, &res, t->nrows);
    expr_free(res.expr);
    synth_destroy(s);
    free(tex);
    free(ex);
    free(feat);
    features_destroy(fs);
    free(names);
    return rc;
}

int cmd_synth(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    opts_t o;
    int rc = parse_opts(argc, argv, &o);
    if (rc)
        return rc;
    table_t t = {0};
    lg_err_t err;
    lg_err_clear(&err);
    if (load_csv(o.csv, &t, &err) == 0)
        learn(&o, &t, &err);
    table_free(&t);
    if (err.code) {
        fprintf(stderr, "lgfuzz synth: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    return LG_EXIT_OK;
}
