/* Set-up, tear-down and the main loop of a run. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

void explore_cfg_default(explore_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->budget_ns = 60ull * 1000000000ull;
    cfg->seed = 1;
    cfg->out_dir = "out";
    cfg->schedule = EXPLORE_SCHED_WEIGHTED;
    cfg->rtl = EXPLORE_RTL_SELECTIVE;
    cfg->depth_cap = 256;
    cfg->progress = 1;
    cfg->kernel_memory = TRACER_MEMORY_DEFAULT;
    cfg->host_alpha = -1;
    cfg->max_memory = EXPLORE_MAX_MEMORY_DEFAULT;
}

/* Branch coverage counts each (site, direction) pair once. */
static void coverage_init(explore_t *ex)
{
    ex->sites = tracer_sites(ex->tracer, &ex->nsites);
    ex->probe_info = tracer_probes(ex->tracer, &ex->nprobes);

    uint32_t maxid = 0;
    for (size_t i = 0; i < ex->nsites; i++)
        if (ex->sites[i].id > maxid)
            maxid = ex->sites[i].id;
    ex->cov_offset = lg_calloc((size_t)maxid + 2, sizeof *ex->cov_offset);
    size_t total = 0;
    for (size_t i = 0; i < ex->nsites; i++) {
        ex->cov_offset[ex->sites[i].id] = total;
        total += ex->sites[i].nsucc;
    }
    ex->branches_total = total;
    ex->covered = lg_calloc(total ? total : 1, 1);
}

static int create_components(explore_t *ex, lg_err_t *err)
{
    tracer_cfg_t tcfg;
    tracer_cfg_default(&tcfg);
    tcfg.stop = ex->cfg.stop;
    /* Read at every call: explore_run and explore_record_inputs set it. */
    tcfg.deadline_ns = &ex->deadline_ns;
    tcfg.memory_bytes = ex->cfg.kernel_memory;
    ex->tracer = tracer_create(ex->spec, &tcfg, ex->log, err);
    if (!ex->tracer)
        return err->code == LG_EINTR ? err->code : lg_err_prefix(err, "building the instrumented kernel");
    coverage_init(ex);
    ex->port_reads = lg_calloc(ex->spec->nparams ? ex->spec->nparams : 1, sizeof *ex->port_reads);
    if (spec_port_reads(ex->spec, ex->port_reads, err) != LG_OK)
        return err->code;
    size_t nk;
    const int64_t *kc = tracer_constants(ex->tracer, &nk);
    for (size_t i = 0; i < nk; i++)
        learn_add_const(ex, kc[i]);
    ex->nkernel_consts = ex->nconsts;
    if (ex->cfg.rtl != EXPLORE_RTL_NEVER && ex->spec->has_rtl) {
        if (ex->cfg.stop && *ex->cfg.stop)
            return lg_err_set(err, LG_EINTR, "interrupted before building the RTL model");
        oracle_cfg_t ocfg;
        oracle_cfg_default(&ocfg);
        ocfg.stop = ex->cfg.stop;
        ocfg.deadline_ns = &ex->deadline_ns;
        ocfg.jobs = (int)ex->cfg.rtl_jobs;
        ex->oracle = oracle_create(ex->spec, &ocfg, ex->log, err);
        if (!ex->oracle)
            return err->code == LG_EINTR ? err->code : lg_err_prefix(err, "building the RTL model");
        ex->rtlmemo = rtlmemo_create(ex->spec);
    }
    int always = ex->cfg.rtl == EXPLORE_RTL_ALWAYS || ex->cfg.no_selective;
    ex->sel = oracle_select_create(ex->fs->n, always);
    if (ex->oracle && !always && ex->cfg.rtl_policy == EXPLORE_RTL_POLICY_QUEUE)
        ex->queue = schedule_create(ex->fs->n, EXPLORE_RTL_QUEUE_MAX);
    ex->findings = findings_set_create();
    ex->labels = labels_create();
    char *lpath = lg_path_join(ex->out_dir, "labels.jsonl");
    int lrc = labels_load(ex->labels, ex->spec, lpath, ex->log, err);
    free(lpath);
    if (lrc)
        return lrc;
    if (!ex->cfg.no_synth) {
        synth_cfg_t scfg;
        synth_cfg_default(&scfg);
        scfg.fs = ex->fs;
        scfg.seed = ex->cfg.seed;
        scfg.stop = ex->cfg.stop;
        /* A wall-clock stage budget would make learning depend on machine
         * load; runs bounded by --iterations must be reproducible. */
        if (ex->cfg.iterations)
            scfg.stage_time_ns = 3600ull * 1000000000ull;
        ex->synth = synth_create(&scfg, err);
        if (!ex->synth)
            return lg_err_prefix(err, "loading the synthesis grammars");
        solver_cfg_t vcfg = solver_cfg_default();
        if (ex->cfg.iterations)
            vcfg.rlimit = 200000;
        ex->solver = solver_create(ex->fs, &vcfg, err);
        if (!ex->solver)
            return lg_err_prefix(err, "starting the solver");
    }
    ex->tree = tree_create(ex->fs->n, ex->cfg.depth_cap);
    ex->solver_quota = EXPLORE_QUOTA_START;
    ex->probes = probes_create(ex->nprobes, ex->fs->n);
    ex->loops = loops_create(ex->sites, ex->nsites, ex->probe_info, ex->nprobes, ex->spec, ex->fs->n, ex->cfg.seed);
    ex->mut = mutator_create(ex->spec, ex->consts, ex->nkernel_consts);
    if (ex->cfg.value_db) {
        ex->values = valuedb_load(ex->spec, ex->cfg.value_db, err);
        if (!ex->values)
            return lg_err_prefix(err, "reading the value database");
        ex->mut->db = ex->values;
        LG_INFO(ex->log, "value database %s: %zu values for this kernel", ex->cfg.value_db, valuedb_values(ex->values));
    }
    ex->cfg.value_db = NULL; /* borrowed for explore_create only */
    if (ex->cfg.host_only && !ex->spec->host && !ex->cfg.record_only)
        return lg_err_set(err, LG_EINVAL, "%s: --host-only needs a host: section in the spec", ex->spec->path);
    if (ex->spec->host && !ex->cfg.record_only) {
        ex->host = hostsource_create(ex->spec, ex->cfg.host_alpha, ex->log, ex->cfg.stop, err);
        if (!ex->host)
            return err->code == LG_EINTR ? err->code : lg_err_prefix(err, "building the host program");
    }
    return LG_OK;
}

