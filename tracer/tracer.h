/* The tracer: runs a C kernel natively and reports, per input, the path it
 * took (branch events with comparison operands), the spectra probes it
 * triggered with their value ranges, its outputs and its status. The kernel
 * is compiled with clang, instrumented through the LLVM C API, linked with
 * a generated harness into an executor that runs as a persistent child fed
 * through shared memory under a memory limit; a crash, hang or memory
 * exhaustion of the kernel, or a kernel that reaches for the executor's
 * own descriptors, memory or a new process, is an input's status, never
 * lgfuzz's. */
#ifndef LG_TRACER_H
#define LG_TRACER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"

typedef struct tracer tracer_t;

typedef struct tracer_cfg {
    uint64_t event_limit;     /* branch events per input before `hang` (0, the default:
                                 TRACER_EVENT_LIMIT_DEFAULT, or TRACER_EVENTS_PER_CYCLE per cycle
                                 of the spec's rtl.max_cycles when it is above its default) */
    uint64_t timeout_ms;      /* wall-clock limit per input (default 2000) */
    size_t round_max;         /* inputs per round trip (default 1024; fewer when their records and
                                 results would take more than TRACER_REGION_ROUNDS_MAX) */
    const char *cache_dir;    /* borrowed; NULL = lg_cache_dir()/tracer */
    const char *spectra_path; /* borrowed; NULL = LGFUZZ_DATA_DIR/grammars/spectra.yaml */
    int rebuild;              /* 1 = rebuild the executor even when cached */
    /* Set asynchronously (SIGINT) to stop; may be NULL. A build it cuts
     * short fails with LG_EINTR, and so does a tracer_run it cuts short
     * (within about 50 ms of the signal). */
    const volatile sig_atomic_t *stop;
    /* Borrowed, read at every tracer_run; NULL or 0 = none: the time
     * (lg_now_ns clock) past which a tracer_run is cut short with
     * LG_ETIMEOUT (see tracer_run). */
    const uint64_t *deadline_ns;
    /* Address-space limit of the executor (RLIMIT_AS) in bytes beyond
     * the region it shares with lgfuzz (default TRACER_MEMORY_DEFAULT;
     * 0 = none). An allocation of the kernel that fails under it ends the
     * input with status RUN_OOM. */
    uint64_t memory_bytes;
    /* 1 = the executor whose branches and operations a run can turn the
     * other way (tracer_set_flip, tracer_set_op): a build of its own,
     * whose runs cost a little more (a compare-heavy kernel's, a fifth).
     * Its sites, probes and constants are the plain build's. */
    int turnable;
} tracer_cfg_t;

#define TRACER_MEMORY_DEFAULT (UINT64_C(2) << 30)
#define TRACER_EVENT_LIMIT_DEFAULT UINT64_C(1000000)
#define TRACER_EVENTS_PER_CYCLE 16
/* Bytes of the region shared with the executor that the records and
 * results of its two rounds may take. */
#define TRACER_REGION_ROUNDS_MAX ((size_t)256 << 20)

/* Fills cfg with the defaults above. */
void tracer_cfg_default(tracer_cfg_t *cfg);

typedef enum { TRACER_SITE_BR, TRACER_SITE_SWITCH } tracer_site_kind_t;

/* A branch site. Ids number the conditional branches and switches of the
 * kernel's functions (sorted by name) in block order, so the same source
 * gives the same ids in every build. */
typedef struct tracer_site {
    uint32_t id;
    char *func;
    char *file;
    int line, col;
    tracer_site_kind_t kind;
    uint32_t nsucc; /* 2 for br; 1 + number of cases for switch */
    /* A br that leaves a loop of the CFG (the loop's condition, or a
     * `break`): the direction that stays in its innermost loop, whose count
     * in a trace is the loop's trip count; -1 for any other site. */
    int loop_stay;
} tracer_site_t;

/* An operation of the kernel that a run can make the other way
 * (tracer_set_op): a signed comparison made unsigned, an unsigned one
 * made signed (an RTL that declares both operand wires signed), a signed division
 * or remainder by a power of two made to round toward minus infinity (an
 * arithmetic shift, a mask), as HLS may build them, or a comparison of a
 * local that the RTL holds in a narrower register (a width probe) made at
 * that register's width, both operands cut to it. Ids number them: the
 * narrowed comparisons first, then the others in the kernel's functions
 * (sorted by name) in block order. */
typedef enum {
    TRACER_OP_CMP_UNSIGNED,
    TRACER_OP_DIV_FLOOR,
    TRACER_OP_REM_FLOOR,
    TRACER_OP_CMP_NARROW,
    TRACER_OP_CMP_SIGNED
} tracer_op_kind_t;

