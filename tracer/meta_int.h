/* The static tables of one executor build (sites, probes, comparison
 * constants, annotated loops, the kernel's writable globals, the
 * operations a run can make the other way), produced by the instrumentation tool and
 * cached next to the executor as meta.json. Private to the tracer. */
#ifndef LG_TRACER_META_H
#define LG_TRACER_META_H

#include <stddef.h>
#include <stdint.h>

#include "tracer.h"
#include "util/err.h"

typedef struct meta_loop {
    int rem_probe, trip_probe; /* -1 when absent */
    int64_t factor, max;
} meta_loop_t;

typedef struct meta {
    tracer_site_t *sites;
    size_t nsites, capsites;
    tracer_probe_t *probes;
    size_t nprobes, capprobes;
    int64_t *consts;
    size_t nconsts, capconsts;
    meta_loop_t *loops;
    size_t nloops, caploops;
    char **globals; /* writable globals restored before every input, by IR name */
    size_t nglobals, capglobals;
    tracer_local_t *locals; /* the locals the runtime fills, by id */
    size_t nlocals, caplocals;
    tracer_op_t *ops; /* the operations a run can make the other way, by id */
    size_t nops, capops;
    int turnable; /* the build's branches and operations can be turned (tracer_cfg_t) */
} meta_t;

meta_t *meta_create(void);
void meta_destroy(meta_t *m); /* accepts NULL */

/* Appends a probe (name and file are copied) and returns its id. When a
 * probe of that name exists already its id is returned and nothing changes. */
uint32_t meta_add_probe(meta_t *m, const char *name, tracer_probe_kind_t kind, int64_t param, int is_signed,
                        const char *file, int line);
int meta_find_probe(const meta_t *m, const char *name);
/* Appends an operation (file copied) and returns its id. */
uint32_t meta_add_op(meta_t *m, const char *file, int line, int col, tracer_op_kind_t kind, int probe);
/* Appends a site (strings copied) and returns its id. */
uint32_t meta_add_site(meta_t *m, const char *func, const char *file, int line, int col, tracer_site_kind_t kind,
                       uint32_t nsucc);
void meta_add_const(meta_t *m, int64_t c);
/* Appends the IR name (copied) of a writable global: `name` for a global,
 * `function.name` for a static local. */
void meta_add_global(meta_t *m, const char *name);
/* Appends a local that the runtime fills (strings copied; file NULL
 * when unknown) and returns its id. */
uint32_t meta_add_local(meta_t *m, const char *name, const char *func, const char *file, int line);
/* Sorts and deduplicates the constants. */
void meta_finish(meta_t *m);

int meta_save(const meta_t *m, const char *path, lg_err_t *err);
meta_t *meta_load(const char *path, lg_err_t *err);

#endif
