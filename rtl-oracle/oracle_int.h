/* Private interfaces between the files of the RTL oracle: the port list of
 * a Verilated model, the binding of spec params to ports, the harness
 * generator, the cached build and the child process that runs the model.
 * External names outside the public oracle_ API carry their file's prefix
 * (tests/check_prefixes.cmake checks this):
 *   ports_      ports.c        the port list of the Verilated top
 *   binding_    bind.c         spec params bound to ports
 *   axi_        bind_axi.c     the block protocol from the ports, AXI bundles, control registers
 *   proc_       proc.c         tool output: a build log's first error, a command's output
 *   key_        key.c          the cache keys of the build
 *   rtlbuild_   build.c        the cached Verilator build (its steps: build_steps.c)
 *   child_      child.c        the harness child process
 *   region_     region.c       the region shared with a harness child
 *   memfiles_   memfiles.c     the memory files the RTL loads
 *   portcheck_  portcheck.c    every mismatch of the spec and the top's ports
 * The files of one function carry the oracle_ prefix:
 *   oracle_harness_table  harness_gen.c  the per-kernel table of the harness engine
 *   oracle_vscan          vscan.c        Verilog source: $readmem file names, module declarations
 *   oracle_hint           hints.c        what to do about Verilator errors HLS output causes */
#ifndef LG_ORACLE_INT_H
#define LG_ORACLE_INT_H

#include "engine/wire.h"
#include "oracle.h"
#include "spec/input.h"
#include "spec/result.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/fsutil.h"
#include "util/log.h"
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* run_result_t.oob_param of a RUN_PROTOCOL result whose fault is on the
 * AXI4-Lite control bundle. */
#define ORACLE_PARAM_CONTROL (-2)

/* Widest port the harness drives (Verilator's QData). */
#define ORACLE_PORT_MAX_BITS 64

/* ------------------------------------------------------ ports (ports.c) */

/* One top-level port of the Verilated model, from its V<top>.h header. */
typedef struct oport {
    char *name;   /* as in the Verilog */
    char *member; /* the model's member: name, or Verilator's __SYM__<name> for a word C++ compilers reserve
                     (`interrupt`) */
    int bits;
    int is_output;
} oport_t;

typedef struct oports {
    oport_t *v;
    size_t n;
} oports_t;

/* Parses the VL_IN / VL_OUT declarations of a Verilator model header
 * (text borrowed; path only names it in errors). */
int ports_parse(const char *text, const char *path, oports_t *out, lg_err_t *err);
void ports_free(oports_t *p);
const oport_t *ports_find(const oports_t *p, const char *name);
/* The prefix Vivado HLS up to 2019 would have given the ports HLS names
 * after prefix, when some port bears it: prefix_V_V (a stream of
 * arbitrary-precision values: the stream's member, then the value's) or
 * prefix_V (an arbitrary-precision value: the member holding its bits),
 * written into buf (cap bytes), when no port is named after prefix itself;
 * NULL otherwise. The binding and `check` both ask it. */
const char *ports_vivado_prefix(const oports_t *p, const char *prefix, char *buf, size_t cap);

/* ---------------------------------------------------- binding (bind.c) */

/* The engine drives each kind as the wire.h kind of the same value. */
typedef enum {
    BIND_SCALAR_IN = ORW_SCALAR_IN,       /* ap_none */
    BIND_SCALAR_VLD = ORW_SCALAR_VLD,     /* ap_vld output */
    BIND_MEM = ORW_MEM,                   /* ap_memory */
    BIND_FIFO_IN = ORW_FIFO_IN,           /* ap_fifo, dir in */
    BIND_FIFO_OUT = ORW_FIFO_OUT,         /* ap_fifo, dir out */
    BIND_SCALAR_INOUT = ORW_SCALAR_INOUT, /* ap_ovld inout: _i in, _o and _o_ap_vld out */
    BIND_AXIS_IN = ORW_AXIS_IN,           /* axis, dir in */
    BIND_AXIS_OUT = ORW_AXIS_OUT          /* axis, dir out */
} bind_kind_t;

