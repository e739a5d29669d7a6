/* The option parser of the lgfuzz subcommands: getopt_long driven by a
 * subcommand's option tables, one rule and one message per kind of value,
 * and the usage text generated from the same tables. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/num.h"
#include "util/strbuf.h"

/* getopt_long values of options without a letter: above every char. */
#define VAL_BASE 256
#define LABEL_MAX 64

static size_t table_len(const cli_opt_t *t)
{
    size_t n = 0;
    while (t && t[n].kind != CLI_END)
        n++;
    LG_ASSERT(n <= CLI_MAX_OPTS);
    return n;
}

/* "--budget", or "-v" for an option that has only a letter. */
static const char *label(const cli_opt_t *d, char buf[LABEL_MAX])
{
    if (d->name)
        return d->name;
    snprintf(buf, LABEL_MAX, "-%c", d->letter);
    return buf;
}

/* What a value of d must look like, for the messages. */
static void expected(const cli_opt_t *d, char *buf, size_t size)
{
    size_t n = 0;
    switch (d->kind) {
    case CLI_COUNT:
        if (d->max == UINT64_MAX && d->min == 0)
            snprintf(buf, size, "a whole number");
        else if (d->max == UINT64_MAX)
            snprintf(buf, size, "a whole number of at least %llu", (unsigned long long)d->min);
        else
            snprintf(buf, size, "a whole number from %llu to %llu", (unsigned long long)d->min,
                     (unsigned long long)d->max);
        break;
    case CLI_DURATION:
        snprintf(buf, size, "a duration such as 30s, 5m or 1h");
        break;
    case CLI_CHOICE:
        buf[0] = '\0';
        for (const cli_choice_t *c = d->choices; c->name; c++, n++)
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", n == 0 ? "" : c[1].name ? ", " : " or ", c->name);
        break;
    default:
        snprintf(buf, size, "%s", d->arg ? d->arg : "a value");
        break;
    }
}

/* Decimal digits only, so "-1", "+1", " 1" and "0x10" are refused alike. */
static int parse_count(const cli_opt_t *d, const char *text, uint64_t *out)
{
    lg_err_t ignored;
    return lg_uint_parse(text, LG_NUM_DEC, d->min, d->max, out, &ignored) == LG_OK ? 0 : -1;
}

static void store_unsigned(void *field, size_t size, uint64_t v)
{
    uint8_t u8 = (uint8_t)v;
    uint16_t u16 = (uint16_t)v;
    uint32_t u32 = (uint32_t)v;
    switch (size) {
    case 1:
        memcpy(field, &u8, 1);
        break;
    case 2:
        memcpy(field, &u16, 2);
        break;
    case 4:
        memcpy(field, &u32, 4);
        break;
    default:
        LG_ASSERT(size == 8);
        memcpy(field, &v, 8);
        break;
    }
}

static int parse_choice(const cli_opt_t *d, const char *text, void *field)
{
    LG_ASSERT(d->field.size == sizeof(int));
    for (const cli_choice_t *c = d->choices; c->name; c++)
        if (strcmp(c->name, text) == 0) {
            memcpy(field, &c->value, sizeof c->value);
            return 0;
        }
    return -1;
}

static int parse_duration(const cli_opt_t *d, const char *text, void *field, const char *lab, lg_err_t *err)
{
    uint64_t ns;
    LG_ASSERT(d->field.size == sizeof ns);
    if (lg_duration_parse(text, &ns, err))
        return lg_err_prefix(err, "%s", lab);
    if (ns < d->min && d->min <= 1)
        return lg_err_set(err, LG_EINVAL, "%s: '%s' must be positive", lab, text);
    if (ns < d->min)
        return lg_err_set(err, LG_EINVAL, "%s: '%s' must be at least %llums", lab, text,
                          (unsigned long long)(d->min / 1000000));
    memcpy(field, &ns, sizeof ns);
    return LG_OK;
}