typedef struct tracer_op {
    uint32_t id;
    char *file;
    int line, col;
    tracer_op_kind_t kind;
    int probe; /* TRACER_OP_CMP_NARROW: the local's width probe; else -1 */
} tracer_op_t;

typedef enum {
    TRACER_PROBE_WIDTH,          /* width:<var>; param = bits, is_signed */
    TRACER_PROBE_LOOP_REMAINDER, /* loop:<file>:<line>:remainder; param = unroll factor */
    TRACER_PROBE_LOOP_TRIPCOUNT, /* loop:<file>:<line>:tripcount; param = declared max */
    TRACER_PROBE_OFFSET,         /* offset:<array>; param = depth */
    TRACER_PROBE_PORT,           /* port:<param>; param = bits, is_signed */
    TRACER_PROBE_DEPTH,          /* depth:<function>; param = declared bound */
    TRACER_PROBE_UB,             /* ub:<check>:<file>:<line>; param = 0 */
    TRACER_PROBE_FIFO,           /* fifo:<array>; param = the stream's depth */
    TRACER_PROBE_DEP             /* dep:<array>; param = the dependences declared false (a mask of
                                    TRACER_DEP_*), line = the pragma's */
} tracer_probe_kind_t;

/* The dependences between a loop's iterations a dep probe watches: a
 * read of what an earlier iteration wrote, a write of what one read, a
 * write of what one wrote. */
#define TRACER_DEP_RAW 1
#define TRACER_DEP_WAR 2
#define TRACER_DEP_WAW 4

/* A spectra probe. Its range (min/max in a trace) holds: width, the values
 * stored to the variable; loop probes, the trip counts; offset, the indices
 * accessed; port, the values on the port; depth, the recursion depths; ub,
 * the positions in the event sequence where the check failed. */
typedef struct tracer_probe {
    uint32_t id;
    char *name;
    tracer_probe_kind_t kind;
    int64_t param;
    int is_signed;
    char *file; /* NULL when not tied to a source line */
    int line;
} tracer_probe_t;

/* The ub probe that fires when the kernel loads a scalar output it has
 * already written on this run: "ub:readback:<file>:<line>". */
#define TRACER_READBACK_PREFIX "ub:readback:"
static inline int tracer_probe_is_readback(const tracer_probe_t *p)
{
    return p->kind == TRACER_PROBE_UB && strncmp(p->name, TRACER_READBACK_PREFIX, strlen(TRACER_READBACK_PREFIX)) == 0;
}

/* A local of the kernel's functions that lives in memory (an array, a
 * struct, a scalar whose address is taken): the executor fills it with
 * fixed bytes where it comes into existence, so a read of it before any
 * write gets those (tracer_set_fill). */
typedef struct tracer_local {
    char *name; /* its C name; its IR name or "(temporary)" without debug info */
    char *func; /* the function it is local to, by IR name */
    char *file; /* its declaration, NULL (and line 0) when unknown */
    int line;
} tracer_local_t;

/* One direction of a branch site an input took, with the number of times
 * it took it. A trace holds one event per (site, direction) taken, in the
 * order of the first time each was taken, so its length is bounded by the
 * kernel's branch directions, not by how often its loops ran. */
typedef struct tracer_event {
    uint32_t site;
    uint16_t dir;          /* br: 1 = condition true; switch: 0 = default, k = case k */
    uint16_t has_operands; /* 1 when op0/op1 hold the integer comparison's operands */
    uint64_t count;        /* times the input took this direction (>= 1) */
    int64_t op0, op1;      /* of the first time; sign-extended (zero-extended for unsigned predicates) */
} tracer_event_t;

/* The trace of one input. All pointers are owned by the tracer and valid
 * until the next tracer_run on the same tracer. */
typedef struct tracer_trace {
    run_result_t *result; /* status ok/crash/hang/oom/fd/fork/kill/output, signal, return value, out arrays */
    const tracer_event_t *events;
    size_t nevents;
    const uint8_t *fired;     /* nprobes entries, 1 when the probe fired */
    const uint8_t *seen;      /* nprobes entries, 1 when min/max hold a range */
    const int64_t *min, *max; /* nprobes entries */
} tracer_trace_t;

/* Builds the executor for spec (or reuses the cached build keyed by the
 * content of the kernel source, spec, runtime sources, spectra grammar and
 * lgfuzz version) and starts the child. spec and log are borrowed and must
 * outlive the tracer; cfg is copied (NULL = defaults). On error returns NULL
 * with err naming the failing step (clang diagnostics, pragma file:line). */
tracer_t *tracer_create(const spec_t *spec, const tracer_cfg_t *cfg, const lg_log_t *log, lg_err_t *err);
/* Stops the child and frees everything; accepts NULL. */
void tracer_destroy(tracer_t *t);