/* Port roles of one param; unused roles have a NULL name. */
enum {
    ROLE_ADDR0,
    ROLE_CE0,
    ROLE_Q0,
    ROLE_WE0,
    ROLE_D0,
    ROLE_ADDR1,
    ROLE_CE1,
    ROLE_Q1,
    ROLE_WE1,
    ROLE_D1,
    ROLE_DATA,   /* ap_none / ap_vld value, ap_ovld _o, fifo dout / din, axis TDATA */
    ROLE_VLD,    /* ap_vld valid, ap_ovld _o_ap_vld, axis TVALID */
    ROLE_FLAG,   /* fifo empty_n / full_n, axis TREADY */
    ROLE_STROBE, /* fifo read / write */
    ROLE_IN,     /* ap_ovld inout: the input _i */
    ROLE_LAST,   /* axis: TLAST, TKEEP, TSTRB, TUSER, TID, TDEST (optional) */
    ROLE_KEEP,
    ROLE_STRB,
    ROLE_USER,
    ROLE_ID,
    ROLE_DEST,
    ROLE_ACK,    /* ap_ack / ap_hs acknowledge: an input's output, an output's input (an inout's _o_ap_ack) */
    ROLE_IN_VLD, /* ap_hs inout: the input's valid, _i_ap_vld */
    ROLE_IN_ACK, /* ap_hs inout: the input's acknowledge, _i_ap_ack (the design's) */
    ROLE_COUNT
};

/* One bank of a partitioned array (spec.h's spec_partition_t): the RAM
 * roles (ROLE_ADDR0 .. ROLE_D1) of <port>_<k>_*, or for a bank of one
 * element ROLE_DATA (<port>_<k>) and an output's ROLE_VLD. */
typedef struct obank {
    char *port[ROLE_COUNT];
    int bits[ROLE_COUNT];
} obank_t;

typedef struct obind {
    bind_kind_t kind; /* s_axilite scalars are SCALAR_IN/VLD, m_axi arrays MEM, with reg (and bus) set */
    int width;        /* data width in bits */
    int limbs;        /* words of a value: 1, or a wide param's limbs (spec.h) */
    int lite_mem;     /* an array in the AXI4-Lite slave's memory: reg its window's base */
    uint64_t depth;   /* memories and fifos: in words (a wide stream's beats times limbs) */
    int is_out;       /* results flow back (out/inout memory, vld, ovld, fifo out) */
    char *port[ROLE_COUNT];
    int bits[ROLE_COUNT];
    int bus;     /* m_axi: index into omodel_t.buses, else -1 */
    int64_t reg; /* s_axilite scalar (an inout's _i), m_axi pointer with offset slave: its register's byte offset, else
                    -1 */
    int64_t reg_out; /* s_axilite inout: its _o register, else -1 */
    int lite;        /* s_axilite register: 0 in omodel_t.ctrl's bundle, 1 in omodel_t.args' */
    uint64_t base;   /* m_axi: the buffer's base address in its bundle */
    obank_t *banks;  /* a partitioned ap_memory array: spec_part_banks of them, else NULL */
    size_t nbanks;
    int addr_shift; /* bram: the address is in bytes, the element's index shifted left by this */
    int byte_we;    /* bram: the write enable holds one bit per byte of the element */
} obind_t;

enum { CTL_CLK, CTL_RST, CTL_START, CTL_DONE, CTL_IDLE, CTL_READY, CTL_RETURN, CTL_CONTINUE, CTL_INTERRUPT, CTL_COUNT };

/* An AXI4 (or AXI4-Lite) bundle's ports by orw_axi_sig; absent optional
 * signals have a NULL name. */
typedef struct obus {
    char *name; /* the bundle: gmem, control */
    char *port[ORW_AXI_COUNT];
    int bits[ORW_AXI_COUNT];
} obus_t;

/* How the harness drives one model: a binding per spec param plus the
 * block-level control ports. */
