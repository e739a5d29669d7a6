/* The kernel spec (kernel.yaml): the user-facing description of a C kernel
 * and its RTL. Loaded with libyaml; every error names file:line:col and what
 * was expected. See docs/spec.md for the format. */
#ifndef LG_SPEC_H
#define LG_SPEC_H

#include "util/err.h"
#include "util/strbuf.h"
#include "util/types.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum { SPEC_DIR_IN, SPEC_DIR_OUT, SPEC_DIR_INOUT } spec_dir_t;

typedef enum {
    SPEC_IF_AP_NONE,   /* scalar input port */
    SPEC_IF_AP_VLD,    /* scalar output with valid */
    SPEC_IF_AP_MEMORY, /* array: address0/ce0/q0/we0/d0 (+ port 1) */
    SPEC_IF_AP_FIFO,   /* stream: _dout/_empty_n/_read or _din/_full_n/_write */
    SPEC_IF_AP_OVLD,   /* scalar output with valid; inout: _i in, _o and _o_ap_vld out */
    SPEC_IF_S_AXILITE, /* scalar in a register of the AXI4-Lite control bundle */
    SPEC_IF_M_AXI,     /* array in memory behind an AXI4 master bundle, its base address in a register */
    SPEC_IF_AXIS,      /* array as an AXI4-Stream: _TDATA/_TVALID/_TREADY, optional _TLAST/_TKEEP/_TSTRB/_TUSER */
    SPEC_IF_AP_ACK,    /* scalar with an acknowledge: in: p in, p_ap_ack out; out: p out, p_ap_ack in */
    SPEC_IF_AP_HS,     /* scalar with valid and acknowledge: in: p, p_ap_vld in, p_ap_ack out; out: the reverse */
    SPEC_IF_BRAM       /* array on Xilinx's BRAM port: _Addr_A (a byte address), _EN_A, _WEN_A (byte write
                        * enables), _Din_A, _Dout_A, _Clk_A, _Rst_A (+ _B) */
} spec_if_mode_t;

/* How an m_axi buffer's base address reaches the kernel (HLS's `offset=`
 * option of the m_axi interface). */
typedef enum {
    SPEC_MAXI_SLAVE,  /* a register of the AXI4-Lite control bundle (offset=slave, Vitis's default) */
    SPEC_MAXI_DIRECT, /* a plain input port named after the param (offset=direct) */
    SPEC_MAXI_OFF     /* none: the kernel addresses a fixed base (offset=off) */
} spec_maxi_addr_t;

typedef struct spec_param {
    char *name;
    lg_type_t type; /* element type for arrays; a fixed-point param's raw integer type */
    lg_fixed_t fx;  /* fixed<W,I>: its I; is_fixed 0 otherwise */
    spec_dir_t dir;
    int is_array;
    size_t max_len; /* arrays: capacity (== fixed length when fixed) */
    int len_param;  /* arrays: index of the scalar param giving the length, or -1 */
    int fixed_len;  /* arrays: 1 when `len:` is a number */
    int has_range;
    int64_t range_lo, range_hi; /* inclusive, in the type's order; whole type when !has_range */
    int by_pointer;             /* an in scalar the kernel reads through a pointer (`pointer: true`) */
    int line, col;              /* where the param was declared in the spec */
    /* An integer wider than 64 bits (i<W>/u<W>, W up to LG_WIDE_BITS_MAX):
     * carried as its 64-bit limbs, least significant first, each element
     * taking `limbs` consecutive slots of type u64, the top limb holding the
     * value's top W - 64 (limbs - 1) bits as they are (a signed value's sign
     * bit among them, not extended). So to everything but the harnesses, the
     * JSON and the reports a wide param is an array of u64: a wide scalar
     * (wide_scalar 1) a fixed array of its limbs, a wide array of n
     * elements an array of n * limbs slots (max_len, and the length its len
     * param gives, counted in slots). wide is 0 and limbs 1 otherwise. */
    int wide;        /* W, or 0 */
    int wide_signed; /* i<W> */
    int limbs;       /* slots per element */
    int wide_scalar; /* the C param is one wide scalar */
    /* `member: <arg>.<field>`: the param is scalar member `field` of the
     * kernel's struct argument `arg` (owned), NULL for a param that is a C
     * argument of its own. The members of one struct are consecutive
     * params, in the order of the struct's declaration, all of its members
     * among them (spec_carg_*). */
    char *member;
    size_t carg; /* the kernel's argument it is, or is a member of (0-based) */
} spec_param_t;

