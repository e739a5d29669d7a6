/* The RTL oracle: builds the kernel's Verilog into a cached Verilator model
 * wrapped in a generated C++ harness, runs inputs through it in child
 * processes, compares RTL and CPU results into symptoms (which symptoms
 * are one finding is findings/'s to say), decides which inputs are worth
 * an RTL call (selective invocation) and writes the artifacts of a
 * distinct symptom. No Verilator type appears here: the model lives in
 * its own process. */
#ifndef LG_ORACLE_H
#define LG_ORACLE_H

#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ model */

typedef struct oracle oracle_t;

/* Read-only configuration of an oracle. Strings are borrowed for the
 * duration of oracle_create only. */
typedef struct oracle_cfg {
    const char *cache_dir; /* build cache root; NULL = lg_cache_dir() */
    const char *verilator; /* verilator executable; NULL = "verilator" on PATH */
    int build_jobs;        /* parallel C++ compile jobs (make -j); 0 = the CPUs lgfuzz may use (lg_cpus_usable) */
    uint64_t timeout_ms;   /* wall-clock limit of one RTL call; 0 = 60000 */
    /* RTL workers: harness children, each with its own model, that share
     * a batch (oracle_run_batch); 0 = one per online CPU. Workers start
     * when a batch first needs them. At most ORACLE_JOBS_MAX. */
    int jobs;
    /* Set asynchronously (SIGINT) to stop; may be NULL. A build it cuts
     * short (Ctrl-C also stops Verilator and the compiler) fails with
     * LG_EINTR and leaves no partial build behind; a batch it cuts short
     * fails with LG_EINTR (within about 100 ms of the signal). */
    const volatile sig_atomic_t *stop;
    /* Borrowed, read during every batch; NULL or 0 = none: the time
     * (lg_now_ns clock) past which oracle_run_batch is cut short with
     * LG_ETIMEOUT. */
    const uint64_t *deadline_ns;
    /* Seeds the randomness of the AXI bus models (latencies, ready and
     * valid gaps); each call also mixes in its input, so a result depends
     * on the seed and the input alone. Default 1. */
    uint64_t seed;
} oracle_cfg_t;

/* Fills cfg with the defaults described above. */
void oracle_cfg_default(oracle_cfg_t *cfg);

/* Most RTL workers an oracle runs. */
#define ORACLE_JOBS_MAX 64

/* Builds (or reuses from the cache) the Verilated model of spec's rtl
 * section and starts the first harness child. spec is borrowed and must outlive
 * the oracle; log is borrowed likewise (NULL = quiet). Port names and
 * widths are checked against the model. On error returns NULL and fills
 * err: LG_EINVAL for a spec that does not match the RTL (naming the port),
 * LG_EBUILD for a Verilator failure (quoting its first error message),
 * LG_EIO / LG_ECHILD for file-system and process failures. */
oracle_t *oracle_create(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, lg_err_t *err);
/* Receives one message of a check (valid during the call only). */
typedef void (*oracle_report_fn)(void *ctx, const char *msg);

/* Checks the files spec's RTL sources name before anything reads them:
 * each $readmemh/$readmemb file (found as oracle_check_rtl finds it) and
 * each file an `include may read must be a regular file of at most 64 MiB
 * inside the design (spec.h), an `include's also inside a directory the
 * spec has Verilator search. Returns 0, or LG_EINVAL with err naming the
 * Verilog file and line, the name and why ("/dev/zero is a character
 * device", "outside the design: ../x resolves to /x"), LG_EIO for an
 * unreadable source. Opens no device or FIFO, so it returns at once. A
 * spec without rtl section gives 0. spec is borrowed. */
int oracle_check_files(const spec_t *spec, lg_err_t *err);
/* Checks spec's rtl section against its Verilog without building the
 * model: finds the memory files the RTL loads, verilates the sources (the
 * build's first step, reused from the cache) and compares the top
 * module's ports with every param's interface and the block protocol.
 * Each mismatch goes to report, naming the port, the Verilog file and
 * line of the top module and the param's place in the spec. Returns the
 * number of mismatches (0: oracle_create would bind the ports), or a
 * negative LG_E* code with err: LG_EINVAL for a missing memory file
 * (naming it and the Verilog line that loads it), LG_EBUILD for a
 * Verilator error (quoting it). A spec without rtl section gives 0.
 * spec, cfg (NULL: defaults) and log (NULL: quiet) are borrowed. */
int oracle_check_rtl(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oracle_report_fn report,
                     void *ctx, lg_err_t *err);