/* Fills d's field in base from text (NULL for a flag). */
static int set_value(const cli_opt_t *d, void *base, const char *text, lg_err_t *err)
{
    char lab[LABEL_MAX], want[256];
    const char *l = label(d, lab);
    void *field = (char *)base + d->field.offset;
    uint64_t v;
    switch (d->kind) {
    case CLI_FLAG:
        LG_ASSERT(d->field.size == sizeof(int));
        memcpy(field, &(int){1}, sizeof(int));
        return LG_OK;
    case CLI_COUNT:
        LG_ASSERT(d->field.size == 8 || d->max >> (8 * d->field.size) == 0);
        if (parse_count(d, text, &v) == 0) {
            store_unsigned(field, d->field.size, v);
            return LG_OK;
        }
        expected(d, want, sizeof want);
        return lg_err_set(err, LG_EINVAL, "%s: '%s' is not %s", l, text, want);
    case CLI_DURATION:
        return parse_duration(d, text, field, l, err);
    case CLI_STRING:
        LG_ASSERT(d->field.size == sizeof text);
        memcpy(field, &text, sizeof text);
        return LG_OK;
    case CLI_CHOICE:
        if (parse_choice(d, text, field) == 0)
            return LG_OK;
        expected(d, want, sizeof want);
        return lg_err_set(err, LG_EINVAL, "%s: '%s' is not %s", l, text, want);
    case CLI_CUSTOM:
        return d->parse(text, field, err);
    case CLI_END:
        break;
    }
    return lg_err_set(err, LG_EINTERNAL, "%s: option without a kind", l);
}

/* The getopt_long value of option i of set s. */
static int opt_val(const cli_opt_t *d, size_t s, size_t i)
{
    return d->letter ? d->letter : VAL_BASE + (int)(s * CLI_MAX_OPTS + i);
}

/* Finds the option with getopt_long value val; 0 when there is none. */
static int find_val(const cli_opts_t *o, int val, size_t *s, size_t *i)
{
    for (*s = 0; *s < CLI_MAX_SETS; (*s)++)
        for (*i = 0; *i < table_len(o->sets[*s].opts); (*i)++)
            if (opt_val(&o->sets[*s].opts[*i], *s, *i) == val)
                return 1;
    return 0;
}

/* The getopt_long tables: "-:" returns positional arguments in order (as
 * value 1, whatever POSIXLY_CORRECT says) and reports a missing value as ':'. */
static void build_getopt(const cli_opts_t *o, struct option *lo, char *so)
{
    size_t n = 0, k = 0;
    so[k++] = '-';
    so[k++] = ':';
    for (size_t s = 0; s < CLI_MAX_SETS; s++)
        for (size_t i = 0; i < table_len(o->sets[s].opts); i++) {
            const cli_opt_t *d = &o->sets[s].opts[i];
            int has_arg = d->kind == CLI_FLAG ? no_argument : required_argument;
            LG_ASSERT(d->letter != 'h' && (d->name || d->letter));
            if (d->name) {
                LG_ASSERT(strncmp(d->name, "--", 2) == 0);
                lo[n++] = (struct option){d->name + 2, has_arg, NULL, opt_val(d, s, i)};
            }
            if (d->letter) {
                so[k++] = d->letter;
                if (has_arg == required_argument)
                    so[k++] = ':';
            }
        }
    lo[n++] = (struct option){"help", no_argument, NULL, 'h'};
    lo[n] = (struct option){NULL, 0, NULL, 0};
    so[k++] = 'h';
    so[k] = '\0';
}

/* An argument getopt_long refused: an unknown or ambiguous option, or a
 * value given to a flag (--json=1). */
static int refused(const cli_opts_t *o, const char *arg, lg_err_t *err)
{
    size_t s, i, len = strcspn(arg, "=");
    char names[512] = "";
    int matches = 0;
    if (optopt && find_val(o, optopt, &s, &i) && o->sets[s].opts[i].kind == CLI_FLAG)
        return lg_err_set(err, LG_EINVAL, "%s takes no value", o->sets[s].opts[i].name);
    if (optopt)
        return lg_err_set(err, LG_EINVAL, "unknown option '-%c'", optopt);
    for (s = 0; s < CLI_MAX_SETS; s++)
        for (i = 0; i < table_len(o->sets[s].opts); i++) {
            const char *name = o->sets[s].opts[i].name;
            if (name && strncmp(name, arg, len) == 0 && len > 2) {
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", matches ? ", " : "", name);
                matches++;
            }
        }
    if (matches > 1)
        return lg_err_set(err, LG_EINVAL, "ambiguous option '%s' (%s)", arg, names);
    return lg_err_set(err, LG_EINVAL, "unknown option '%s'", arg);
}