/* The largest width a wide integer param may have (ap_int's default
 * maximum). */
#define LG_WIDE_BITS_MAX 1024

/* 1 when the C param is a scalar (a wide one too, which is carried as its
 * limbs). */
static inline int spec_param_is_scalar(const spec_param_t *p)
{
    return !p->is_array || p->wide_scalar;
}

/* Elements of array param p the spec allows (max_len counts slots). */
static inline size_t spec_param_elems(const spec_param_t *p)
{
    return p->max_len / (size_t)(p->limbs > 0 ? p->limbs : 1);
}

/* The bits a wide element's top limb may hold: all of them when W is a
 * multiple of 64 (or p is not wide), else its low W % 64. */
static inline uint64_t spec_wide_top_mask(const spec_param_t *p)
{
    return p->wide % 64 ? (UINT64_C(1) << (p->wide % 64)) - 1 : UINT64_MAX;
}

/* 1 when the kernel takes p through a pointer: an array, an out or inout
 * scalar, or an in scalar declared `pointer: true`. */
static inline int spec_param_by_pointer(const spec_param_t *p)
{
    return (p->is_array && !p->wide_scalar) || p->dir != SPEC_DIR_IN || p->by_pointer;
}

/* The field of a member param (after the dot of `member:`), NULL for
 * another param. */
static inline const char *spec_param_field(const spec_param_t *p)
{
    const char *dot = p->member ? strchr(p->member, '.') : NULL;
    return dot ? dot + 1 : NULL;
}

/* How HLS partitioned an ap_memory array (ARRAY_PARTITION on the
 * argument). The array has shape dims (row-major; their product is its
 * length) and is split along dimension dim: `complete` into dims[dim-1]
 * banks, bank k holding index k of that dimension; `cyclic` into factor
 * banks, bank k holding the indices i with i % factor == k; `block` into
 * factor banks of ceil(D / factor) consecutive indices each. A bank keeps
 * the other dimensions (and its share of dim) row-major, as a RAM of its
 * own whose ports are <port>_<k>_address0 ...; a bank of one element is a
 * scalar port, <port>_<k> (an output's with <port>_<k>_ap_vld). */
typedef enum { SPEC_PART_NONE, SPEC_PART_COMPLETE, SPEC_PART_CYCLIC, SPEC_PART_BLOCK } spec_part_kind_t;
#define SPEC_PART_DIMS_MAX 4
typedef struct spec_partition {
    spec_part_kind_t kind;
    int dim;         /* 1..ndims */
    uint64_t factor; /* cyclic, block: the number of banks */
    uint64_t dims[SPEC_PART_DIMS_MAX];
    int ndims;
} spec_partition_t;

typedef struct spec_iface {
    spec_if_mode_t mode;
    int has_depth;
    uint64_t depth;        /* ap_memory / ap_fifo: declared depth */
    int width;             /* RTL port data width in bits; 0 = the C type's width */
    char *port;            /* port-name prefix: HLS default (`in` -> `in_r`) or `port:` */
    int explicit;          /* 1 when the spec had an `interfaces` entry for it */
    char *bundle;          /* m_axi: the bundle (ports m_axi_<bundle>_*); NULL = gmem */
    int has_offset;        /* s_axilite, m_axi: `offset:` given as a number */
    uint64_t offset;       /* its register's byte offset in the control bundle */
    spec_maxi_addr_t addr; /* m_axi: where the buffer's base address comes from */
    uint64_t base;         /* m_axi with addr SPEC_MAXI_OFF: the buffer's fixed base address */
    spec_partition_t part; /* ap_memory: how HLS partitioned the array (kind SPEC_PART_NONE: not) */
    int latency;           /* ap_memory: cycles from a read's address to its word on q (default 1) */
} spec_iface_t;

/* The most read latency an ap_memory interface may have. */
#define SPEC_MEM_LATENCY_MAX 16

typedef struct spec_width {
    char *var; /* a C local of the kernel */
    lg_width_t width;
} spec_width_t;

/* host: the user's host program that calls the kernel (docs/spec.md). */
typedef enum {
    SPEC_HOST_WORD,  /* an argv word: the word itself is the input */
    SPEC_HOST_FILE,  /* an argv word naming a file lgfuzz writes: its content is the input */
    SPEC_HOST_STDIN, /* the host's standard input */
    SPEC_HOST_NAMED  /* a file the host opens by a fixed name (host.files) */
} spec_host_kind_t;