/* How the harness will drive spec's top, one line each to line: the
 * block protocol, under AXI4-Lite control each register it writes or
 * reads (ap_return's, each s_axilite argument's and each m_axi pointer's
 * byte offset and where it comes from), the interrupt setting, and the
 * latency of one call (rtl.latency, else HLS_SYN_LAT) or that it is
 * unknown. Call after oracle_check_rtl found no mismatch (it reuses the
 * verilated ports from the cache). Returns 0, or a negative LG_E* code
 * with err as oracle_check_rtl's and the binding's errors. A spec without
 * rtl section gives 0 and no line. spec, cfg (NULL: defaults) and log
 * are borrowed; each line is valid during the call. */
int oracle_describe_rtl(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oracle_report_fn line,
                        void *ctx, lg_err_t *err);
/* Stops the children and frees the oracle. Accepts NULL. */
void oracle_destroy(oracle_t *o);

/* Runs in on the RTL and fills rtl (shaped for the spec by
 * run_result_create; its previous contents are overwritten). A $fatal or
 * $stop gives RUN_ASSERT, and so does a crash of the model (its child is
 * restarted for the next call); the cycle limit gives RUN_HANG; a memory write at
 * or beyond the declared depth gives RUN_OOB with oob_param set. A read
 * there returns POISON and is noted in rtl->oob_reads, with whether the
 * value reached the result (docs/rtl-oracle.md). Returns 0, or a negative
 * LG_E* code when the child cannot be driven at all. */
int oracle_run(oracle_t *o, const input_t *in, run_result_t *rtl, lg_err_t *err);

/* Runs in[0..n-1] on the RTL, as many oracle_run calls would, and fills
 * rtl[i] for in[i] (all borrowed). The inputs travel to the harness
 * children in shared memory, many per round trip, in chunks that idle
 * workers take in turn; each call starts from the model's initial state,
 * so a result depends only on its input, not on the batch or the worker.
 * A crash or a hang costs only the input it happened on. Returns 0, or a
 * negative LG_E* code when no harness can be driven at all. A batch still
 * running at cfg.deadline_ns, or any call (oracle_run and
 * oracle_run_traced too) when cfg.stop is set, is cut short within about
 * 100 ms: its workers are killed (the next batch starts fresh ones) and it
 * returns LG_ETIMEOUT (LG_EINTR) with the results in rtl undefined.
 * oracle_run and oracle_run_traced, which confirm and record a divergence
 * already found, run to their own limits (max_cycles, timeout_ms) past
 * the deadline. */
int oracle_run_batch(oracle_t *o, const input_t *const *in, size_t n, run_result_t *const *rtl, lg_err_t *err);

/* As oracle_run, and also writes a VCD waveform of the run to vcd_path
 * (borrowed). Meant for re-runs of divergent inputs: slower. A waveform
 * that cannot be written (a full disk) gives LG_EIO naming vcd_path. */
int oracle_run_traced(oracle_t *o, const input_t *in, const char *vcd_path, run_result_t *rtl, lg_err_t *err);

/* The initial state of the model a call runs on (oracle_run_xstate). The
 * model is built so that every register and memory the RTL gives no
 * initial value, and every X it assigns (a don't-care address, a default
 * of a case), takes a value drawn when the model is constructed:
 * ORACLE_XSTATE_ZERO, the state of every other call, draws 0 for all of
 * them; ORACLE_XSTATE_ONES all ones; any larger value is the seed of
 * random values (Verilator's random reset). Real hardware may start with
 * any of these. */
#define ORACLE_XSTATE_ZERO UINT64_C(0)
#define ORACLE_XSTATE_ONES UINT64_C(1)

/* As oracle_run_traced (vcd_path NULL: as oracle_run), on a model
 * constructed for this call with the initial state xstate. A result that
 * differs from the ORACLE_XSTATE_ZERO one depends on state or Xs the RTL
 * leaves undefined. */
int oracle_run_xstate(oracle_t *o, const input_t *in, uint64_t xstate, const char *vcd_path, run_result_t *rtl,
                      lg_err_t *err);

/* For benchmarks: has one harness child run in[0..n-1] (n at most a
 * batch's worth; more are cut) a second time in a bare loop (each input
 * copied from shared memory into the model's ports and RAMs, as any
 * harness must load it, then the call; no transport, nothing sent back)
 * and stores the loop's duration in *ns: the speed of the same model
 * driven in-process. */
int oracle_time_model(oracle_t *o, const input_t *const *in, size_t n, uint64_t *ns, lg_err_t *err);

/* 1 when oracle_create reused a cached model, 0 when it built one. */
int oracle_cache_hit(const oracle_t *o);
/* The cache directory of the model (valid while the oracle lives). */
const char *oracle_model_dir(const oracle_t *o);
/* Number of RTL calls made and of child restarts so far. */
uint64_t oracle_calls(const oracle_t *o);
uint64_t oracle_restarts(const oracle_t *o);
/* The number of workers the oracle may use (cfg.jobs resolved). */
int oracle_jobs(const oracle_t *o);

/* --------------------------------------------------------------- symptoms */

#define ORACLE_CLASS_MAX 96