explore_t *explore_create(const spec_t *spec, const explore_cfg_t *cfg, const lg_log_t *log, lg_err_t *err)
{
    explore_t *ex = lg_calloc(1, sizeof *ex);
    ex->spec = spec;
    ex->cfg = *cfg;
    if (!ex->cfg.depth_cap)
        ex->cfg.depth_cap = 256;
    ex->log = log;
    ex->out_dir = lg_strdup(cfg->out_dir);
    ex->cfg.out_dir = ex->out_dir;
    lg_rng_seed(&ex->rng, cfg->seed);
    ex->fs = features_create(spec);
    ex->fv = lg_calloc(ex->fs->n ? ex->fs->n : 1, sizeof(int64_t));
    ex->feat_min = lg_calloc(ex->fs->n ? ex->fs->n : 1, sizeof(int64_t));
    ex->feat_max = lg_calloc(ex->fs->n ? ex->fs->n : 1, sizeof(int64_t));
    ex->plot_fd = -1;
    if (corpus_open(ex, err) || create_components(ex, err) || corpus_divergences_restore(ex, err)) {
        explore_destroy(ex);
        return NULL;
    }
    return ex;
}

/* Memory alone, freed piece by piece: the path tree, the corpus and the
 * tables that grow with the run. A long run holds millions of pieces, so
 * a process about to exit leaves them to the exit (explore_destroy_at_exit). */
