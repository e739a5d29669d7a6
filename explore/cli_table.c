/* The table of lgfuzz subcommands; `lgfuzz --help` lists them in this order. */
#include "cli.h"

#include <stddef.h>

const lg_cmd_t lg_cmds[] = {
    {"run", "fuzz a kernel against its RTL and report distinct divergences", cmd_run},
    {"diff", "run one input on the CPU and the RTL and compare the results", cmd_diff},
    {"check", "validate a kernel spec and show what lgfuzz resolved from it", cmd_check},
    {"synth", "learn a condition (or term) from a CSV of labelled feature rows", cmd_synth},
    {"trace", "run one input natively and print its path, spectra probes and outputs", cmd_trace},
    {NULL, NULL, NULL},
};