/* One way the two sides disagree on one input. */
typedef struct oracle_symptom {
    /* "mismatch:return", "mismatch:<param>", "rtl-hang", "rtl-oob:<array>",
     * "rtl-assert", "cpu-crash:<SIGNAME>", "cpu-hang", "cpu-oom" */
    char cls[ORACLE_CLASS_MAX];
    int param;        /* the param at fault (mismatch, oob), -1 otherwise */
    char detail[256]; /* human-readable, e.g. "return: cpu 600, rtl 88" */
} oracle_symptom_t;

/* A list of symptoms owned by the caller: zero-initialise, pass to
 * oracle_compare (which clears it first), free with oracle_symptoms_free. */
typedef struct oracle_symptoms {
    oracle_symptom_t *v;
    size_t n, cap;
} oracle_symptoms_t;

void oracle_symptoms_free(oracle_symptoms_t *s); /* frees the array, keeps s */

/* Compares a CPU and an RTL result of the same input (both borrowed) and
 * fills out with every symptom, in a fixed order: status symptoms first,
 * then mismatch:return, then mismatches of out/inout params in spec order.
 * Outputs are compared only when both sides completed; arrays over all
 * max_len slots; a scalar output by whether each side wrote it, and by
 * value when both did. When the RTL read out of range and that value
 * reached its result, the RTL-side symptoms (mismatch:*, rtl-hang,
 * rtl-assert) are one rtl-oob:<array> instead. Returns the number of
 * symptoms (0 = no divergence). */
size_t oracle_compare(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl, oracle_symptoms_t *out);

/* Writes {"divergent":..., "symptoms":[...], "cpu":{...}, "rtl":{...}}
 * (the `lgfuzz diff --json` object). Returns a heap string the caller
 * frees with free(). */
char *oracle_diff_to_json(const spec_t *spec, const run_result_t *cpu, const run_result_t *rtl,
                          const oracle_symptoms_t *syms);

/* ---------------------------------------------------- selective invocation */

/* HeteroFuzz's selective simulator invocation: per input feature, the
 * range of values that ran on the RTL without divergence, and per
 * signature of a native run (the probes it fired), the range of values
 * that ran on the RTL with a divergence. */
typedef struct oracle_select oracle_select_t;

/* nfeatures values per feature vector (spec/features.h). With always set
 * (`--rtl always`) every input runs on the RTL. */
oracle_select_t *oracle_select_create(size_t nfeatures, int always);
void oracle_select_destroy(oracle_select_t *s); /* accepts NULL */

/* Decides whether the input with feature vector fv (nfeatures values,
 * borrowed) should run on the RTL. Yes when `always` or when brings_new
 * (it brought new coverage or a new probe side in its native run).
 * Otherwise no when every feature lies inside the range remembered for
 * non-divergent runs, and no when its native run's signature sig was seen
 * to diverge and every feature lies inside the range of those divergent
 * runs (a symptom already shown), unless targeted (the input was made on
 * purpose, by the solver or as a seed, and is worth a simulation even
 * there); yes in every other case. Counts the answer as an invocation or
 * a skip. */
int oracle_select_should_run(oracle_select_t *s, const int64_t *fv, int brings_new, uint64_t sig, int targeted);
/* Records the outcome of an RTL run of fv whose native run had signature
 * sig: a run without divergence widens the non-divergent range of every
 * feature to include its value, a divergent run widens the divergent
 * ranges of sig. */
void oracle_select_record(oracle_select_t *s, const int64_t *fv, uint64_t sig, int diverged);
uint64_t oracle_select_invoked(const oracle_select_t *s);
/* All skips, and those of them inside a divergent range. */
uint64_t oracle_select_skipped(const oracle_select_t *s);
uint64_t oracle_select_skipped_divergent(const oracle_select_t *s);

/* -------------------------------------------------------------- artifacts */

/* Writes the artifacts of one distinct symptom into dir (created if
 * missing): input.json, cpu.json, rtl.json, wave.vcd (a re-run of in with
 * tracing on), repro.c (a standalone C program: the input as C literals,
 * the kernel call via #include of the kernel's C source, the RTL's observed
 * result and the assertion that fails) and README (one line stating the
 * symptom). All pointers are borrowed for the call; every file is written
 * atomically. Returns 0 or a negative LG_E* code. */
int oracle_write_artifacts(oracle_t *o, const char *dir, const input_t *in, const run_result_t *cpu,
                           const run_result_t *rtl, const oracle_symptom_t *sym, lg_err_t *err);

/* The repro.c text alone (no oracle needed); the caller frees it with
 * free(). Arguments as for oracle_write_artifacts. */
char *oracle_repro_source(const spec_t *spec, const input_t *in, const run_result_t *cpu, const run_result_t *rtl,
                          const oracle_symptom_t *sym);

#endif
