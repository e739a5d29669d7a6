/* A minimised divergence's key: the cause the analyses of cause.c,
 * cause_depth.c and cause_branch.c find, or else its C path and the probes
 * it needs (verdict_cause_key, explore_int.h). */
#include <stdlib.h>
#include <string.h>

#include "cause_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* The key of a divergence of class cls explained whole by one cause,
 * "<kind>:<name>", into *k; LG_OK. */
static int one_cause_key(finding_key_t *k, const char *cls, const char *kind, const char *name)
{
    char *cause = lg_asprintf("%s:%s", kind, name);
    findings_key_cause(k, cls, (const char *const *)&cause, 1);
    free(cause);
    return LG_OK;
}

/* 1 for a probe of something the RTL holds narrower than the C does: a
 * local's register, a port, a stream's FIFO (fewer elements), a loop's
 * iterations (overlapped where the C makes one depend on another). */
static int is_narrowing(tracer_probe_kind_t k)
{
    return k == TRACER_PROBE_WIDTH || k == TRACER_PROBE_PORT || k == TRACER_PROBE_FIFO || k == TRACER_PROBE_DEP;
}

/* The width probe of the local whose comparison, made at the RTL
 * register's width, explains mi (cause_branch), or -1: that register is
 * the cause, keyed as a width that the divergence needs is. */
static int narrowed_by(const explore_t *ex, const minimised_t *mi)
{
    if (!mi->stmt[0].op)
        return -1;
    size_t n;
    const tracer_op_t *op = &tracer_ops(minimise_tracer(ex), &n)[mi->stmt[0].id];
    LG_ASSERT((size_t)mi->stmt[0].id < n && (op->probe < 0 || (size_t)op->probe < ex->nprobes));
    return op->kind == TRACER_OP_CMP_NARROW ? op->probe : -1;
}

/* The key of undefined behaviour of the C that the divergence needs:
 * c-ub and its first such statement, mi->ub, whatever the class; another
 * it needs besides (a second read past the same table) is evidence. */
static void ub_key(const explore_t *ex, const minimised_t *mi, finding_key_t *key)
{
    findings_key_cause(key, "c-ub", (const char *const *)&ex->probe_info[mi->ub].name, 1);
}

/* 1 when probe i says the C indexed an array outside its own length:
 * UBSan's array-bounds check, or the offset probe triage_find_oob found. */
static int past_array(const explore_t *ex, const minimised_t *mi, size_t i)
{
    const tracer_probe_t *p = &ex->probe_info[i];
    return (int)i == mi->oob ||
           (p->kind == TRACER_PROBE_UB && strncmp(p->name, "ub:out-of-bounds:", strlen("ub:out-of-bounds:")) == 0);
}

/* 1 when of the probes fired one says the C indexed past its own array. */
static int reads_past_array(const explore_t *ex, const minimised_t *mi, const uint8_t *fired)
{
    for (size_t i = 0; i < ex->nprobes; i++)
        if (fired[i] && past_array(ex, mi, i))
            return 1;
    return 0;
}

/* The key of the minimised divergence mi: its class and the local the C
 * reads before writing it, when its result rests on that
 * ("<class>|cause|uninit:<local>", mi->uninit and mi->local set; the
 * local "*" when no one alone), or, for an RTL-side class, the output
 * that another initial state of the RTL changes ("rtl-x|cause|x:<output>",
 * mi->x set; xstate.c) unless the C read past its own array there and the
 * divergence needs that ("c-ub|cause|<that probe>", mi->ub set, mi->x kept as
 * what the RTL does instead), or, for rtl-oob:<p> where the C itself indexed p
 * past the RTL's depth (mi->depth), that depth ("rtl-oob:<p>|cause|depth:<p>"),
 * the same for a mismatch that p's reads past that depth explain
 * (cause_depth.c),
 * or the port that explains it
 * ("<class>|cause|port:<p>"), or the inout scalar whose read-back does
 * ("<class>|cause|readback:<param>", mi->ub receiving the readback probe
 * it fired), or the probes it needs (cause.c; the first
 * undefined-behaviour one of those but a read-back into mi->ub, else
 * mi->oob when it is one of those, -1 when none): "c-ub|cause|<mi->ub>"
 * when mi->ub is a ub probe, "<class>|cause|<narrowings>" when a width,
 * port or fifo probe is among them (naming those alone), else the branch that, decided the other way,
 * gives the RTL's result, or the operation that made the other way does
 * ("<class>|cause|stmt:<file>:<line>", mi->stmt set; two when two together do; cause_branch.c), else with its C path,
 * "<class>|path:<hash>|<probes>". The key goes into *key (left empty
 * when running failed: err then says why). */
