/* Private to the cached Verilator build: build.c (the cache entries and
 * their keys) and build_steps.c (what each step runs). */
#ifndef LGFUZZ_RTL_ORACLE_BUILD_INT_H
#define LGFUZZ_RTL_ORACLE_BUILD_INT_H

#include "oracle_int.h"

/* The runtime entry's archive, under obj/. */
#define RTLBUILD_ARCHIVE "runtime.a"

/* What the steps read: the harness step's fields are set once the ports
 * are bound. */
typedef struct rtlbuild_job {
    const spec_t *spec;
    const oracle_cfg_t *cfg;
    const lg_log_t *log;
    const char *engine_dir;
    char **engine_files;
    size_t nengine_files;
    char *table;    /* generated ORACLE_TABLE_NAME text */
    char **sources; /* what Verilator reads (memfiles_stage, fpcores_stage) */
    size_t nsources;
    char *version; /* `verilator --version` */
    char *runtime; /* the runtime archive in its cache entry */
    char runtime_key[KEY_LEN];
} rtlbuild_job_t;

/* Options the harness step adds to Verilator's, and the runtime step, so
 * that both compile alike: rtlbuild_nflags of them. */
extern const char *const rtlbuild_flags[];
extern const size_t rtlbuild_nflags;

/* The Verilator program of cfg. */
const char *rtlbuild_verilator(const oracle_cfg_t *cfg);
/* The most arguments rtlbuild_verilator_flags gives for job. */
size_t rtlbuild_max_vflags(const rtlbuild_job_t *job);
/* The Verilator program, lgfuzz's flags, then the spec's (all of them for
 * a model, those that change how the runtime is compiled when runtime is
 * 1) into argv (room for rtlbuild_max_vflags); returns the count. What a
 * step runs and what its cache key hashes both start so. */
size_t rtlbuild_verilator_flags(const rtlbuild_job_t *job, int runtime, const char **argv);

/* The steps: each builds its entry's files into tmp (a new temp
 * directory), with the tools' output in log_path, or fails naming the tool
 * and quoting the log. */
typedef int (*rtlbuild_step_fn)(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err);
/* probe/V<top>.h, verilated only. */
int rtlbuild_step_ports(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err);
/* obj/RTLBUILD_ARCHIVE: Verilator's runtime and the whole engine. */
int rtlbuild_step_runtime(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err);
/* obj/harness, the model with the table, linked with job's runtime. */
int rtlbuild_step_harness(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err);

#endif
