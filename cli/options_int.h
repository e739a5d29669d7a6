/* Command-line options of the lgfuzz subcommands: each subcommand declares
 * one table of option descriptors, and that table alone drives parsing
 * (getopt_long), the record of which options were given, and the options
 * section of its usage text. */
#ifndef LG_CLI_OPTIONS_INT_H
#define LG_CLI_OPTIONS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

typedef enum cli_opt_kind {
    CLI_END = 0,  /* terminates a table */
    CLI_FLAG,     /* no value; sets an int field to 1 */
    CLI_COUNT,    /* a whole number (decimal digits) in [min, max], into an unsigned field of any size */
    CLI_DURATION, /* lg_duration_parse ("30s", "5m", "1h", "250ms") into a uint64_t of ns, at least min */
    CLI_STRING,   /* the text itself, borrowed from argv, into a const char * */
    CLI_CHOICE,   /* one of choices[], its value into an int (or enum) field */
    CLI_CUSTOM    /* parse(text, field, err); its message names the option and the text */
} cli_opt_kind_t;

typedef struct cli_choice {
    const char *name;
    int value;
} cli_choice_t;

/* Where an option's value goes, relative to the struct its table fills. */
typedef struct cli_field {
    size_t offset, size;
} cli_field_t;

#define CLI_FIELD(type, member)                                                                                        \
    {                                                                                                                  \
        offsetof(type, member), sizeof(((type *)0)->member)                                                            \
    }

typedef struct cli_opt {
    cli_opt_kind_t kind;
    const char *name; /* "--budget"; NULL for an option that has only a letter */
    char letter;      /* 'q' for -q; 0 for none */
    cli_field_t field;
    uint64_t min, max;                                          /* CLI_COUNT: inclusive range; CLI_DURATION: min (ns) */
    const cli_choice_t *choices;                                /* CLI_CHOICE: terminated by an entry with name NULL */
    int (*parse)(const char *text, void *field, lg_err_t *err); /* CLI_CUSTOM */
    const char *arg;  /* the value's name in the usage ("N", "DURATION"); NULL for a flag */
    const char *help; /* usage text; a '\n' starts an indented continuation line */
} cli_opt_t;

#define CLI_MAX_SETS 2  /* tables per subcommand */
#define CLI_MAX_OPTS 16 /* options per table */

/* One table and the struct whose fields it fills. */
typedef struct cli_optset {
    const cli_opt_t *opts; /* static; terminated by CLI_END */
    void *base;            /* borrowed for the parse */
    const char *heading;   /* after the first table (always under "options:"): a usage line
                            * above this table's options, or NULL to continue the list */
} cli_optset_t;

/* A subcommand's command line: what the subcommand declares, then what
 * cli_opts_parse found. */
typedef struct cli_opts {
    const char *cmd;               /* "run": messages start "lgfuzz run: " */
    const char *synopsis;          /* usage text above the options, ending in a blank line */
    const char *epilogue;          /* usage text below the options (exit codes) */
    const char *const *positional; /* names of the positional arguments, NULL-terminated; all
                                    * are required, and a last name ending in "..." takes one or more */
    cli_optset_t sets[CLI_MAX_SETS];
    /* Filled by cli_opts_parse. */
    const char *given[CLI_MAX_SETS][CLI_MAX_OPTS]; /* the value text (borrowed from argv; "" for a
                                                    * flag) of each option given, NULL for the others */
    char **pos;                                    /* positional arguments, borrowed from argv; the array is owned */
    size_t npos;
} cli_opts_t;

/* cli_opts_parse's result when -h or --help is among the arguments. */
#define CLI_HELP 1
/* cli_opts_read's result when the subcommand should go on. */
#define CLI_PROCEED (-1)

/* Parses argv (argv[0] is the subcommand's name) with getopt_long: fills
 * the fields of every option given, records it in o->given and collects
 * the positional arguments in o->pos (options and positional arguments may
 * come in any order; "--" ends the options). Returns LG_OK; CLI_HELP when
 * -h or --help is anywhere among the options, whatever else is wrong; or
 * LG_EINVAL with err naming the option or argument at fault and why (the
 * first of several faults). Free o->pos with cli_opts_free either way. */
int cli_opts_parse(cli_opts_t *o, int argc, char **argv, lg_err_t *err);

/* cli_opts_parse, then: on --help prints the usage to stdout and returns
 * LG_EXIT_OK; on a usage error prints "lgfuzz <cmd>: <message>" to stderr
 * and returns LG_EXIT_USAGE; else returns CLI_PROCEED. */
int cli_opts_read(cli_opts_t *o, int argc, char **argv);

/* Frees o->pos; o stays declared (the given record is kept). */
void cli_opts_free(cli_opts_t *o);

/* The usage text: synopsis, each table's options with their help, then
 * -h/--help, then the epilogue. The caller frees the string. */
char *cli_opts_usage(const cli_opts_t *o);

/* 1 when the option filling field (the address of a field of a table's
 * base struct) was given on the command line, 0 otherwise. Asserts that
 * some option fills field. */
int cli_opts_given(const cli_opts_t *o, const void *field);

/* The options of sets[set] that were given, as arguments for another
 * lgfuzz command line: "--name" and, unless a flag, its value as a second
 * argument, in table order. Returns a new array of new strings (free each
 * and the array) and their count in *n. */
char **cli_opts_forward(const cli_opts_t *o, size_t set, size_t *n);

#endif
