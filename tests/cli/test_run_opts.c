/* How the options of `lgfuzz run` combine (cli/run_opts.c): a --budget
 * given on the command line always bounds the run, whatever its value,
 * --iterations alone means no time limit, and the guard derivation takes
 * its share of the budget only when it runs. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/run_opts_int.h"
#include "tests/test.h"

#define S 1000000000ull

typedef struct rcase {
    const char *args;   /* after "run SPEC", split at spaces */
    int rc;             /* CLI_PROCEED, or the exit code */
    uint64_t budget_ns; /* exploration's budget (0 = none) */
    uint64_t guard_ns;  /* the guard derivation's share */
    int guard;
    uint64_t iterations;
} rcase_t;

static const rcase_t cases[] = {
    {"", CLI_PROCEED, 45 * S, 15 * S, 1, 0},
    {"--no-guard", CLI_PROCEED, 60 * S, 0, 0, 0},
    {"--rtl never", CLI_PROCEED, 60 * S, 0, 0, 0},
    {"--budget 8s", CLI_PROCEED, 6 * S, 2 * S, 1, 0},
    {"--budget 2m", CLI_PROCEED, 100 * S, 20 * S, 1, 0},
    {"--iterations 5", CLI_PROCEED, 0, 0, 1, 5},
    {"--iterations 5 --no-guard", CLI_PROCEED, 0, 0, 0, 5},
    /* A given budget equal to the default is still a budget. */
    {"--budget 60s --iterations 1000000", CLI_PROCEED, 45 * S, 15 * S, 1, 1000000},
    {"--iterations 1000000 --budget 60s --no-guard", CLI_PROCEED, 60 * S, 0, 0, 1000000},
    {"--budget=1m --iterations=7 --rtl=never", CLI_PROCEED, 60 * S, 0, 0, 7},
    {"--budget 10s --iterations 7", CLI_PROCEED, 7500000000ull, 2500000000ull, 1, 7},
    {"--budget 0s --iterations 7", CLI_PROCEED, 0, 0, 1, 7},
    {"--budget 10s --guard-share 0.5", CLI_PROCEED, 5 * S, 5 * S, 1, 0},
    {"--budget 200s --guard-share 0.25", CLI_PROCEED, 150 * S, 50 * S, 1, 0},
    /* A share of no budget, or of no guard step, is refused, not ignored. */
    {"--iterations 5 --guard-share 0.1", 2, 0, 0, 0, 0},
    {"--iterations 5 --budget 0s --guard-share 0.1", 2, 0, 0, 0, 0},
    {"--guard-share 0.1 --no-guard", 2, 0, 0, 0, 0},
    {"--guard-share 0.1 --rtl never", 2, 0, 0, 0, 0},
    {"--iterations 60 --budget 600s --guard-share 0.01", CLI_PROCEED, 594 * S, 6 * S, 1, 60},
    {"--guard-share 0", 2, 0, 0, 0, 0},
    {"--guard-share 0.95", 2, 0, 0, 0, 0},
    {"--guard-share x", 2, 0, 0, 0, 0},
    {"--kernel-memory 2G", CLI_PROCEED, 45 * S, 15 * S, 1, 0},
    {"--kernel-memory 512MiB", CLI_PROCEED, 45 * S, 15 * S, 1, 0},
    {"--kernel-memory 0", CLI_PROCEED, 45 * S, 15 * S, 1, 0},
    {"--kernel-memory 2X", 2, 0, 0, 0, 0},
    {"--alpha 0.5 --host-only", CLI_PROCEED, 45 * S, 15 * S, 1, 0},
    {"--alpha 1.5", 2, 0, 0, 0, 0},
    {"--alpha -0.1", 2, 0, 0, 0, 0},
    {"--alpha x", 2, 0, 0, 0, 0},
    {"--kernel-memory -1", 2, 0, 0, 0, 0},
    {"--kernel-memory 99999999999T", 2, 0, 0, 0, 0},
    {"--iterations 0", 2, 0, 0, 0, 0},
    {"--no-synth --no-mutations", 2, 0, 0, 0, 0},
    {"--help", 0, 0, 0, 0, 0},
};

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const rcase_t *c = &cases[i];
        char buf[256], *argv[32];
        int argc = 0;
        argv[argc++] = "run";
        argv[argc++] = "kernel.yaml";
        snprintf(buf, sizeof buf, "%s", c->args);
        for (char *tok = strtok(buf, " "); tok && argc < 31; tok = strtok(NULL, " "))
            argv[argc++] = tok;
        argv[argc] = NULL;
        cli_run_t r;
        int rc = cli_run_read(&r, argc, argv);
        CHECK_MSG(rc == c->rc, "'%s': rc %d, want %d", c->args, rc, c->rc);
        if (rc != CLI_PROCEED || c->rc != CLI_PROCEED)
            continue;
        CHECK_MSG(r.cfg.budget_ns == c->budget_ns, "'%s': budget %llu ns, want %llu", c->args,
                  (unsigned long long)r.cfg.budget_ns, (unsigned long long)c->budget_ns);
        CHECK_MSG(r.guard_ns == c->guard_ns, "'%s': guard share %llu ns, want %llu", c->args,
                  (unsigned long long)r.guard_ns, (unsigned long long)c->guard_ns);
        CHECK_MSG(r.guard == c->guard, "'%s': guard %d, want %d", c->args, r.guard, c->guard);
        CHECK_MSG(r.cfg.iterations == c->iterations, "'%s': iterations %llu, want %llu", c->args,
                  (unsigned long long)r.cfg.iterations, (unsigned long long)c->iterations);
        CHECK_MSG(r.spec && strcmp(r.spec, "kernel.yaml") == 0, "'%s': spec %s", c->args, test_str(r.spec));
    }
    /* --kernel-memory: powers of 1024, 0 for no limit, the default 2 GiB. */
    static const struct {
        const char *arg;
        uint64_t bytes;
    } mem[] = {{NULL, 2ull << 30},   {"0", 0},          {"4096", 4096}, {"512M", 512ull << 20},
               {"3GiB", 3ull << 30}, {"1t", 1ull << 40}};
    for (size_t i = 0; i < sizeof mem / sizeof mem[0]; i++) {
        char *argv[] = {"run", "kernel.yaml", mem[i].arg ? "--kernel-memory" : NULL, (char *)mem[i].arg, NULL};
        cli_run_t r;
        int rc = cli_run_read(&r, mem[i].arg ? 4 : 2, argv);
        CHECK_MSG(rc == CLI_PROCEED, "--kernel-memory %s: rc %d", test_str(mem[i].arg), rc);
        CHECK_MSG(r.cfg.kernel_memory == mem[i].bytes, "--kernel-memory %s: %llu bytes, want %llu",
                  test_str(mem[i].arg), (unsigned long long)r.cfg.kernel_memory, (unsigned long long)mem[i].bytes);
    }
    /* --alpha: the spec's host.alpha (-1) unless given, 0 and 1 included. */
    static const struct {
        const char *arg;
        double alpha;
    } al[] = {{NULL, -1}, {"0", 0}, {"0.25", 0.25}, {"1", 1}};
    for (size_t i = 0; i < sizeof al / sizeof al[0]; i++) {
        char *argv[] = {"run", "kernel.yaml", al[i].arg ? "--alpha" : NULL, (char *)al[i].arg, NULL};
        cli_run_t r;
        int rc = cli_run_read(&r, al[i].arg ? 4 : 2, argv);
        CHECK_MSG(rc == CLI_PROCEED && r.cfg.host_alpha == al[i].alpha && !r.cfg.host_only, "--alpha %s: rc %d, %g",
                  test_str(al[i].arg), rc, r.cfg.host_alpha);
    }
    TEST_DONE();
}