typedef struct omodel {
    obind_t *binds; /* spec->nparams entries */
    size_t n;
    char *ctl[CTL_COUNT];
    int ctl_bits[CTL_COUNT];
    int rst_active_low; /* the model has ap_rst_n instead of ap_rst */
    int proto;          /* orw_proto */
    obus_t ctrl;        /* ORW_PROTO_AXILITE: the control bundle */
    obus_t args;        /* ORW_PROTO_AXILITE: a second AXI4-Lite bundle, holding argument registers only (name
                           NULL: none) */
    obus_t *buses;      /* the m_axi bundles */
    size_t nbuses;
    uint64_t ret_reg; /* ORW_PROTO_AXILITE with a return value: ap_return's register */
    /* Where the registers' offsets come from (beside the spec's own
     * interfaces offsets): "rtl.registers", the RTL's AXI4-Lite slave
     * module ("<file> localparams"), or "HLS layout". */
    char reg_from[160];
    int64_t latency; /* cycles of one call (rtl.latency, else CORE_GENERATION_INFO's HLS_SYN_LAT), -1 unknown */
    char **inputs;   /* the model's members of every input port, bound or not */
    size_t ninputs;
} omodel_t;

/* Binds every spec param to the model's ports by the HLS naming
 * convention and checks directions and widths; errors name the port. */
int binding_params(const spec_t *spec, const oports_t *ports, omodel_t *out, lg_err_t *err);
void binding_free(omodel_t *m);
/* Value v of param i as the RTL port holds it (truncated to the width). */
uint64_t binding_to_port(const obind_t *b, int64_t v);
/* Bytes an element of bind b takes in a buffer, a register or a memory
 * window: its width's, rounded up to a power of two for an array in the
 * AXI4-Lite slave's memory and for an integer wider than 64 bits, as HLS
 * lays them out. */
static inline int binding_element_bytes(const obind_t *b)
{
    int n = (b->width + 7) / 8;
    if (b->lite_mem || b->limbs > 1)
        for (n = 1; n * 8 < b->width; n *= 2)
            ;
    return n;
}
/* A port value of `bits` bits read back as a value of type t (sign-extended
 * for signed types, zero-extended otherwise). */
int64_t binding_from_port(int bits, lg_type_t t, uint64_t raw);

/* --------------------------------------------- AXI binding (bind_axi.c) */

/* The block protocol of spec's top (orw_proto): rtl.protocol, or with
 * `auto` the one its ports show (an s_axi_<bundle>_AWADDR port: AXI4-Lite
 * control; ap_start with ap_continue: ap_ctrl_chain; ap_start: ap_ctrl_hs;
 * ap_clk alone: ap_ctrl_none; no clock: combinational). *lite receives
 * the control bundle's name (heap string) for ORW_PROTO_AXILITE, else
 * NULL. */
int axi_protocol(const spec_t *spec, const oports_t *ports, char **lite);
/* The name of protocol p ("ap_ctrl_chain"). */
const char *axi_protocol_name(int p);
/* Binds bundle `name` (taken) as the AXI4-Lite control bus
 * (is_lite, ports s_axi_<name>_*) or an AXI4 master (m_axi_<name>_*)
 * whose read (need_read) and write (need_write) channels must be there;
 * errors name the port. */
int axi_bind_bus(const spec_t *spec, const oports_t *ports, char *name, int is_lite, int need_read, int need_write,
                 obus_t *out, lg_err_t *err);
void axi_bus_free(obus_t *b);
/* The bundle of the one s_axi_<bundle>_AWADDR port other than ctrl's, as a
 * heap string; NULL when there is none, or more than one. */
char *axi_lite_other(const oports_t *ports, const char *ctrl);
/* Gives every s_axilite scalar and m_axi pointer of m its register: the
 * spec's offset, else the one the driver header rtl.registers defines
 * (X<TOP>_<BUNDLE>_ADDR_<PORT>_DATA), else the one the RTL's own AXI4-Lite
 * slave module declares (localparam ADDR_<PORT>_DATA_0 in the
 * <top>_<bundle>_s_axi source, when it declares every register used:
 * Vivado HLS gave a 32-bit pointer one data word), else HLS's layout:
 * ap_return at 0x10, then the arguments in prototype order, each its
 * 32-bit data words and one more (a pointer two). A register the header
 * lacks is LG_EINVAL naming it. m->reg_from says which. */
