/* The batch scheduler: runs the kernels of a plan as child `lgfuzz run`
 * processes, a fixed number at a time, and records how each one ended in
 * its run.json. A child per kernel isolates crashes and build failures and
 * lets the kernels use separate cores. */
#include <errno.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "batch_ident_int.h"
#include "spec/result.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"
#include "util/lock.h"
#include "util/proc.h"

/* How one kernel's child ended; kept by the scheduler until run.json. */
typedef struct outcome {
    pid_t pid; /* > 0 while running */
    int started;
    int exit_code; /* -1 when killed by a signal or never run */
    int sig;       /* terminating signal, 0 when none */
    int watchdog;  /* the last signal the watchdog sent, 0 when none */
    uint64_t start_ns, end_ns;
    char *error; /* why it did not start; owned */
} outcome_t;

typedef struct sched {
    const batch_plan_t *plan;
    const batch_run_cfg_t *cfg;
    outcome_t *o;
    uint64_t t0;
    size_t running;
    char run_id[17]; /* this call of batch_run, in batch.json and every run.json it writes */
} sched_t;

static double secs_since(const sched_t *s, uint64_t t)
{
    return (double)(t - s->t0) / 1e9;
}

static char *kernel_dir(const sched_t *s, size_t i)
{
    return lg_path_join(s->cfg->out_dir, s->plan->k[i].name);
}

static int save_json(const char *path, json_object *o, lg_err_t *err)
{
    const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
    return lg_write_file_atomic(path, text, strlen(text), err);
}

static json_object *str_or_null(const char *s)
{
    return s ? json_object_new_string(s) : NULL;
}

/* run.json: what the batch asked of the kernel and how its child ended. */
static int write_run_json(const sched_t *s, size_t i, lg_err_t *err)
{
    const batch_kernel_t *k = &s->plan->k[i];
    const outcome_t *o = &s->o[i];
    json_object *j = json_object_new_object();
    char name[16];
    json_object_object_add(j, "name", json_object_new_string(k->name));
    json_object_object_add(j, "kernel", str_or_null(k->kernel));
    json_object_object_add(j, "spec", json_object_new_string(k->spec));
    json_object_object_add(j, "budget_seconds", json_object_new_double((double)k->budget_ns / 1e9));
    json_object_object_add(j, "seed", json_object_new_uint64(k->seed));
    json_object_object_add(j, "started", json_object_new_boolean(o->started));
    json_object_object_add(j, "exit_code", o->started && !o->sig ? json_object_new_int(o->exit_code) : NULL);
    json_object_object_add(j, "signal", o->sig ? json_object_new_string(run_signal_name(o->sig, name)) : NULL);
    json_object_object_add(j, "wall_seconds",
                           json_object_new_double(o->started ? (double)(o->end_ns - o->start_ns) / 1e9 : 0.0));
    /* Relative to the start of the batch: shows how the job slots were used. */
    json_object_object_add(j, "start_seconds", o->started ? json_object_new_double(secs_since(s, o->start_ns)) : NULL);
    json_object_object_add(j, "end_seconds", o->started ? json_object_new_double(secs_since(s, o->end_ns)) : NULL);
    json_object_object_add(j, "error", str_or_null(k->spec_error ? k->spec_error : o->error));
    json_object_object_add(j, "watchdog",
                           o->watchdog ? json_object_new_string(run_signal_name(o->watchdog, name)) : NULL);
    json_object_object_add(j, "spec_error", json_object_new_boolean(k->spec_error != NULL));
    json_object_object_add(j, "run_id", json_object_new_string(s->run_id));
    char *dir = kernel_dir(s, i);
    lg_lock_t *lock = NULL;
    int rc = lg_mkdirs(dir, err);
    if (rc == LG_OK)
        rc = lg_lock_out_dir(dir, &lock, err);
    if (rc == LG_EINVAL) {
        /* Another command writes there (and the kernel did not start):
         * its directory is not the batch's to write. */
        LG_WARN(s->cfg->log, "batch: %s: run.json not written: %s", k->name, err->msg);
        rc = LG_OK;
    } else if (rc == LG_OK) {
        char *path = lg_path_join(dir, "run.json");
        rc = save_json(path, j, err);
        free(path);
    }
    lg_lock_release(lock);
    free(dir);
    json_object_put(j);
    return rc;
}

