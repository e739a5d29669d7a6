/* The verdict of an RTL run against its native run: evidence for
 * selective invocation, a label for the guard, and each symptom keyed and,
 * when it is a new distinct divergence, minimised (minimise.c) and
 * recorded in the output directory with its group (class and C path) and
 * a description of that path for people (verdict_path.c). What identifies
 * a divergence, its cause or else its path, is verdict_key.c's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cause_int.h"
#include "shrink_int.h"
#include "util/alloc.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The record of the new distinct divergence id, the minimised input mi
 * (found as found_key), with its triage, into *rec (released with
 * finding_free). */
static void record_of(explore_t *ex, size_t id, const minimised_t *mi, const char *found_key, finding_t *rec)
{
    *rec = (finding_t){.cls = lg_strdup(mi->run->sym.cls),
                       .detail = lg_strdup(mi->run->sym.detail),
                       .has_key = 1,
                       .found_key = lg_strdup(found_key),
                       .minimise_steps = minimise_last_steps(ex),
                       .cut = mi->cut};
    findings_key_copy(&rec->key, findings_set_key(ex->findings, id));
    rec->c_paths = lg_calloc(1, sizeof *rec->c_paths);
    rec->c_paths[rec->nc_paths++] = lg_strdup(mi->c_path);
    rec->probes = lg_calloc(mi->nprobes ? mi->nprobes : 1, sizeof *rec->probes);
    for (size_t i = 0; i < mi->nprobes; i++)
        rec->probes[rec->nprobes++] = lg_strdup(mi->probes[i]);
    triage_contract_t contract;
    triage_contract_of(ex, mi, &contract);
    finding_triage_t *t = &rec->triage;
    triage_of(ex, mi, &contract, &t->cls, &t->at, &t->why);
    /* What the C relies on, and the spec range that keeps inputs inside
     * it when one scalar param is the whole index. */
    if (t->cls && contract.cond) {
        t->rests_on = lg_strdup("c-ub:oob");
        t->contract = lg_strdup(contract.cond);
        if (contract.param >= 0) {
            t->range_param = lg_strdup(ex->spec->params[contract.param].name);
            t->lo = contract.lo;
            t->hi = contract.hi;
        }
    }
    triage_contract_free(&contract);
}

/* Writes the new distinct divergence id (the minimised input and its
 * run, found as found) with its record. */
static int record(explore_t *ex, size_t id, const minimised_t *mi, const char *found_key, lg_err_t *err)
{
    finding_t rec;
    record_of(ex, id, mi, found_key, &rec);
    corpus_finding_t f = {.found = mi->found,
                          .in = mi->in,
                          .cpu = mi->cpu,
                          .rtl = mi->run->rtl,
                          .sym = &mi->run->sym,
                          .id = id,
                          .rec = &rec};
    int rc = corpus_divergence_record(ex, &f, err);
    finding_free(&rec);
    return rc;
}

/* What mi needs of the minimised input min of in, from its re-run run,
 * before the cause analysis runs the minimiser's executor again. */
static void minimised_open(explore_t *ex, minimised_t *mi, const input_t *in, const input_t *min,
                           const minimise_run_t *run, const uint8_t *held)
{
    *mi = (minimised_t){.found = in,
                        .in = min,
                        .run = run,
                        .held = held,
                        .ub = -1,
                        .port = -1,
                        .local = -1,
                        .depth = -1,
                        .stmt = {{.id = -1}, {.id = -1}},
                        .dep = -1};
    mi->cpu = run_result_create(ex->spec);
    run_result_copy(mi->cpu, run->tr->result);
    mi->path = minimise_path(ex, run->tr);
    mi->c_path = verdict_describe_path(ex, run->tr);
    mi->fired = lg_malloc(ex->nprobes ? ex->nprobes : 1);
    memcpy(mi->fired, run->tr->fired, ex->nprobes);
    mi->least = lg_malloc((ex->nprobes ? ex->nprobes : 1) * sizeof *mi->least);
    for (size_t i = 0; i < ex->nprobes; i++)
        mi->least[i] = run->tr->seen[i] ? run->tr->min[i] : INT64_MAX;
    triage_find_oob(ex, min, run->tr, mi);
    triage_find_depth(ex, min, run->tr, run->sym.cls, mi);
    if (!ex->cfg.no_spectra)
        mi->probes = probes_fired_names(ex->probe_info, mi->fired, ex->nprobes, &mi->nprobes);
    if (mi->nprobes)
        qsort(mi->probes, mi->nprobes, sizeof *mi->probes, by_name);
}