/* Runs n inputs (borrowed, shaped for the tracer's spec). On success
 * *traces points at n traces owned by the tracer, valid until the next
 * call. Crashes, hangs and memory exhaustion of the kernel, and a kernel
 * that reaches the executor's socket or memory or starts a process, are
 * statuses, not errors; LG_ECHILD or LG_EIO means the executor cannot be run at all.
 * A call still running at cfg.deadline_ns or when cfg.stop is set is cut
 * short (within about 50 ms): it returns LG_ETIMEOUT (LG_EINTR) and no
 * traces, and the input in flight counts as nothing, not as a hang; a call
 * made after the deadline fails at once. */
int tracer_run(tracer_t *t, const input_t *const *inputs, size_t n, tracer_trace_t **traces, lg_err_t *err);

/* Static tables of the build; owned by the tracer, valid until destroy. */
const tracer_site_t *tracer_sites(const tracer_t *t, size_t *n);
const tracer_probe_t *tracer_probes(const tracer_t *t, size_t *n);
/* The constant operands of the kernel's comparisons and switch cases,
 * sorted and unique. */
const int64_t *tracer_constants(const tracer_t *t, size_t *n);
/* Id of the probe called name, or -1. */
int tracer_probe_find(const tracer_t *t, const char *name);
/* "width", "loop-remainder", "loop-tripcount", "offset", "port", "depth", "ub". */
const char *tracer_probe_kind_name(tracer_probe_kind_t k);
/* The spec the tracer was created for (borrowed from the caller). */
const spec_t *tracer_spec(const tracer_t *t);
/* The cache directory of this build (borrowed, valid until destroy). */
const char *tracer_build_dir(const tracer_t *t);
/* Number of times the executor child was restarted (after a crash it did
 * not recover from, a wall-clock hang or an exit; the first start does not
 * count). */
uint64_t tracer_restarts(const tracer_t *t);
/* Number of crashes of the kernel the executor child recovered from
 * without a restart (their inputs have status crash all the same). */
uint64_t tracer_crashes_recovered(const tracer_t *t);
/* The kernel's writable globals and static locals, restored to their
 * initial values before every input, by name (`name` for a global,
 * `function.name` for a static local); owned by the tracer, valid until
 * destroy. */
const char *const *tracer_globals(const tracer_t *t, size_t *n);
/* The kernel's locals in memory, by id; owned by the tracer, valid until
 * destroy. */
const tracer_local_t *tracer_locals(const tracer_t *t, size_t *n);
/* The bytes the locals start with in the runs from now on: every one the
 * same (TRACER_FILL_SAME, the default), every one another
 * (TRACER_FILL_OTHER), or local `which` the other and the rest the same.
 * A result that differs between two of these rests on a read of a local
 * the kernel did not write first. */
#define TRACER_FILL_SAME (-1)
#define TRACER_FILL_OTHER (-2)
void tracer_set_fill(tracer_t *t, int which);
/* Of a turnable tracer (tracer_cfg_t): the runs from now on take
 * direction dir (0 or 1) of br site `site` the other way at every time
 * they reach it; site TRACER_FLIP_NONE (the
 * default) flips nothing. A run's result with a direction flipped says
 * what the kernel computes had it decided that branch the other way. */
#define TRACER_FLIP_NONE UINT32_MAX
void tracer_set_flip(tracer_t *t, uint32_t site, int dir);
/* The runs from now on also turn a second statement: direction dir of br
 * site `site` (tracer_also_flip) or operation op (tracer_also_op), beside
 * the one tracer_set_flip or tracer_set_op chose, which clear it again;
 * TRACER_FLIP_NONE turns no second one. What two statements done the
 * other way compute together. */
void tracer_also_flip(tracer_t *t, uint32_t site, int dir);
void tracer_also_op(tracer_t *t, uint32_t op);
/* The kernel's operations a run of a turnable tracer can make the other
 * way (none for another); owned by the tracer, valid until destroy. */
const tracer_op_t *tracer_ops(const tracer_t *t, size_t *n);
/* The runs from now on make operation op (tracer_ops) the other way at
 * every time they reach it, and turn no branch; TRACER_FLIP_NONE makes
 * none (as tracer_set_flip's does). Both turn no second statement. */
void tracer_set_op(tracer_t *t, uint32_t op);

/* The trace as a JSON object {"status", "signal" (crash only), "events",
 * "path": [{"site", "dir", "file", "line", "col", "op0", "op1"}...],
 * "probes": [{"name", "kind", "fired", "min", "max"}...], "result": {...}}
 * (op0/op1 only with operands, min/max only when seen); the caller frees
 * it with free(). */
