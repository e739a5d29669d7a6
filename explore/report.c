/* Progress on stderr, a warning for each distinct failed solver or synth
 * call, and the run's report files: plot.csv (a row a second, appended
 * whole or not at all),
 * stats.json and tree.json (rewritten atomically every few seconds and at
 * the end, so an interrupted run leaves them consistent). */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

static size_t probes_fired(const explore_t *ex)
{
    size_t n = 0;
    for (size_t i = 0; i < ex->nprobes; i++)
        n += ex->probes->p[i].fired > 0;
    return n;
}

void report_progress(explore_t *ex, int final)
{
    if (!ex->cfg.progress)
        return;
    uint64_t now = lg_now_ns();
    uint64_t every = ex->cfg.progress == 2 ? 250000000ull : 5000000000ull;
    if (!final && now - ex->st.last_progress_ns < every)
        return;
    ex->st.last_progress_ns = now;
    double secs = (double)lg_budget_elapsed_ns(&ex->budget) / 1e9;
    solver_stats_t ss = {0};
    if (ex->solver)
        solver_get_stats(ex->solver, &ss);
    double sat = ss.queries ? 100.0 * (double)ss.sat / (double)ss.queries : 0.0;
    fprintf(stderr,
            "%s[%6.1fs] execs %llu (%.0f/s)  branches %llu/%llu  paths %zu  conds %zu  probes %zu/%zu  "
            "sat %.0f%%  rtl %llu/%llu skipped  divergences %zu%s",
            ex->cfg.progress == 2 ? "\r\033[K" : "lgfuzz: ", secs, (unsigned long long)ex->st.execs,
            secs > 0 ? (double)ex->st.execs / secs : 0.0, (unsigned long long)ex->branches_covered,
            (unsigned long long)ex->branches_total, ex->paths.n, ex->tree->nconds, probes_fired(ex), ex->nprobes, sat,
            (unsigned long long)oracle_select_invoked(ex->sel), (unsigned long long)oracle_select_skipped(ex->sel),
            ex->ndivs, ex->cfg.progress == 2 && !final ? "" : "\n");
    fflush(stderr);
}

/* Appends text to plot.csv whole or not at all: a row cut off by a full
 * disk is cut back, so the file stays a well-formed CSV. */
static int plot_append(explore_t *ex, const char *text, lg_err_t *err)
{
    char *path = lg_path_join(ex->out_dir, "plot.csv");
    int rc = LG_OK;
    if (ex->plot_fd < 0)
        ex->plot_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
    off_t end = ex->plot_fd >= 0 ? lseek(ex->plot_fd, 0, SEEK_END) : -1;
    if (end < 0) {
        rc = lg_err_set(err, LG_EIO, "%s: cannot open: %s", path, strerror(errno));
        free(path);
        return rc;
    }
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t w = write(ex->plot_fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            rc = lg_err_set(err, LG_EIO, "%s: cannot write: %s", path, w < 0 ? strerror(errno) : "short write");
            if (ftruncate(ex->plot_fd, end) != 0)
                LG_WARN(ex->log, "%s: cannot cut back a partial row: %s", path, strerror(errno));
            break;
        }
        done += (size_t)w;
    }
    free(path);
    return rc;
}

int report_plot_row(explore_t *ex, int final, lg_err_t *err)
{
    uint64_t now = lg_now_ns();
    /* A row a second, and one whenever coverage or divergences change, so
     * time-to-X can be read off the file precisely; and one at the end, so
     * even a run stopped before its first step has the file. */
    int changed = ex->branches_covered != ex->st.plot_branches || ex->ndivs != ex->st.plot_divs;
    if (!final && ex->plot_fd >= 0 && !changed && now - ex->st.last_plot_ns < 1000000000ull)
        return LG_OK;
    ex->st.plot_branches = ex->branches_covered;
    ex->st.plot_divs = ex->ndivs;
    ex->st.last_plot_ns = now;
    char row[256];
    int off = 0;
    if (ex->plot_fd < 0) {
        char *path = lg_path_join(ex->out_dir, "plot.csv");
        if (!lg_path_exists(path))
            off = snprintf(row, sizeof row, "time,execs,branches,paths,probes,rtl_calls,divergences\n");
        free(path);
    }
    snprintf(row + off, sizeof row - (size_t)off, "%.3f,%llu,%llu,%zu,%zu,%llu,%zu\n",
             (double)lg_budget_elapsed_ns(&ex->budget) / 1e9, (unsigned long long)ex->st.execs,
             (unsigned long long)ex->branches_covered, ex->paths.n, probes_fired(ex),
             (unsigned long long)ex->st.rtl_calls, ex->ndivs);
    return plot_append(ex, row, err);
}