static void free_memory(explore_t *ex)
{
    for (size_t i = 0; i < ex->nround; i++)
        input_destroy(ex->round[i].in);
    free(ex->round);
    for (size_t i = 0; i < ex->ncorpus; i++) {
        input_destroy(ex->corpus[i].in);
        free(ex->corpus[i].fv);
    }
    free(ex->corpus);
    for (size_t i = 0; i < ex->ndivs; i++) {
        free(ex->divs[i].dir);
        free(ex->divs[i].cls);
        free(ex->divs[i].detail);
        free(ex->divs[i].triage);
        input_destroy(ex->divs[i].in);
    }
    free(ex->divs);
    for (size_t i = 0; i < ex->nfound; i++)
        free(ex->found[i].key);
    free(ex->found);
    lg_hashset_free(&ex->found_index);
    lg_hashset_free(&ex->key_paths);
    for (size_t i = 0; i < ex->ncauses; i++)
        findings_key_free(&ex->causes[i].key);
    free(ex->causes);
    free(ex->error);
    free(ex->warned);
    free(ex->port_reads);
    tree_destroy(ex->tree);
    probes_destroy(ex->probes);
    loops_destroy(ex->loops);
    mutator_destroy(ex->mut);
    valuedb_destroy(ex->values);
    hostsource_destroy(ex->host);
    oracle_select_destroy(ex->sel);
    schedule_destroy(ex->queue);
    findings_set_destroy(ex->findings);
    labels_destroy(ex->labels);
    solver_destroy(ex->solver);
    synth_destroy(ex->synth);
    for (size_t i = 0; i < ex->rtl_cap; i++)
        run_result_destroy(ex->rtl_res[i]);
    free(ex->rtl_res);
    free(ex->rtl_pending);
    free(ex->rtl_fv);
    features_destroy(ex->fs);
    free(ex->cov_offset);
    free(ex->covered);
    lg_hashset_free(&ex->paths);
    free(ex->consts);
    free(ex->feat_min);
    free(ex->feat_max);
    free(ex->fv);
    free(ex->evbuf);
    free(ex->out_dir);
    free(ex);
}

/* What must not outlive the explorer: its child processes and its files
 * in the output directory. */
static void release_resources(explore_t *ex)
{
    minimise_destroy(ex);
    rtlmemo_destroy(ex->rtlmemo);
    ex->rtlmemo = NULL;
    if (ex->plot_fd >= 0)
        close(ex->plot_fd);
    ex->plot_fd = -1;
    corpus_release(ex);
    oracle_destroy(ex->oracle);
    ex->oracle = NULL;
    tracer_destroy(ex->tracer);
    ex->tracer = NULL;
}

void explore_destroy(explore_t *ex)
{
    if (!ex)
        return;
    release_resources(ex);
    free_memory(ex);
}

void explore_destroy_at_exit(explore_t *ex)
{
    if (!ex)
        return;
    release_resources(ex);
    /* A sanitizer build checks for leaks at exit: it frees everything. */
#if defined(__SANITIZE_ADDRESS__) || defined(LG_ASSERT_SANITIZER)
    free_memory(ex);
#endif
}

/* Runs the inputs saved in dir as seeds, a round at a time; *loaded
 * (may be NULL): how many were read. */
static int run_saved(explore_t *ex, const char *dir, uint64_t *loaded, lg_err_t *err)
{
    size_t n;
    input_t **ins;
    int rc = corpus_load_inputs(ex, dir, &ins, &n, err);
    if (loaded)
        *loaded = n;
    for (size_t i = 0; i < n; i++) {
        if (rc != LG_OK) {
            input_destroy(ins[i]);
            continue;
        }
        rounds_add(ex, ins[i], ORIGIN_SEED, MUT_COUNT, NULL, -1);
        if (ex->nround == EXPLORE_ROUND_MAX)
            rc = rounds_run(ex, err);
    }
    free(ins);
    return rc == LG_OK ? rounds_run(ex, err) : rc;
}

/* The corpus of a previous run, the spec's seeds, the corners of the
 * input domain (unless spectra are off) and a few random inputs (small
 * values and whole-domain values) start the tree. */
static int host_step(explore_t *ex, lg_err_t *err);