/* batch.json: the plan of this batch (or shard), so `lgfuzz report` can
 * show the budgets every shard used and check that the shards it is given
 * make the whole batch (batch_ident_int.h). */
static int write_batch_json(const sched_t *s, const char *status, lg_err_t *err)
{
    const batch_plan_t *p = s->plan;
    json_object *j = json_object_new_object();
    json_object_object_add(j, "format", json_object_new_int(BATCH_JSON_FORMAT));
    json_object_object_add(j, "status", json_object_new_string(status));
    json_object_object_add(j, "run_id", json_object_new_string(s->run_id));
    batch_ident_json(p, j);
    json_object_object_add(j, "jobs", json_object_new_uint64(p->jobs));
    json_object_object_add(j, "wall_budget_seconds", json_object_new_double((double)p->wall_ns / 1e9));
    json_object_object_add(j, "kernel_seconds", json_object_new_double((double)p->kernel_ns * (double)p->n / 1e9));
    json_object_object_add(j, "wall_seconds", json_object_new_double(secs_since(s, lg_now_ns())));
    json_object *args = json_object_new_array();
    for (size_t i = 0; i < s->cfg->nrun_args; i++)
        json_object_array_add(args, json_object_new_string(s->cfg->run_args[i]));
    json_object_object_add(j, "run_args", args);
    char *path = lg_path_join(s->cfg->out_dir, "batch.json");
    int rc = save_json(path, j, err);
    free(path);
    json_object_put(j);
    return rc;
}

/* argv of `lgfuzz run` for kernel i; the caller frees the strings 1..8 and
 * the array. */
static char **child_argv(const sched_t *s, size_t i, const char *dir)
{
    const batch_kernel_t *k = &s->plan->k[i];
    char **av = lg_calloc(12 + s->cfg->nrun_args, sizeof *av);
    size_t n = 0;
    av[n++] = "lgfuzz";
    av[n++] = "run";
    av[n++] = lg_strdup(k->spec);
    av[n++] = lg_strdup("--out");
    av[n++] = lg_strdup(dir);
    av[n++] = lg_strdup("--budget");
    av[n++] = lg_asprintf("%llums", (unsigned long long)(k->budget_ns / 1000000ull));
    av[n++] = lg_strdup("--seed");
    av[n++] = lg_asprintf("%llu", (unsigned long long)k->seed);
    if (s->cfg->value_db) {
        av[n++] = "--value-db";
        av[n++] = (char *)s->cfg->value_db;
    }
    for (size_t a = 0; a < s->cfg->nrun_args; a++)
        av[n++] = s->cfg->run_args[a];
    av[n] = NULL;
    return av;
}

static void free_argv(char **av)
{
    for (size_t i = 2; i <= 8; i++)
        free(av[i]);
    free(av);
}

/* Starts the child of kernel i, its output in the kernel's run.log. */
static int start_child(sched_t *s, size_t i, lg_err_t *err)
{
    outcome_t *o = &s->o[i];
    char *dir = kernel_dir(s, i);
    char *logp = lg_path_join(dir, "run.log");
    int rc = lg_mkdirs(dir, err);
    /* Checked before run.log is truncated: a directory another command
     * holds is left alone and the kernel is reported as not started. */
    lg_lock_t *lock = NULL;
    if (rc == LG_OK)
        rc = lg_lock_out_dir(dir, &lock, err);
    lg_lock_release(lock);
    if (rc == LG_OK) {
        char **av = child_argv(s, i, dir);
        pid_t pid;
        rc = lg_spawn_logged(s->cfg->exe, av, logp, &pid, err);
        free_argv(av);
        if (rc == LG_OK) {
            o->pid = pid;
            o->started = 1;
            o->start_ns = lg_now_ns();
            s->running++;
        }
    }
    free(logp);
    free(dir);
    return rc;
}