static void minimised_close(minimised_t *mi)
{
    free(mi->probes);
    free(mi->fired);
    free(mi->least);
    free(mi->c_path);
    free(mi->lean);
    run_result_destroy(mi->cpu);
    memset(mi, 0, sizeof *mi);
}

/* A new divergence keyed by a narrowed variable or port whose minimised
 * input also fired a loop or memory probe its cause does not need (mi->lean
 * set): the input as found showed another bug besides, which the
 * minimiser kept while the cause was unknown (the odd length that adds a
 * poisoned element, beside a truncated port; a stream that holds more than
 * its depth, beside a wrapped value). It is minimised again
 * holding only the probes its key names; the leaner input replaces mi's
 * (mi->run then points at *lrun) when it comes to the same key. *lean
 * receives that input for the caller to destroy, or NULL. Otherwise mi's
 * input runs again, so that the results the record shows are its own
 * (the minimiser's runs reuse their buffers): into *keep, mi->run then
 * pointing at it. */
static int lean_again(explore_t *ex, minimised_t *mi, const finding_key_t *key, input_t **lean, minimise_run_t *lrun,
                      minimise_run_t *keep, lg_err_t *err)
{
    *lean = NULL;
    char cls[ORACLE_CLASS_MAX];
    snprintf(cls, sizeof cls, "%s", mi->run->sym.cls);
    minimise_run_t r0 = {0};
    int rc = minimise_rerun(ex, mi->found, cls, &r0, err);
    /* First no candidate may fire such a probe (an odd length beside the
     * even one); then candidates may, on the way to inputs that do not (a
     * stream that holds more than its depth for every length down to it). */
    for (int only = 1; only >= 0 && rc == LG_OK && r0.shown && !*lean; only--) {
        input_t *cand = NULL;
        if (only == 0)
            rc = minimise_rerun(ex, mi->found, cls, &r0, err);
        if (rc == LG_OK && r0.shown)
            rc = minimise_input_keeping(ex, mi->found, r0.tr, cls, mi->lean, only, &cand, err);
        if (rc == LG_OK && cand && !input_equal(cand, mi->in))
            rc = minimise_rerun(ex, cand, cls, lrun, err);
        if (rc == LG_OK && cand && !input_equal(cand, mi->in) && lrun->shown) {
            minimised_t m2;
            minimised_open(ex, &m2, mi->found, cand, lrun, mi->held);
            finding_key_t key2;
            rc = verdict_cause_key(ex, &m2, &key2, err);
            int clear = 1;
            for (size_t i = 0; i < ex->nprobes; i++)
                clear &= !(m2.fired[i] && !mi->lean[i] && minimise_is_structural(ex->probe_info[i].kind));
            if (rc == LG_OK && !m2.cut && clear && findings_key_equal(&key2, key)) {
                char *text = findings_key_text(key);
                LG_INFO(ex->log, "%s: minimised again without the loop and memory probes its cause does not need",
                        text);
                free(text);
                minimised_close(mi);
                *mi = m2;
                *lean = cand;
                cand = NULL;
            } else {
                minimised_close(&m2);
            }
            findings_key_free(&key2);
        }
        input_destroy(cand);
    }
    if (rc == LG_OK && !*lean) {
        rc = minimise_rerun(ex, mi->in, cls, keep, err);
        if (rc == LG_OK && keep->shown)
            mi->run = keep;
    }
    return rc;
}