typedef struct spec_host_input {
    char *name; /* the input's name, a C identifier unique among the host's inputs */
    spec_host_kind_t kind;
    int argv_index; /* WORD, FILE: i of argv[i] (argv[0] is the program); -1 otherwise */
    char *path;     /* NAMED: the name the host opens, as written; NULL otherwise */
    char *seed;     /* FILE, STDIN, NAMED: resolved file with the first content, or NULL */
    char *value;    /* WORD: the first value of the word, or NULL */
    int line, col;  /* where the input is declared in the spec */
} spec_host_input_t;

typedef struct spec_host_word {
    char *literal; /* the word as given, or NULL when it is an input */
    int input;     /* index into spec_host_t.inputs, or -1 for a literal */
} spec_host_word_t;

typedef struct spec_host {
    char **sources; /* resolved paths of the host's C sources */
    size_t nsources;
    char *entry;            /* the function the host starts in (default main) */
    spec_host_word_t *argv; /* argv[1..nargv] in order */
    size_t nargv;
    spec_host_input_t *inputs; /* argv inputs in argv order, then stdin, then files */
    size_t ninputs;
    double alpha; /* mutation probability of an input the kernel does not see */
} spec_host_t;

/* rtl.max_cycles when the spec gives none. */
#define SPEC_MAX_CYCLES_DEFAULT 1000000

typedef struct spec {
    char *path;         /* the spec file as given */
    char *dir;          /* directory of the spec; relative paths resolve here */
    char **design_dirs; /* real paths of the design's directory trees: the spec's directory, then design_dirs */
    size_t ndesign_dirs;
    char *kernel;
    char *c_source; /* resolved path */
    char *c_function;
    char **c_include_dirs; /* c.include_dirs resolved, each an existing directory */
    size_t c_ninclude_dirs;
    char **c_sources; /* c.sources resolved: the kernel's other C/C++ files, c_source not among them */
    size_t c_nsources;
    char **c_defines; /* c.defines: NAME or NAME=VALUE, each given to the compiler as -D */
    size_t c_ndefines;
    spec_param_t *params; /* in C signature order */
    size_t nparams;
    int has_return;
    lg_type_t ret_type;
    lg_fixed_t ret_fx; /* a fixed-point return value's I */
    /* rtl section (optional as a whole; has_rtl says whether present) */
    int has_rtl;
    char **rtl_sources; /* resolved paths */
    size_t nrtl_sources;
    char *rtl_top;
    char *rtl_protocol; /* "ap_ctrl_hs", "ap_ctrl_chain", "ap_ctrl_none", "s_axilite" or "auto" (from the ports) */
    uint64_t max_cycles;
    char **rtl_vflags; /* rtl.verilator_flags, paths made absolute */
    size_t nrtl_vflags;
    spec_iface_t *ifaces; /* one per param, same index; defaults filled in */
    spec_width_t *widths; /* hls.widths */
    size_t nwidths;
    char *seeds_dir;        /* resolved, or NULL */
    char *rtl_registers;    /* rtl.registers: the Vitis driver header x<top>_hw.h (resolved), or NULL */
    int64_t rtl_latency;    /* rtl.latency: cycles of one call (ap_ctrl_none ends after it), -1 when not given */
    int rtl_interrupt;      /* rtl.interrupt: wait for the `interrupt` port instead of polling ap_done */
    uint64_t rtl_maxi_base; /* rtl.m_axi_base: the default base of an m_axi buffer with offset off */
    spec_host_t *host;      /* the host: section, or NULL */
} spec_t;

/* Longest name (kernel, function, param, local, top module, port) a spec
 * may give; every one must be a C identifier. */
#define SPEC_NAME_MAX 255

/* The kernel's arguments: one per param, but one per struct whose members
 * are params. spec_carg_first gives the first param of argument c and
 * *n the params it spans (1 for a param of its own). */
size_t spec_cargs(const spec_t *spec);
size_t spec_carg_first(const spec_t *spec, size_t c, size_t *n);
/* 1 when param i is the first of its argument (of a struct's members, or
 * a param of its own). */