char *tracer_trace_to_json(const tracer_t *t, const tracer_trace_t *tr);
/* Prints the trace as text: path with source locations, fired probes,
 * outputs and status. */
void tracer_trace_print(const tracer_t *t, const tracer_trace_t *tr, FILE *out);

/* Call capture: the user's testbench (or host program), compiled with the
 * kernel's source, runs natively with every call of the kernel it makes
 * recorded, arguments read as the spec declares them, before the real
 * kernel runs (docs/tracer.md, "Call capture"). */
typedef struct tracer_capture_cfg {
    const char *const *sources; /* borrowed: the testbench's C/C++ files (not the kernel's) */
    size_t nsources;
    char *const *args; /* borrowed: argv words after the program name */
    size_t nargs;
    uint64_t timeout_ms;               /* wall-clock limit of the testbench (default 60000; 0 = none) */
    const char *cache_dir;             /* borrowed; NULL = lg_cache_dir()/capture */
    const volatile sig_atomic_t *stop; /* SIGINT flag, may be NULL: a set flag kills the testbench */
    const char *cwd;                   /* borrowed: where it runs; NULL = the first source's directory */
    const char *stdin_path;            /* borrowed: its standard input; NULL = /dev/null */
} tracer_capture_cfg_t;

#define TRACER_CAPTURE_TIMEOUT_MS 60000

/* Fills cfg with no sources and the defaults above. */
void tracer_capture_cfg_default(tracer_capture_cfg_t *cfg);

/* What one run of a testbench under capture gave; all owned, released with
 * tracer_capture_free. */
typedef struct tracer_capture {
    char **calls; /* one line of input JSON (docs/inputs.md) per kernel call, in call order; out params
                   * hold what the kernel wrote (input readers ignore them) */
    size_t ncalls;
    int last_unfinished; /* 1 when the testbench died inside its last call (that line holds its inputs only) */
    size_t sites;        /* uses of the kernel in the testbench that were redirected to the recorder */
    int status;          /* the testbench's exit status, -1 when a signal ended it */
    int signal;          /* that signal, or 0 */
    int timed_out;       /* 1 when it ran into timeout_ms and was killed */
    char *output;        /* the last 4 KiB of its stdout and stderr */
} tracer_capture_t;

/* Compiles cfg's sources and spec's kernel source with clang 14 into one
 * program whose calls of the kernel (found by its C symbol, or as the one
 * C++ function of that name) go through a generated recorder, and runs it
 * in the first source's directory with cfg's args, stdin from /dev/null,
 * under cfg's time limit. The testbench's exit status is reported in *out,
 * never an error. Errors: LG_EBUILD naming the source that does not
 * compile (with clang's message) or that cannot be linked, LG_EINVAL for a
 * kernel the sources never use or whose prototype disagrees with spec,
 * LG_EINTR when cfg->stop was set, LG_EIO / LG_ECHILD. spec and cfg are
 * borrowed for the call; on error *out is empty. */
int tracer_capture(const spec_t *spec, const tracer_capture_cfg_t *cfg, const lg_log_t *log, tracer_capture_t *out,
                   lg_err_t *err);
/* Frees what *c holds and empties it; accepts NULL. */
void tracer_capture_free(tracer_capture_t *c);

/* The same in two steps, for a host run on many inputs: the program is
 * built once, then run as often as needed. */
typedef struct tracer_capture_prog tracer_capture_prog_t;

/* Builds cfg's sources (cfg->sources, cfg->cache_dir; the rest is not
 * read) with the recorder into a private directory of the cache, as
 * tracer_capture does. Returns the program (the caller owns it) or NULL
 * with err as tracer_capture's build errors. */
tracer_capture_prog_t *tracer_capture_build(const spec_t *spec, const tracer_capture_cfg_t *cfg, const lg_log_t *log,
                                            lg_err_t *err);
/* Runs p once with cfg's args, cwd, stdin_path, timeout_ms and stop (its
 * sources are not read) and fills *out as tracer_capture does. One run
 * at a time per program. On error *out is empty. */
int tracer_capture_exec(tracer_capture_prog_t *p, const tracer_capture_cfg_t *cfg, tracer_capture_t *out,
                        lg_err_t *err);
/* p's private directory (borrowed, valid until destroy): the caller may
 * keep the files of its runs below it; they go with p. */
const char *tracer_capture_dir(const tracer_capture_prog_t *p);
/* 1 when p was built with the kernel's source beside cfg's sources, 0
 * when a source defines the kernel itself (includes its source). */
int tracer_capture_with_kernel(const tracer_capture_prog_t *p);
/* Removes p's directory and frees it; accepts NULL. */
void tracer_capture_prog_destroy(tracer_capture_prog_t *p);

#endif
