/* The table of lgfuzz subcommands; `lgfuzz --help` lists them in this order. */
#include "cli.h"

#include <stddef.h>

const lg_cmd_t lg_cmds[] = {
    {"init", "write a kernel spec for an HLS design from its Verilog, csynth.xml and C prototype", cmd_init},
    {"run", "fuzz a kernel against its RTL and report distinct divergences", cmd_run},
    {"diff", "run one input on the CPU and the RTL and compare the results", cmd_diff},
    {"seeds", "run a testbench with every kernel call recorded and write the distinct calls as seed inputs", cmd_seeds},
    {"build", "build the executors and RTL models of kernel specs into the build cache", cmd_build},
    {"check", "validate a kernel spec and show what lgfuzz resolved from it", cmd_check},
    {"synth", "learn a condition (or term) from a CSV of labelled feature rows", cmd_synth},
    {"trace", "run one input natively and print its path, spectra probes and outputs", cmd_trace},
    {"batch", "fuzz many kernels on one time budget, optionally one shard of them", cmd_batch},
    {"report", "merge batch and run output directories into one summary", cmd_report},
    {"guard", "learn a finished run's kernel precondition and export it as C and SMT-LIB guards", cmd_guard},
    {"gen", "generate a random C kernel and HLS-style RTL with planted divergences and ground truth", cmd_gen},
    {NULL, NULL, NULL},
};
