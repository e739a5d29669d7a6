/* Table-driven tests of the subcommand option parser (cli/options.c):
 * every kind of value with its bounds, missing values, unknown and
 * ambiguous options, both --opt=value and --opt value, the "given" record,
 * positional arguments, --help, forwarding, and the generated usage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options_int.h"
#include "tests/test.h"

typedef struct t_opts {
    int flag, quiet, verbose;
    uint64_t count, big;
    uint16_t small;
    uint8_t guard; /* right after small: must survive a 16-bit store */
    uint64_t dur;
    const char *str;
    int choice;
    int custom;
} t_opts_t;

typedef struct t_more {
    unsigned other;
    int oflag;
} t_more_t;

static const cli_choice_t letters[] = {{"a", 10}, {"b", 20}, {"c", 30}, {NULL, 0}};

/* Accepts "ok" (custom=1); refuses anything else with its own message. */
static int parse_custom(const char *text, void *field, lg_err_t *err)
{
    if (strcmp(text, "ok") != 0)
        return lg_err_set(err, LG_EINVAL, "--custom: '%s' is not ok", text);
    *(int *)field = 1;
    return LG_OK;
}

static const cli_opt_t t_table[] = {
    {.kind = CLI_FLAG, .name = "--flag", .field = CLI_FIELD(t_opts_t, flag), .help = "a flag"},
    {.kind = CLI_FLAG, .name = "--quiet", .letter = 'q', .field = CLI_FIELD(t_opts_t, quiet), .help = "be quiet"},
    {.kind = CLI_FLAG, .letter = 'v', .field = CLI_FIELD(t_opts_t, verbose), .help = "only a letter"},
    {.kind = CLI_COUNT,
     .name = "--count",
     .letter = 'n',
     .field = CLI_FIELD(t_opts_t, count),
     .min = 1,
     .max = 100,
     .arg = "N",
     .help = "a count\nwith a second line"},
    {.kind = CLI_COUNT,
     .name = "--big",
     .field = CLI_FIELD(t_opts_t, big),
     .max = UINT64_MAX,
     .arg = "N",
     .help = "any whole number"},
    {.kind = CLI_COUNT,
     .name = "--small",
     .field = CLI_FIELD(t_opts_t, small),
     .max = 65535,
     .arg = "N",
     .help = "16 bits"},
    {.kind = CLI_DURATION,
     .name = "--dur",
     .field = CLI_FIELD(t_opts_t, dur),
     .min = 1,
     .arg = "DURATION",
     .help = "a positive duration"},
    {.kind = CLI_STRING, .name = "--str", .field = CLI_FIELD(t_opts_t, str), .arg = "TEXT", .help = "a string"},
    {.kind = CLI_CHOICE,
     .name = "--choice",
     .field = CLI_FIELD(t_opts_t, choice),
     .choices = letters,
     .arg = "L",
     .help = "a, b or c"},
    {.kind = CLI_CUSTOM,
     .name = "--custom",
     .field = CLI_FIELD(t_opts_t, custom),
     .parse = parse_custom,
     .arg = "OK",
     .help = "custom parser"},
    {.kind = CLI_END},
};

static const cli_opt_t t_more_table[] = {
    {.kind = CLI_COUNT,
     .name = "--other",
     .field = CLI_FIELD(t_more_t, other),
     .max = 9,
     .arg = "D",
     .help = "a digit"},
    {.kind = CLI_FLAG, .name = "--oflag", .field = CLI_FIELD(t_more_t, oflag), .help = "another flag"},
    {.kind = CLI_END},
};

static const char *const t_positional[] = {"FILE...", NULL};

static void t_defaults(t_opts_t *t, t_more_t *m)
{
    memset(t, 0, sizeof *t);
    memset(m, 0, sizeof *m);
    t->count = 7;
    t->small = 3;
    t->guard = 0xAB;
    t->dur = 60ull * 1000000000ull;
    t->str = "def";
    t->choice = 20;
}

static cli_opts_t t_cmdline(t_opts_t *t, t_more_t *m)
{
    cli_opts_t o = {
        .cmd = "t",
        .synopsis = "usage: lgfuzz t FILE... [options]\n\nA test command.\n\n",
        .epilogue = "Exit codes: none.\n",
        .positional = t_positional,
        .sets = {{t_table, t, NULL}, {t_more_table, m, "more options:"}},
    };
    return o;
}

/* Splits "a b c" into argv with argv[0] = "t"; the strings live in buf. */
static int split(const char *args, char *buf, size_t size, char **argv, int max)
{
    int argc = 0;
    snprintf(buf, size, "%s", args);
    argv[argc++] = "t";
    for (char *tok = strtok(buf, " "); tok && argc < max; tok = strtok(NULL, " "))
        argv[argc++] = tok;
    argv[argc] = NULL;
    return argc;
}