/* Keys the minimised input min of in (its re-run run) by its cause and
 * records it when the key is new: *id and *is_new say which distinct
 * symptom it is. */
static int add_minimised(explore_t *ex, const input_t *in, const input_t *min, const minimise_run_t *run,
                         const uint8_t *held, const char *found_key, size_t *id, int *is_new, int *port, int *port_sx,
                         lg_err_t *err)
{
    minimised_t mi;
    minimised_open(ex, &mi, in, min, run, held);
    finding_key_t key;
    int rc = verdict_cause_key(ex, &mi, &key, err);
    int keyed = rc == LG_OK;
    input_t *lean = NULL;
    minimise_run_t lrun = {0}, again = {0};
    if (keyed && mi.lean && !mi.cut && findings_set_find(ex->findings, &key) == SIZE_MAX)
        rc = lean_again(ex, &mi, &key, &lean, &lrun, &again, err);
    /* Cut at the end of the run, its key may hold probes that are only
     * evidence: a divergence it could show is the one it shows, as an
     * input with a found key seen before is. */
    size_t within = keyed && mi.cut
                        ? findings_set_find_within(ex->findings, run->sym.cls, mi.path, mi.probes, mi.nprobes)
                        : SIZE_MAX;
    if (rc != LG_OK) {
        /* nothing recorded */
    } else if (within != SIZE_MAX) {
        findings_set_hit(ex->findings, within);
        *id = within;
        *is_new = 0;
        mi.port = -1; /* the divergence it shows is another's */
    } else {
        *id = findings_set_add(ex->findings, &key, is_new);
        if (*is_new)
            rc = record(ex, *id, &mi, found_key, err);
        if (rc == LG_OK && mi.by_cause)
            rc = corpus_divergence_add_path(ex, *id, mi.path, mi.c_path, err);
    }
    if (port) {
        *port = keyed ? mi.port : -1;
        *port_sx = mi.port_sx;
    }
    findings_key_free(&key);
    minimised_close(&mi);
    input_destroy(lean);
    return rc;
}

/* A divergence whose minimised input came to a key already recorded,
 * while the input as found also had a narrow port cut a value the kernel's
 * result depends on (cause_ports_let_go): the minimisation let a second cause
 * go, as when one narrowing changes every result and hides another behind
 * its report. Minimised again holding those ports' probes (but for one a
 * recorded divergence of the class already names), it is a divergence of
 * its own when that key is new: those probes are part of its cause, which
 * no neighbour test drops (a neighbour without the cut still shows the
 * class through the other narrowing). min_fired: the probes the minimised
 * input fired. */
static int identify_port_cause(explore_t *ex, const input_t *in, const tracer_trace_t *tr, const uint8_t *min_fired,
                               const char *cls, const char *found_key, lg_err_t *err)
{
    uint8_t *keep = lg_calloc(ex->nprobes ? ex->nprobes : 1, 1);
    size_t nk = 0;
    int rc = cause_ports_let_go(ex, in, tr, cls, min_fired, keep, &nk, err);
    for (size_t i = 0; rc == LG_OK && i < ex->nprobes; i++) {
        /* That port's cause is reported already: an input showing it
         * beside another bug is the pair, not a new bug. */
        if (keep[i] && findings_set_names_probe(ex->findings, cls, ex->probe_info[i].name)) {
            keep[i] = 0;
            nk--;
        }
    }
    input_t *min = NULL;
    minimise_run_t run = {0};
    if (rc == LG_OK && nk)
        rc = minimise_input_keeping(ex, in, tr, cls, keep, 0, &min, err);
    if (rc == LG_OK && nk)
        rc = minimise_rerun(ex, min, cls, &run, err);
    if (rc == LG_OK && nk && run.shown) {
        size_t id;
        int is_new = 0;
        rc = add_minimised(ex, in, min, &run, keep, found_key, &id, &is_new, NULL, NULL, err);
        ex->st.port_causes += (uint64_t)is_new;
    }
    input_destroy(min);
    free(keep);
    return rc;
}

