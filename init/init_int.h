/* Private to init/: what it reads from an HLS solution (the top module's
 * Verilog ports, csynth.xml, the C prototype), how it turns that into the
 * params and interfaces of a spec, and how it writes the spec with every
 * guess marked. One stage per file, each called by init.c alone (infer.c
 * also asks csynth.c and axi.c about arguments and ports; proto.c and
 * members.c read types through ctypes.c):
 *   verilog.c  init_rtl_    the top module and its ports
 *   proto.c    init_proto_  the C or C++ prototype
 *   ctypes.c   init_map_, init_core_type, init_typedef_words, init_struct_decls: C and HLS type names
 *   members.c  init_members_ struct arguments as params of their members
 *   cexpr.c    init_macros_ the named constants array lengths are written with
 *   csynth.c   init_xml_    csynth.xml's arguments
 *   project.c  init_project_ the sources the HLS project lists
 *   axi.c      init_axi_    AXI4-Lite and m_axi bundles, the driver header
 *   tvec.c     init_tv_     stream lengths from co-simulation's test vectors
 *   infer.c    init_infer   params and interfaces from all of the above
 *   emit.c     init_emit    the spec's YAML text */
#ifndef LG_INIT_INT_H
#define LG_INIT_INT_H

#include <stddef.h>

#include "util/cconst.h"
#include "util/err.h"
#include "util/types.h"

/* One port of the top module. */
typedef struct init_port {
    char *name;
    char dir;  /* 'i' input, 'o' output, 'b' inout */
    int width; /* bits; 0 when the range is not two numbers */
} init_port_t;

/* The top module of the Verilog files. */
typedef struct init_rtl {
    char *top;      /* module name (owned) */
    char *top_file; /* the file declaring it (owned) */
    int top_line;
    char **files; /* every Verilog file read, top_file first (owned) */
    size_t nfiles;
    init_port_t *ports; /* in declaration order (owned) */
    size_t nports;
    char *gen_info; /* CORE_GENERATION_INFO value, or NULL (owned) */
} init_rtl_t;

/* Reads path, a Verilog file or a directory holding them (an HLS solution
 * directory: its syn/verilog/), and finds the top module: the one HLS marks
 * with CORE_GENERATION_INFO, else the one named want (may be NULL), else
 * the only module. On error returns LG_EINVAL/LG_EIO with err naming the
 * file and the modules seen. */
int init_rtl_read(const char *path, const char *want, init_rtl_t *out, lg_err_t *err);
void init_rtl_free(init_rtl_t *r);

/* One parameter of the C prototype. */
typedef struct init_cparam {
    char *name;
    char *ctype; /* the declared type as written, without the name (owned) */
    lg_type_t type;
    lg_fixed_t fx; /* an ap_fixed's I */
    int wide;      /* wider than 64 bits: the width, negative when signed (type is then u64); 0 otherwise */
    int known;     /* 1 when type was mapped from ctype */
    int pointer;   /* declared with *, & or [] */
    int reference; /* declared with & alone (a C++ reference, which the shim passes as the kernel takes it) */
    int brackets;  /* declared with [] (an array, whatever its length) */
    int is_const;  /* const element or value */
    long arr_len;  /* N of name[N], 0 when not given */
    long depth;    /* depth=N of an INTERFACE pragma for it in the body, 0 when none */
    long latency;  /* latency=N of an INTERFACE pragma for it (an ap_memory's read latency), 0 when none */
    char *offset;  /* offset= of an m_axi INTERFACE pragma for it (slave, direct, off), or NULL (owned) */
    long dims[4];  /* name[N][M]: N, M (ndims of them; arr_len their product) */
    int ndims;
    /* An ARRAY_PARTITION pragma for it in the body: part_kind 1 complete,
     * 2 cyclic, 3 block (spec.h's spec_part_kind_t), 0 none. */
    int part_kind, part_dim;
    long part_factor;
    /* A member of a struct argument (members.c): "<arg>.<field>", the
     * param named <arg>_<field> (owned); NULL for an argument itself. */
    char *member;
    int struct_unread; /* a struct whose members members.c could not all carry (an array, a pointer, a nested struct) */
} init_cparam_t;

typedef struct init_proto {
    char *path;
    int line;
    char *ret_ctype; /* owned; "void" for none */
    lg_type_t ret;
    lg_fixed_t ret_fx;
    int ret_known, has_ret;
    init_cparam_t *params;
    size_t nparams;
    char *types; /* the source with its headers, comments blanked, for the typedefs and structs (owned) */
} init_proto_t;

/* The -D and -I flags an HLS project compiles the kernel with. */
typedef struct init_cflags {
    char *const *defines; /* NAME or NAME=VALUE */
    size_t ndefines;
    char *const *includes; /* directories */
    size_t nincludes;
} init_cflags_t;

