/* The RTL's memory files and the checks `lgfuzz check` makes, no model
 * built: the Verilog scan skips comments and strings; kernels/fir's
 * $readmemh file is found beside the Verilog naming it, in the HLS
 * solution's other verilog directory, or is an error naming the Verilog
 * line and the file, and so is one that is no regular file of the design
 * (/dev/zero, a FIFO, a symlink to /dev/zero, ../ out of the design, over
 * 64 MiB), as is an `include of such a file; the ports key changes with
 * the file's contents and
 * not with where the kernel lies; staged sources point at absolute copies;
 * every port mismatch is reported; known Verilator errors get a hint. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIR LGFUZZ_SOURCE_DIR "/kernels/fir"
#define DAT "fir_coeff_ROM_AUTO_1R.dat"
#define ROM "fir_coeff_ROM_AUTO_1R.v"

static void put(const char *path, const char *text)
{
    lg_err_t err;
    char *dir = lg_path_dirname(path);
    if (lg_mkdirs(dir, &err) != 0 || lg_write_file_atomic(path, text, strlen(text), &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    free(dir);
}

/* Copies kernels/fir/<name> to dir/<as>. */
static void copy_fir(const char *name, const char *dir, const char *as)
{
    lg_err_t err;
    char *from = lg_path_join(FIR, name);
    char *to = lg_path_join(dir, as ? as : name);
    char *text = lg_read_file(from, NULL, &err);
    if (!text) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    put(to, text);
    free(text);
    free(to);
    free(from);
}

/* A copy of kernels/fir in dir; with_dat 0 leaves the ROM's file out. */
static void copy_kernel(const char *dir, int with_dat)
{
    const char *files[] = {"kernel.yaml", "kernel.c", "kernel.v", ROM, DAT};
    for (size_t i = 0; i < (with_dat ? 5u : 4u); i++)
        copy_fir(files[i], dir, NULL);
}

typedef struct seen {
    const char *text;
    char got[256];
} seen_t;

static void on_item(void *ctx, const oscan_item_t *it)
{
    seen_t *s = ctx;
    size_t len = strlen(s->got);
    const char *kind = it->kind == OSCAN_MODULE ? "m" : it->kind == OSCAN_INCLUDE ? "i" : "r";
    snprintf(s->got + len, sizeof s->got - len, "%s%s:%d:%.*s", len ? " " : "", kind, it->line,
             (int)(it->end - it->start), s->text + it->start);
}

static void test_scan(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"module rom(a);\ninitial $readmemh(\"./x.dat\", m);\nendmodule\n", "m:1:rom r:2:./x.dat"},
        {"// $readmemh(\"no.dat\", m);\n/* module no;\n*/ module yes;\n", "m:3:yes"},
        {"initial $display(\"$readmemh(\\\"no.dat\\\")\");\n$readmemb ( /* c */ \"b.dat\" , m);", "r:2:b.dat"},
        {"$readmemh(FILE, m); $readmemh(\"\", m);", "r:1:"},
        {"macromodule  \n  top_1$x (", "m:2:top_1$x"},
        {"`include \"a.vh\"\n// `include \"no.vh\"\n`include `FILE\n  `include  \"/dev/zero\"",
         "i:1:a.vh i:4:/dev/zero"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        seen_t s = {.text = cases[i].text};
        oracle_vscan(cases[i].text, on_item, &s);
        CHECK_MSG(strcmp(s.got, cases[i].want) == 0, "case %zu: got '%s', want '%s'", i, s.got, cases[i].want);
    }
}