static int bootstrap(explore_t *ex, lg_err_t *err)
{
    /* The host on its starting inputs comes first: its calls are the
     * inputs the user's program really makes. */
    if (ex->host) {
        int hrc = host_step(ex, err);
        if (hrc != LG_OK || ex->cfg.host_only)
            return hrc;
    }
    char *cdir = lg_path_join(ex->out_dir, "corpus");
    int rc = run_saved(ex, cdir, NULL, err);
    free(cdir);
    if (rc == LG_OK && ex->spec->seeds_dir)
        rc = run_saved(ex, ex->spec->seeds_dir, &ex->st.seeds_loaded, err);
    if (rc)
        return rc;
    rounds_add(ex, input_create(ex->spec), ORIGIN_RANDOM, MUT_COUNT, NULL, -1);
    /* The corners are the static side of spectra's edge-case guidance. */
    if (!ex->cfg.no_spectra)
        generate_corner_inputs(ex);
    for (int i = 0; i < 15; i++) {
        input_t *in = input_create(ex->spec);
        generate_random_input(ex, in, i < 10);
        rounds_add(ex, in, ORIGIN_RANDOM, MUT_COUNT, NULL, -1);
    }
    return rounds_run(ex, err);
}

/* One run of the host program (host_source.c); its new kernel calls are
 * the round's inputs, seeds of the host. */
static int host_step(explore_t *ex, lg_err_t *err)
{
    input_t **ins;
    size_t n;
    int rc = hostsource_step(ex->host, &ex->rng, ex->deadline_ns, &ins, &n, err);
    for (size_t i = 0; i < n; i++) {
        rounds_add(ex, ins[i], ORIGIN_SEED, MUT_COUNT, NULL, -1);
        if (rc == LG_OK && ex->nround == EXPLORE_ROUND_MAX)
            rc = rounds_run(ex, err);
    }
    free(ins);
    return rc;
}

/* The share of the loop's wall time the solver step may take now: the cap
 * while its quota is at least where it started, less below, down to
 * 9/16 of the cap at a quota of 1 (a solver whose queries stopped paying
 * still gets steps, to notice when they pay again). */
static double solver_share(const explore_t *ex)
{
    double q = (double)(ex->solver_quota + EXPLORE_QUOTA_START) / (2.0 * EXPLORE_QUOTA_START);
    return EXPLORE_SOLVER_SHARE_MAX * (q < 1 ? q : 1);
}

/* Whether this step is the solver's. A timed run keeps the solver step
 * (learning and solving) within its share of the loop's wall time, so Z3
 * never starves native execution; a run bounded by --iterations flips a
 * seeded coin, so it stays reproducible. */
static int want_solver(explore_t *ex, uint64_t loop_start_ns)
{
    if (ex->cfg.iterations)
        return lg_rng_chance(&ex->rng, 0.6);
    return (double)ex->st.solver_ns <= solver_share(ex) * (double)(lg_now_ns() - loop_start_ns);
}

/* Fewer queries when they stop paying: the next solver step makes half
 * as many after one whose inputs found nothing new, twice as many after
 * one that did. */
static void adapt_quota(explore_t *ex, uint64_t yield_before)
{
    if (ex->st.solver_yield > yield_before)
        ex->solver_quota = ex->solver_quota * 2 > EXPLORE_QUOTA_MAX ? EXPLORE_QUOTA_MAX : ex->solver_quota * 2;
    else
        ex->solver_quota = ex->solver_quota / 2 < EXPLORE_QUOTA_MIN ? EXPLORE_QUOTA_MIN : ex->solver_quota / 2;
}

/* A call that the deadline or a signal cut short (tracer_run,
 * oracle_run_batch) ends the run as a look at explore_should_stop between
 * steps would have: rc becomes LG_OK and the step's results are dropped. */
static int cut_to_stop(const explore_t *ex, int rc)
{
    return (rc == LG_ETIMEOUT || rc == LG_EINTR) && explore_should_stop(ex) ? LG_OK : rc;
}

/* Stretches the run's budget and deadline (limit and deadline: their
 * values without the loan) by cfg.lend_ns while no divergence is known,
 * and takes the loan back once one is. */