/* Finds the definition of function fn in the C or C++ source path and
 * reads its prototype (its types through the preprocessed source when
 * flags, which may be NULL, define something: init_macros_read). On error returns LG_EINVAL/LG_EIO with err naming
 * the file (no definition; a parameter it cannot read). */
int init_proto_read(const char *path, const char *fn, const init_cflags_t *flags, init_proto_t *out, lg_err_t *err);
/* 1 when the C or C++ file at path defines `main` (a testbench's: the
 * executor has its own), 0 otherwise or when it cannot be read. */
int init_defines_main(const char *path);
void init_proto_free(init_proto_t *p);
void init_cparam_free(init_cparam_t *cp);
/* ctypes.c: the type words of a declaration's text (qualifiers and the
 * name left out, *pointer set by * or &; owned), a type word mapped as a
 * C or HLS type, through the typedefs of src (the source with its
 * headers) or as ap_cint.h's names, the words of `typedef WORDS name;` in
 * src (owned, or NULL), and a parameter's element type (a stream's
 * element, an AXI4-Stream packet's data) the same way. */
int init_ident(char c); /* a character of a C identifier */
char *init_core_type(const char *text, int *is_const, int *pointer);
int init_map_word(const char *src, const char *word, lg_type_t *out, lg_fixed_t *fx, int *wide);
char *init_typedef_words(const char *src, const char *name);
int init_map_element(const char *core, const char *src, lg_type_t *out, lg_fixed_t *fx, int *wide);
/* ctypes.c: the member declarations of a struct's body (the len bytes between its
 * braces), in order: `T a, b;` gives a and b, both of type T (its words,
 * without const), pointer set by a * or & in the declaration. Each goes
 * to f, until f returns nonzero; returns that, or 0. */
typedef int (*init_decl_fn)(void *arg, const char *type, const char *name, int pointer);
int init_struct_decls(const char *body, size_t len, init_decl_fn f, void *arg);

/* members.c: each parameter of proto whose type is a struct of scalar
 * members (`typedef struct { int a; ap_uint<7> b; } in_t;`, `struct pt
 * { ... };` in the source or its headers) becomes one parameter per
 * member, in the struct's order, named as HLS names the member's ports
 * (<arg>_<field>), with the struct's passing (value, pointer, reference)
 * and `member` set. A struct with a member of another kind (an array, a
 * pointer, a nested struct, a type lgfuzz does not carry) stays one
 * parameter, its type not known. */
void init_members_expand(init_proto_t *proto);

/* One C argument as csynth.xml reports it. */
typedef struct init_xarg {
    char *name;   /* C argument */
    char *ctype;  /* C type, e.g. "float const" or "int*" (owned, may be "") */
    char *dir;    /* "in", "out", "inout" (owned, may be "") */
    char *mode;   /* interface protocol, e.g. "ap_memory" (owned, may be "") */
    long depth;   /* array depth when the report gives it, else 0 */
    char *bundle; /* its m_axi bundle (hwRef interface m_axi_<bundle>), or NULL (owned) */
    long offset;  /* its first AXI4-Lite register's offset, when has_offset */
    int has_offset;
} init_xarg_t;

typedef struct init_xml {
    char *path; /* the csynth.xml read, or NULL when there was none */
    init_xarg_t *args;
    size_t nargs;
} init_xml_t;

/* Looks for csynth.xml beside the Verilog (syn/report/ of the solution
 * holding verilog_dir, or verilog_dir itself) and reads its arguments.
 * None found is no error (out->path stays NULL); an unreadable one is. */
int init_xml_read(const char *verilog_dir, const char *top, init_xml_t *out, lg_err_t *err);
void init_xml_free(init_xml_t *x);
const init_xarg_t *init_xml_arg(const init_xml_t *x, const char *name);

/* The named integer constants of a C source and of the headers it
 * includes by "name" from its directory (cexpr.c, on util/cconst.h). */
typedef struct init_memo_entry {
    char *text;
    int64_t value;
    int ok; /* 0: clang did not take text as a constant */
} init_memo_entry_t;
typedef struct init_memo {
    init_memo_entry_t *e;
    size_t n, cap;
} init_memo_t;
typedef struct init_macros {
    cconsts_t consts;
    char *text;                 /* the source, each header it includes by "name" before it (owned) */
    char *path;                 /* the source (owned) */
    const init_cflags_t *flags; /* borrowed, may be NULL */
    init_memo_t *memo;          /* the expressions clang evaluated, and those it did not take (owned) */
} init_macros_t;