static inline int spec_carg_starts(const spec_t *spec, size_t i)
{
    return i == 0 || spec->params[i - 1].carg != spec->params[i].carg;
}
/* 1 when struct argument c (spec_carg_first) is passed through a pointer:
 * a member the kernel writes (out, inout) or one with `pointer: true`. */
int spec_carg_by_pointer(const spec_t *spec, size_t c);
/* The name of argument c: its param's name, or the struct's (the part of
 * `member:` before the dot), written into buf (SPEC_NAME_MAX bytes). */
const char *spec_carg_name(const spec_t *spec, size_t c, char *buf);
/* Most params a spec may list (HLS tools stop far below: every param is
 * a port or a register of the RTL), most RTL files its rtl.sources may
 * come to, and most entries of any other list or mapping it holds
 * (design_dirs, c.include_dirs, rtl.verilator_flags, hls.widths,
 * host.sources, host.files; host.argv takes 256 words). An entry past a
 * limit is an error at that entry. */
#define SPEC_PARAMS_MAX 1024
#define SPEC_SOURCES_MAX 4096
#define SPEC_LIST_MAX 1024

/* Loads and validates the spec at path, a regular file of at most
 * LG_READ_MAX bytes (util/fsutil.h). Every file and directory it names
 * must be of the kind expected and, but for the directories tools search
 * (c.include_dirs, -y, -I, +incdir+), lie inside the design: the
 * directory trees of the spec's directory and of its design_dirs
 * (docs/spec.md). On success returns a spec the caller owns
 * (free with spec_destroy); on error returns NULL and fills err with
 * "file:line:col: message" (or "file: message" when it cannot be read). */
spec_t *spec_load(const char *path, lg_err_t *err);
/* The same for the len bytes of text (borrowed for the call) as if read
 * from path, which names it in messages and whose directory relative paths
 * resolve against; path need not exist. */
spec_t *spec_load_text(const char *path, const char *text, size_t len, lg_err_t *err);
void spec_destroy(spec_t *spec); /* accepts NULL */

/* Replaces the spec's seed directory (`seeds:`) with dir (copied), as a
 * command-line option overrides the file: dir is taken as given, its
 * inputs are not read here. */
void spec_override_seeds(spec_t *spec, const char *dir);

/* Checks that path is a regular file of at most LG_READ_MAX bytes whose
 * real path lies inside spec's design or one of the nextra directory trees
 * extra (real paths; may be NULL when nextra is 0), as lg_path_check does
 * (util/fsutil.h); shown is the name as written, for messages. LG_OK, or
 * err holds the reason alone, for the caller to prefix. */
int spec_check_design_file(const spec_t *spec, const char *path, const char *shown, const char *const *extra,
                           size_t nextra, lg_err_t *err);

/* The widths of the RTL's registers named after a value (spec_regs.c):
 * for each register "<name>(_V)?(_<n>)?_reg(_<n>)?" of rtl.sources, an
 * entry for <name>_<n> and for <name> with the register's bits (the widest
 * of a name's registers; is_signed 1 when the RTL reads one with a sign,
 * `$signed(r)` or `{{n{r[msb]}}, r}`, else 0: the sign is unknown); tmp and
 * registers whose width is not a literal range are left out. *out (a new
 * array, freed with spec_widths_free) and *n; err with the file when a
 * source cannot be read. */
int spec_rtl_widths(const spec_t *spec, spec_width_t **out, size_t *n, lg_err_t *err);
void spec_widths_free(spec_width_t *v, size_t n); /* accepts NULL */

/* How the RTL reads an input param whose port is narrower than its C type
 * (spec_ports.c): HLS's Verilog declares no port signed, and reads the
 * port's bits as a signed value with `$signed(p)` or its top bit
 * replicated, as an unsigned one by assigning them to a wider wire as they
 * are. */
typedef enum {
    SPEC_PORT_READ_UNKNOWN, /* not a narrowed input, no widening seen, or both kinds */
    SPEC_PORT_READ_ZEROS,   /* widened with zeros: the bits are an unsigned value */
    SPEC_PORT_READ_SIGN     /* widened by the top bit: the bits are a signed value */
} spec_port_read_t;

/* out[i] (spec->nparams entries) for every param, from the Verilog of
 * rtl.sources: each module that declares the port's signal (`p`, `p_q0`
 * and `p_q1`, `p_dout`, `p_TDATA` by the interface's mode) and the copies
 * of it that keep its width. LG_OK, or err with the file when a source
 * cannot be read (out all unknown). */