static void apply_loan(explore_t *ex, uint64_t limit, uint64_t deadline)
{
    if (!ex->cfg.lend_ns)
        return;
    uint64_t loan = ex->ndivs ? 0 : ex->cfg.lend_ns;
    ex->budget.limit_ns = limit ? limit + loan : 0;
    ex->deadline_ns = deadline ? deadline + loan : 0;
}

void explore_set_deadline(explore_t *ex, uint64_t deadline_ns, uint64_t lend_ns)
{
    ex->cfg.budget_ns = 0;
    ex->cfg.deadline_ns = deadline_ns;
    ex->cfg.lend_ns = lend_ns;
}

void explore_note_build_time(explore_t *ex, uint64_t build_ns)
{
    ex->build_ns = build_ns;
}

int explore_run(explore_t *ex, lg_err_t *err)
{
    lg_budget_start(&ex->budget, ex->cfg.budget_ns);
    ex->deadline_ns = ex->cfg.deadline_ns;
    /* A budget without a deadline still cuts the calls running at its
     * end. */
    if (ex->cfg.budget_ns && (!ex->deadline_ns || ex->budget.start_ns + ex->cfg.budget_ns < ex->deadline_ns))
        ex->deadline_ns = ex->budget.start_ns + ex->cfg.budget_ns;
    const uint64_t limit = ex->budget.limit_ns, deadline = ex->deadline_ns;
    apply_loan(ex, limit, deadline);
    int rc = bootstrap(ex, err);
    memory_start(ex);
    ex->loop_start_ns = lg_now_ns();
    while (rc == LG_OK && (apply_loan(ex, limit, deadline), !explore_should_stop(ex))) {
        /* PathFinder's solver and HeteroFuzz's mutations alternate; the
         * solver gets the larger share once it has something to solve. */
        /* With a host, every EXPLORE_HOST_EVERY-th step runs the host. */
        int use_host = ex->host && (ex->cfg.host_only || ex->st.iterations % EXPLORE_HOST_EVERY == 0);
        int use_solver = !use_host && ex->solver && (ex->cfg.no_mutations || want_solver(ex, ex->loop_start_ns));
        uint64_t yield_before = ex->st.solver_yield;
        uint64_t t0 = lg_now_ns();
        if (use_host) {
            rc = host_step(ex, err);
        } else if (use_solver) {
            generate_solver_step(ex);
            ex->st.solver_ns += lg_now_ns() - t0;
        }
        /* A solver step held back by its quota leaves room in the round. */
        if (!use_host && (!use_solver || ex->nround == 0 || ex->solver_quota < EXPLORE_QUOTA_START)) {
            if (ex->cfg.no_mutations) {
                input_t *in = input_create(ex->spec);
                generate_random_input(ex, in, lg_rng_chance(&ex->rng, 0.5));
                rounds_add(ex, in, ORIGIN_RANDOM, MUT_COUNT, NULL, -1);
            } else {
                uint64_t tm = lg_now_ns();
                generate_mutation_step(ex);
                ex->st.mutate_ns += lg_now_ns() - tm;
            }
        }
        ex->st.iterations++;
        t0 = lg_now_ns();
        if (rc == LG_OK)
            rc = rounds_run(ex, err);
        ex->st.exec_ns += lg_now_ns() - t0;
        memory_check(ex);
        if (use_solver)
            adapt_quota(ex, yield_before);
        if (rc == LG_OK)
            rc = report_plot_row(ex, 0, err);
        report_progress(ex, 0);
        uint64_t now = lg_now_ns();
        if (rc == LG_OK && now - ex->st.last_save_ns > 10ull * 1000000000ull) {
            ex->st.last_save_ns = now;
            rc = report_save(ex, err);
            if (rc == LG_OK)
                rc = corpus_reserve(ex, err);
        }
    }
    rc = cut_to_stop(ex, rc);
    ex->status = rc ? "failed" : ex->cfg.stop && *ex->cfg.stop ? "interrupted" : "complete";
    if (rc)
        ex->error = lg_strdup(err->msg);
    /* The reserve makes room for the final row and save when a write
     * failed for want of space (even before the first row: a failed run's
     * directory has all its files too); it is not needed once the run is
     * over. */
    corpus_release(ex);
    lg_err_t err2;
    int rc2 = report_plot_row(ex, 1, rc ? &err2 : err);
    if (rc2 == LG_OK)
        rc2 = report_save(ex, rc ? &err2 : err);
    if (rc && rc2)
        LG_WARN(ex->log, "final save failed too: %s", err2.msg);
    if (!rc && rc2) {
        /* stats.json, saved first, said complete; a later file did not
         * fit (labels.jsonl on a full disk): it says failed instead. */
        ex->status = "failed";
        free(ex->error);
        ex->error = lg_strdup(err->msg);
        if (report_save_stats(ex, &err2))
            LG_WARN(ex->log, "stats.json could not be told the run failed: %s", err2.msg);
    }
    report_progress(ex, 1);
    return LG_ERR_PASS(err, rc ? rc : rc2);
}