void report_warn_once(explore_t *ex, const char *what, const lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, what);
    for (const char *p = err->msg; *p; p++)
        if (*p < '0' || *p > '9')
            lg_hash_bytes(&h, p, 1);
    for (size_t i = 0; i < ex->nwarned; i++)
        if (ex->warned[i] == h.h)
            return;
    lg_grow((void **)&ex->warned, &ex->warned_cap, ex->nwarned + 1, sizeof *ex->warned);
    ex->warned[ex->nwarned++] = h.h;
    LG_WARN(ex->log, "%s call failed (%s_errors in stats.json counts them; logged once): %s", what, what, err->msg);
}

size_t report_out_of_contract(const explore_t *ex)
{
    size_t n = 0;
    for (size_t i = 0; i < ex->ndivs; i++)
        n += ex->divs[i].triage && strcmp(ex->divs[i].triage, TRIAGE_OUT_OF_CONTRACT) == 0;
    return n;
}

size_t report_unanalysed(const explore_t *ex)
{
    size_t n = 0;
    for (size_t i = 0; i < ex->ndivs; i++)
        n += (size_t)ex->divs[i].cut;
    return n;
}

/* Sets o's divergence count and list (also what a record-only save
 * changes). */
static void divergences_json(const explore_t *ex, json_object *o)
{
    json_object_object_add(o, "divergences", json_object_new_uint64(ex->ndivs));
    json_object *da = json_object_new_array(), *by = json_object_new_object();
    for (size_t i = 0; i < ex->ndivs; i++) {
        const divergence_t *v = &ex->divs[i];
        json_object *d = json_object_new_object();
        json_object_object_add(d, "class", json_object_new_string(v->cls));
        json_object_object_add(d, "detail", json_object_new_string(v->detail));
        json_object_object_add(d, "dir", json_object_new_string(v->dir));
        if (v->triage) {
            json_object_object_add(d, "triage", json_object_new_string(v->triage));
            json_object *n = NULL;
            uint64_t k = json_object_object_get_ex(by, v->triage, &n) ? json_object_get_uint64(n) : 0;
            json_object_object_add(by, v->triage, json_object_new_uint64(k + 1));
        }
        json_object_array_add(da, d);
    }
    json_object_object_add(o, "divergences_detail", da);
    /* Divergences by triage class (those with one), and those the run's
     * end cut before their minimisation and cause analysis. */
    json_object_object_add(o, "divergences_triage", by);
    json_object_object_add(o, "out_of_contract", json_object_new_uint64(report_out_of_contract(ex)));
    json_object_object_add(o, "divergences_unanalysed", json_object_new_uint64(report_unanalysed(ex)));
}

/* Each loop (by its exit site): the trip counts seen, the learned term
 * and its edge cases with how often they were aimed at and reached. */
static json_object *loops_json(const explore_t *ex)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; ex->loops && i < ex->loops->n; i++) {
        const loop_state_t *l = &ex->loops->l[i];
        const tracer_site_t *s = &ex->sites[l->site];
        json_object *lo = json_object_new_object();
        char *where = lg_asprintf("%s:%d", s->file, s->line);
        json_object_object_add(lo, "site", json_object_new_string(where));
        free(where);
        if (l->max >= l->min) {
            json_object_object_add(lo, "min_trips", json_object_new_int64(l->min));
            json_object_object_add(lo, "max_trips", json_object_new_int64(l->max));
        }
        char *term = l->term ? expr_to_text(l->term, ex->fs) : NULL;
        json_object_object_add(lo, "term", term ? json_object_new_string(term) : NULL);
        free(term);
        json_object *ea = json_object_new_array();
        for (size_t k = 0; k < l->nedges; k++) {
            json_object *eo = json_object_new_object();
            json_object_object_add(eo, "trips", json_object_new_int64(l->edges[k].trips));
            json_object_object_add(eo, "from", json_object_new_string(loops_edge_kind_name(l->edges[k].kind)));
            json_object_object_add(eo, "queries", json_object_new_uint64(l->edges[k].tries));
            json_object_object_add(eo, "reached", json_object_new_uint64(l->edges[k].reached));
            json_object_array_add(ea, eo);
        }
        json_object_object_add(lo, "edges", ea);
        json_object_array_add(a, lo);
    }
    return a;
}