int spec_port_reads(const spec_t *spec, spec_port_read_t *out, lg_err_t *err);

/* Index of the param called name, or -1. */
int spec_param_index(const spec_t *spec, const char *name);
/* The roles of a RAM port's signals, in the order HLS lists them. */
typedef enum { SPEC_MEM_ADDR, SPEC_MEM_CE, SPEC_MEM_Q, SPEC_MEM_WE, SPEC_MEM_D, SPEC_MEM_ROLES } spec_mem_role_t;
/* The suffix of role r of RAM port k (0 or 1) of an ap_memory or bram
 * array: "_address0", "_ce1", "_Addr_A", "_Dout_B", "_WEN_A" ... */
const char *spec_mem_suffix(spec_if_mode_t mode, int k, spec_mem_role_t r);

/* 1 when name is a Verilog or VHDL reserved word: a param's default port
 * is then name_r, as HLS names it (spec_rtl.c). */
int spec_port_reserved(const char *name);
/* Number of elements array param i holds for an input whose scalar values
 * are given (values[j] for scalar param j): the fixed length, or the value
 * of its len param clamped to [0, max_len]. */
size_t spec_array_len(const spec_t *spec, size_t i, const int64_t *scalar_values);
/* Writes the resolved C prototype ("int accumulate(const int32_t *data, int32_t size)")
 * into buf. */
void spec_format_signature(const spec_t *spec, char *buf, size_t cap);
/* Room for a wide param's C type. */
#define SPEC_WIDE_CTYPE_MAX 48
/* The C type of wide param p's elements, "unsigned _BitInt(128)" (its
 * unsigned twin with as_unsigned), written to buf (SPEC_WIDE_CTYPE_MAX
 * bytes), which is returned. */
const char *spec_wide_ctype(const spec_param_t *p, int as_unsigned, char *buf);
/* Appends to b the C functions <name>_of(limbs), the element wide param
 * p's limbs hold, and <name>_to(v, limbs), v's limbs (the top one its top
 * bits): how generated C code crosses between the limbs lgfuzz carries
 * and a C kernel's _BitInt. */
void spec_wide_converters(lg_strbuf_t *b, const spec_param_t *p, const char *name);
/* Appends to b the C definition `struct <tag> { T field; ... };` of
 * struct argument c (spec_carg_first): its members in the spec's order,
 * each of type ctype(its type) (lg_type_ctype or lg_type_ktype), which
 * lays out as the kernel's struct when the spec lists all of its members. */
void spec_struct_decl(lg_strbuf_t *b, const spec_t *spec, size_t c, const char *tag, const char *(*ctype)(lg_type_t));
const char *spec_dir_name(spec_dir_t d);
/* The spec's name of p's type ("u128", "fixed<16,8>", "i12"), written to
 * buf (size n, LG_SHOW_MAX is room enough), which is returned. */
const char *spec_param_type_name(const spec_param_t *p, char *buf, int n);
const char *spec_if_mode_name(spec_if_mode_t m);
/* 1 when the RTL harness carries wide param p (spec.h) on interface f
 * with mode `mode` (f's, or the mode the ports show): the interfaces
 * SPEC_WIDE_CARRIED names. */
int spec_wide_carried(const spec_param_t *p, const spec_iface_t *f, spec_if_mode_t mode);
#define SPEC_WIDE_CARRIED                                                                                              \
    "lgfuzz carries an integer wider than 64 bits as an ap_none input, an ap_vld output, or the elements of an "       \
    "ap_fifo or axis stream, an m_axi buffer or an ap_memory array (not partitioned, read latency 1)"
/* A partition's banks, the addresses each bank has, and the array element
 * that address addr of bank `bank` holds: its index in the array, or
 * UINT64_MAX for an address that holds none (a short last block, the
 * rounding of a cyclic bank). */
uint64_t spec_part_banks(const spec_partition_t *pt);
uint64_t spec_part_bank_depth(const spec_partition_t *pt);
uint64_t spec_part_element(const spec_partition_t *pt, uint64_t bank, uint64_t addr);
/* "cyclic", "block", "complete" (and "none"). */
const char *spec_part_kind_name(spec_part_kind_t k);
/* "word", "file", "stdin" or "named file". */
const char *spec_host_kind_name(spec_host_kind_t k);

#endif