int axi_assign_registers(const spec_t *spec, omodel_t *m, lg_err_t *err);
/* Places every m_axi buffer of m in its bundle's address space: those
 * with offset off at their fixed base, the others from 0x10000000 up
 * past them, each on 4 KiB pages of its own with a free page after it.
 * Two buffers of a bundle that overlap are LG_EINVAL naming both. */
int axi_place_buffers(const spec_t *spec, omodel_t *m, lg_err_t *err);
/* The latency of one call of spec's top: rtl.latency, else the
 * HLS_SYN_LAT of the CORE_GENERATION_INFO attribute HLS writes on the top
 * module (when a number, not -1), else -1. */
int64_t axi_latency(const spec_t *spec);

/* ------------------------------------------------ harness (harness_gen.c) */

/* The per-kernel source compiled with the model (rtl-oracle/engine/table.h
 * declares what it defines). */
#define ORACLE_TABLE_NAME "kernel_table.cpp"

/* The text of ORACLE_TABLE_NAME for spec's top module bound as m: the model
 * behind the engine's Top, cycle limit, param shapes and port bindings.
 * Heap string. */
char *oracle_harness_table(const spec_t *spec, const omodel_t *m);

/* ------------------------------------------------ Verilog scan (vscan.c) */

typedef enum { OSCAN_READMEM, OSCAN_MODULE, OSCAN_INCLUDE } oscan_kind_t;

/* A token of interest: the file name literal of a $readmemh/$readmemb
 * call or of an `include directive (the text between its quotes) or the
 * name of a declared module, as the offsets [start, end) into the scanned
 * text, and its line. */
typedef struct oscan_item {
    oscan_kind_t kind;
    int line;
    size_t start, end;
} oscan_item_t;

typedef void (*oscan_fn)(void *ctx, const oscan_item_t *it);

/* Calls fn for each item of the Verilog text (borrowed), in order,
 * skipping comments and string literals. */
void oracle_vscan(const char *text, oscan_fn fn, void *ctx);

/* --------------------------------------------- memory files (memfiles.c) */

/* One $readmem call with a literal file name. */
typedef struct omemref {
    size_t src;        /* index into spec->rtl_sources */
    int line;          /* of the call */
    size_t start, end; /* the name's offsets in texts[src] */
    char *name;        /* as written */
    char *path;        /* the file found */
} omemref_t;

typedef struct omems {
    omemref_t *v;
    size_t n;
    char **texts; /* per RTL source: its text when it loads a memory file, else NULL */
    size_t nsrc;
} omems_t;

/* Finds the memory files spec's RTL sources load, each resolved against
 * the directory of the Verilog file naming it (then its base name there,
 * the HLS solution's other syn/verilog or impl/verilog directory, the
 * spec's directory). The first that exists must be a regular file of at
 * most LG_READ_MAX bytes inside the design or that other directory
 * (spec_check_design_file). A missing or refused one is LG_EINVAL naming
 * the Verilog file, line and name, and why; an unreadable source LG_EIO.
 * out is freed with memfiles_free (also after an error). */
int memfiles_find(const spec_t *spec, omems_t *out, lg_err_t *err);
void memfiles_free(omems_t *m);
/* Adds the names and contents of m's files to h. */
int memfiles_hash(const omems_t *m, lg_hash_t *h, lg_err_t *err);
/* memfiles_find and memfiles_hash in one (for the ports key). */
int memfiles_hash_spec(const spec_t *spec, lg_hash_t *h, lg_err_t *err);
/* The source list Verilator reads (*sources: spec->nrtl_sources heap
 * strings, freed with lg_list_free): spec's sources, except that each
 * one loading a memory file is a copy in <root>/mem/<hash>/ (root: the
 * cache's rtl/ directory) whose
 * file names are the absolute paths of copies of the memory files there,
 * so the model finds them from any working directory. */
int memfiles_stage(const spec_t *spec, const omems_t *m, const char *root, char ***sources, lg_err_t *err);

/* ------------------------------ floating-point core models (fpcores.c) */

/* The Verilog of lgfuzz's models of the Xilinx floating-point cores that
 * spec's RTL instantiates and no source declares (HLS leaves them out of
 * its Verilog; each one's settings come from the <module>_ip.tcl beside
 * the sources, else from its name), in *out (heap), or NULL when there is
 * none. A core with no model is LG_EINVAL naming the Verilog file, line
 * and module, and why; an unreadable source LG_EIO. */