static json_object *stats_json(const explore_t *ex)
{
    json_object *o = json_object_new_object();
#define U64(name, v) json_object_object_add(o, name, json_object_new_uint64((uint64_t)(v)))
    json_object_object_add(o, "kernel", json_object_new_string(ex->spec->kernel));
    char *spec_abs = realpath(ex->spec->path, NULL);
    json_object_object_add(o, "spec", json_object_new_string(spec_abs ? spec_abs : ex->spec->path));
    free(spec_abs);
    json_object_object_add(o, "status", json_object_new_string(ex->status ? ex->status : "running"));
    if (ex->error)
        json_object_object_add(o, "error", json_object_new_string(ex->error));
    json_object_object_add(o, "seconds", json_object_new_double((double)lg_budget_elapsed_ns(&ex->budget) / 1e9));
    json_object_object_add(o, "build_seconds", json_object_new_double((double)ex->build_ns / 1e9));
    json_object_object_add(o, "guard_seconds", json_object_new_double((double)ex->guard_ns / 1e9));
    U64("seed", ex->cfg.seed);
    U64("iterations", ex->st.iterations);
    U64("execs", ex->st.execs);
    U64("crashes", ex->st.crashes);
    /* Crashes the native executor survived without a restart. */
    U64("crashes_recovered", ex->tracer ? tracer_crashes_recovered(ex->tracer) : 0);
    U64("hangs", ex->st.hangs);
    U64("branches_covered", ex->branches_covered);
    U64("branches_total", ex->branches_total);
    U64("paths", ex->paths.n);
    U64("tree_nodes", ex->tree->nnodes);
    /* The memory bound (--max-memory) and what the tree gave up for it. */
    U64("max_memory_bytes", ex->cfg.max_memory);
    U64("rss_start_bytes", ex->st.rss_start);
    U64("peak_rss_bytes", memory_peak_resident());
    U64("tree_bytes", ex->tree->bytes);
    U64("tree_budget_bytes", ex->tree_budget);
    U64("tree_summarised", ex->tree->summarised);
    U64("tree_folded_nodes", ex->tree->folded);
    U64("conditions", ex->tree->nconds);
    U64("learn_calls", ex->st.learn_calls);
    U64("term_calls", ex->st.term_calls);
    U64("counterexamples", ex->st.counterexamples);
    U64("probes", ex->nprobes);
    U64("loop_queries", ex->st.loop_queries);
    U64("loop_edges_reached", ex->loops ? ex->loops->reached : 0);
    U64("probes_fired", probes_fired(ex));
    U64("corpus", ex->ncorpus);
    U64("seeds_loaded", ex->st.seeds_loaded);
    if (ex->host) {
        uint64_t execs, calls, fresh;
        hostsource_counts(ex->host, &execs, &calls, &fresh);
        U64("host_execs", execs);
        U64("host_calls", calls);
        U64("host_calls_new", fresh);
    }
    U64("value_db_values", valuedb_values(ex->values));
    U64("value_db_draws", ex->mut ? ex->mut->db_draws : 0);
    U64("rtl_invoked", ex->queue ? ex->st.rtl_calls : oracle_select_invoked(ex->sel));
    U64("rtl_skipped",
        ex->queue ? schedule_drops(ex->queue) + schedule_len(ex->queue) : oracle_select_skipped(ex->sel));
    U64("rtl_skipped_divergent", oracle_select_skipped_divergent(ex->sel));
    U64("rtl_errors", ex->st.rtl_errors);
    U64("rtl_undecided", ex->st.rtl_undecided);
    U64("rtl_cut", ex->st.rtl_cut);
    json_object_object_add(o, "rtl_cut_seconds", json_object_new_double((double)ex->st.rtl_cut_ns / 1e9));
    /* The RTL's cost: calls per second of waiting for it, and the share of
     * the run spent waiting. */
    double rtl_s = (double)ex->st.rtl_ns / 1e9, run_s = (double)lg_budget_elapsed_ns(&ex->budget) / 1e9;
    U64("rtl_calls", ex->st.rtl_calls);
    U64("guard_inputs_checked", ex->st.outside_checked);
    U64("rtl_jobs", ex->oracle ? oracle_jobs(ex->oracle) : 0);
    json_object_object_add(o, "rtl_seconds", json_object_new_double(rtl_s));
    json_object_object_add(o, "rtl_calls_per_s",
                           json_object_new_double(rtl_s > 0 ? (double)ex->st.rtl_calls / rtl_s : 0));
    json_object_object_add(o, "rtl_wait_share", json_object_new_double(run_s > 0 ? rtl_s / run_s : 0));
    int always = ex->cfg.rtl == EXPLORE_RTL_ALWAYS || ex->cfg.no_selective;
    json_object_object_add(o, "rtl_policy",
                           json_object_new_string(!ex->oracle ? "none"
                                                  : ex->queue ? "queue"
                                                  : always    ? "always"
                                                              : "heterofuzz"));
    U64("rtl_queued", ex->queue ? schedule_len(ex->queue) : 0);
    U64("rtl_queue_drops", ex->queue ? schedule_drops(ex->queue) : 0);
    U64("rtl_queue_repeats", ex->queue ? schedule_repeats(ex->queue) : 0);
    /* Minimising each new divergence's input: the divergences minimised and
     * the candidates evaluated (each run natively, and on the RTL when it
     * kept the path; those RTL calls count in rtl_calls, or in
     * rtl_memo_hits when the candidate had run before). */
    U64("minimisations", ex->st.minimisations);
    U64("port_causes", ex->st.port_causes);
    U64("divergences_unreproduced", ex->st.unreproduced);
    U64("cause_runs", ex->st.cause_runs);
    U64("rtl_memo_hits", ex->st.rtl_memo_hits);
    U64("minimise_steps", ex->st.minimise_steps);
    U64("solver_errors", ex->st.solver_errors);
    U64("synth_errors", ex->st.synth_errors);
    json_object_object_add(o, "solver_seconds", json_object_new_double((double)ex->st.solver_ns / 1e9));
    /* The solver's share of the loop's wall time (at most
     * EXPLORE_SOLVER_SHARE_MAX in a timed run) and its adaptive quota. */
    uint64_t loop_ns = ex->loop_start_ns ? lg_now_ns() - ex->loop_start_ns : 0;
    json_object_object_add(o, "solver_share",
                           json_object_new_double(loop_ns ? (double)ex->st.solver_ns / (double)loop_ns : 0));
    U64("solver_steps", ex->st.solver_steps);
    U64("solver_yield", ex->st.solver_yield);
    U64("solver_quota", ex->solver_quota);
    json_object_object_add(o, "exec_seconds", json_object_new_double((double)ex->st.exec_ns / 1e9));
    solver_stats_t ss = {0};
    if (ex->solver)
        solver_get_stats(ex->solver, &ss);
    json_object *so = json_object_new_object();
    json_object_object_add(so, "queries", json_object_new_uint64(ss.queries));
    json_object_object_add(so, "sat", json_object_new_uint64(ss.sat));
    json_object_object_add(so, "unsat", json_object_new_uint64(ss.unsat));
    json_object_object_add(so, "unknown", json_object_new_uint64(ss.unknown));
    json_object_object_add(so, "timeout", json_object_new_uint64(ss.timeout));
    json_object_object_add(so, "mean_ms", json_object_new_double(ss.mean_ms));
    json_object_object_add(so, "p95_ms", json_object_new_double(ss.p95_ms));
    json_object_object_add(o, "solver", so);
    json_object_object_add(o, "loops", loops_json(ex));
    json_object *mo = json_object_new_object();
    for (int k = 0; k < MUT_COUNT; k++) {
        json_object *m = json_object_new_object();
        json_object_object_add(m, "p", json_object_new_double(ex->mut->p[k]));
        json_object_object_add(m, "used", json_object_new_uint64(ex->mut->used[k]));
        json_object_object_add(m, "favored", json_object_new_uint64(ex->mut->favored[k]));
        json_object_object_add(mo, mutator_name((mut_kind_t)k), m);
    }
    json_object_object_add(o, "mutations", mo);
    json_object *sens = json_object_new_array();
    for (size_t i = 0; i < ex->spec->nparams; i++)
        if (ex->mut->sensitive[i])
            json_object_array_add(sens, json_object_new_string(ex->spec->params[i].name));
    json_object_object_add(o, "sensitive_params", sens);
    json_object *pa = json_object_new_array();
    for (size_t i = 0; i < ex->nprobes; i++) {
        const probe_state_t *p = &ex->probes->p[i];
        json_object *po = json_object_new_object();
        json_object_object_add(po, "name", json_object_new_string(ex->probe_info[i].name));
        json_object_object_add(po, "fired", json_object_new_uint64(p->fired));
        json_object_object_add(po, "quiet", json_object_new_uint64(p->quiet));
        if (p->has_range) {
            json_object_object_add(po, "min", json_object_new_int64(p->min));
            json_object_object_add(po, "max", json_object_new_int64(p->max));
        }
        if (p->cond) {
            char *t = expr_to_text(p->cond, ex->fs);
            json_object_object_add(po, "condition", json_object_new_string(t));
            json_object_object_add(po, "mcc", json_object_new_double(p->cond_mcc));
            free(t);
        }
        if (p->term) {
            char *t = expr_to_text(p->term, ex->fs);
            json_object_object_add(po, "term", json_object_new_string(t));
            free(t);
        }
        json_object_array_add(pa, po);
    }
    json_object_object_add(o, "probes_detail", pa);
    divergences_json(ex, o);
#undef U64
    return o;
}