static int analyse_cause(explore_t *ex, minimised_t *mi, finding_key_t *key, lg_err_t *err)
{
    memset(key, 0, sizeof *key);
    mi->ub = -1;
    mi->dep = -1;
    const oracle_symptom_t *sym = &mi->run->sym;
    /* A C result that rests on a local's first bytes, a port or a
     * read-back explains the divergence whole: a cause. */
    mi->by_cause = 1;
    int rc = cause_uninit(ex, mi->in, mi->cpu, &mi->uninit, &mi->local, err);
    if (rc == LG_OK && mi->uninit) {
        size_t nl;
        const tracer_local_t *l = tracer_locals(ex->tracer, &nl);
        return one_cause_key(key, sym->cls, "uninit", mi->local >= 0 ? l[mi->local].name : "*");
    }
    /* An RTL with no one result on the input: whatever else the RTL
     * does, what it was compared with is Verilator's choice of 0. */
    if (rc == LG_OK && strncmp(sym->cls, "cpu-", 4) != 0)
        rc = xstate_check(ex, mi->in, mi->run->rtl, &mi->x);
    /* Unless the C read past its own array on this input too: its result
     * then rests on undefined behaviour as well, and when the divergence
     * needs that read (below) the finding is the C's, c-ub, with the RTL's
     * X as what the RTL does there instead. */
    if (rc == LG_OK && mi->x.state && !reads_past_array(ex, mi, mi->fired))
        return one_cause_key(key, "rtl-x", "x", mi->x.output);
    if (rc == LG_OK && mi->x.state) {
        uint8_t *needed = lg_calloc(ex->nprobes ? ex->nprobes : 1, 1);
        rc = cause_needed(ex, mi->in, mi->fired, mi->held, mi->path, sym->cls, needed, err);
        for (size_t i = 0; rc == LG_OK && i < ex->nprobes && mi->ub < 0; i++)
            if (needed[i] && past_array(ex, mi, i))
                mi->ub = (int)i;
        if (rc == LG_OK && mi->ub >= 0) {
            ub_key(ex, mi, key);
        } else if (rc == LG_OK) {
            one_cause_key(key, "rtl-x", "x", mi->x.output);
        }
        free(needed);
        return rc;
    }
    /* The RTL read or wrote past its memory's depth where the C indexes
     * its own array: the memory is too shallow for the C, on any path. */
    if (rc == LG_OK && mi->depth >= 0)
        return one_cause_key(key, sym->cls, "depth", sym->cls + strlen("rtl-oob:"));
    /* A mismatch that the same memory's poisoned reads explain whole is
     * that cause too, under its key. */
    if (rc == LG_OK)
        rc = cause_depth(ex, mi->in, mi->run->rtl, sym->cls, &mi->depth, err);
    if (rc == LG_OK && mi->depth >= 0) {
        const char *array = ex->probe_info[mi->depth].name + strlen("offset:");
        char *cls = lg_asprintf("rtl-oob:%s", array);
        one_cause_key(key, cls, "depth", array);
        free(cls);
        return LG_OK;
    }
    if (rc == LG_OK)
        rc = cause_port(ex, mi->in, mi->run->rtl, sym->cls, &mi->port, &mi->port_sx, err);
    if (rc == LG_OK && mi->port >= 0) {
        findings_key_cause(key, sym->cls, (const char *const *)&ex->probe_info[mi->port].name, 1);
        return LG_OK;
    }
    int param = -1;
    if (rc == LG_OK)
        rc = cause_readback(ex, mi->in, mi->cpu, mi->fired, sym->cls, &param, err);
    if (rc == LG_OK && param >= 0) {
        for (size_t i = 0; i < ex->nprobes && mi->ub < 0; i++)
            if (mi->fired[i] && tracer_probe_is_readback(&ex->probe_info[i]))
                mi->ub = (int)i;
        return one_cause_key(key, sym->cls, "readback", ex->spec->params[param].name);
    }
    uint8_t *needed = lg_calloc(ex->nprobes ? ex->nprobes : 1, 1);
    if (rc == LG_OK)
        rc = cause_needed(ex, mi->in, mi->fired, mi->held, mi->path, sym->cls, needed, err);
    if (rc == LG_OK) {
        /* A read-back probe is evidence only, unless cause_readback showed
         * the read-back explains the divergence: a design whose HLS kept
         * the written value in a register has no such divergence, while
         * the probe fires on every input of the path. */
        for (size_t i = 0; i < ex->nprobes && mi->ub < 0; i++)
            if (needed[i] && ex->probe_info[i].kind == TRACER_PROBE_UB && !tracer_probe_is_readback(&ex->probe_info[i]))
                mi->ub = (int)i;
        /* Else an index past the C's own array that the divergence needs. */
        if (mi->ub < 0 && mi->oob >= 0 && needed[mi->oob])
            mi->ub = mi->oob;
        /* A native run stopped at a limit fired what it reached by then:
         * how far it got, not what its input does (a loop that never ends
         * overflows its counter sooner or later), so no undefined
         * behaviour it fired is the hang's cause. */
        if (strncmp(sym->cls, "cpu-hang", 8) == 0)
            mi->ub = -1;
        /* A narrowed variable, port or stream that the divergence needs
         * makes the probes it needs its cause on whichever C path: the
         * value is cut, the stream fills, the same way wherever it is
         * computed. Other probes name places
         * (an index past a depth, a loop's count, an overflow) that a path
         * may have been led to by another bug (a compare the RTL makes
         * unsigned): a divergence needing only those, or none, is told
         * apart by its path as well. */
        size_t n = 0;
        const char **names = ex->cfg.no_spectra ? NULL : probes_fired_names(ex->probe_info, needed, ex->nprobes, &n);
        mi->by_cause = 0;
        for (size_t i = 0; i < ex->nprobes && n; i++)
            if (needed[i] && is_narrowing(ex->probe_info[i].kind))
                mi->by_cause = 1;
        /* Undefined behaviour of the C at one statement that the
         * divergence needs is its cause, whatever the C did then (a wrong
         * value, a fault, a write into the executor) and on whichever C
         * path: class c-ub. So is an index past the C's own array (an
         * array param indexed past its length in the input, which UBSan
         * cannot see through a pointer): the crash, the wrong value and
         * the RTL's write past its memory that one such index gives by
         * turns are one finding. */
        int c_ub = mi->ub >= 0 && (ex->probe_info[mi->ub].kind == TRACER_PROBE_UB || mi->ub == mi->oob);
        /* A narrowing that needs no loop or memory probe the input fired
         * besides: a leaner input may show it alone (lean_again). */
        for (size_t i = 0; i < ex->nprobes && mi->by_cause && !c_ub && !mi->lean; i++)
            if (mi->fired[i] && !needed[i] && minimise_is_structural(ex->probe_info[i].kind)) {
                mi->lean = lg_malloc(ex->nprobes);
                memcpy(mi->lean, needed, ex->nprobes);
            }
        if (c_ub)
            mi->by_cause = 1;
        /* A divergence that needs no probe may be one statement the RTL
         * does the other way (a branch, a comparison, a division): that
         * statement is its cause on every C path. (One that needs a probe keeps it: a read-back or an index
         * past a depth can make a branch go the other way too, and is
         * the better name.) */
        if (!mi->by_cause && n == 0) {
            rc = cause_branch(ex, mi->in, mi->run->rtl, mi->found, sym->cls, mi->stmt, err);
        }
        /* A cause key names at least one cause: a cause with no probe
         * the divergence needs (spectra off) is keyed by its path. */
        int narrow = rc == LG_OK && mi->stmt[0].id >= 0 && mi->stmt[1].id < 0 ? narrowed_by(ex, mi) : -1;
        if (narrow >= 0) {
            mi->by_cause = 1;
            findings_key_cause(key, sym->cls, (const char *const *)&ex->probe_info[narrow].name, 1);
        } else if (rc == LG_OK && mi->stmt[0].id >= 0) {
            /* One statement, or two that only together explain it. */
            char *stmts[2];
            size_t nn = 0;
            for (int k = 0; k < 2 && mi->stmt[k].id >= 0; k++) {
                char *at = triage_statement(ex, &mi->stmt[k], 0);
                stmts[nn++] = lg_asprintf("stmt:%s", at);
                free(at);
            }
            mi->by_cause = 1;
            findings_key_cause(key, sym->cls, (const char *const *)stmts, nn);
            for (size_t k = 0; k < nn; k++)
                free(stmts[k]);
        } else if (c_ub && n) {
            ub_key(ex, mi, key);
        } else if (mi->by_cause && n) {
            /* A narrowing's key names the narrowings alone: the place
             * probes it needs besides (a loop run once more, an index,
             * an overflow) are where its cut value went on this input,
             * shown beside it as evidence. */
            size_t nk = 0;
            for (size_t i = 0; i < ex->nprobes; i++) {
                if (needed[i] && is_narrowing(ex->probe_info[i].kind))
                    names[nk++] = ex->probe_info[i].name;
                if (needed[i] && ex->probe_info[i].kind == TRACER_PROBE_DEP && mi->dep < 0)
                    mi->dep = (int)i;
            }
            LG_ASSERT(nk > 0 && nk <= n);
            findings_key_cause(key, sym->cls, names, nk);
        } else {
            findings_key_path(key, sym->cls, mi->path, names, n);
        }
        free(names);
    }
    free(needed);
    return rc;
}

