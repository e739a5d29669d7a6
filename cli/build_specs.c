/* cli_build_specs: one child process per spec, at most cfg->jobs at once.
 * A child loads its spec, builds (or finds cached) its executor and RTL
 * model by opening the tracer and the oracle as `run` does, so both keys
 * are the ones `run` looks up, and each build is checked by starting it
 * once; the child's exit status is its outcome. Builds of different specs
 * share nothing but the cache, whose entries are locked one build at a
 * time (util/cache.h), so children may build side by side. */
#include "build_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtl-oracle/oracle.h"
#include "spec/spec.h"
#include "tracer/tracer.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/proc.h"

/* A child's exit statuses. */
enum { BUILD_OK = 0, BUILD_FAILED = 2, BUILD_STOPPED = 3 };

/* The build of one spec, in the child; returns its exit status. */
static int build_one(const char *path, const cli_build_cfg_t *cfg)
{
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *spec = spec_load(path, &err);
    if (!spec) {
        LG_ERROR(cfg->log, "build: %s", err.msg);
        return BUILD_FAILED;
    }
    uint64_t t0 = lg_now_ns();
    tracer_cfg_t tcfg;
    tracer_cfg_default(&tcfg);
    tcfg.stop = cfg->stop;
    tracer_t *t = tracer_create(spec, &tcfg, NULL, &err);
    uint64_t t1 = lg_now_ns();
    oracle_t *o = NULL;
    if (t && spec->has_rtl) {
        oracle_cfg_t ocfg;
        oracle_cfg_default(&ocfg);
        ocfg.stop = cfg->stop;
        ocfg.jobs = 1;
        o = oracle_create(spec, &ocfg, NULL, &err);
    }
    uint64_t t2 = lg_now_ns();
    int rc = BUILD_OK;
    if (!t || (spec->has_rtl && !o)) {
        rc = err.code == LG_EINTR ? BUILD_STOPPED : BUILD_FAILED;
        if (rc == BUILD_FAILED)
            LG_ERROR(cfg->log, "build: %s: %s: %s", path, t ? "the RTL model" : "the executor", err.msg);
    } else if (o) {
        LG_INFO(cfg->log, "build: %s: executor %.1f s, RTL model %.1f s%s", spec->kernel, (double)(t1 - t0) / 1e9,
                (double)(t2 - t1) / 1e9, oracle_cache_hit(o) ? " (cached)" : "");
    } else {
        LG_INFO(cfg->log, "build: %s: executor %.1f s (no rtl section)", spec->kernel, (double)(t1 - t0) / 1e9);
    }
    oracle_destroy(o);
    tracer_destroy(t);
    spec_destroy(spec);
    return rc;
}

/* Counts the child's status into tally. */
static void count(int status, cli_build_tally_t *tally)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == BUILD_OK)
        tally->built++;
    else if ((WIFEXITED(status) && WEXITSTATUS(status) == BUILD_STOPPED) ||
             (WIFSIGNALED(status) && (WTERMSIG(status) == SIGINT || WTERMSIG(status) == SIGTERM)))
        tally->interrupted++;
    else
        tally->failed++;
}

/* Waits for one child; 0 when there was none left. */
static int reap(cli_build_tally_t *tally)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, 0)) < 0 && errno == EINTR)
        ;
    if (pid < 0)
        return 0;
    count(status, tally);
    return 1;
}

void cli_build_specs(const char *const *specs, size_t n, const cli_build_cfg_t *cfg, cli_build_tally_t *tally)
{
    LG_ASSERT(cfg->jobs >= 1);
    memset(tally, 0, sizeof *tally);
    uint64_t t0 = lg_now_ns();
    unsigned running = 0;
    fflush(NULL); /* a child's exit must not write the parent's buffers again */
    for (size_t i = 0; i < n; i++) {
        if (cfg->stop && *cfg->stop) {
            tally->interrupted += n - i;
            break;
        }
        if (running == cfg->jobs && reap(tally))
            running--;
        pid_t self = getpid(), pid = fork();
        /* A build dies with lgfuzz, and with it the tools it runs. */
        if (pid == 0)
            _exit(lg_proc_die_with(self) != 0 ? BUILD_STOPPED : build_one(specs[i], cfg));
        if (pid < 0) {
            LG_ERROR(cfg->log, "build: %s: cannot start a process to build it: %s", specs[i], strerror(errno));
            tally->failed++;
            continue;
        }
        running++;
    }
    while (running && reap(tally))
        running--;
    tally->seconds = (double)(lg_now_ns() - t0) / 1e9;
}
