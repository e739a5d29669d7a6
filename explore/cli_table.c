/* The table of lgfuzz subcommands; `lgfuzz --help` lists them in this order. */
#include "cli.h"

#include <stddef.h>

const lg_cmd_t lg_cmds[] = {
    {"check", "validate a kernel spec and show what lgfuzz resolved from it", cmd_check},
    {NULL, NULL, NULL},
};
