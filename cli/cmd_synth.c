/* `lgfuzz synth FILE.csv`: learns a condition separating the rows labelled
 * 1 from those labelled 0 (or, with --term, a term equal to a column) with
 * the staged grammar enumerator, and prints it with its MCC and stage. */
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options_int.h"
#include "synth/synth.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"

#define MAX_CONSTS 64
#define MAX_GRAMMARS 16

static const char synopsis[] = "usage: lgfuzz synth FILE.csv [options]\n\n"
                               "Learns a condition over the CSV's feature columns that separates rows whose\n"
                               "`label` column is 1 from rows where it is 0, and prints it with its MCC on all\n"
                               "rows and the grammar stage that produced it. The header row names the\n"
                               "features (`x`, `len(d)`, `d[3]`, `max(d)` ...); cells are integers (decimal or\n"
                               "0x hex); blank lines and lines starting with # are skipped.\n\n";

static const char epilogue[] = "Exit codes: 0 learned (the MCC says how well), 2 usage error or bad CSV\n"
                               "(the message names file:line:col).\n";

typedef struct table {
    char **names; /* ncols column names */
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
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: empty column name", path, lineno, (size_t)(cell - line) + 1);
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
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: more cells than the %zu columns of the header", path, lineno,
                              at, t->ncols);
        char *text = trim(cell);
        int64_t v;
        lg_err_t ignored;
        if (lg_int_parse(text, LG_NUM_HEX, INT64_MIN, INT64_MAX, &v, &ignored) != LG_OK)
            return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: '%s' in column '%s' is not a 64-bit integer", path, lineno,
                              at, text, t->names[col]);
        row[col] = v;
    }
    if (col != t->ncols)
        return lg_err_set(err, LG_EINVAL, "%s:%zu: %zu cells, the header has %zu columns", path, lineno, col, t->ncols);
    t->nrows++;
    return 0;
}

static int load_csv(const char *path, table_t *t, lg_err_t *err)
{
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, err);
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

typedef struct consts {
    int64_t v[MAX_CONSTS];
    size_t n;
} consts_t;

typedef struct grammars {
    const char *v[MAX_GRAMMARS];
    size_t n;
} grammars_t;

typedef struct opts {
    const char *csv, *term;
    grammars_t grammars;
    consts_t consts;
    synth_cfg_t cfg; /* --samples, --threshold and --seed; the rest is set by learn */
    int json;
} opts_t;

/* --const: an integer as the CSV cells are written (decimal or 0x hex, signed). */
static int parse_const(const char *text, void *field, lg_err_t *err)
{
    consts_t *c = field;
    int64_t v;
    lg_err_t ignored;
    if (lg_int_parse(text, LG_NUM_HEX, INT64_MIN, INT64_MAX, &v, &ignored) != LG_OK)
        return lg_err_set(err, LG_EINVAL, "--const: '%s' is not a 64-bit integer", text);
    if (c->n == MAX_CONSTS)
        return lg_err_set(err, LG_EINVAL, "--const: '%s' is one more than the %d constants allowed", text, MAX_CONSTS);
    c->v[c->n++] = v;
    return LG_OK;
}

static int parse_grammar(const char *text, void *field, lg_err_t *err)
{
    grammars_t *g = field;
    if (g->n == MAX_GRAMMARS)
        return lg_err_set(err, LG_EINVAL, "--grammar: '%s' is one more than the %d stages allowed", text, MAX_GRAMMARS);
    g->v[g->n++] = text;
    return LG_OK;
}

static int parse_threshold(const char *text, void *field, lg_err_t *err)
{
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v > 0 && v <= 1))
        return lg_err_set(err, LG_EINVAL, "--threshold: '%s' is not a number in (0, 1]", text);
    memcpy(field, &v, sizeof v);
    return LG_OK;
}

static const cli_opt_t synth_opts[] = {
    {.kind = CLI_STRING,
     .name = "--term",
     .field = CLI_FIELD(opts_t, term),
     .arg = "COLUMN",
     .help = "learn a term equal to COLUMN instead (no label column needed)"},
    {.kind = CLI_CUSTOM,
     .name = "--const",
     .field = CLI_FIELD(opts_t, consts),
     .parse = parse_const,
     .arg = "N",
     .help = "a constant to prefer (repeatable), like a kernel's own constants"},
    {.kind = CLI_CUSTOM,
     .name = "--grammar",
     .field = CLI_FIELD(opts_t, grammars),
     .parse = parse_grammar,
     .arg = "FILE",
     .help = "a grammar stage (repeatable, in escalation order; default\n"
             "grammars/level1.yaml, level2.yaml, level3.yaml, numeric.yaml)"},
    {.kind = CLI_COUNT,
     .name = "--samples",
     .field = CLI_FIELD(opts_t, cfg.max_samples),
     .min = 2,
     .max = SYNTH_MAX_SAMPLES_LIMIT,
     .arg = "N",
     .help = "sample cap (default 30)"},
    {.kind = CLI_CUSTOM,
     .name = "--threshold",
     .field = CLI_FIELD(opts_t, cfg.mcc_threshold),
     .parse = parse_threshold,
     .arg = "X",
     .help = "MCC that is good enough (default 0.6)"},
    {.kind = CLI_COUNT,
     .name = "--seed",
     .field = CLI_FIELD(opts_t, cfg.seed),
     .max = UINT64_MAX,
     .arg = "N",
     .help = "seed for sampling (default 1)"},
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(opts_t, json),
     .help = "print one JSON object instead of text"},
    {.kind = CLI_END},
};

/* Fills o from argv; returns CLI_PROCEED or the exit code. */
static int parse_opts(int argc, char **argv, opts_t *o)
{
    static const char *const positional[] = {"FILE.csv", NULL};
    memset(o, 0, sizeof *o);
    synth_cfg_default(&o->cfg);
    o->cfg.seed = 1;
    cli_opts_t cl = {
        .cmd = "synth",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{synth_opts, o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED)
        o->csv = cl.pos[0];
    cli_opts_free(&cl);
    return rc;
}

static const char *c_var(void *ctx, int feature)
{
    const features_t *fs = ctx;
    return fs->f[feature].name;
}

static void print_result(const opts_t *o, const synth_t *s, const features_t *fs, const synth_result_t *r, size_t nrows)
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
    synth_cfg_t cfg = o->cfg;
    cfg.fs = fs;
    cfg.grammar_files = o->grammars.n ? o->grammars.v : NULL;
    cfg.ngrammar_files = o->grammars.n;
    if (rc == 0 && !(s = synth_create(&cfg, err)))
        rc = err->code;
    synth_result_t res = {0};
    if (rc == 0)
        rc = o->term ? synth_learn_term(s, tex, t->nrows, o->consts.v, o->consts.n, &res, err)
                     : synth_learn(s, ex, t->nrows, o->consts.v, o->consts.n, &res, err);
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
    opts_t o;
    int rc = parse_opts(argc, argv, &o);
    if (rc != CLI_PROCEED)
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
