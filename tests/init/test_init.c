/* init's public API on the designs of tests/init/hls and tests/cli/hls: the
 * spec's text (design_dirs when it is written beside the design) and the
 * summary of what was read and guessed, and the errors
 * of a design init cannot read, each naming what is missing; and the
 * constant expressions array lengths are written in (cexpr.c). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init/init.h"
#include "init/init_int.h"
#include "tests/test.h"
#include "util/alloc.h"

static const struct {
    const char *dir, *rtl, *function; /* rtl and the spec's path relative to dir */
    const char *spec;                 /* the spec's directory in dir; NULL: rtl's first directory */
    const char *top;
    size_t nparams, nguesses;
    int has_report;
    const char *text[3]; /* in the spec's text */
} good[] = {
    {INIT_HLS,
     "qneg/qneg.v",
     NULL,
     NULL,
     "qneg",
     2,
     0,
     0,
     {"c: {source: qneg.c, function: qneg}", "in: {mode: ap_fifo, depth: 8, port: in_r}", "sources: [qneg.v]"}},
    {INIT_HLS,
     "clampio/solution1",
     NULL,
     NULL,
     "clampio",
     3,
     0,
     1,
     {"{name: acc, type: i32, dir: inout}", "sources: [solution1/syn/verilog/clampio.v]", "top: clampio"}},
    /* A spec beside the design: design_dirs takes in the directory of its files. */
    {INIT_HLS,
     "clampio/solution1",
     NULL,
     "qneg",
     "clampio",
     3,
     0,
     1,
     {"kernel: clampio\ndesign_dirs: [../clampio]  # the design's files outside this directory",
      "c: {source: ../clampio/clampio.c, function: clampio}", "sources: [../clampio/solution1/syn/verilog/clampio.v]"}},
    {CLI_HLS,
     "vsum/vsum.v",
     "vsum",
     NULL,
     "vsum",
     2,
     1,
     0,
     {"c: {source: vsum.cpp, function: vsum}", "array: {max_len: 16, len: n}}  # guessed", "return: i32"}},
};

static const struct {
    const char *rtl, *function;
    const char *msg;
} bad[] = {
    {INIT_HLS, NULL, "no Verilog (*.v) files here nor in syn/verilog/"},
    {CLI_HLS "/vsum/vsum.v", "sum", "no C or C++ file defining `sum` in "},
    {INIT_HLS "/nosuch.v", NULL, "nosuch.v"},
};

static void check_good(size_t i)
{
    char *rtl = lg_asprintf("%s/%s", good[i].dir, good[i].rtl);
    const char *sdir = good[i].spec ? good[i].spec : good[i].rtl;
    char *spec_path = lg_asprintf("%s/%.*s/kernel.yaml", good[i].dir, (int)strcspn(sdir, "/"), sdir);
    init_cfg_t cfg = {.rtl = rtl, .function = good[i].function, .spec_path = spec_path};
    lg_err_t err;
    lg_err_clear(&err);
    init_t *in = init_create(&cfg, &err);
    CHECK_MSG(in != NULL, "%s: %s", good[i].rtl, err.msg);
    if (in) {
        init_summary_t s;
        init_get_summary(in, &s);
        CHECK_MSG(strcmp(s.top, good[i].top) == 0, "%s: top %s", good[i].rtl, s.top);
        CHECK_MSG(s.top_line > 0 && test_contains(s.top_file, good[i].top), "%s: %s:%d", good[i].rtl, s.top_file,
                  s.top_line);
        CHECK_MSG(s.nparams == good[i].nparams, "%s: %zu params", good[i].rtl, s.nparams);
        CHECK_MSG(s.nguesses == good[i].nguesses, "%s: %zu guesses", good[i].rtl, s.nguesses);
        CHECK_MSG((s.report != NULL) == good[i].has_report, "%s: report %s", good[i].rtl, test_str(s.report));
        for (size_t k = 0; k < sizeof good[i].text / sizeof *good[i].text; k++)
            CHECK_STR_CONTAINS(init_text(in), good[i].text[k]);
    }
    init_destroy(in);
    free(spec_path);
    free(rtl);
}