/* The fields as "name=value" words, each followed by a space. */
static void render(const t_opts_t *t, const t_more_t *m, char *out, size_t size)
{
    snprintf(out, size,
             " flag=%d quiet=%d verbose=%d count=%llu big=%llu small=%u guard=%u dur=%llu str=%s choice=%d "
             "custom=%d other=%u oflag=%d ",
             t->flag, t->quiet, t->verbose, (unsigned long long)t->count, (unsigned long long)t->big,
             (unsigned)t->small, (unsigned)t->guard, (unsigned long long)t->dur, t->str, t->choice, t->custom, m->other,
             m->oflag);
}

typedef struct pcase {
    const char *args;  /* after argv[0], split at spaces */
    int rc;            /* LG_OK, CLI_HELP or LG_EINVAL */
    const char *want;  /* LG_OK: "name=value" words the fields show; LG_EINVAL: a fragment of the message */
    const char *given; /* LG_OK: the options given, as "--name" words ("-v" for a letter-only option) */
    const char *pos;   /* LG_OK: the positional arguments, space-separated */
} pcase_t;

static const pcase_t cases[] = {
    /* flags, long and short, letter-only */
    {"f", LG_OK, "flag=0 quiet=0 verbose=0 count=7 dur=60000000000 str=def choice=20", "", "f"},
    {"f --flag", LG_OK, "flag=1 quiet=0", "--flag", "f"},
    {"f -q", LG_OK, "quiet=1 flag=0", "--quiet", "f"},
    {"f --quiet", LG_OK, "quiet=1", "--quiet", "f"},
    {"f -v", LG_OK, "verbose=1", "-v", "f"},
    {"f -qv", LG_OK, "quiet=1 verbose=1", "--quiet -v", "f"},
    {"f --flag=1", LG_EINVAL, "--flag takes no value", NULL, NULL},
    /* counts: bounds, both forms, the short letter, bad text */
    {"f --count 1", LG_OK, "count=1", "--count", "f"},
    {"f --count 100", LG_OK, "count=100", "--count", "f"},
    {"f --count=42", LG_OK, "count=42", "--count", "f"},
    {"f -n 5", LG_OK, "count=5", "--count", "f"},
    {"f -n5", LG_OK, "count=5", "--count", "f"},
    {"f --count 0", LG_EINVAL, "--count: '0' is not a whole number from 1 to 100", NULL, NULL},
    {"f --count 101", LG_EINVAL, "--count: '101' is not a whole number from 1 to 100", NULL, NULL},
    {"f --count=", LG_EINVAL, "--count: '' is not a whole number from 1 to 100", NULL, NULL},
    {"f --count 12x", LG_EINVAL, "--count: '12x' is not a whole number from 1 to 100", NULL, NULL},
    {"f --count -5", LG_EINVAL, "--count: '-5' is not", NULL, NULL},
    {"f --count +5", LG_EINVAL, "--count: '+5' is not", NULL, NULL},
    {"f --count 0x5", LG_EINVAL, "--count: '0x5' is not", NULL, NULL},
    {"f --count", LG_EINVAL, "--count needs a value (expected a whole number from 1 to 100)", NULL, NULL},
    {"f -n", LG_EINVAL, "--count needs a value", NULL, NULL},
    {"f --count 5 --count 6", LG_OK, "count=6", "--count", "f"},
    {"f --big 0", LG_OK, "big=0", "--big", "f"},
    {"f --big 18446744073709551615", LG_OK, "big=18446744073709551615", "--big", "f"},
    {"f --big 18446744073709551616", LG_EINVAL, "--big: '18446744073709551616' is not a whole number", NULL, NULL},
    {"f --small 65535", LG_OK, "small=65535 guard=171", "--small", "f"},
    {"f --small 0", LG_OK, "small=0 guard=171", "--small", "f"},
    {"f --small 65536", LG_EINVAL, "--small: '65536' is not a whole number from 0 to 65535", NULL, NULL},
    /* durations */
    {"f --dur 250ms", LG_OK, "dur=250000000", "--dur", "f"},
    {"f --dur=1h", LG_OK, "dur=3600000000000", "--dur", "f"},
    {"f --dur 60s", LG_OK, "dur=60000000000", "--dur", "f"},
    {"f --dur 0s", LG_EINVAL, "--dur: '0s' must be positive", NULL, NULL},
    {"f --dur 5q", LG_EINVAL, "--dur: invalid duration '5q'", NULL, NULL},
    {"f --dur", LG_EINVAL, "--dur needs a value (expected a duration", NULL, NULL},
    /* strings: any text, even one that looks like an option */
    {"f --str abc", LG_OK, "str=abc", "--str", "f"},
    {"f --str=", LG_OK, "str= ", "--str", "f"},
    {"f --str --flag", LG_OK, "str=--flag flag=0", "--str", "f"},
    {"f --str", LG_EINVAL, "--str needs a value (expected TEXT)", NULL, NULL},
    /* choices */
    {"f --choice a", LG_OK, "choice=10", "--choice", "f"},
    {"f --choice=c", LG_OK, "choice=30", "--choice", "f"},
    {"f --choice d", LG_EINVAL, "--choice: 'd' is not a, b or c", NULL, NULL},
    {"f --choice", LG_EINVAL, "--choice needs a value (expected a, b or c)", NULL, NULL},
    /* custom parsers keep their message */
    {"f --custom ok", LG_OK, "custom=1", "--custom", "f"},
    {"f --custom no", LG_EINVAL, "--custom: 'no' is not ok", NULL, NULL},
    /* the second table */
    {"f --other 9 --oflag", LG_OK, "other=9 oflag=1", "--other --oflag", "f"},
    {"f --other 10", LG_EINVAL, "--other: '10' is not a whole number from 0 to 9", NULL, NULL},
    /* unknown, ambiguous and abbreviated options */
    {"f --frob", LG_EINVAL, "unknown option '--frob'", NULL, NULL},
    {"f --frob=1", LG_EINVAL, "unknown option '--frob=1'", NULL, NULL},
    {"f -z", LG_EINVAL, "unknown option '-z'", NULL, NULL},
    {"f -qz", LG_EINVAL, "unknown option '-z'", NULL, NULL},
    {"f --c 1", LG_EINVAL, "ambiguous option '--c' (--count, --choice, --custom)", NULL, NULL},
    {"f --fl", LG_OK, "flag=1", "--flag", "f"},
    /* positional arguments, in order, anywhere; -- ends the options */
    {"", LG_EINVAL, "missing FILE", NULL, NULL},
    {"--flag", LG_EINVAL, "missing FILE", NULL, NULL},
    {"f --flag g -q h", LG_OK, "flag=1 quiet=1", "--flag --quiet", "f g h"},
    {"f -- --flag -q", LG_OK, "flag=0 quiet=0", "", "f --flag -q"},
    {"- f", LG_OK, "flag=0", "", "- f"},
    /* --help wins over everything else */
    {"--help", CLI_HELP, NULL, NULL, NULL},
    {"-h", CLI_HELP, NULL, NULL, NULL},
    {"f --frob -h", CLI_HELP, NULL, NULL, NULL},
    {"--count 0 --help", CLI_HELP, NULL, NULL, NULL},
    {"-qh", CLI_HELP, NULL, NULL, NULL},
};