static void test_find(const char *tmp)
{
    lg_err_t err;
    spec_t *s = test_spec(FIR "/kernel.yaml");
    omems_t m;
    CHECK_MSG(memfiles_find(s, &m, &err) == 0, "%s", err.msg);
    CHECK(m.n == 1);
    if (m.n == 1) {
        CHECK(strcmp(m.v[0].name, "./" DAT) == 0);
        CHECK(m.v[0].line == 22 && m.v[0].src == 1);
        CHECK_STR_CONTAINS(m.v[0].path, "kernels/fir/" DAT);
    }
    CHECK(m.texts[0] == NULL && m.texts[1] != NULL);
    memfiles_free(&m);
    spec_destroy(s);

    /* Missing: the error names the Verilog file, its line and the file. */
    char *dir = lg_path_join(tmp, "missing");
    copy_kernel(dir, 0);
    char *yaml = lg_path_join(dir, "kernel.yaml");
    s = test_spec(yaml);
    CHECK(memfiles_find(s, &m, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, ROM ":22: $readmem memory file \"./" DAT "\" not found");
    CHECK(m.n == 0 && m.v == NULL);
    spec_destroy(s);
    free(yaml);
    free(dir);

    /* An HLS solution: sources from syn/verilog, the .dat in impl/verilog. */
    dir = lg_path_join(tmp, "solution");
    char *syn = lg_path_join(dir, "syn/verilog");
    char *impl = lg_path_join(dir, "impl/verilog");
    copy_fir("kernel.c", dir, NULL);
    copy_fir("kernel.v", syn, NULL);
    copy_fir(ROM, syn, NULL);
    copy_fir(DAT, impl, NULL);
    yaml = lg_path_join(dir, "kernel.yaml");
    put(yaml,
        "kernel: fir\nc: {source: kernel.c, function: fir}\n"
        "params:\n  - {name: x, type: i16, array: {max_len: 16, len: n}}\n  - {name: n, type: i32, range: [0, 16]}\n"
        "return: i32\nrtl:\n  sources: [syn/verilog/kernel.v, syn/verilog/" ROM "]\n");
    s = test_spec(yaml);
    CHECK_MSG(memfiles_find(s, &m, &err) == 0, "%s", err.msg);
    CHECK(m.n == 1 && test_contains(m.v[0].path, "impl/verilog/" DAT));
    memfiles_free(&m);
    spec_destroy(s);
    free(yaml);
    free(impl);
    free(syn);
    free(dir);
}

/* Replaces the first from in the file at path by to. */
static void edit(const char *path, const char *from, const char *to)
{
    lg_err_t err;
    char *text = lg_read_file(path, NULL, &err);
    char *at = text ? strstr(text, from) : NULL;
    if (!at) {
        fprintf(stderr, "setup: no '%s' in %s\n", from, path);
        exit(2);
    }
    char *edited = lg_asprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    put(path, edited);
    free(edited);
    free(text);
}

/* Files the RTL names that are no regular file of the design: each is an
 * error at the Verilog line naming it, found without opening it (a FIFO
 * or /dev/zero would block or never end); search directories and
 * design_dirs let files outside in. '@' in a message is the real path of
 * the test's directory. */
static void test_refused(const char *tmp)
{
    static const struct {
        const char *name;    /* the $readmemh file name, NULL: leave it */
        const char *include; /* a line put atop kernel.v, or NULL */
        const char *spec;    /* text put after "rtl:\n" in the spec, or NULL */
        const char *want;    /* NULL: found */
    } cases[] = {
        {"/dev/zero", NULL, NULL,
         ROM ":22: $readmem memory file \"/dev/zero\": not a regular file: /dev/zero is a character device"},
        {"f.dat", NULL, NULL,
         ROM ":22: $readmem memory file \"f.dat\": not a regular file: f.dat resolves to @/r1/f.dat, a FIFO"},
        {"z.dat", NULL, NULL, ":22: $readmem memory file \"z.dat\": not a regular file: z.dat resolves to /dev/zero"},
        {"../x.dat", NULL, NULL,
         ":22: $readmem memory file \"../x.dat\": outside the design: ../x.dat resolves to @/x.dat"},
        {"../x.dat", NULL, "  verilator_flags: [-y, ..]\n",
         ":22: $readmem memory file \"../x.dat\": outside the design"},
        {"big.dat", NULL, NULL,
         ":22: $readmem memory file \"big.dat\": big.dat is 70000000 bytes, more than the 64 MiB"},
        {NULL, "`include \"/dev/zero\"", NULL,
         "kernel.v:1: `include file \"/dev/zero\": not a regular file: /dev/zero is a character device"},
        {NULL, "`include \"../x.vh\"", NULL,
         "kernel.v:1: `include file \"../x.vh\": outside the design: ../x.vh resolves to @/x.vh"},
        {NULL, "`include \"x.vh\"", "  verilator_flags: [\"+incdir+..\"]\n", NULL},
        {NULL, "`include \"f.dat\"", "  verilator_flags: [\"+incdir+..\"]\n",
         "kernel.v:1: `include file \"f.dat\": not a regular file"},
        {NULL, "`include \"missing.vh\"", NULL, NULL},
    };
    char real[4096];
    CHECK(realpath(tmp, real) != NULL);
    char *x = lg_path_join(tmp, "x.dat"), *xvh = lg_path_join(tmp, "x.vh");
    put(x, "00\n");
    put(xvh, "// header\n");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *dir = lg_asprintf("%s/r%zu", tmp, i);
        copy_kernel(dir, 1);
        char *cmd = lg_asprintf("mkfifo %s/f.dat && ln -s /dev/zero %s/z.dat && truncate -s 70000000 %s/big.dat", dir,
                                dir, dir);
        CHECK(system(cmd) == 0);
        char *rom = lg_path_join(dir, ROM), *top = lg_path_join(dir, "kernel.v");
        char *yaml = lg_path_join(dir, "kernel.yaml");
        char *name = lg_asprintf("\"%s\"", cases[i].name ? cases[i].name : "./" DAT);
        char *include = lg_asprintf("%s\n", cases[i].include ? cases[i].include : "");
        char *rtl = lg_asprintf("rtl:\n%s", cases[i].spec ? cases[i].spec : "");
        edit(rom, "\"./" DAT "\"", name);
        edit(top, "", include);
        edit(yaml, "rtl:\n", rtl);
        spec_t *s = test_spec(yaml);
        omems_t m;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = memfiles_find(s, &m, &err);
        if (!cases[i].want) {
            CHECK_MSG(rc == 0, "case %zu: %s", i, err.msg);
        } else {
            char *want = lg_strdup(cases[i].want), *at = strchr(want, '@');
            if (at) {
                char *w = lg_asprintf("%.*s%s%s", (int)(at - want), want, real, at + 1);
                free(want);
                want = w;
            }
            CHECK_MSG(rc == LG_EINVAL && test_contains(err.msg, want), "case %zu: rc %d '%s' lacks '%s'", i, rc,
                      err.msg, want);
            free(want);
        }
        memfiles_free(&m);
        spec_destroy(s);
        free(rtl);
        free(include);
        free(name);
        free(yaml);
        free(top);
        free(rom);
        free(cmd);
        free(dir);
    }
    free(xvh);
    free(x);
}

