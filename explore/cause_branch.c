/* Whether one statement done the other way explains a divergence: the
 * C kernel is run on the minimised input with one direction of one br
 * site taken the other way every time the input reaches it
 * (tracer_set_flip), or with one operation made the other way
 * (tracer_set_op: a signed comparison made unsigned, a signed division or
 * remainder by a power of two rounding toward minus infinity, a
 * comparison of a local made at the width of the RTL's narrower register
 * for it). When that run's result is exactly the RTL's, the RTL does that
 * statement as the C does not on this input: a compare of another
 * signedness or width, a saturation it wraps, a division it makes a
 * shift, or a value computed before a branch that differs only in what it
 * decides there. That statement is the divergence's cause on whichever C
 * path reaches it.
 *
 * Only a value mismatch has such a cause, and only one source line may
 * explain it. A flip that gives a plain result (a zero, a saturated 255, a
 * sort of zeros) may do so by coincidence, so the inputs near the
 * minimised one and the input as found judge the line: one it explains,
 * alone or with one other statement or a narrow port's cut, speaks for
 * it; a neighbour that nothing explains speaks against it (judge). One
 * must speak for it and no neighbour against it; otherwise the divergence
 * keeps its C path as its identity. Of a line's explanations a comparison
 * made at a register's width comes first (it names the register, whatever
 * bound the comparison meets), then a branch, then another operation: a
 * comparison made unsigned may also turn a saturation's branch. A flip
 * that leaves a loop by staying in it is not tried: it runs until the
 * event limit.
 *
 * When no one line is left, two statements on two lines may together
 * explain m (cause_pair.c).
 *
 * Runs go to the minimiser's executor, one input per run. */
#include <string.h>

#include "cause_int.h"

/* The flips of in's statements whose native run gives rtl exactly
 * (cause_explaining_of), from in's own run; *diverged 1 when the C and rtl
 * differ on in (else there is nothing to explain). */
static int explaining(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, const cause_stmt_t *on,
                      size_t non, cause_stmt_t *hit, size_t *nhit, int *diverged, int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    cause_stmt_t f[CAUSE_CANDS_MAX];
    size_t nf;
    *nhit = 0;
    *done = 1;
    int rc = cause_diverging_flips(ex, t, in, rtl, &tr, f, &nf, diverged, err);
    if (rc == LG_OK)
        rc = cause_explaining_of(ex, t, in, rtl, f, *diverged ? nf : 0, on, non, hit, nhit, done, err);
    return rc;
}

/* Flips of hit that one input tests in pairs, at most. */
#define CAUSE_PAIRED_MAX 8

/* 1 in *gives when flip h of hit, with one other statement of in on
 * another line, or with in as a narrow port hands it over
 * (cut[0..ncut-1]), gives rtl on in. The other statements: in's own
 * (f[0..nf-1]), or, when reach, those its run reaches with h done the
 * other way (the other may lie where only h's other way leads: a second
 * compare behind the first). */