/* A source's constants as a header defines them (#define, enum, const),
 * through init_macros_read, and the array-length expressions over them. */
static void check_expressions(void)
{
    char dir[] = "/tmp/lgfuzz-init-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *src = lg_asprintf("%s/k.c", dir), *hdr = lg_asprintf("%s/defs.h", dir);
    FILE *f = fopen(hdr, "w");
    CHECK(f != NULL);
    fputs("#define ROWS 4\nenum { COLS = (ROWS * 2) }; // two per row\n#define SELF SELF + 1\n", f);
    fclose(f);
    f = fopen(src, "w");
    CHECK(f != NULL);
    fputs("#include \"defs.h\"\n#include \"missing.h\"\nstatic const unsigned LEN = (COLS << 1) + ROWS % 3;\n"
          "#define HEX 0x10u\n#define BAD foo(3)\nint k(int a[LEN]) { return a[0]; }\n",
          f);
    fclose(f);
    init_macros_t m;
    init_macros_read(src, NULL, &m);
    static const struct {
        const char *text;
        int ok;
        int64_t value;
    } cases[] = {
        {"16", 1, 16},
        {"LEN", 1, 17},
        {"ROWS*COLS - -2", 1, 34},
        {"(1 << 4) + 2", 1, 18},
        {"HEX / 3", 1, 5},
        {"010", 1, 8},
        {"SELF", 0, 0},
        {"BAD", 0, 0},
        {"N", 0, 0},
        {"4 / 0", 0, 0},
        {"", 0, 0},
        {"(3", 0, 0},
        {"3 3", 0, 0},
        {"sizeof(int) * 8", 1, 32}, /* what cconsts does not read, clang does */
        {"(int)sizeof(long long) + LEN", 1, 25},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int64_t v = -1;
        int rc = init_macros_eval(&m, cases[i].text, &v);
        CHECK_MSG(cases[i].ok ? rc == 0 && v == cases[i].value : rc != 0, "'%s': rc %d, value %lld", cases[i].text, rc,
                  (long long)v);
    }
    init_macros_free(&m);

    /* With the project's -D flags, the constants and the text are the
     * compiler's: a -D gives way to the source's own #define of its name
     * (ROWS stays 4), an #ifdef is resolved, a missing header read as
     * empty and the header's #ifndef default is the flag's. */
    f = fopen(src, "a");
    CHECK(f != NULL);
    fputs("#ifndef DEPTH\n#define DEPTH 2\n#endif\n#ifdef WIDE\ntypedef long word_t;\n#else\ntypedef short "
          "word_t;\n#endif\n"
          "typedef int row_t[ROWS];\n",
          f);
    fclose(f);
    char *defs[] = {"ROWS=8", "WIDE", "DEPTH=(ROWS+1)"};
    init_cflags_t flags = {defs, 3, NULL, 0};
    init_macros_read(src, &flags, &m);
    int64_t v = -1;
    CHECK(init_macros_eval(&m, "ROWS", &v) == 0 && v == 4);
    CHECK(init_macros_eval(&m, "LEN", &v) == 0 && v == 17);
    CHECK(init_macros_eval(&m, "DEPTH", &v) == 0 && v == 5);
    CHECK(init_macros_eval(&m, "WIDE", &v) == 0 && v == 1);
    CHECK_STR_CONTAINS(m.text, "typedef long word_t;");
    CHECK(!test_contains(m.text, "short"));
    CHECK_STR_CONTAINS(m.text, "typedef int row_t[4];");
    init_macros_free(&m);
    remove(src);
    remove(hdr);
    rmdir(dir);
    free(src);
    free(hdr);
}

