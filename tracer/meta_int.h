/* The static tables of one executor build (sites, probes, comparison
 * constants, annotated loops, the kernel's writable globals), produced by the instrumentation tool and
 * cached next to the executor as meta.json. Private to the tracer. */
#ifndef LG_TRACER_META_H
#define LG_TRACER_META_H

#include <stddef.h>
#include <stdint.h>

#include "tracer.h"
#include "util/err.h"

typedef struct trm_loop {
    int rem_probe, trip_probe; /* -1 when absent */
    int64_t factor, max;
} trm_loop_t;

typedef struct trm_meta {
    tracer_site_t *sites;
    size_t nsites, capsites;
    tracer_probe_t *probes;
    size_t nprobes, capprobes;
    int64_t *consts;
    size_t nconsts, capconsts;
    trm_loop_t *loops;
    size_t nloops, caploops;
    char **globals; /* writable globals restored before every input, by IR name */
    size_t nglobals, capglobals;
} trm_meta_t;

trm_meta_t *trm_create(void);
void trm_destroy(trm_meta_t *m); /* accepts NULL */

/* Appends a probe (name and file are copied) and returns its id. When a
 * probe of that name exists already its id is returned and nothing changes. */
uint32_t trm_add_probe(trm_meta_t *m, const char *name, tracer_probe_kind_t kind, int64_t param, int is_signed,
                       const char *file, int line);
int trm_find_probe(const trm_meta_t *m, const char *name);
/* Appends a site (strings copied) and returns its id. */
uint32_t trm_add_site(trm_meta_t *m, const char *func, const char *file, int line, int col, tracer_site_kind_t kind,
                      uint32_t nsucc);
void trm_add_const(trm_meta_t *m, int64_t c);
/* Appends the IR name (copied) of a writable global: `name` for a global,
 * `function.name` for a static local. */
void trm_add_global(trm_meta_t *m, const char *name);
/* Sorts and deduplicates the constants. */
void trm_finish(trm_meta_t *m);

int trm_save(const trm_meta_t *m, const char *path, lg_err_t *err);
trm_meta_t *trm_load(const char *path, lg_err_t *err);

#endif