/* Reads back the finished kernel's directory for one progress line. */
static void log_finished(const sched_t *s, size_t i)
{
    char *dir = kernel_dir(s, i);
    batch_row_t row;
    lg_err_t err;
    if (batch_row_load(dir, &row, &err) == LG_OK) {
        LG_INFO(s->cfg->log, "batch: [%7.1fs] done  %s: %s, %zu divergence%s%s%s", secs_since(s, lg_now_ns()), row.name,
                row.status, row.divergences, row.divergences == 1 ? "" : "s", row.error ? ": " : "",
                row.error ? row.error : "");
        batch_row_free(&row);
    } else {
        LG_WARN(s->cfg->log, "batch: %s", err.msg);
    }
    free(dir);
}

static int finish(sched_t *s, size_t i, lg_err_t *err)
{
    int rc = write_run_json(s, i, err);
    if (rc == LG_OK)
        log_finished(s, i);
    return rc;
}

/* Collects every child that has ended. */
static int reap(sched_t *s, lg_err_t *err)
{
    for (size_t i = 0; i < s->plan->n; i++) {
        outcome_t *o = &s->o[i];
        int st;
        if (o->pid <= 0)
            continue;
        pid_t r = waitpid(o->pid, &st, WNOHANG);
        if (r == 0 || (r < 0 && errno == EINTR))
            continue;
        o->end_ns = lg_now_ns();
        o->pid = 0;
        s->running--;
        if (r < 0) {
            o->exit_code = -1;
            o->error = lg_asprintf("waitpid: %s", strerror(errno));
        } else if (WIFSIGNALED(st)) {
            o->exit_code = -1;
            o->sig = WTERMSIG(st);
        } else {
            o->exit_code = WEXITSTATUS(st);
        }
        int rc = finish(s, i, err);
        if (rc)
            return rc;
    }
    return LG_OK;
}

/* `lgfuzz run` checks its budget between steps; a step that never ends
 * (or a build that hangs) would hold a job slot for ever without this. */
static void watchdog(sched_t *s)
{
    uint64_t grace = s->cfg->grace_ns, now = lg_now_ns();
    for (size_t i = 0; grace && i < s->plan->n; i++) {
        outcome_t *o = &s->o[i];
        uint64_t limit = s->plan->k[i].budget_ns + grace;
        int sig = 0;
        if (o->pid <= 0 || now < o->start_ns)
            continue;
        if (o->watchdog == 0 && now - o->start_ns > limit)
            sig = SIGINT;
        else if (o->watchdog == SIGINT && now - o->start_ns > limit + grace)
            sig = SIGKILL;
        if (!sig)
            continue;
        char name[16];
        LG_WARN(s->cfg->log, "batch: %s is %.1fs past its budget; sending %s", s->plan->k[i].name,
                (double)(now - o->start_ns - s->plan->k[i].budget_ns) / 1e9, run_signal_name(sig, name));
        kill(o->pid, sig);
        o->watchdog = sig;
    }
}

static void forward(sched_t *s, int sig)
{
    for (size_t i = 0; i < s->plan->n; i++)
        if (s->o[i].pid > 0)
            kill(s->o[i].pid, sig);
}

/* Starts kernel i, or records why it could not start (a spec that does
 * not load, a failed fork); only a batch directory that cannot be written
 * is an error. */