/* Reads path's constants; a file that cannot be read gives none. With
 * flags that define something (may be NULL), the defines override the
 * source's constants of their names, and text is the source as clang
 * preprocesses it with those flags (#ifdef resolved, macros expanded;
 * headers it cannot find read as empty), when clang can. */
void init_macros_read(const char *path, const init_cflags_t *flags, init_macros_t *out);
void init_macros_free(init_macros_t *m);
/* Evaluates text, an integer expression over C literals and the constants
 * of m (cconsts_eval), into *out: 0, or -1 when it is not one. What
 * cconsts_eval does not read (`sizeof`, casts, the source's types and
 * constexpr functions) is asked of clang, as a constant defined after
 * the source (its headers from the flags' directories and lgfuzz's
 * stand-ins, missing ones empty), each text once per m. */
int init_macros_eval(const init_macros_t *m, const char *text, int64_t *out);

/* A directive of the solution's directives.tcl about an argument:
 * set_directive_array_partition (part_kind as init_cparam_t's) or
 * set_directive_interface's -depth. */
typedef struct init_directive {
    char *fn, *var; /* the function and the argument (owned) */
    int part_kind, part_dim;
    long part_factor;
    long depth;   /* 0: none */
    long latency; /* set_directive_interface -latency, 0: none */
} init_directive_t;

/* The C and C++ files an HLS project lists for synthesis, and the
 * directives of the solution (project.c). */
typedef struct init_project {
    char *file;     /* the project file (vivado_hls.app, hls.app) or script.tcl read, or NULL */
    char *top;      /* the C function it synthesises (set_top, top=, syn.top=), or NULL */
    char **sources; /* the existing files it lists, testbench files left out, in its order */
    size_t nsources;
    char **mains; /* files it lists as the design's that define main: a testbench's, left out of sources */
    size_t nmains;
    /* What the cflags of those files (and the project's global cflags)
     * say: each -D as NAME or NAME=VALUE, first one of a name kept; each
     * -I that names an existing directory, as its real path. */
    char **defines;
    size_t ndefines;
    char **includes;
    size_t nincludes;
    init_directive_t *directives;
    size_t ndirectives;
    /* 1 when file is a solution's .autopilot/db and sources are the copies
     * of the design's files that HLS preprocessed there (`<file>.pp.0.c`),
     * read because the files themselves were not found: no flags */
    int preprocessed;
} init_project_t;

/* Looks for the project around the solution whose Verilog is in
 * verilog_dir (its syn/verilog/): the project file up to three directories
 * above, and the solution's script.tcl. Finding none is no error. */
/* The file called name in dir or at most depth levels below it: the
 * shallowest, and at one depth the first in name order (hidden entries
 * skipped). Owned, or NULL. */
char *init_find_file(const char *dir, const char *name, int depth);
void init_project_read(const char *verilog_dir, init_project_t *out);
/* Gives the arguments of fn in proto what p's directives say about them
 * where the source's pragmas say nothing (a partition, a depth). */
void init_project_apply(const init_project_t *p, const char *fn, init_proto_t *proto);
/* The index of the file path (resolved) among p's sources, or -1. */
long init_project_find(const init_project_t *p, const char *path);
void init_project_free(init_project_t *p);

/* The spec init writes: params with their interfaces, each value that was
 * guessed carrying a note. */
typedef enum {
    INIT_NONE,
    INIT_VLD,
    INIT_OVLD,
    INIT_MEMORY,
    INIT_FIFO,
    INIT_AXIS,
    INIT_MAXI,
    INIT_LITE,
    INIT_ACK,
    INIT_HS,
    INIT_BRAM /* Xilinx's BRAM port: _Addr_A, _EN_A, _WEN_A, _Din_A, _Dout_A, _Clk_A, _Rst_A (+ _B) */
} init_mode_t;

/* How an m_axi buffer's address reaches the kernel (spec.h's
 * spec_maxi_addr_t). */
typedef enum { INIT_ADDR_SLAVE, INIT_ADDR_DIRECT, INIT_ADDR_OFF } init_addr_t;

