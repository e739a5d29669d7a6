/* Small helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "lgfuzz %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see lgfuzz %s --help)\n", cmd);
    va_end(ap);
    return LG_EXIT_USAGE;
}