/* A divergence whose minimised input a port explains whole (port probe
 * `port`, cause_port):
 * the input as found may show the class for another cause too, which the
 * minimisation let go when it moved the values into the port's reach (a
 * sum that overflows, of values the port also cuts). The input as found,
 * as the port hands it over (extended by sign or by zeros as the port's
 * explanation found, sx), is what the RTL saw of it: when the C on that
 * still shows the class, another cause is left, and that input is
 * minimised and keyed on its own. */
static int identify_behind_port(explore_t *ex, const input_t *in, int port, int sx, const char *cls,
                                const char *found_key, lg_err_t *err)
{
    const tracer_probe_t *pi = &ex->probe_info[port];
    int at = spec_param_index(ex->spec, pi->name + strlen("port:"));
    LG_ASSERT(at >= 0); /* cause_port names only ports of params */
    input_t *cut = input_clone(in), *min = NULL;
    shrink_to_port(cut, (size_t)at, (int)pi->param, sx);
    minimise_run_t run = {0};
    int rc = LG_OK;
    if (!input_equal(cut, in) && input_conforms(cut, NULL, 0))
        rc = minimise_rerun(ex, cut, cls, &run, err);
    if (rc == LG_OK && run.shown)
        rc = minimise_input(ex, cut, run.tr, cls, &min, err);
    if (rc == LG_OK && min) {
        /* The minimised input, or the cut itself when that one does not
         * show the class again. */
        rc = minimise_rerun(ex, min, cls, &run, err);
        if (rc == LG_OK && !run.shown) {
            input_copy(min, cut);
            rc = minimise_rerun(ex, min, cls, &run, err);
        }
    }
    if (rc == LG_OK && min && run.shown) {
        size_t nid;
        int is_new = 0;
        rc = add_minimised(ex, in, min, &run, NULL, found_key, &nid, &is_new, NULL, NULL, err);
    }
    input_destroy(min);
    input_destroy(cut);
    return rc;
}

/* The distinct divergence behind symptom sym of in (its native run tr,
 * its RTL result rtl, path its C path, probes the names of the probes it
 * fired). A new found key (class, path and probes as found) is minimised
 * first: the key of a divergence is that of its minimised input, which is
 * what its directory shows, so inputs that only differ in incidental
 * values (the probes they happen to fire on the way) come to the same
 * divergence. A found key seen before usually leads to the same one, but
 * two bugs can share it (one class on one path, the same probes fired on
 * the way): the first input decides where the key leads, and were every
 * later one a duplicate, the other bug would never be seen. So the 2nd,
 * 4th, 8th, ... input with the key is minimised again, and one that
 * minimises to a new key is a new divergence: no bug stays hidden behind
 * another's key, at a cost that grows with the log of the inputs. */