int verdict_cause_key(explore_t *ex, minimised_t *mi, finding_key_t *key, lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_u64(&h, input_hash(mi->in));
    lg_hash_str(&h, mi->run->sym.cls);
    for (size_t i = 0; mi->held && i < ex->nprobes; i++)
        if (mi->held[i])
            lg_hash_u64(&h, i);
    for (size_t i = 0; i < ex->ncauses; i++) {
        if (ex->causes[i].id == h.h) {
            mi->ub = ex->causes[i].ub;
            mi->port = ex->causes[i].port;
            mi->port_sx = ex->causes[i].port_sx;
            mi->by_cause = ex->causes[i].by_cause;
            mi->uninit = ex->causes[i].uninit;
            mi->local = ex->causes[i].local;
            memcpy(mi->stmt, ex->causes[i].stmt, sizeof mi->stmt);
            mi->x = ex->causes[i].x;
            mi->dep = ex->causes[i].dep;
            findings_key_copy(key, &ex->causes[i].key);
            return LG_OK;
        }
    }
    int rc = analyse_cause(ex, mi, key, err);
    mi->cut = explore_past_deadline(ex);
    if (rc == LG_OK && !mi->cut && ex->ncauses < EXPLORE_CAUSES_MAX) {
        lg_grow((void **)&ex->causes, &ex->causes_cap, ex->ncauses + 1, sizeof *ex->causes);
        cause_memo_t *m = &ex->causes[ex->ncauses++];
        *m = (cause_memo_t){.id = h.h,
                            .ub = mi->ub,
                            .port = mi->port,
                            .port_sx = mi->port_sx,
                            .by_cause = mi->by_cause,
                            .uninit = mi->uninit,
                            .local = mi->local,
                            .x = mi->x,
                            .dep = mi->dep};
        memcpy(m->stmt, mi->stmt, sizeof m->stmt);
        findings_key_copy(&m->key, key);
    }
    return rc;
}