/* A struct argument reached through typedefs (`typedef struct tag t;`,
 * `typedef t u;`) becomes its members, named and passed as HLS makes
 * them; a source's `typedef int bool;` is its bool. */
static void check_members(void)
{
    char dir[] = "/tmp/lgfuzz-init-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *src = lg_asprintf("%s/k.c", dir);
    FILE *f = fopen(src, "w");
    CHECK(f != NULL);
    fputs("typedef int bool;\nstruct TYPE_5__ {int a; unsigned char b, c; bool d;} ;\n"
          "typedef struct TYPE_5__ TYPE_1__;\ntypedef TYPE_1__ st_t;\n"
          "struct arr_s {int n; int v[4];};\n"
          "int k(st_t *s, bool f, struct arr_s q) { return s->a + f + q.n; }\n"
          "typedef int *fe;\ntypedef short mat_t [4 * 4];\n"
          "void k2(fe h, const mat_t m) { h[0] = m[1]; }\n"
          "typedef st_t *pst_t;\nvoid k3(pst_t p) { p->a = 1; }\n",
          f);
    fclose(f);
    init_proto_t p;
    lg_err_t err;
    CHECK(init_proto_read(src, "k", NULL, &p, &err) == 0);
    init_members_expand(&p);
    CHECK(p.nparams == 6);
    static const char *const names[] = {"s_a", "s_b", "s_c", "s_d", "f", "q"};
    static const char *const members[] = {"s.a", "s.b", "s.c", "s.d", NULL, NULL};
    static const lg_type_t types[] = {LG_I32, LG_U8, LG_U8, LG_I32, LG_I32};
    for (size_t i = 0; i < p.nparams && i < 6; i++) {
        CHECK_MSG(strcmp(p.params[i].name, names[i]) == 0, "param %zu: %s", i, p.params[i].name);
        CHECK_MSG(members[i] ? p.params[i].member && strcmp(p.params[i].member, members[i]) == 0 : !p.params[i].member,
                  "param %zu: member %s", i, test_str(p.params[i].member));
        if (i < 5)
            CHECK_MSG(p.params[i].known && p.params[i].type == types[i], "param %zu: type %s", i,
                      lg_type_name(p.params[i].type));
        CHECK(p.params[i].pointer == (i < 4));
    }
    /* A struct with an array member stays one argument, its type unknown. */
    CHECK(p.nparams == 6 && !p.params[5].known && p.params[5].struct_unread);
    init_proto_free(&p);
    /* A pointer to the struct through a typedef: its members by pointer. */
    CHECK(init_proto_read(src, "k3", NULL, &p, &err) == 0);
    init_members_expand(&p);
    CHECK(p.nparams == 4 && p.params[0].member && strcmp(p.params[0].member, "p.a") == 0 && p.params[0].pointer);
    init_proto_free(&p);
    /* A pointer and an array through typedefs. */
    CHECK(init_proto_read(src, "k2", NULL, &p, &err) == 0);
    CHECK(p.nparams == 2);
    if (p.nparams == 2) {
        CHECK(p.params[0].known && p.params[0].pointer && !p.params[0].brackets && p.params[0].type == LG_I32);
        CHECK(p.params[1].known && p.params[1].brackets && p.params[1].arr_len == 16 && p.params[1].type == LG_I16);
    }
    init_proto_free(&p);
    remove(src);
    rmdir(dir);
    free(src);
}

int main(void)
{
    check_expressions();
    check_members();
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        check_good(i);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        init_cfg_t cfg = {.rtl = bad[i].rtl, .function = bad[i].function};
        lg_err_t err;
        lg_err_clear(&err);
        init_t *in = init_create(&cfg, &err);
        CHECK_MSG(in == NULL, "%s: accepted", bad[i].rtl);
        CHECK(err.code != 0);
        CHECK_STR_CONTAINS(err.msg, bad[i].msg);
        init_destroy(in);
    }
    init_destroy(NULL);
    TEST_DONE();
}
