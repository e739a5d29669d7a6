/* `lgfuzz init`: what it reads from an HLS solution (the top module's
 * Verilog ports, csynth.xml, the C prototype), how it turns that into the
 * params and interfaces of a spec, and how it writes the spec with every
 * guess marked. Private to the cli. */
#ifndef LG_CLI_INIT_INT_H
#define LG_CLI_INIT_INT_H

#include <stddef.h>

#include "common/err.h"
#include "common/types.h"

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
    int known;    /* 1 when type was mapped from ctype */
    int pointer;  /* declared with * or [] */
    int is_const; /* const element or value */
    long arr_len; /* N of name[N], 0 when not given */
} init_cparam_t;

typedef struct init_proto {
    char *path;
    int line;
    char *ret_ctype; /* owned; "void" for none */
    lg_type_t ret;
    int ret_known, has_ret;
    init_cparam_t *params;
    size_t nparams;
} init_proto_t;

/* Finds the definition of function fn in the C or C++ source path and
 * reads its prototype. On error returns LG_EINVAL/LG_EIO with err naming
 * the file (no definition; a parameter it cannot read). */
int init_proto_read(const char *path, const char *fn, init_proto_t *out, lg_err_t *err);
void init_proto_free(init_proto_t *p);

/* One C argument as csynth.xml reports it. */
typedef struct init_xarg {
    char *name;  /* C argument */
    char *ctype; /* C type, e.g. "float const" or "int*" (owned, may be "") */
    char *dir;   /* "in", "out", "inout" (owned, may be "") */
    char *mode;  /* interface protocol, e.g. "ap_memory" (owned, may be "") */
    long depth;  /* array depth when the report gives it, else 0 */
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

/* The spec init writes: params with their interfaces, each value that was
 * guessed carrying a note. */
typedef enum { INIT_NONE, INIT_VLD, INIT_OVLD, INIT_MEMORY, INIT_FIFO } init_mode_t;

typedef struct init_param {
    char *name, *port; /* port prefix (owned) */
    lg_type_t type;
    int dir; /* spec_dir_t */
    init_mode_t mode;
    int is_array;
    long depth, max_len;
    int width;        /* RTL data width */
    char *len_param;  /* a param holding the length, or NULL (owned) */
    char *note;       /* what was guessed about this param, or NULL (owned) */
    char *iface_note; /* what was guessed about its interface, or NULL (owned) */
} init_param_t;

typedef struct init_spec {
    char *kernel;
    init_param_t *params;
    size_t nparams;
    int has_ret;
    lg_type_t ret;
    char *ret_note;
    char **guesses; /* one line each, for stderr */
    size_t nguesses;
} init_spec_t;

/* Derives the params from the ports of rtl, the prototype proto and the
 * report xml (either may be empty: proto NULL, xml->path NULL). On error
 * returns LG_EINVAL with err naming the port or argument that does not fit
 * (an interface lgfuzz does not drive, a port with no C argument). */
int init_infer(const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml, init_spec_t *out,
               lg_err_t *err);
void init_spec_free(init_spec_t *s);

/* Writes the YAML text of s (a malloc'd string): paths relative to the
 * directory of the spec file out_dir. */
char *init_emit(const init_spec_t *s, const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml,
                const char *csource, const char *fn, const char *out_dir);

#endif
