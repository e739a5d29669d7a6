/* Spec loader tests: a valid spec resolves as documented, and each
 * malformed spec is rejected with the expected file:line:col and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spec/spec.h"
#include "tests/test.h"
#include "util/alloc.h"

static char tmpdir[256];

static char *write_spec(const char *name, const char *text)
{
    char *path = lg_asprintf("%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

#define HEAD "kernel: k\nc:\n  source: k.c\n  function: k\n"
#define LONG_NAME                                                                                                      \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaa"                                                                                                             \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaa"                                                                                                             \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define PARAMS "params:\n  - name: data\n    type: i32\n    array: {max_len: 16, len: n}\n  - name: n\n    type: i32\n"

static const struct {
    const char *text;
    int line, col;
    const char *msg;
} bad[] = {
    {"kernal: k\n", 1, 1, "unknown key 'kernal' in the spec"},
    {"kernel: k\nc:\n  source: k.c\nparams: []\n", 3, 3, "missing required key 'function' in c"},
    {HEAD "params:\n  - name: x\n    type: int\n", 7, 11, "unknown type 'int' for param 'x'"},
    {HEAD "params:\n  - name: x\n    type: u1025\n", 7, 11,
     "type 'u1025' of param 'x' is 1025 bits wide; integer "
     "types go up to 1024"},
    {HEAD "params:\n  - {name: x, type: u65, range: [0, 3]}\n", 6, 33, "a param wider than 64 bits takes no range"},
    {HEAD "params:\n  - {name: x, type: u65}\nhost:\n  sources: [k.c]\n", 8, 3,
     "host: param 'x' is 65 bits wide; lgfuzz captures a host's calls of a kernel whose arguments are at most 64"},
    {HEAD "params: []\nreturn: i65\n", 6, 9, "type 'i65' of return is 65 bits wide; its integer types go up to 64"},
    {HEAD "params:\n  - {name: x, type: u65, array: {max_len: 2, len: 2}}\nrtl:\n  sources: [rtl/a.v]\n"
          "  interfaces:\n    x: {mode: bram}\n",
     6, 5, "'x' is 65 bits wide on bram: lgfuzz carries an integer wider than 64 bits as an ap_none input"},
    {HEAD "params:\n  - name: x\n    type: i0\n", 7, 11, "unknown type 'i0'"},
    {HEAD "params:\n  - name: x\n    type: fixed<65,8>\n", 7, 11, "type 'fixed<65,8>' of param 'x' has W 65"},
    {HEAD "params:\n  - name: x\n    type: ufixed<16,1001>\n", 7, 11, "type 'ufixed<16,1001>' of param 'x' has I 1001"},
    {HEAD "params:\n  - name: x\n    type: fixed<16>\n", 7, 11, "unknown type 'fixed<16>' for param 'x'"},
    {HEAD "params:\n  - {name: x, type: fixed<16,8>}\n", 6, 21, "type 'fixed<16' ends at its comma"},
    {HEAD "params:\n  - {name: x, type: \"fixed<16,8>\", range: [0, 40000]}\n", 6, 47,
     "raw range of 'x' 40000 is outside type i16"},
    {HEAD "  include_dirs: [nodir]\nparams: []\n", 5, 18, "c.include_dirs entry"},
    {HEAD "  include_dirs: nodir\nparams: []\n", 5, 17, "c.include_dirs"},
    {HEAD "params:\n  - name: d\n    type: i8\n    array: {max_len: 4, len: count}\n", 8, 30,
     "len of 'd' names 'count', which is not a param"},
    {HEAD "params:\n  - name: d\n    type: i8\n    array: {max_len: 4, len: e}\n  - name: e\n    type: i8\n"
          "    array: {len: 3}\n",
     8, 30, "'e', which is not an integer input scalar"},
    {HEAD "params:\n  - name: d\n    type: i8\n    array: {max_len: 0, len: n}\n  - name: n\n    type: i8\n", 8, 22,
     "max_len of 'd' must be at least 1"},
    {HEAD "params:\n  - name: x\n    type: u8\n    range: [0, 300]\n", 8, 16, "300 is outside type u8"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    size: {mode: ap_none}\n", 14, 5,
     "interfaces names 'size', which is not a param"},
    {"kernel: k\nc:\n  source: missing.c\n  function: k\nparams: []\n", 3, 11, "c.source 'missing.c' does not exist"},
    {HEAD "params:\n  - name: x\n    type: i16\n    range: [10, -10]\n", 8, 12, "lo 10 > hi -10"},
    {HEAD "params:\n  - name: x\n    type: i16\n   bad: [\n", 8, 4, "YAML syntax error"},
    {HEAD "params:\n  - name: x\n    type: i16\n    dir: sideways\n", 8, 10, "dir of 'x' must be in, out or inout"},
    {HEAD "params:\n  - name: x\n    type: i16\n    pointer: yes\n", 8, 14, "pointer of 'x' must be true or false"},
    {HEAD "params:\n  - name: x\n    type: i16\n    dir: out\n    pointer: true\n", 9, 14,
     "'x' is an out or inout scalar, which the kernel takes through a pointer anyway"},
    {HEAD "params:\n  - name: x\n    type: i16\n    array: {len: 4}\n    pointer: true\n", 9, 14, "'x' is an array"},
    {HEAD "params:\n  - name: x\n    type: i16\n  - name: x\n    type: i8\n", 8, 11, "duplicate param 'x'"},
    /* Members of struct arguments. */
    {HEAD "params:\n  - {name: p_x, type: i16, member: p}\n", 6, 36,
     "member of 'p_x' must be <argument>.<field>, two C identifiers"},
    {HEAD "params:\n  - {name: p_x, type: i16, member: p.x.y}\n", 6, 36, "found 'p.x.y'"},
    {HEAD "params:\n  - {name: p_x, type: i16, member: p.x, array: {len: 2}}\n", 6, 36,
     "'p_x' is a member of struct argument 'p': a member param is a scalar"},
    {HEAD "params:\n  - {name: p_x, type: i16, member: p.x}\n  - {name: k, type: i8}\n"
          "  - {name: p_y, type: i16, member: p.y}\n",
     8, 5, "'p_y' is a member of struct argument 'p', whose members are not consecutive params"},
    {HEAD "params:\n  - {name: p_x, type: i16, member: p.x}\n  - {name: p_y, type: i16, member: p.x}\n", 7, 5,
     "member p.x of 'p_y' is already param 'p_x'"},
    {HEAD "params:\n  - {name: p, type: i16}\n  - {name: p_y, type: i16, member: p.y}\n", 7, 5,
     "member p.y of 'p_y' names struct argument 'p', which is a param"},
    {HEAD PARAMS "hls:\n  widths: {sum: u0}\n", 12, 17, "width 'u0' of 'sum'"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-o, x]\n", 13, 21, "'-o' is not accepted"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-Wno-fatal, --Mdir]\n", 13, 33,
     "'--Mdir' is not accepted"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-CFLAGS, -O0]\n", 13, 21, "'-CFLAGS' is not accepted"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: diagonal}}\n",
     14, 47, "partition type of 'data' must be complete, cyclic or block, found 'diagonal'"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: cyclic}}\n", 14,
     40, "a cyclic partition of 'data' needs a factor"},
    {HEAD PARAMS
     "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: cyclic, factor: 32}}\n",
     14, 63, "partition factor of 'data' must be in [1, 16] (the size of dim 1), found 32"},
    {HEAD PARAMS
     "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: complete, dims: [3, 5]}}\n",
     14, 63, "partition dims of 'data' multiply to 15, not its length 16"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: block, factor: "
                 "2, dim: 3, dims: [4, 4]}}\n",
     14, 70, "partition dim of 'data' must be in [1, 2], found 3"},
    {HEAD PARAMS
     "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, partition: {type: complete, factor: 2}}\n",
     14, 65, "a complete partition of 'data' takes no factor"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    n: {mode: ap_none, partition: {type: complete}}\n", 14, 35,
     "partition is only meaningful for an ap_memory or bram array; 'n' is a scalar"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_fifo, partition: {type: complete}}\n", 14,
     38, "partition is only meaningful for an ap_memory or bram array; 'data' is ap_fifo"},
    {HEAD PARAMS
     "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, depth: 8, partition: {type: complete}}\n",
     14, 50, "a partitioned array 'data' has depth 16, its length, not 8"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory, latency: 0}\n", 14, 38,
     "latency of 'data' must be in [1, 16] cycles, found 0"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_fifo, latency: 2}\n", 14, 36,
     "latency is only meaningful for an ap_memory array; 'data' is ap_fifo"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-yes]\n", 13, 21, "'-yes' is not accepted"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-y]\n", 13, 21, "'-y' needs a value"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-y, nodir]\n", 13, 25, "'nodir' does not exist"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [--x-assign, -fast]\n", 13, 33,
     "'-fast' is not a value for --x-assign"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_bus}\n", 14, 18,
     "unknown interface mode 'ap_bus'"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_none}\n", 14, 18,
     "'data' is an array: mode must be ap_memory, bram, ap_fifo, m_axi, axis or s_axilite"},
    {HEAD "params:\n  - name: d\n    type: i8\n    array: {max_len: 4, len: n}\n  - name: n\n    type: i8\n"
          "    range: [0, 9]\n",
     8, 30, "range [0, 9] of 'n' exceeds [0, 4]"},
    {HEAD "params: 3\n", 5, 9, "params must be a list"},
    {"c:\n  source: k.c\n  function: k\nparams: []\n", 1, 1, "missing required key 'kernel'"},
    {"", 1, 1, "the file is empty"},
    {HEAD "params:\n  - name: 2x\n    type: i8\n", 6, 11, "param name '2x' is not a C identifier"},
    {HEAD PARAMS "rtl:\n  sources: [k.v, nope.v]\n", 12, 18, "rtl source 'nope.v' does not exist"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  protocol: ap_ctrl_free\n", 13, 13,
     "unsupported rtl.protocol 'ap_ctrl_free'"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    n: {mode: ap_none, bundle: g}\n", 14, 32,
     "bundle is only meaningful for mode m_axi"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  registers: nope_hw.h\n", 13, 14, "nope_hw.h"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    n: {mode: s_axilite, offset: 0x12}\n", 14, 34,
     "offset of 'n' must be a multiple of 4 in [0x10, 0xffffc], found 18"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    n: {mode: m_axi}\n", 14, 15,
     "mode m_axi does not suit 'n', a scalar"},
    {HEAD "params:\n  - name: d\n    type: i8\n    array: {len: n}\n  - name: n\n    type: i8\n", 8, 12,
     "needs max_len"},
    {HEAD PARAMS "seeds: nowhere/\n", 11, 8, "seeds 'nowhere/' does not exist"},
    {HEAD "params:\n  - name: x\n    type: i8\n    typ: i8\n", 8, 5, "unknown key 'typ' in a param"},
    {HEAD "params:\n  - name: x\n    type: i16\n    dir: inout\nrtl:\n  sources: [k.v]\n  interfaces:\n"
          "    x: {mode: ap_vld}\n",
     12, 15, "mode ap_vld does not suit 'x', an inout scalar (HLS makes a read and written scalar ap_ovld"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    n: {mode: ap_ovld}\n", 14, 15,
     "mode ap_ovld does not suit 'n', an input (use ap_none, or ap_vld for an input with a valid)"},
    {HEAD "params:\n  - name: x\n    type: i16\n    dir: inout\nrtl:\n  sources: [k.v]\n  interfaces:\n"
          "    x: {mode: ap_ack}\n",
     12, 15, "mode ap_ack does not suit 'x', an inout scalar (HLS gives an inout acknowledges only with valids"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_ovld}\n", 14, 18,
     "'data' is an array: mode must be ap_memory, bram, ap_fifo, m_axi, axis or s_axilite, not ap_ovld"},
    /* Names that reach paths, command lines and generated code. */
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  top: \"../../../escape_top\"\n", 13, 8,
     "rtl.top '../../../escape_top' is not a C identifier"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  top: \"--help\"\n", 13, 8, "rtl.top '--help' is not a C identifier"},
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {port: \"a b\"}\n", 14, 18,
     "port 'a b' is not a C identifier"},
    {HEAD PARAMS "hls:\n  widths: {\"../x\": u9}\n", 12, 12, "hls.widths key '../x' is not a C identifier"},
    {"kernel: \"../k\"\n", 1, 9, "kernel name '../k' is not a C identifier"},
    {"kernel: k\nc:\n  source: k.c\n  function: \"-k\"\n", 4, 13, "c.function '-k' is not a C identifier"},
    {"kernel: k\nc:\n  source: k.c\n  function: main\n", 4, 13, "c.function is `main`, a program's entry"},
    {"kernel: k\nc:\n  source: k.c\n  function: \"k\\0; rm -rf /\"\n", 4, 13, "a NUL character (\\0) inside a string"},
    {"kernel: " LONG_NAME "\n", 1, 9, "kernel name 'aaaa"},
    /* Duplicate keys in every mapping, interfaces included. */
    {HEAD PARAMS "rtl:\n  sources: [k.v]\n  interfaces:\n    data: {mode: ap_memory}\n    data: {port: d2}\n", 15, 5,
     "duplicate key 'data' in 'interfaces' (first given at 14:5)"},
    {HEAD PARAMS "hls:\n  widths: {i: u9, i: u8}\n", 12, 19, "duplicate key 'i' in 'widths'"},
    {HEAD "params:\n  - {name: x, type: i8, type: u8}\n", 6, 25, "duplicate key 'type'"},
    /* Sources: regular files of at most 64 MiB, directories, globs. */
    {"kernel: k\nc:\n  source: /dev/zero\n  function: k\n", 3, 11,
     "c.source '/dev/zero': not a regular file: /dev/zero is a character device"},
    {"kernel: k\nc:\n  source: .\n  function: k\n", 3, 11, "c.source '.': not a regular file: . resolves to "},
    {HEAD PARAMS "rtl:\n  sources: [/dev/zero]\n", 12, 13,
     "rtl source '/dev/zero': not a regular file: /dev/zero is a character device"},
    {HEAD PARAMS "rtl:\n  sources: /proc/self/mem\n", 12, 12,
     "rtl source '/proc/self/mem': not a regular file on disk: /proc/self/mem resolves to /proc/"},
    {HEAD PARAMS "rtl:\n  sources: [\"*.vhd\"]\n", 12, 13, "rtl.sources pattern '*.vhd' matches no file"},
    {HEAD PARAMS "rtl:\n  sources: [empty]\n", 12, 13, "rtl source directory 'empty' holds no .v or .sv file"},
    {HEAD PARAMS "rtl:\n  sources: [k.v, \"*.v\"]\n", 12, 18, "k.v' is listed twice"},
    {HEAD PARAMS "rtl:\n  sources: [k.v, ./k.v]\n", 12, 18, "k.v' is listed twice"},
};

