/* lgfuzz entry point: dispatches to the subcommand named by argv[1]. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void print_help(FILE *out)
{
    fprintf(out,
            "lgfuzz %s - find inputs on which a C kernel and its HLS RTL disagree\n\n"
            "usage: lgfuzz <command> [options]   (lgfuzz <command> --help for details)\n\ncommands:\n",
            LGFUZZ_VERSION);
    for (const lg_cmd_t *c = lg_cmds; c->name; c++)
        fprintf(out, "  %-8s %s\n", c->name, c->summary);
    fprintf(out, "\nexit codes: 0 ok, 1 findings (divergences), 2 usage or input error, 3 incomplete results\n"
                 "(lgfuzz report: a shard missing, a kernel twice or unfinished)\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return LG_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        print_help(stdout);
        return LG_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("lgfuzz %s\n", LGFUZZ_VERSION);
        return LG_EXIT_OK;
    }
    for (const lg_cmd_t *c = lg_cmds; c->name; c++)
        if (strcmp(argv[1], c->name) == 0)
            return c->run(argc - 1, argv + 1);
    fprintf(stderr, "lgfuzz: unknown command '%s'\n\n", argv[1]);
    print_help(stderr);
    return LG_EXIT_USAGE;
}