static int identify(explore_t *ex, const input_t *in, const tracer_trace_t *tr, const run_result_t *rtl,
                    const oracle_symptom_t *sym, uint64_t path, const char *const *probes, size_t np, lg_err_t *err)
{
    finding_key_t fk;
    findings_key_path(&fk, sym->cls, path, probes, np);
    char *found_key = findings_key_text(&fk);
    findings_key_free(&fk);
    uint64_t hits;
    size_t id = corpus_found_hit(ex, found_key, &hits);
    uint64_t nth = hits + 1; /* this input's rank among those with the key */
    if (id != SIZE_MAX && (nth & (nth - 1)) != 0) {
        findings_set_hit(ex->findings, id);
        free(found_key);
        return LG_OK;
    }
    input_t *min = NULL;
    minimise_run_t run = {0};
    int rc = minimise_input(ex, in, tr, sym->cls, &min, err);
    if (rc == LG_OK && !input_equal(min, in))
        rc = minimise_rerun(ex, min, sym->cls, &run, err);
    if (rc == LG_OK && !run.shown) {
        /* Unchanged, or the minimised input did not show the class again:
         * the input as found, run alone. One that does not show it again
         * either had it from another input of its round (a kernel whose
         * wild store hit the executor's memory then, blamed on the input
         * in flight) or from a kernel that is not deterministic: not a
         * divergence lgfuzz can report as this input's. A run cut by the
         * deadline confirms nothing: the input as found, which its own
         * runs showed. */
        minimise_run_t again = {0};
        rc = minimise_rerun(ex, in, sym->cls, &again, err);
        if (rc == LG_OK && again.ran && !again.shown) {
            ex->st.unreproduced++;
            LG_INFO(ex->log, "a %s divergence did not show again when its input ran alone: not reported", sym->cls);
            input_destroy(min);
            free(found_key);
            return LG_OK;
        }
        input_copy(min, in);
        run = again.shown ? again : (minimise_run_t){.shown = 1, .sym = *sym, .tr = tr, .rtl = rtl};
    }
    if (rc) {
        input_destroy(min);
        free(found_key);
        return rc;
    }
    int is_new = 0;
    /* run.tr may be the minimiser's, whose next run (the cause analysis's
     * among them) replaces it. */
    uint8_t *fired = lg_malloc(ex->nprobes ? ex->nprobes : 1);
    memcpy(fired, run.tr->fired, ex->nprobes);
    int port = -1, port_sx = 0;
    rc = add_minimised(ex, in, min, &run, NULL, found_key, &id, &is_new, &port, &port_sx, err);
    corpus_found_add(ex, found_key, id);
    if (rc == LG_OK && !is_new && !ex->cfg.no_spectra)
        rc = identify_port_cause(ex, in, tr, fired, sym->cls, found_key, err);
    if (rc == LG_OK && port >= 0)
        rc = identify_behind_port(ex, in, port, port_sx, sym->cls, found_key, err);
    free(fired);
    input_destroy(min);
    free(found_key);
    return rc;
}

/* The verdict of one RTL run: evidence for selective invocation, a label
 * for the guard, and each new distinct symptom recorded. */
int verdict_record(explore_t *ex, const input_t *in, const int64_t *fv, uint64_t sig, int corner,
                   const tracer_trace_t *tr, const run_result_t *rtl, lg_err_t *err)
{
    /* An ap_ctrl_none call whose end could not be decided says nothing:
     * neither a divergence nor evidence that the input is safe. */
    if (rtl->status == RUN_UNDECIDED) {
        ex->st.rtl_undecided++;
        return LG_OK;
    }
    oracle_symptoms_t syms = {0};
    size_t n = oracle_compare(ex->spec, tr->result, rtl, &syms);
    if (!corner) {
        oracle_select_record(ex->sel, fv, sig, n > 0);
        labels_add_verdict(ex->labels, in, &syms, &ex->rng);
    }
    /* The spectra probes that fired in this run: the part of a divergence's
     * dedup key that tells causes apart on one path (a wrapped accumulator
     * fires width:sum, a truncated port fires port:data). The fired set is
     * a property of the input alone; a key built from each probe's
     * currently rare side would shift as the counts change and merge
     * different causes. */
    size_t np = 0;
    const char **probes = NULL;
    uint64_t path = 0;
    if (n) {
        probes = ex->cfg.no_spectra ? NULL : probes_fired_names(ex->probe_info, tr->fired, ex->nprobes, &np);
        path = minimise_path(ex, tr);
    }
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == LG_OK; i++)
        rc = identify(ex, in, tr, rtl, &syms.v[i], path, probes, np, err);
    free(probes);
    oracle_symptoms_free(&syms);
    return rc;
}