static void test_valid(void)
{
    char *path = write_spec("good.yaml",
                            HEAD "params:\n  - name: in\n    type: u8\n    array: {max_len: 16, len: n}\n"
                                 "  - name: n\n    type: i32\n  - name: out\n    type: i16\n    array: {len: 4}\n"
                                 "    dir: out\n  - name: gain\n    type: u64\n    range: [1, 18446744073709551615]\n"
                                 "return: i32\nrtl:\n  sources: [k.v]\n  max_cycles: 500\n  interfaces:\n"
                                 "    in: {mode: ap_memory, depth: 10, width: 7}\n    out: {port: result}\n"
                                 "hls:\n  widths: {acc: i12, i: u5}\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (!s)
        goto done;
    CHECK(strcmp(s->kernel, "k") == 0);
    CHECK(s->nparams == 4);
    CHECK(s->params[0].is_array && s->params[0].len_param == 1 && s->params[0].max_len == 16);
    CHECK(s->params[1].range_lo == 0 && s->params[1].range_hi == 16); /* len param narrowed */
    CHECK(s->params[2].fixed_len && s->params[2].max_len == 4 && s->params[2].dir == SPEC_DIR_OUT);
    CHECK(s->params[3].type == LG_U64 && (uint64_t)s->params[3].range_hi == UINT64_MAX);
    CHECK(strcmp(s->ifaces[0].port, "in_r") == 0); /* reserved word gets _r */
    CHECK(s->ifaces[0].depth == 10 && s->ifaces[0].width == 7);
    CHECK(strcmp(s->ifaces[2].port, "result") == 0 && s->ifaces[2].mode == SPEC_IF_AP_MEMORY);
    CHECK(s->ifaces[2].depth == 4 && s->ifaces[2].width == 16);
    CHECK(s->ifaces[1].mode == SPEC_IF_AP_NONE && s->ifaces[1].width == 32);
    CHECK(s->max_cycles == 500 && strcmp(s->rtl_top, "k") == 0);
    CHECK(s->nwidths == 2 && s->widths[0].width.bits == 12 && s->widths[0].width.is_signed);
    CHECK(strstr(s->c_source, tmpdir) == s->c_source);
    int64_t scal[4] = {0, 9, 0, 0};
    CHECK(spec_array_len(s, 0, scal) == 9 && spec_array_len(s, 2, scal) == 4);
    scal[1] = 99;
    CHECK(spec_array_len(s, 0, scal) == 16);
    char sig[256];
    spec_format_signature(s, sig, sizeof sig);
    CHECK_STR_CONTAINS(sig, "int32_t k(const uint8_t *in, int32_t n, int16_t *out, uint64_t gain)");
    CHECK(spec_cargs(s) == 4 && s->params[3].carg == 3 && s->params[3].member == NULL);
    /* A seed directory given on the command line replaces the spec's. */
    CHECK(s->seeds_dir == NULL);
    spec_override_seeds(s, "seeds/a");
    spec_override_seeds(s, "seeds/b");
    CHECK(strcmp(s->seeds_dir, "seeds/b") == 0);
done:
    spec_destroy(s);
    free(path);
}

/* Struct arguments as their members: one argument of the kernel each, by
 * value unless a member is an output or read through a pointer. */
static void test_members(void)
{
    char *path = write_spec("members.yaml", HEAD "params:\n  - {name: in_a, type: i32, member: in.a}\n"
                                                 "  - {name: in_b, type: u8, member: in.b}\n  - {name: k, type: i16}\n"
                                                 "  - {name: out_s, type: i32, dir: out, member: out.s}\n"
                                                 "  - {name: out_t, type: i8, member: out.t}\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        CHECK(spec_cargs(s) == 3);
        size_t n;
        CHECK(spec_carg_first(s, 0, &n) == 0 && n == 2);
        CHECK(spec_carg_first(s, 1, &n) == 2 && n == 1);
        CHECK(spec_carg_first(s, 2, &n) == 3 && n == 2);
        CHECK(!spec_carg_by_pointer(s, 0) && !spec_carg_by_pointer(s, 1) && spec_carg_by_pointer(s, 2));
        char name[SPEC_NAME_MAX + 1];
        CHECK(strcmp(spec_carg_name(s, 2, name), "out") == 0 && strcmp(spec_param_field(&s->params[4]), "t") == 0);
        char sig[256];
        spec_format_signature(s, sig, sizeof sig);
        CHECK_STR_CONTAINS(sig,
                           "void k(struct {int32_t a; uint8_t b;} in, int16_t k, struct {int32_t s; int8_t t;} *out)");
    }
    spec_destroy(s);
    free(path);
}

/* Integers in a spec are decimal, leading zeros too (0200000 is 200000,
 * never octal 65536), or 0x hex. */
static void test_integers(void)
{
    char *path = write_spec("ints.yaml", HEAD "params:\n  - {name: n, type: i32, range: [010, 0x20]}\n"
                                              "rtl:\n  sources: [k.v]\n  max_cycles: 0200000\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        CHECK_MSG(s->max_cycles == 200000, "max_cycles %llu", (unsigned long long)s->max_cycles);
        CHECK(s->params[0].range_lo == 10 && s->params[0].range_hi == 32);
    }
    spec_destroy(s);
    free(path);
}

/* Scalar outputs get HLS's default modes: ap_vld for an out pointer,
 * ap_ovld for an inout one; ap_ovld is accepted on an out pointer too. */
static void test_scalar_output_modes(void)
{
    char *path = write_spec("outs.yaml", HEAD "params:\n  - {name: o, type: i32, dir: out}\n"
                                              "  - {name: io, type: i32, dir: inout}\n"
                                              "  - {name: o2, type: i8, dir: out}\n"
                                              "rtl:\n  sources: [k.v]\n  interfaces:\n    o2: {mode: ap_ovld}\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        CHECK(s->ifaces[0].mode == SPEC_IF_AP_VLD && s->ifaces[1].mode == SPEC_IF_AP_OVLD);
        CHECK(s->ifaces[2].mode == SPEC_IF_AP_OVLD && strcmp(spec_if_mode_name(s->ifaces[1].mode), "ap_ovld") == 0);
    }
    spec_destroy(s);
    free(path);
}

/* A partition's banks and which element each address holds: 1-D cyclic,
 * block (a short last block) and complete; 2-D along either dimension;
 * and one read from a spec. */
static void test_partition(void)
{
    spec_partition_t cyc = {.kind = SPEC_PART_CYCLIC, .dim = 1, .factor = 2, .dims = {8}, .ndims = 1};
    CHECK(spec_part_banks(&cyc) == 2 && spec_part_bank_depth(&cyc) == 4);
    CHECK(spec_part_element(&cyc, 1, 2) == 5 && spec_part_element(&cyc, 0, 3) == 6);
    spec_partition_t blk = {.kind = SPEC_PART_BLOCK, .dim = 1, .factor = 3, .dims = {8}, .ndims = 1};
    CHECK(spec_part_banks(&blk) == 3 && spec_part_bank_depth(&blk) == 3);
    CHECK(spec_part_element(&blk, 2, 1) == 7 && spec_part_element(&blk, 2, 2) == UINT64_MAX);
    CHECK(spec_part_element(&blk, 0, 3) == UINT64_MAX && spec_part_element(&blk, 3, 0) == UINT64_MAX);
    spec_partition_t all = {.kind = SPEC_PART_COMPLETE, .dim = 1, .dims = {8}, .ndims = 1};
    CHECK(spec_part_banks(&all) == 8 && spec_part_bank_depth(&all) == 1 && spec_part_element(&all, 5, 0) == 5);
    spec_partition_t rows = {.kind = SPEC_PART_CYCLIC, .dim = 1, .factor = 2, .dims = {4, 8}, .ndims = 2};
    CHECK(spec_part_bank_depth(&rows) == 16 && spec_part_element(&rows, 1, 9) == 25);
    spec_partition_t cols = {.kind = SPEC_PART_BLOCK, .dim = 2, .factor = 2, .dims = {4, 8}, .ndims = 2};
    CHECK(spec_part_bank_depth(&cols) == 16 && spec_part_element(&cols, 1, 5) == 13);
    spec_partition_t each = {.kind = SPEC_PART_COMPLETE, .dim = 1, .dims = {4, 8}, .ndims = 2};
    CHECK(spec_part_banks(&each) == 4 && spec_part_bank_depth(&each) == 8 && spec_part_element(&each, 2, 3) == 19);
    /* Every element lies in exactly one bank. */
    const spec_partition_t *pts[] = {&cyc, &blk, &all, &rows, &cols, &each};
    for (size_t i = 0; i < sizeof pts / sizeof *pts; i++) {
        uint64_t len = pts[i]->dims[0] * (pts[i]->ndims > 1 ? pts[i]->dims[1] : 1), seen = 0, sum = 0;
        for (uint64_t b = 0; b < spec_part_banks(pts[i]); b++)
            for (uint64_t a = 0; a < spec_part_bank_depth(pts[i]); a++) {
                uint64_t e = spec_part_element(pts[i], b, a);
                if (e != UINT64_MAX) {
                    seen++;
                    sum += e;
                }
            }
        CHECK_MSG(seen == len && sum == len * (len - 1) / 2, "partition %zu: %llu elements", i,
                  (unsigned long long)seen);
    }
    char *path = write_spec("part.yaml", HEAD "params:\n  - {name: m, type: i16, array: {len: 32}}\n"
                                              "rtl:\n  sources: [k.v]\n  interfaces:\n"
                                              "    m: {mode: ap_memory, partition: {type: block, factor: 2, dim: 2, "
                                              "dims: [4, 8]}}\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        const spec_partition_t *pt = &s->ifaces[0].part;
        CHECK(pt->kind == SPEC_PART_BLOCK && pt->dim == 2 && pt->factor == 2 && pt->ndims == 2);
        CHECK(pt->dims[0] == 4 && pt->dims[1] == 8 && s->ifaces[0].depth == 32);
        CHECK(spec_part_element(pt, 1, 5) == 13);
    }
    spec_destroy(s);
    free(path);
}

/* The Vitis kernel flow: with protocol s_axilite, params left out of
 * interfaces get m_axi (arrays, bundle gmem) and s_axilite (scalars);
 * bundle and offset are kept as given; axis streams parse. */
static void test_vitis_modes(void)
{
    char *path = write_spec("vitis.yaml", HEAD "params:\n  - {name: a, type: i32, array: {max_len: 8, len: n}}\n"
                                               "  - {name: n, type: i32, range: [0, 8]}\n"
                                               "  - {name: b, type: i32, dir: out, array: {max_len: 8, len: n}}\n"
                                               "  - {name: s, type: i32, array: {max_len: 8, len: n}}\n"
                                               "rtl:\n  sources: [k.v]\n  protocol: s_axilite\n  interfaces:\n"
                                               "    b: {mode: m_axi, bundle: gmem1, offset: 0x40}\n"
                                               "    n: {offset: 0x30}\n    s: {mode: axis}\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        CHECK(strcmp(s->rtl_protocol, "s_axilite") == 0);
        CHECK(s->ifaces[0].mode == SPEC_IF_M_AXI && s->ifaces[0].bundle == NULL && !s->ifaces[0].has_offset);
        CHECK(s->ifaces[1].mode == SPEC_IF_S_AXILITE && s->ifaces[1].has_offset && s->ifaces[1].offset == 0x30);
        CHECK(s->ifaces[2].mode == SPEC_IF_M_AXI && strcmp(s->ifaces[2].bundle, "gmem1") == 0);
        CHECK(s->ifaces[2].offset == 0x40 && strcmp(spec_if_mode_name(s->ifaces[3].mode), "axis") == 0);
    }
    spec_destroy(s);
    free(path);
}

/* rtl.sources entries naming a directory (its .v and .sv files) and a
 * glob pattern expand in sorted order, after a plain file. */
static void test_source_lists(void)
{
    char *path = write_spec("srcs.yaml", HEAD PARAMS "rtl:\n  sources: [k.v, rtl, \"g/*.v\"]\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    static const char *const want[] = {"/k.v", "/rtl/a.v", "/rtl/b.sv", "/g/y.v", "/g/z.v"};
    CHECK(s && s->nrtl_sources == sizeof want / sizeof want[0]);
    for (size_t i = 0; s && i < s->nrtl_sources && i < sizeof want / sizeof want[0]; i++) {
        char *full = lg_asprintf("%s%s", tmpdir, want[i]);
        CHECK_MSG(strcmp(s->rtl_sources[i], full) == 0, "source %zu: %s, expected %s", i, s->rtl_sources[i], full);
        free(full);
    }
    spec_destroy(s);
    free(path);
}

/* Accepted Verilator flags pass through; path arguments become absolute. */
static void test_verilator_flags(void)
{
    char *path = write_spec("vflags.yaml", HEAD PARAMS "rtl:\n  sources: [k.v]\n  verilator_flags: [-Wno-fatal, "
                                                       "\"+1364-2005ext+v\", -y, rtl, -Irtl, -DX=1]\n");
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    char *y = lg_asprintf("%s/rtl", tmpdir), *inc = lg_asprintf("-I%s/rtl", tmpdir);
    const char *const want[] = {"-Wno-fatal", "+1364-2005ext+v", "-y", y, inc, "-DX=1"};
    CHECK(s && s->nrtl_vflags == sizeof want / sizeof want[0]);
    for (size_t i = 0; s && i < s->nrtl_vflags && i < sizeof want / sizeof want[0]; i++)
        CHECK_MSG(strcmp(s->rtl_vflags[i], want[i]) == 0, "flag %zu: %s, expected %s", i, s->rtl_vflags[i], want[i]);
    free(inc);
    free(y);
    spec_destroy(s);
    free(path);
}

/* A 100,000-level document is refused at level 65 (the root mapping is
 * level 1), before libyaml builds it, which would take time quadratic in
 * the depth. */
static void test_deep(void)
{
    size_t n = 100000;
    char *text = lg_malloc(2 * n + 16);
    memcpy(text, "kernel: ", 8);
    memset(text + 8, '[', n);
    memset(text + 8 + n, ']', n);
    char *path = lg_asprintf("%s/deep.yaml", tmpdir);
    lg_err_t err;
    spec_t *s = spec_load_text(path, text, 8 + 2 * n, &err);
    CHECK(s == NULL);
    char *where = lg_asprintf("%s:1:72: nesting deeper than 64 levels", path);
    CHECK_STR_CONTAINS(err.msg, where);
    spec_destroy(s);
    free(where);
    free(path);
    free(text);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/lgfuzz-test-spec-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    free(write_spec("k.c", "int k(void) { return 0; }\n"));
    free(write_spec("k.v", "module k(); endmodule\n"));
    static const char *const dirs[] = {"empty", "rtl", "g"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char *d = lg_asprintf("%s/%s", tmpdir, dirs[i]);
        CHECK(mkdir(d, 0700) == 0);
        free(d);
    }
    static const char *const files[] = {"empty/notes.txt", "rtl/b.sv", "rtl/a.v", "rtl/notes.txt",
                                        "g/z.v",           "g/y.v",    "g/x.sv"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        free(write_spec(files[i], "module m(); endmodule\n"));
    test_valid();
    test_integers();
    test_members();
    test_scalar_output_modes();
    test_vitis_modes();
    test_partition();
    test_source_lists();
    test_verilator_flags();
    test_deep();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.yaml", i);
        char *path = write_spec(name, bad[i].text);
        lg_err_t err;
        spec_t *s = spec_load(path, &err);
        CHECK_MSG(s == NULL, "case %zu accepted", i);
        if (s) {
            spec_destroy(s);
        } else {
            char *where = lg_asprintf("%s:%d:%d: ", path, bad[i].line, bad[i].col);
            CHECK_MSG(strncmp(err.msg, where, strlen(where)) == 0, "case %zu: '%s' does not start with '%s'", i,
                      err.msg, where);
            CHECK_MSG(strstr(err.msg, bad[i].msg) != NULL, "case %zu: '%s' lacks '%s'", i, err.msg, bad[i].msg);
            CHECK(err.code == LG_EINVAL);
            free(where);
        }
        unlink(path);
        free(path);
    }
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    TEST_DONE();
}