static const char *label_of(const cli_opt_t *d, char *buf)
{
    if (d->name)
        return d->name;
    sprintf(buf, "-%c", d->letter);
    return buf;
}

/* Each option's given bit, through cli_opts_given, against c->given. */
static void check_given(const pcase_t *c, const cli_opts_t *o)
{
    char words[256];
    snprintf(words, sizeof words, " %s ", c->given);
    for (size_t s = 0; s < CLI_MAX_SETS; s++)
        for (const cli_opt_t *d = o->sets[s].opts; d && d->kind != CLI_END; d++) {
            char lab[8], word[64];
            snprintf(word, sizeof word, " %s ", label_of(d, lab));
            int want = strstr(words, word) != NULL;
            int got = cli_opts_given(o, (const char *)o->sets[s].base + d->field.offset);
            CHECK_MSG(got == want, "'%s': %s given %d, want %d", c->args, word, got, want);
        }
}

static void check_pos(const pcase_t *c, const cli_opts_t *o)
{
    char got[256] = "";
    for (size_t i = 0; i < o->npos; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", o->pos[i]);
    CHECK_MSG(strcmp(got, c->pos) == 0, "'%s': positional '%s', want '%s'", c->args, got, c->pos);
}

static void run_case(const pcase_t *c)
{
    t_opts_t t;
    t_more_t m;
    t_defaults(&t, &m);
    cli_opts_t o = t_cmdline(&t, &m);
    char buf[256], *argv[32];
    int argc = split(c->args, buf, sizeof buf, argv, 31);
    lg_err_t err;
    int rc = cli_opts_parse(&o, argc, argv, &err);
    CHECK_MSG(rc == c->rc, "'%s': rc %d, want %d (%s)", c->args, rc, c->rc, err.msg);
    if (rc == LG_EINVAL && c->rc == LG_EINVAL)
        CHECK_MSG(strstr(err.msg, c->want) != NULL, "'%s': message '%s' lacks '%s'", c->args, err.msg, c->want);
    if (rc == LG_OK && c->rc == LG_OK) {
        char fields[512], word[128], want[256];
        render(&t, &m, fields, sizeof fields);
        snprintf(want, sizeof want, "%s", c->want);
        for (char *w = strtok(want, " "); w; w = strtok(NULL, " ")) {
            snprintf(word, sizeof word, " %s ", w);
            CHECK_MSG(strstr(fields, word) != NULL, "'%s': fields%slack %s", c->args, fields, w);
        }
        check_given(c, &o);
        check_pos(c, &o);
    }
    cli_opts_free(&o);
}

/* Positional arguments of fixed number: each one missing, one too many. */
static void test_fixed_positional(void)
{
    static const char *const two[] = {"SPEC", "INPUT.json", NULL};
    static const cli_opt_t none[] = {{.kind = CLI_END}};
    static const struct {
        const char *args;
        const char *msg; /* NULL: accepted */
    } pcases[] = {
        {"", "missing SPEC"}, {"s", "missing INPUT.json"}, {"s i", NULL}, {"s i x", "unexpected argument 'x'"},
        {"-- -s -i", NULL},
    };
    for (size_t k = 0; k < sizeof pcases / sizeof pcases[0]; k++) {
        cli_opts_t o = {.cmd = "p", .synopsis = "", .positional = two, .sets = {{none, NULL, NULL}}};
        char buf[64], *argv[8];
        int argc = split(pcases[k].args, buf, sizeof buf, argv, 7);
        lg_err_t err;
        int rc = cli_opts_parse(&o, argc, argv, &err);
        if (!pcases[k].msg)
            CHECK_MSG(rc == LG_OK && o.npos == 2, "'%s': rc %d, %zu positional", pcases[k].args, rc, o.npos);
        else
            CHECK_MSG(rc == LG_EINVAL && strstr(err.msg, pcases[k].msg), "'%s': rc %d, message '%s'", pcases[k].args,
                      rc, err.msg);
        cli_opts_free(&o);
    }
}

/* The given options of the second table come back as arguments. */
static void test_forward(void)
{
    t_opts_t t;
    t_more_t m;
    t_defaults(&t, &m);
    cli_opts_t o = t_cmdline(&t, &m);
    char buf[128], *argv[16];
    int argc = split("f --flag --oflag --other=4", buf, sizeof buf, argv, 15);
    lg_err_t err;
    CHECK(cli_opts_parse(&o, argc, argv, &err) == LG_OK);
    size_t n = 0;
    char **args = cli_opts_forward(&o, 1, &n);
    CHECK(n == 3);
    if (n == 3) {
        CHECK(strcmp(args[0], "--other") == 0);
        CHECK(strcmp(args[1], "4") == 0);
        CHECK(strcmp(args[2], "--oflag") == 0);
    }
    for (size_t i = 0; i < n; i++)
        free(args[i]);
    free(args);
    args = cli_opts_forward(&o, 0, &n);
    CHECK(n == 1 && strcmp(args[0], "--flag") == 0);
    for (size_t i = 0; i < n; i++)
        free(args[i]);
    free(args);
    cli_opts_free(&o);
}

/* The usage shows the synopsis, every option with its value name and help
 * (continuation lines aligned), the headings, --help and the epilogue. */
static void test_usage(void)
{
    t_opts_t t;
    t_more_t m;
    t_defaults(&t, &m);
    cli_opts_t o = t_cmdline(&t, &m);
    char *u = cli_opts_usage(&o);
    const char *head = "usage: lgfuzz t FILE... [options]\n\nA test command.\n\noptions:\n";
    CHECK(strncmp(u, head, strlen(head)) == 0);
    for (size_t s = 0; s < CLI_MAX_SETS; s++)
        for (const cli_opt_t *d = o.sets[s].opts; d->kind != CLI_END; d++) {
            char lab[8], left[64], help[64];
            snprintf(left, sizeof left, "%s%s%s", label_of(d, lab), d->arg ? " " : "", d->arg ? d->arg : "");
            snprintf(help, sizeof help, "%.*s", (int)strcspn(d->help, "\n"), d->help);
            CHECK_STR_CONTAINS(u, left);
            CHECK_STR_CONTAINS(u, help);
        }
    CHECK_STR_CONTAINS(u, "  -q, --quiet ");
    CHECK_STR_CONTAINS(u, "  -n, --count N ");
    CHECK_STR_CONTAINS(u, "  -v ");
    CHECK_STR_CONTAINS(u, "  -h, --help ");
    /* "  --dur DURATION" is the widest left column: help starts two spaces after it */
    CHECK_STR_CONTAINS(u, "\n  --dur DURATION  a positive duration\n");
    CHECK_STR_CONTAINS(u, "a count\n                  with a second line\n");
    CHECK_STR_CONTAINS(u, "show this help\n\nmore options:\n  --other D ");
    const char *end = "another flag\n\nExit codes: none.\n";
    CHECK(strlen(u) > strlen(end) && strcmp(u + strlen(u) - strlen(end), end) == 0);
    free(u);
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    test_fixed_positional();
    test_forward();
    test_usage();
    TEST_DONE();
}