static void ports_key(const char *dir, char key[KEY_LEN])
{
    static const char *const flags[] = {"verilator", "--cc"};
    lg_err_t err;
    char *yaml = lg_path_join(dir, "kernel.yaml");
    spec_t *s = test_spec(yaml);
    CHECK_MSG(key_ports(s, "Verilator 5.006", flags, 2, key, &err) == 0, "%s", err.msg);
    spec_destroy(s);
    free(yaml);
}

static void test_key_and_stage(const char *tmp)
{
    char *a = lg_path_join(tmp, "a"), *b = lg_path_join(tmp, "b");
    copy_kernel(a, 1);
    copy_kernel(b, 1);
    char ka[KEY_LEN], kb[KEY_LEN], kc[KEY_LEN];
    ports_key(a, ka);
    ports_key(b, kb);
    CHECK_MSG(strcmp(ka, kb) == 0, "the same kernel elsewhere: %s vs %s", ka, kb);
    char *dat = lg_path_join(b, DAT);
    put(dat, "fd\nf9\nfb\n09\n20\n3f\n5a\n68\n68\n5a\n3f\n20\n09\nfb\nf9\nfc\n");
    ports_key(b, kc);
    CHECK_MSG(strcmp(ka, kc) != 0, "an edited .dat keeps the ports key %s", ka);

    /* Staged: the ROM's Verilog is a copy reading an absolute copy of the
     * .dat; kernel.v, which loads nothing, is read where it is. */
    lg_err_t err;
    char *yaml = lg_path_join(b, "kernel.yaml");
    char *root = lg_path_join(tmp, "cache/rtl");
    spec_t *s = test_spec(yaml);
    omems_t m;
    char **src = NULL;
    CHECK_MSG(memfiles_find(s, &m, &err) == 0 && memfiles_stage(s, &m, root, &src, &err) == 0, "%s", err.msg);
    if (src) {
        CHECK(strcmp(src[0], s->rtl_sources[0]) == 0);
        CHECK_STR_CONTAINS(src[1], "/rtl/mem/");
        char *text = lg_read_file(src[1], NULL, &err);
        char *line = lg_asprintf("`line 1 \"%s\" 0\n", s->rtl_sources[1]);
        CHECK(text && strncmp(text, line, strlen(line)) == 0);
        char *q = text ? strstr(text, "$readmemh(\"/") : NULL;
        CHECK_MSG(q, "no absolute path in %s", src[1]);
        char path[4096] = "";
        if (q)
            sscanf(q + strlen("$readmemh(\""), "%4095[^\"]", path);
        char *copy = lg_read_file(path, NULL, &err);
        CHECK_MSG(copy && strstr(copy, "f9\nfc\n"), "the copy %s holds the edited .dat", path);
        free(copy);
        free(line);
        free(text);
        lg_list_free(src, s->nrtl_sources);
    }
    memfiles_free(&m);
    spec_destroy(s);
    free(root);
    free(yaml);
    free(dat);
    free(b);
    free(a);
}

/* The ports of kernels/fir's top module as Verilator declares them. */
static const char fir_ports[] = "VL_IN8(&ap_clk,0,0);\nVL_IN8(&ap_rst,0,0);\nVL_IN8(&ap_start,0,0);\n"
                                "VL_OUT8(&ap_done,0,0);\nVL_OUT8(&ap_idle,0,0);\nVL_OUT8(&ap_ready,0,0);\n"
                                "VL_OUT8(&x_address0,3,0);\nVL_OUT8(&x_ce0,0,0);\nVL_IN16(&x_q0,15,0);\n"
                                "VL_IN(&n,31,0);\nVL_OUT(&ap_return,31,0);\n";

