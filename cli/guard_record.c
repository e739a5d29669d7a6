/* What the guard step saw diverge goes where every divergence goes: the
 * inputs on which a guard derivation's RTL runs diverged are handed to an
 * explorer, which records them through exploration's own path (keyed,
 * minimised, written to divergences/). Used by `lgfuzz run` with its own
 * explorer and by `lgfuzz guard` with a record-only one. */
#include <stdlib.h>

#include "guard_record_int.h"
#include "spec/input.h"
#include "util/alloc.h"

int cli_guard_record(explore_t *ex, const spec_t *spec, const guard_report_t *rep, uint64_t deadline_ns, size_t *nnew,
                     lg_err_t *err)
{
    *nnew = 0;
    input_t **in = lg_calloc(rep->ndivergent + 1, sizeof *in);
    size_t n = 0;
    int rc = LG_OK;
    for (size_t i = 0; i < rep->ndivergent && rc == LG_OK; i++) {
        in[n] = input_from_json(spec, rep->divergent[i], "a divergent input of the guard step", err);
        rc = in[n] ? LG_OK : err->code;
        n += in[n] != NULL;
    }
    if (rc == LG_OK)
        rc = explore_record_inputs(ex, in, n, deadline_ns, nnew, err);
    for (size_t i = 0; i < n; i++)
        input_destroy(in[i]);
    free(in);
    return rc;
}

int cli_guard_record_dir(const char *run_dir, const explore_cfg_t *base, const guard_report_t *rep,
                         uint64_t deadline_ns, const lg_log_t *log, size_t *nnew, lg_err_t *err)
{
    *nnew = 0;
    if (!rep->ndivergent)
        return LG_OK;
    char *path = guard_run_spec_path(run_dir, err);
    spec_t *spec = path ? spec_load(path, err) : NULL;
    free(path);
    if (!spec)
        return err->code;
    explore_cfg_t cfg = *base;
    cfg.out_dir = run_dir;
    cfg.record_only = 1;
    cfg.progress = 0;
    explore_t *ex = explore_create(spec, &cfg, log, err);
    int rc = ex ? cli_guard_record(ex, spec, rep, deadline_ns, nnew, err) : err->code;
    explore_destroy(ex);
    spec_destroy(spec);
    return rc;
}