static int launch(sched_t *s, size_t i, lg_err_t *err)
{
    const batch_kernel_t *k = &s->plan->k[i];
    if (k->spec_error)
        return finish(s, i, err);
    LG_INFO(s->cfg->log, "batch: [%7.1fs] start %s (budget %.1fs, seed %llu)", secs_since(s, lg_now_ns()), k->name,
            (double)k->budget_ns / 1e9, (unsigned long long)k->seed);
    lg_err_t serr;
    int rc = start_child(s, i, &serr);
    if (rc == LG_EIO)
        return lg_err_set(err, rc, "%s", serr.msg);
    if (rc) {
        s->o[i].error = lg_strdup(serr.msg);
        return finish(s, i, err);
    }
    return LG_OK;
}

static void nap(void)
{
    struct timespec ts = {0, 50 * 1000000L};
    nanosleep(&ts, NULL);
}

/* 16 hex digits that no other batch run shares: the clocks, the pid and
 * the host mixed. */
static void make_run_id(char out[17])
{
    char host[256] = "";
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_REALTIME, &ts);
    gethostname(host, sizeof host - 1);
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_u64(&h, (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec);
    lg_hash_u64(&h, lg_now_ns());
    lg_hash_u64(&h, (uint64_t)getpid());
    lg_hash_str(&h, host);
    snprintf(out, 17, "%016llx", (unsigned long long)h.h);
}

int batch_run(const batch_plan_t *plan, const batch_run_cfg_t *cfg, lg_err_t *err)
{
    sched_t s = {plan, cfg, lg_calloc(plan->n ? plan->n : 1, sizeof(outcome_t)), lg_now_ns(), 0, ""};
    make_run_id(s.run_id);
    int rc = batch_dir_check(plan, cfg->out_dir, cfg->log, err);
    if (rc == LG_OK)
        rc = lg_mkdirs(cfg->out_dir, err);
    size_t nkeys = 0;
    if (rc == LG_OK && cfg->value_db && (rc = batch_values_write(plan, cfg->out_dir, cfg->value_db, &nkeys, err)) == 0)
        LG_INFO(cfg->log, "batch: value database %s: %zu param keys", cfg->value_db, nkeys);
    if (rc == LG_OK)
        rc = write_batch_json(&s, "running", err);
    size_t next = 0;
    int seen = 0;
    uint64_t first_stop_ns = 0;
    /* Polling (rather than blocking in waitpid) sees a SIGINT that lands
     * between the check and the wait within 50 ms. */
    while (rc == LG_OK && (next < plan->n || s.running > 0)) {
        int stop = cfg->stop ? (int)*cfg->stop : 0;
        uint64_t now = lg_now_ns();
        if (stop > seen && (!seen || now - first_stop_ns >= 1000000000ull)) {
            LG_INFO(cfg->log, "batch: interrupted; %s %zu running kernel%s", seen ? "killing" : "stopping", s.running,
                    s.running == 1 ? "" : "s");
            forward(&s, seen ? SIGKILL : SIGINT);
            first_stop_ns = seen ? first_stop_ns : now;
        }
        seen = stop;
        while (rc == LG_OK && !stop && s.running < plan->jobs && next < plan->n)
            rc = launch(&s, next++, err);
        while (rc == LG_OK && stop && next < plan->n)
            rc = finish(&s, next++, err);
        watchdog(&s);
        if (rc == LG_OK)
            rc = reap(&s, err);
        if (s.running > 0)
            nap();
    }
    if (rc) {
        /* The batch directory is unusable (or another batch's); do not
         * leave children behind. */
        forward(&s, SIGKILL);
        for (size_t i = 0; i < plan->n; i++)
            if (s.o[i].pid > 0)
                waitpid(s.o[i].pid, NULL, 0);
    } else {
        rc = write_batch_json(&s, cfg->stop && *cfg->stop ? "interrupted" : "complete", err);
    }
    for (size_t i = 0; i < plan->n; i++)
        free(s.o[i].error);
    free(s.o);
    return rc;
}