int fpcores_model(const spec_t *spec, char **out, lg_err_t *err);
/* One line to line for each model: "floating-point core X modelled: add,
 * single precision, latency 3 (from its _ip.tcl)". Errors as
 * fpcores_model's. */
int fpcores_describe(const spec_t *spec, oracle_report_fn line, void *ctx, lg_err_t *err);
/* Adds the models' text to h (for the ports key). */
int fpcores_hash_spec(const spec_t *spec, lg_hash_t *h, lg_err_t *err);
/* Appends the models' file, written under <root>/fp/<hash>/ when missing,
 * to *sources (*n entries, grown by one) when there are models. */
int fpcores_stage(const spec_t *spec, const char *root, char ***sources, size_t *n, lg_err_t *err);

/* ----------------------------------------------- port check (portcheck.c) */

/* "<file>:<line>: module <top>" for the source declaring spec's top module
 * (the first source's name when none is found). Heap string. */
char *portcheck_module_location(const spec_t *spec);
/* Reports every mismatch of spec's params and control ports with ports
 * to report; returns how many. */
int portcheck_run(const spec_t *spec, const oports_t *ports, oracle_report_fn report, void *ctx);

/* --------------------------------------------------------- keys (key.c) */

/* A key: 16 hex digits and a NUL. */
#define KEY_LEN 17

/* The output of `verilator --version` (verilator: the program, searched
 * on PATH) into *out (heap string). LG_EBUILD when it cannot run. With
 * memo_dir (may be NULL) the answer is remembered there, under a key of
 * the identity (path, inode, size, times) of the program and of the
 * Verilator binaries its wrapper may start, and read back instead of
 * starting Perl again (about 0.14 s a model). */
int key_verilator_version(const char *verilator, const char *memo_dir, char **out, lg_err_t *err);
/* The names of the engine's files in dir (its sources), sorted, through
 * lg_list_dir; *names (n entries) is freed with lg_list_free. LG_EIO
 * naming dir when it is missing or cannot be read. */
int key_engine_files(const char *dir, char ***names, size_t *n, lg_err_t *err);
/* Key of the verilate-only step: version (key_verilator_version's), the
 * program and flags it runs with (paths left out), spec's top and its RTL
 * sources' names and contents. LG_EIO naming a source it cannot read. */
int key_ports(const spec_t *spec, const char *version, const char *const *flags, size_t nflags, char key[KEY_LEN],
              lg_err_t *err);
/* Key of the runtime build (the Verilator runtime and the engine sources
 * no model is compiled into): version, the program and flags it runs with
 * (paths left out) and the name and contents of every file in
 * engine_dir. LG_EIO naming what it cannot read. */
int key_runtime(const char *version, const char *const *flags, size_t nflags, const char *engine_dir, char key[KEY_LEN],
                lg_err_t *err);
/* Key of the harness build: the ports and runtime keys, the generated
 * table, the build flags (paths left out) and the name and contents of
 * every file in engine_dir. LG_EIO naming what it cannot read. */
int key_harness(const char *ports_key, const char *runtime_key, const char *engine_dir, const char *table,
                const char *const *flags, size_t nflags, char key[KEY_LEN], lg_err_t *err);

/* ------------------------------------------------------- build (build.c) */

typedef struct obuild {
    char *dir;     /* cache entry of the harness */
    char *exe;     /* harness executable */
    char *header;  /* V<top>.h of the model, in the entry of its ports */
    int cache_hit; /* the harness was built before */
} obuild_t;

/* Builds or reuses the cached model of spec; fills out and model. The
 * engine is read from the data directory's rtl-oracle/engine. */
int rtlbuild_model(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, obuild_t *out, omodel_t *model,
                   lg_err_t *err);
void rtlbuild_free(obuild_t *b);
/* Removes b's harness entry from the cache (under its lock), so that the
 * next rtlbuild_model builds it again: for a cached harness whose seal holds but
 * which does not start (a library it links against changed since). */