int explore_record_inputs(explore_t *ex, input_t *const *in, size_t n, uint64_t deadline_ns, size_t *nnew,
                          lg_err_t *err)
{
    size_t before = ex->ndivs;
    /* The run's budget is spent by now: only the deadline and a signal
     * bound this step. */
    ex->cfg.budget_ns = 0;
    ex->cfg.iterations = 0;
    ex->deadline_ns = deadline_ns;
    int rc = cut_to_stop(ex, ex->oracle ? rounds_check(ex, in, n, err) : LG_OK);
    if (nnew)
        *nnew = ex->ndivs - before;
    if (ex->cfg.stop && *ex->cfg.stop && ex->status && strcmp(ex->status, "complete") == 0)
        ex->status = "interrupted";
    /* The guard step ends here when there was one (lgfuzz run's). */
    if (ex->guard_start_ns)
        ex->guard_ns = lg_now_ns() - ex->guard_start_ns;
    lg_err_t err2;
    int rc2 = report_save_stats(ex, rc ? &err2 : err);
    return rc ? rc : rc2;
}

int explore_note_interrupted(explore_t *ex, lg_err_t *err)
{
    if (!ex->cfg.stop || !*ex->cfg.stop || !ex->status || strcmp(ex->status, "complete") != 0)
        return LG_OK;
    ex->status = "interrupted";
    return report_save_stats(ex, err);
}

int explore_note_starved(explore_t *ex, const char *why, lg_err_t *err)
{
    if (!ex->status || strcmp(ex->status, "complete") != 0)
        return LG_OK;
    ex->status = "starved";
    free(ex->error);
    ex->error = lg_strdup(why);
    return report_save_stats(ex, err);
}

void explore_get_summary(const explore_t *ex, explore_summary_t *out)
{
    memset(out, 0, sizeof *out);
    out->iterations = ex->st.iterations;
    out->execs = ex->st.execs;
    /* Under the queue policy an input is "skipped" when it was dropped or
     * still waited in the queue at the end. */
    out->rtl_invoked = ex->queue ? ex->st.rtl_calls : oracle_select_invoked(ex->sel);
    out->rtl_skipped = ex->queue ? schedule_drops(ex->queue) + schedule_len(ex->queue) : oracle_select_skipped(ex->sel);
    out->rtl_undecided = ex->st.rtl_undecided;
    out->rtl_calls = ex->st.rtl_calls;
    out->rtl_errors = ex->st.rtl_errors;
    out->rtl_cut = ex->st.rtl_cut;
    out->rtl_cut_seconds = (double)ex->st.rtl_cut_ns / 1e9;
    out->branches_covered = ex->branches_covered;
    out->branches_total = ex->branches_total;
    out->paths = ex->paths.n;
    out->divergences = ex->ndivs;
    out->out_of_contract = report_out_of_contract(ex);
    out->unanalysed = report_unanalysed(ex);
    out->corpus = ex->ncorpus;
    out->seconds = (double)lg_budget_elapsed_ns(&ex->budget) / 1e9;
    out->build_seconds = (double)ex->build_ns / 1e9;
    out->guard_seconds = (double)ex->guard_ns / 1e9;
    if (ex->host) {
        uint64_t calls, fresh;
        hostsource_counts(ex->host, &out->host_execs, &calls, &fresh);
    }
}
