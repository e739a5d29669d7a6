/* Small helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "util/proc.h"

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

void cli_share_cpus(unsigned jobs)
{
    unsigned share = (unsigned)lg_cpus_usable() / (jobs ? jobs : 1);
    char cpus[16];
    snprintf(cpus, sizeof cpus, "%u", share ? share : 1);
    setenv("LGFUZZ_CPUS", cpus, 1);
}