static int paired_gives(explore_t *ex, tracer_t **t, const input_t *in, const run_result_t *rtl, const cause_stmt_t *h,
                        const cause_stmt_t *f, size_t nf, int reach, input_t *const *cut, size_t ncut, int *gives,
                        int *done, lg_err_t *err)
{
    cause_stmt_t g[CAUSE_CANDS_MAX];
    size_t ng = nf;
    int rc = LG_OK;
    if (reach)
        rc = cause_reached_with(ex, *t, in, h, g, &ng, err);
    else
        memcpy(g, f, nf * sizeof *f);
    *gives = 0;
    for (size_t k = 0; k < ng + ncut && rc == LG_OK && !*gives; k++) {
        if (explore_past_deadline(ex)) {
            *done = 0;
            break;
        }
        if (k < ng && cause_same_line(*t, h, &g[k]))
            continue;
        cause_turn(*t, h, k < ng ? &g[k] : NULL);
        rc = cause_run_gives(ex, t, k < ng ? in : cut[k - ng], rtl, gives, err);
    }
    tracer_set_flip(*t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* What in, which diverges from its RTL result rtl (class cls) and which
 * no flip of hit[0..*nhit-1] explains alone, says of them (*says):
 * CAUSE_SAYS_FOR when a flip of hit together with one other statement done the
 * other way, or with a narrow port's cut, gives rtl on in (two causes
 * meet on in; hit keeps those flips); CAUSE_SAYS_NOTHING when another statement
 * or a narrow port alone explains in (in shows another cause only), or
 * when in stored a value that a narrower register of the RTL cuts (a
 * width probe fired: no run here can cut it, so it may be a second cause
 * that the pairs did not try); CAUSE_SAYS_AGAINST otherwise. */
static int judge(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl, const char *cls,
                 cause_stmt_t *hit, size_t *nhit, int *says, int *done, lg_err_t *err)
{
    tracer_trace_t *tr;
    cause_stmt_t f[CAUSE_CANDS_MAX];
    input_t *cut[CAUSE_PORT_CUTS_MAX];
    size_t nf = 0, ncut = cause_port_cuts(ex, in, cut), w = 0;
    *says = CAUSE_SAYS_AGAINST;
    int diverged, narrowed = 0;
    /* One plain run of in serves the pairs and, after them, the flips
     * that may explain in alone. */
    int rc = cause_diverging_flips(ex, t, in, rtl, &tr, f, &nf, &diverged, err);
    for (size_t i = 0; rc == LG_OK && i < ex->nprobes; i++)
        narrowed |= tr->fired[i] && ex->probe_info[i].kind == TRACER_PROBE_WIDTH;
    for (size_t k = 0; k < *nhit && k < CAUSE_PAIRED_MAX && rc == LG_OK && *done; k++) {
        int gives;
        /* Behind one line left, a second statement may be one that only
         * its other way reaches; lines still to tell apart are told by
         * in's own statements alone (a pair reaching further explains
         * more by coincidence). */
        rc = paired_gives(ex, &t, in, rtl, &hit[k], f, nf, *nhit == 1, cut, ncut, &gives, done, err);
        if (rc == LG_OK && gives)
            hit[w++] = hit[k];
    }
    for (size_t j = 0; j < ncut; j++)
        input_destroy(cut[j]);
    if (rc || !*done)
        return rc;
    if (w) {
        *nhit = w;
        *says = CAUSE_SAYS_FOR;
        return LG_OK;
    }
    cause_stmt_t other[CAUSE_CANDS_MAX];
    size_t nother;
    int port = -1, sx;
    rc = cause_explaining_of(ex, t, in, rtl, f, diverged ? nf : 0, NULL, 0, other, &nother, done, err);
    if (rc == LG_OK && *done && !nother)
        rc = cause_port(ex, in, rtl, cls, &port, &sx, err);
    if (nother || port >= 0 || narrowed)
        *says = CAUSE_SAYS_NOTHING;
    return rc;
}

/* The one source line of hit[0..n-1], as an index into hit; -1 when there
 * is none or several. */
static int one_line(const tracer_t *t, const cause_stmt_t *hit, size_t n)
{
    for (size_t k = 1; k < n; k++)
        if (!cause_same_line(t, &hit[0], &hit[k]))
            return -1;
    return n ? 0 : -1;
}

int cause_branch(explore_t *ex, const input_t *m, const run_result_t *rtl, const input_t *found, const char *cls,
                 cause_stmt_t st[2], lg_err_t *err)
{
    st[0] = st[1] = (cause_stmt_t){.id = -1};
    if (ex->cfg.no_spectra || !ex->oracle || rtl->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    tracer_t *t;
    int rc = minimise_executor(ex, &t, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    cause_stmt_t hit[CAUSE_CANDS_MAX], also[CAUSE_CANDS_MAX], mf[CAUSE_CANDS_MAX];
    size_t nhit = 0, nalso = 0, nops, nmf;
    const tracer_op_t *ops = tracer_ops(t, &nops);
    int done = 0, at = -1, confirmed = 0, diverged;
    tracer_trace_t *mtr;
    rc = cause_diverging_flips(ex, t, m, rtl, &mtr, mf, &nmf, &diverged, err);
    int m_diverged = diverged;
    if (rc == LG_OK)
        rc = cause_explaining_of(ex, t, m, rtl, mf, diverged ? nmf : 0, NULL, 0, hit, &nhit, &done, err);
    /* m's lines that give its RTL result alone, before the judging. */
    cause_stmt_t alone[CAUSE_CANDS_MAX];
    size_t nalone = nhit;
    memcpy(alone, hit, nhit * sizeof *hit);
    /* A flip that gives m's RTL result may do so by coincidence: a plain
     * result (a sum that saturates to 255 either way, a zero) that a
     * value computed before the branch made, two lines that each change a
     * sum by 255, or a sort of zeros with one element moved, which many
     * wrong merges leave alike. So other inputs that diverge judge the
     * lines: the input as found and m's neighbours. One the line
     * explains, alone or together with one other statement or a narrow
     * port's cut (two causes meet on it), speaks for it; one that another
     * statement or port explains alone says nothing; a neighbour that
     * nothing explains speaks against: it sits where m does, and shows
     * the coincidence (the input as found, far from m, may show more
     * causes than two). One line must be left, and one input must have
     * spoken for it. */
    if (rc == LG_OK && done && nhit) {
        cause_judges_t jd;
        cause_judges_open(ex, m, found, &jd);
        input_t **o = jd.in;
        run_result_t **ortl = jd.rtl;
        for (size_t j = 0; j < jd.n && !jd.failed && rc == LG_OK && done && nhit; j++) {
            if (ortl[j]->status != RUN_OK)
                continue;
            rc = explaining(ex, t, o[j], ortl[j], hit, nhit, also, &nalso, &diverged, &done, err);
            if (rc || !diverged)
                continue;
            if (nalso) {
                /* The lines that explain o alone stay. When o is the
                 * input as found, which may show more causes than m, so
                 * does a line that explains it together with a statement
                 * its other way reaches: dropping it would be a
                 * coincidence's win over the cause. A neighbour, which
                 * sits where m does, keeps only the lines that explain it
                 * alone. */
                size_t w = 0;
                for (size_t k = 0; k < nhit && rc == LG_OK && done; k++) {
                    int keep = 0;
                    for (size_t a = 0; a < nalso && !keep; a++)
                        keep = cause_same_line(t, &hit[k], &also[a]);
                    if (!keep && j < jd.nfound)
                        rc = paired_gives(ex, &t, o[j], ortl[j], &hit[k], NULL, 0, 1, NULL, 0, &keep, &done, err);
                    if (keep)
                        hit[w++] = hit[k];
                }
                nhit = w;
                confirmed = 1;
                continue;
            }
            int says;
            rc = judge(ex, t, o[j], ortl[j], cls, hit, &nhit, &says, &done, err);
            if (rc || !done)
                break;
            if (says == CAUSE_SAYS_FOR)
                confirmed = 1;
            else if (says == CAUSE_SAYS_AGAINST && j >= jd.nfound)
                nhit = 0; /* the input as found may show several causes */
        }
        at = one_line(t, hit, nhit);
        for (size_t k = 0; at >= 0 && k < nhit; k++)
            if (hit[k].op && ops[hit[k].id].kind == TRACER_OP_CMP_NARROW) {
                at = (int)k;
                break;
            }
        cause_judges_close(&jd);
    }
    if (!confirmed)
        at = -1;
    /* No one line, or none left once judged (a line may give m's result
     * by coincidence where two together are the cause): two statements. */
    if (rc == LG_OK && done && m_diverged && at < 0)
        rc = cause_pair(ex, t, m, rtl, found, mf, nmf, alone, nalone, st, &done, err);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    if (rc == LG_OK && done && at >= 0)
        st[0] = hit[at];
    return LG_ERR_PASS(err, rc);
}