static int missing_value(const cli_opts_t *o, lg_err_t *err)
{
    size_t s, i;
    char lab[LABEL_MAX], want[256];
    if (!find_val(o, optopt, &s, &i))
        return lg_err_set(err, LG_EINVAL, "-%c needs a value", optopt);
    const cli_opt_t *d = &o->sets[s].opts[i];
    expected(d, want, sizeof want);
    return lg_err_set(err, LG_EINVAL, "%s needs a value (expected %s)", label(d, lab), want);
}

/* Handles one getopt_long result other than -1, 'h' and 1. */
static int take_option(cli_opts_t *o, int c, const char *arg, lg_err_t *err)
{
    size_t s, i;
    if (c == ':')
        return missing_value(o, err);
    if (c == '?' || !find_val(o, c, &s, &i))
        return refused(o, arg, err);
    const cli_opt_t *d = &o->sets[s].opts[i];
    int rc = set_value(d, o->sets[s].base, d->kind == CLI_FLAG ? NULL : optarg, err);
    if (rc == LG_OK)
        o->given[s][i] = d->kind == CLI_FLAG ? "" : optarg;
    return rc;
}

static int check_positional(const cli_opts_t *o, lg_err_t *err)
{
    size_t n = 0;
    while (o->positional && o->positional[n])
        n++;
    size_t len = n ? strlen(o->positional[n - 1]) : 0;
    int many = len > 3 && strcmp(o->positional[n - 1] + len - 3, "...") == 0;
    if (o->npos < n) {
        const char *name = o->positional[o->npos];
        len = strlen(name);
        if (len > 3 && strcmp(name + len - 3, "...") == 0)
            len -= 3;
        return lg_err_set(err, LG_EINVAL, "missing %.*s", (int)len, name);
    }
    if (o->npos > n && !many)
        return lg_err_set(err, LG_EINVAL, "unexpected argument '%s'", o->pos[n]);
    return LG_OK;
}

int cli_opts_parse(cli_opts_t *o, int argc, char **argv, lg_err_t *err)
{
    struct option lo[CLI_MAX_SETS * CLI_MAX_OPTS + 2];
    char so[4 + 3 * CLI_MAX_SETS * CLI_MAX_OPTS];
    build_getopt(o, lo, so);
    memset(o->given, 0, sizeof o->given);
    o->pos = lg_calloc((size_t)argc + 1, sizeof *o->pos);
    o->npos = 0;
    lg_err_clear(err);
    int help = 0, c;
    /* 0, not 1: glibc then also forgets the previous parse's state. */
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
        const char *arg = argv[optind - 1];
        if (c == 'h')
            help = 1;
        else if (err->code != LG_OK)
            continue; /* after a fault only --help still counts */
        else if (c == 1)
            o->pos[o->npos++] = optarg;
        else
            take_option(o, c, arg, err);
    }
    while (optind < argc && err->code == LG_OK)
        o->pos[o->npos++] = argv[optind++];
    if (help)
        return CLI_HELP;
    if (err->code == LG_OK)
        check_positional(o, err);
    return err->code;
}

int cli_opts_read(cli_opts_t *o, int argc, char **argv)
{
    lg_err_t err;
    int rc = cli_opts_parse(o, argc, argv, &err);
    if (rc == CLI_HELP) {
        char *text = cli_opts_usage(o);
        fputs(text, stdout);
        free(text);
        return LG_EXIT_OK;
    }
    if (rc != LG_OK)
        return cli_usage_error(o->cmd, "%s", err.msg);
    return CLI_PROCEED;
}