static const char *site_name(void *ctx, uint32_t site)
{
    explore_t *ex = ctx;
    if (site >= ex->nsites)
        return "?";
    /* One buffer is enough: tree_to_json copies the string at once. */
    snprintf(ex->sitebuf, sizeof ex->sitebuf, "%s:%d:%d", ex->sites[site].file, ex->sites[site].line,
             ex->sites[site].col);
    return ex->sitebuf;
}

static int save_json(explore_t *ex, const char *name, const char *text, lg_err_t *err)
{
    char *path = lg_path_join(ex->out_dir, name);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(path);
    return rc;
}

/* A record-only explorer's save: the finished run's stats.json with its
 * divergence count and list brought up to date. */
static int save_divergences(explore_t *ex, lg_err_t *err)
{
    char *path = lg_path_join(ex->out_dir, "stats.json");
    json_object *o = lg_json_read_object(path, err);
    int rc = o ? LG_OK : err->code;
    free(path);
    if (rc == LG_OK) {
        divergences_json(ex, o);
        rc =
            save_json(ex, "stats.json",
                      json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE), err);
    }
    json_object_put(o);
    return rc;
}

int report_save_stats(explore_t *ex, lg_err_t *err)
{
    if (ex->cfg.record_only)
        return save_divergences(ex, err);
    json_object *o = stats_json(ex);
    int rc =
        save_json(ex, "stats.json",
                  json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE), err);
    json_object_put(o);
    return rc;
}

int report_save(explore_t *ex, lg_err_t *err)
{
    int rc = report_save_stats(ex, err);
    if (rc || ex->cfg.record_only)
        return rc;
    char *tree = tree_to_json(ex->tree, ex->fs, site_name, ex);
    rc = save_json(ex, "tree.json", tree, err);
    free(tree);
    if (rc)
        return rc;
    char *lpath = lg_path_join(ex->out_dir, "labels.jsonl");
    rc = labels_save(ex->labels, lpath, err);
    free(lpath);
    return rc;
}