int rtlbuild_discard(const obuild_t *b, const oracle_cfg_t *cfg, const lg_log_t *log, lg_err_t *err);
/* The top module's ports from the verilate-only step (run now, or reused
 * from the cache), without building the model; out is freed with
 * ports_free. */
int rtlbuild_ports(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oports_t *out, lg_err_t *err);

/* ---------------------------------------------- build logs (proc.c) */

/* First line of the file at path starting with prefix (heap string), or
 * NULL. */
char *proc_first_line(const char *path, const char *prefix);
/* First line of the file at path holding needle anywhere (heap string), or
 * NULL. */
char *proc_line_with(const char *path, const char *needle);
/* Runs argv (argv[0] searched on PATH) and returns its standard output
 * and error (heap string) when it exits 0; NULL with LG_EBUILD naming the
 * command when it fails, or lg_run_logged's error when it cannot run. */
char *proc_output(char *const argv[], lg_err_t *err);

/* ---------------------------------------------------- hints (hints.c) */

/* A hint for the first %Error line of a Verilator log (log_path: the log,
 * for the source excerpt Verilator prints under it) when it is one HLS
 * output is known to cause, saying why and what to do; else NULL. Heap
 * string. */
char *oracle_hint(const char *error_line, const char *log_path);

/* ------------------------------------------------- the child (child.c) */

typedef struct ochild {
    char *exe;
    pid_t pid;  /* 0 when not running */
    int sock;   /* parent end of the socket pair, -1 when not running */
    int log_fd; /* unlinked file collecting the child's stdout/stderr */
    int shm_fd; /* the shared region, the child's ORW_SHM_FD (borrowed) */
    uint64_t restarts;
} ochild_t;

/* exe is copied; shm_fd is borrowed and must outlive the child. */
int child_init(ochild_t *c, const char *exe, int shm_fd, lg_err_t *err);
void child_fini(ochild_t *c);
/* Starts the child if it is not running. */
int child_ensure(ochild_t *c, lg_err_t *err);
/* Sends len bytes; LG_ECHILD if the child is gone. */
int child_send(ochild_t *c, const void *buf, size_t len, lg_err_t *err);
/* Receives exactly len bytes before the deadline (lg_now_ns clock);
 * LG_ECHILD if the child died, LG_ETIMEOUT at the deadline. */
int child_recv(ochild_t *c, void *buf, size_t len, uint64_t deadline_ns, lg_err_t *err);
/* Kills and reaps the child; the next child_ensure restarts it. Writes why
 * it ended ("killed by SIGSEGV", "exit 1") into why. */
void child_stop(ochild_t *c, char *why, size_t cap);
/* Truncates the log before a batch. */
void child_log_reset(ochild_t *c);
/* The last "%Error" line of the log between offsets from and to (to 0:
 * its end), or NULL. Heap string. */
char *child_log_error(ochild_t *c, uint64_t from, uint64_t to);

/* ------------------------------------------- shared region (region.c) */

typedef struct oregion {
    int fd;
    uint64_t *base;
    size_t bytes;
    size_t cap;                     /* slots of each kind */
    uint64_t req_words, resp_words; /* words per slot */
} oregion_t;

/* Creates the region for m's params (seed: the run's, for the bus
 * models' randomness), sized to hold as many slots as fit
 * a few MiB (at least one). LG_EIO when memory cannot be had. */
int region_create(oregion_t *r, const omodel_t *m, uint64_t seed, lg_err_t *err);
void region_free(oregion_t *r);
/* Writes in into request slot `slot` (< cap). */
void region_encode(oregion_t *r, const omodel_t *m, size_t slot, const input_t *in);
/* Reads response slot `slot` into res (reset first); in is the input it
 * answers (an array's slots beyond the RAM keep their initial contents).
 * *log_end: where the call's %Error line ends in the log (0: none). */
void region_decode(const oregion_t *r, const spec_t *spec, const omodel_t *m, size_t slot, const input_t *in,
                   run_result_t *res, uint64_t *log_end);
/* Response slots of the current batch the harness has completed. */
uint64_t region_progress(const oregion_t *r);
void region_clear_progress(oregion_t *r);

#endif
