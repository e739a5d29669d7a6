/* The benchmark kit shared by the baseline fuzz harnesses and the report
 * tools: planted divergences and their witness predicates (expected.yaml),
 * the byte-to-input decoding every byte-level fuzzer uses, the run state
 * shared by all processes of one fuzzer run, and the differential driver
 * that checks one input against the RTL and logs first finds. */
#ifndef LG_BENCHKIT_H
#define LG_BENCHKIT_H

#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "util/err.h"
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------- planted divergences */

typedef struct benchkit_plants benchkit_plants_t;

/* Loads the `divergences` list of expected.yaml at path and parses every
 * witness against spec's features. spec is borrowed and must outlive the
 * set. On error returns NULL and fills err naming the file and the id whose
 * witness does not parse. A kernel with no planted divergence gives an
 * empty set. */
benchkit_plants_t *benchkit_plants_load(const spec_t *spec, const char *path, lg_err_t *err);
void benchkit_plants_destroy(benchkit_plants_t *p); /* accepts NULL */
size_t benchkit_plants_count(const benchkit_plants_t *p);
/* Id and class of planted divergence i (valid while p lives). */
const char *benchkit_plants_id(const benchkit_plants_t *p, size_t i);
const char *benchkit_plants_class(const benchkit_plants_t *p, size_t i);
/* The `probability` of planted divergence i for a uniformly random input
 * (as expected.yaml states it), or -1 when absent. */
double benchkit_plants_probability(const benchkit_plants_t *p, size_t i);
/* Marks hits[i] = 1 for every planted divergence i whose class equals cls
 * and whose witness holds on in (borrowed); leaves other entries alone.
 * Returns how many matched. */
size_t benchkit_plants_match(const benchkit_plants_t *p, const char *cls, const input_t *in, uint8_t *hits);

/* ------------------------------------------------------------------ decoding */

/* Decodes fuzzer bytes into in (shaped for its spec), deterministically:
 * first every non-output scalar in spec order, then the elements of every
 * in/inout array in spec order, up to its length (the fixed length, or the
 * value of its len param). Each value consumes as many little-endian bytes
 * as its type is wide (1, 2, 4 or 8); bytes past the end read as zero. A
 * value already inside the domain is kept as is (so comparison operands
 * copied into the bytes by CmpLog or value profiling keep their meaning);
 * any other value v becomes lo + (v - lo) mod (hi - lo + 1). */
void benchkit_decode(const uint8_t *data, size_t n, input_t *in);

/* ----------------------------------------------------------------- run state */

#define BENCHKIT_MAX_PLANTS 32

/* The state of one fuzzer run, in a file mapped shared by every process of
 * the run (AFL++ restarts its target; the counts must survive that). */
typedef struct benchkit_state {
    uint64_t magic;
    uint64_t start_ns;  /* CLOCK_REALTIME of the first input of the run */
    uint64_t execs;     /* inputs checked */
    uint64_t rtl_calls; /* oracle_run calls */
    uint64_t divergent; /* inputs with at least one symptom */
    uint8_t found[BENCHKIT_MAX_PLANTS];
    uint64_t rtl_ns; /* time spent in oracle_run (CLOCK_REALTIME) */
} benchkit_state_t;

/* Maps path (created zeroed when missing) and returns the state, or NULL
 * with err naming the path. Unmap with benchkit_state_unmap. */
benchkit_state_t *benchkit_state_map(const char *path, lg_err_t *err);
void benchkit_state_unmap(benchkit_state_t *s); /* accepts NULL */
/* Reads a state file written by a finished run into out (no mapping). */
int benchkit_state_read(const char *path, benchkit_state_t *out, lg_err_t *err);
/* CLOCK_REALTIME in nanoseconds (comparable across processes). */
uint64_t benchkit_wall_ns(void);

/* -------------------------------------------------------------------- driver */

/* The native call of the kernel the harness was generated for: defined by
 * the shim that bench_gen_shim writes, which copies in (borrowed) into C
 * arrays (poison past each length, outputs zeroed), calls the kernel and
 * fills cpu (shaped for the spec) with its return value and every output
 * slot. A crash of the kernel is not caught: it ends the process, as in any
 * fuzz target. */
void benchkit_kernel(const input_t *in, run_result_t *cpu);

/* The native call the driver makes (benchkit_kernel in a harness; tests
 * pass their own). */
typedef void (*benchkit_kernel_fn)(const input_t *in, run_result_t *cpu);

typedef struct benchkit_driver benchkit_driver_t;

/* Read-only configuration; strings borrowed for the call. */
typedef struct benchkit_driver_cfg {
    const char *spec_path;     /* kernel.yaml */
    const char *expected_path; /* expected.yaml */
    const char *run_dir;       /* holds state.bin and found.csv; created if missing */
    benchkit_kernel_fn kernel;
} benchkit_driver_cfg_t;

/* Loads the spec and planted divergences, maps the run state and starts
 * the oracle (a cached model is expected: the runner builds it first). On
 * error returns NULL and fills err. */
benchkit_driver_t *benchkit_driver_create(const benchkit_driver_cfg_t *cfg, lg_err_t *err);
/* The same, configured from the environment: LGB_SPEC, LGB_EXPECTED and
 * LGB_RUN_DIR (all required). */
benchkit_driver_t *benchkit_driver_from_env(benchkit_kernel_fn kernel, lg_err_t *err);
void benchkit_driver_destroy(benchkit_driver_t *d); /* accepts NULL */

/* The differential check of one fuzzer input: decode, native run, RTL run,
 * oracle_compare, witness match. The first find of each planted divergence
 * appends `id,seconds,execs,rtl_calls,class` to found.csv and saves the
 * input as found-<id>.json. Returns the number of symptoms, or a negative
 * LG_E* code when the oracle cannot be driven (err filled). */
int benchkit_driver_check(benchkit_driver_t *d, const uint8_t *data, size_t n, lg_err_t *err);

#endif