typedef struct init_param {
    char *name, *port; /* port prefix (owned) */
    lg_type_t type;
    lg_fixed_t fx; /* fixed<W,I>: its I */
    int wide;      /* wider than 64 bits: the width, negative when signed (type is then u64); 0 otherwise */
    int dir;       /* spec_dir_t */
    init_mode_t mode;
    int is_array;
    int by_pointer; /* an in scalar the C reads through a pointer (`pointer: true`) */
    long depth, max_len;
    int width;        /* RTL data width */
    char *len_param;  /* a param holding the length, or NULL (owned) */
    char *bundle;     /* INIT_MAXI: its bundle (owned) */
    init_addr_t addr; /* INIT_MAXI: where its address comes from */
    int has_offset;   /* its control register's offset is known (csynth.xml) */
    long offset;
    char *note;       /* what was guessed about this param, or NULL (owned) */
    char *iface_note; /* what was guessed about its interface, or NULL (owned) */
    int has_range;    /* a range the user accepted (init_cfg_t's ranges) */
    int64_t range_lo, range_hi;
    const char *range_why; /* borrowed from the init_cfg_t */
    /* INIT_MEMORY split into banks <port>_0 .. (ARRAY_PARTITION): nbanks of
     * them (0: not partitioned), part_kind as init_cparam_t's, part_dim,
     * part_factor, and the array's dims when it has more than one. */
    long nbanks;
    int part_kind, part_dim;
    long part_factor;
    long dims[4];
    int ndims;
    long latency; /* INIT_MEMORY: its read latency when the pragma or a directive gives one above 1, else 0 */
    char *member; /* a member of a struct argument: "<arg>.<field>" (owned), else NULL */
} init_param_t;

typedef struct init_spec {
    char *kernel;
    init_param_t *params;
    size_t nparams;
    int has_ret;
    lg_type_t ret;
    lg_fixed_t ret_fx;
    char *ret_note;
    const char *protocol; /* "s_axilite" (static) when the top has AXI4-Lite control, else NULL */
    char *registers;      /* the driver header x<top>_hw.h found, or NULL (owned) */
    char **guesses;       /* one line each, for stderr */
    size_t nguesses;
} init_spec_t;

/* The Vitis kernel flow's side of a top (axi.c): its AXI4-Lite
 * control bundle, its AXI4 master bundles and the driver header. */
typedef struct init_axi {
    char *lite;     /* s_axi_<lite>_AWADDR's bundle, or NULL (owned) */
    char **bundles; /* m_axi_<bundle>_{AR,AW}ADDR's bundles, in port order (owned) */
    int *reads;     /* per bundle: it has a read channel */
    int *writes;    /* per bundle: it has a write channel */
    size_t nbundles;
    char *registers;  /* x<top>_hw.h under the solution, or NULL (owned) */
    char *reg_text;   /* its text (owned) */
    char *map_text;   /* without it: <top>_<lite>_s_axi.v's text, whose comment maps the registers (owned) */
    char *slave_text; /* <top>_<lite>_s_axi.v's text, or NULL (owned) */
} init_axi_t;

/* An array HLS mapped into the control slave's memory. */
typedef struct init_axi_mem {
    long elems; /* its length, from the slave's comment "Memory 'a' (40 * 32b)" */
    int bits;   /* its elements' width there */
    int reads;  /* the core reads it (the slave has <a>_q0) */
    int writes; /* the core writes it (<a>_we0) */
} init_axi_mem_t;

/* The values each call of the C testbench passed through stream argument
 * arg (its RTL port `port`, may be NULL), as the test vectors of HLS's co-simulation
 * (<solution>/sim/tv/cdatafile/c.<top>.autotvin_<name>.dat, autotvout_
 * for an output) state them when every call passed as many; 0 when they
 * differ or no such file exists (tvec.c). */
long init_tv_elements(const char *verilog_dir, const char *top, const char *arg, const char *port, int out);

/* Finds rtl's AXI bundles and, searching from verilog_dir up to the
 * solution directory, the driver header; none is no error. */
void init_axi_read(const init_rtl_t *rtl, const char *verilog_dir, init_axi_t *out);
void init_axi_free(init_axi_t *a);
/* 1 when port name belongs to an AXI bundle or is the control's
 * `interrupt`. */
int init_axi_port(const char *name);
/* 1 when the driver header defines the register ..._ADDR_<REG>_DATA for
 * reg (a port prefix, upper-cased as HLS writes it). */
int init_axi_has_register(const init_axi_t *a, const char *reg);
/* 1 and *out when the control slave holds a memory for argument name (or
 * its HLS rename name_r); 0 otherwise. */
int init_axi_memory(const init_axi_t *a, const char *name, init_axi_mem_t *out);

/* Derives the params from the ports of rtl, the prototype proto and the
 * report xml (either may be empty: proto NULL, xml->path NULL). On error
 * returns LG_EINVAL with err naming the port or argument that does not fit
 * (an interface lgfuzz does not drive, a port with no C argument). */
int init_infer(const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml, const init_axi_t *axi,
               init_spec_t *out, lg_err_t *err);
void init_spec_free(init_spec_t *s);

/* Writes the YAML text of s (a malloc'd string): paths relative to the
 * directory of the spec file out_dir. */
/* proj, when not NULL, is the project that lists csource: its other
 * files, defines and include directories go into the spec's c section. */
char *init_emit(const init_spec_t *s, const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml,
                const init_project_t *proj, const char *csource, const char *fn, const char *out_dir);

#endif