void cli_opts_free(cli_opts_t *o)
{
    free(o->pos);
    o->pos = NULL;
    o->npos = 0;
}

/* The left column of d's usage line: "-q, --quiet", "--budget DURATION". */
static void usage_left(const cli_opt_t *d, char *buf, size_t size)
{
    char lab[LABEL_MAX];
    int n = d->letter && d->name ? snprintf(buf, size, "-%c, ", d->letter) : 0;
    snprintf(buf + n, size - (size_t)n, "%s%s%s", label(d, lab), d->arg ? " " : "", d->arg ? d->arg : "");
}

static void usage_line(lg_strbuf_t *b, const char *left, const char *help, int width)
{
    lg_strbuf_printf(b, "  %-*s", width, left);
    for (const char *h = help, *nl; *h; h = nl + 1) {
        nl = strchr(h, '\n');
        if (!nl) {
            lg_strbuf_printf(b, "%s\n", h);
            return;
        }
        lg_strbuf_printf(b, "%.*s\n%*s", (int)(nl - h), h, width + 2, "");
    }
    lg_strbuf_puts(b, "\n");
}

/* The widest left column of o's options, -h/--help included. */
static int usage_width(const cli_opts_t *o)
{
    char left[LABEL_MAX + 64];
    int width = (int)strlen("-h, --help");
    for (size_t s = 0; s < CLI_MAX_SETS; s++)
        for (size_t i = 0; i < table_len(o->sets[s].opts); i++) {
            usage_left(&o->sets[s].opts[i], left, sizeof left);
            if ((int)strlen(left) > width)
                width = (int)strlen(left);
        }
    return width + 2;
}

/* A table without a heading continues the list above it; -h/--help ends
 * the first list. */
char *cli_opts_usage(const cli_opts_t *o)
{
    static const cli_opt_t help = {.kind = CLI_FLAG, .name = "--help", .letter = 'h', .help = "show this help"};
    char left[LABEL_MAX + 64];
    int width = usage_width(o);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    int help_done = 0;
    lg_strbuf_printf(&b, "%soptions:\n", o->synopsis);
    for (size_t s = 0; s < CLI_MAX_SETS; s++) {
        if (s > 0 && o->sets[s].heading) {
            if (!help_done++) {
                usage_left(&help, left, sizeof left);
                usage_line(&b, left, help.help, width);
            }
            lg_strbuf_printf(&b, "\n%s\n", o->sets[s].heading);
        }
        for (size_t i = 0; i < table_len(o->sets[s].opts); i++) {
            usage_left(&o->sets[s].opts[i], left, sizeof left);
            usage_line(&b, left, o->sets[s].opts[i].help, width);
        }
    }
    if (!help_done) {
        usage_left(&help, left, sizeof left);
        usage_line(&b, left, help.help, width);
    }
    lg_strbuf_printf(&b, "\n%s", o->epilogue ? o->epilogue : "");
    return lg_strbuf_take(&b);
}

int cli_opts_given(const cli_opts_t *o, const void *field)
{
    for (size_t s = 0; s < CLI_MAX_SETS; s++)
        for (size_t i = 0; i < table_len(o->sets[s].opts); i++)
            if ((const char *)o->sets[s].base + o->sets[s].opts[i].field.offset == (const char *)field)
                return o->given[s][i] != NULL;
    LG_ASSERT(!"cli_opts_given: no option fills this field");
    return 0;
}

char **cli_opts_forward(const cli_opts_t *o, size_t set, size_t *n)
{
    const cli_opt_t *t = o->sets[set].opts;
    char **args = lg_calloc(2 * table_len(t) + 1, sizeof *args);
    *n = 0;
    for (size_t i = 0; i < table_len(t); i++) {
        if (!o->given[set][i])
            continue;
        LG_ASSERT(t[i].name);
        args[(*n)++] = lg_strdup(t[i].name);
        if (t[i].kind != CLI_FLAG)
            args[(*n)++] = lg_strdup(o->given[set][i]);
    }
    return args;
}