typedef struct reports {
    char text[4096];
    int n;
} reports_t;

static void on_report(void *ctx, const char *msg)
{
    reports_t *r = ctx;
    size_t len = strlen(r->text);
    snprintf(r->text + len, sizeof r->text - len, "%s\n", msg);
    r->n++;
}

static void test_portcheck(const char *tmp)
{
    static const struct {
        const char *what, *from, *to;
        int n;
        const char *want[3];
    } cases[] = {
        {"the spec as it is", NULL, NULL, 0, {NULL}},
        {"a misspelt port prefix",
         "x: {mode: ap_memory, depth: 16, width: 16}",
         "x: {mode: ap_memory, depth: 16, width: 16, port: xs}",
         3,
         {"kernel.v:7: module fir has no port xs_address0 (param x, in ap_memory, ", "has no port xs_q0 or xs_q1",
          "ports x_address0, x_ce0, x_q0 match no param"}},
        {"a narrower width", "width: 32}", "width: 8}", 1, {"port n is 32 bits wide, but param n, in ap_none", NULL}},
    };
    lg_err_t err;
    oports_t ports;
    if (ports_parse(fir_ports, "Vfir.h", &ports, &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    char *yaml_text = lg_read_file(FIR "/kernel.yaml", NULL, &err);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *dir = lg_asprintf("%s/ports%zu", tmp, i);
        copy_kernel(dir, 1);
        char *yaml = lg_path_join(dir, "kernel.yaml");
        char *text = lg_strdup(yaml_text);
        if (cases[i].from) {
            char *at = strstr(text, cases[i].from);
            CHECK(at != NULL);
            char *edited = lg_asprintf("%.*s%s%s", (int)(at - text), text, cases[i].to, at + strlen(cases[i].from));
            free(text);
            text = edited;
        }
        put(yaml, text);
        spec_t *s = spec_load(yaml, &err);
        if (s) {
            reports_t r = {.n = 0};
            int n = portcheck_run(s, &ports, on_report, &r);
            CHECK_MSG(n == cases[i].n && r.n == n, "%s: %d mismatches:\n%s", cases[i].what, n, r.text);
            for (int k = 0; k < 3 && cases[i].want[k]; k++)
                CHECK_MSG(test_contains(r.text, cases[i].want[k]), "%s: no '%s' in\n%s", cases[i].what,
                          cases[i].want[k], r.text);
            spec_destroy(s);
        } else {
            CHECK_MSG(0, "%s: %s", cases[i].what, err.msg);
        }
        free(text);
        free(yaml);
        free(dir);
    }
    free(yaml_text);
    ports_free(&ports);
}

static void test_hints(const char *tmp)
{
    static const struct {
        const char *line, *excerpt, *want;
    } cases[] = {
        {"%Error: k.v:45:1: Cannot find file containing module: 'floating_point_v7_1_13'", "", "Xilinx IP core"},
        {"%Error: b.v:1:8: Duplicate declaration of module: 'fir'", "", "syn/verilog and impl/verilog"},
        {"%Error: k.v:38:16: syntax error, unexpected bit", "   38 | reg [31:0] bit;", "'bit' is a keyword"},
        {"%Error: k.v:2:11: syntax error, unexpected ';', expecting IDENTIFIER", "    2 | wire logic;",
         "+1364-2005ext+v"},
        {"%Error: k.v:2:6: Unexpected 'do': 'do' is a SystemVerilog keyword misused as an identifier.",
         "    2 | wire do;", "'do' is a keyword"},
        {"%Error: k.v:3:1: syntax error, unexpected endmodule", "    3 | endmodule", NULL},
        {"%Error: k.v:3:1: Unsupported: something", "", NULL},
    };
    char *log = lg_path_join(tmp, "verilate.log");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = lg_asprintf("%%Warning: noise\n%s\n%s\n       | ^\n", cases[i].line, cases[i].excerpt);
        put(log, text);
        char *hint = oracle_hint(cases[i].line, log);
        if (cases[i].want)
            CHECK_MSG(test_contains(hint, cases[i].want), "case %zu: hint '%s'", i, test_str(hint));
        else
            CHECK_MSG(hint == NULL, "case %zu: unexpected hint '%s'", i, hint);
        free(hint);
        free(text);
    }
    free(log);
}

int main(void)
{
    char tmp[] = "/tmp/lgfuzz-memfiles-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 2;
    }
    test_scan();
    test_find(tmp);
    test_refused(tmp);
    test_key_and_stage(tmp);
    test_portcheck(tmp);
    test_hints(tmp);
    lg_remove_tree(tmp);
    TEST_DONE();
}
