/* The pragma reader and the spectra.yaml loader: `factor=` spellings,
 * spacing and case variants, loops of every kind and nesting, pragmas in
 * comments, missing values, and errors that name file:line (or
 * file:line:col for the YAML), using the shipped grammars/spectra.yaml and
 * user-added rules. */
#include <stdlib.h>
#include <string.h>

#include "tracer/pragma_int.h"
#include "tutil.h"
#include "util/alloc.h"

typedef struct pragma_case {
    const char *src;
    int rc;              /* 0, or the expected error */
    const char *err_has; /* substring of the error message */
    size_t nhits;
    pragma_kind_t kind; /* of the first hit */
    int64_t value;
    int loop_line;
    const char *target; /* offset hits */
    const char *func;
} pragma_case_t;

#define LOOP(pragma) "void f(int n)\n{\n    for (int i = 0; i < n; i++) {\n" pragma "\n    }\n}\n"

#define MAXI(pragma) "void k(int *in1)\n{\n" pragma "\n}\n"

static const pragma_case_t cases[] = {
    {LOOP("#pragma HLS unroll factor=2"), 0, NULL, 1, PRAGMA_LOOP_REMAINDER, 2, 3, NULL, "f"},
    {LOOP("#pragma HLS UNROLL factor = 4"), 0, NULL, 1, PRAGMA_LOOP_REMAINDER, 4, 3, NULL, "f"},
    {LOOP("  #  pragma hls Unroll FACTOR=8"), 0, NULL, 1, PRAGMA_LOOP_REMAINDER, 8, 3, NULL, "f"},
    {LOOP("#pragma HLS unroll skip_exit_check factor= 16"), 0, NULL, 1, PRAGMA_LOOP_REMAINDER, 16, 3, NULL, "f"},
    {LOOP("#pragma HLS loop_tripcount min=1 max =64 avg=8"), 0, NULL, 1, PRAGMA_LOOP_TRIPCOUNT, 64, 3, NULL, "f"},
    {LOOP("#pragma HLS LOOP_TRIPCOUNT max=0x20"), 0, NULL, 1, PRAGMA_LOOP_TRIPCOUNT, 32, 3, NULL, "f"},
    {LOOP("#pragma HLS unroll"), 0, NULL, 0, 0, 0, 0, NULL, NULL},        /* full unroll: no remainder */
    {LOOP("#pragma HLS pipeline II=1"), 0, NULL, 0, 0, 0, 0, NULL, NULL}, /* not mapped */
    {LOOP("// #pragma HLS unroll factor=2"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {LOOP("/* #pragma HLS unroll factor=2 */"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {LOOP("#pragma HLS unroll factor=two"), LG_EINVAL, "test.c:4: `factor=two`", 0, 0, 0, 0, NULL, NULL},
    {"int g(int n)\n{\n#pragma HLS unroll factor=2\n    return n;\n}\n", LG_EINVAL, "test.c:3: loop pragma outside", 0,
     0, 0, 0, NULL, NULL},
    /* a loop written through a macro, on one line or continued: the use
     * starts the loop, as clang places the expanded one there */
    {"#define loop(i, n) for (int i = 0; i < (n); i++)\nvoid h(int n)\n{\n    loop(i, n) {\n#pragma HLS unroll "
     "factor=2\n    }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_REMAINDER, 2, 4, NULL, "h"},
    {"#define EACH(k) \\\n    for (int k = 0; k < 8; k++)\nvoid e(int n)\n{\n    EACH(j) {\n#pragma HLS "
     "loop_tripcount max=8\n    }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_TRIPCOUNT, 8, 5, NULL, "e"},
    /* while and do-while loops; the innermost loop wins */
    {"void w(int n)\n{\n    while (n > 0) {\n#pragma HLS unroll factor=3\n        n--;\n    }\n}\n", 0, NULL, 1,
     PRAGMA_LOOP_REMAINDER, 3, 3, NULL, "w"},
    {"void d(int n)\n{\n    do {\n#pragma HLS loop_tripcount max=9\n        n--;\n    } while (n > 0);\n}\n", 0, NULL,
     1, PRAGMA_LOOP_TRIPCOUNT, 9, 3, NULL, "d"},
    {"void m(int n)\n{\n    for (int i = 0; i < n; i++) {\n        int s = \"{\"[0];\n        for (int j = 0; j < n; "
     "j++)\n"
     "        {\n#pragma HLS unroll factor=2\n        }\n    }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_REMAINDER, 2, 5, NULL, "m"},
    /* a loop before the pragma's loop has closed and does not count */
    {"void s(int n)\n{\n    for (int i = 0; i < n; i++)\n        n++;\n    for (;;) {\n#pragma HLS unroll factor=2\n   "
     " }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_REMAINDER, 2, 5, NULL, "s"},
    {"int a(int k)\n{\n    int buf[8];\n#pragma HLS array_partition variable=buf complete dim=1\n    return "
     "buf[k];\n}\n",
     0, NULL, 1, PRAGMA_OFFSET, 0, 0, "buf", "a"},
    {"int a(int k)\n{\n#pragma HLS ARRAY_PARTITION complete\n    return k;\n}\n", LG_EINVAL, "lacks `variable=`", 0, 0,
     0, 0, NULL, NULL},
    {"int r(int n)\n{\n#pragma HLS recursion depth=6\n    return n ? r(n - 1) : 0;\n}\n", 0, NULL, 1, PRAGMA_DEPTH, 6,
     0, NULL, "r"}, /* values named by the source's constants, in any order of definition */
    {"#define N 64\n" LOOP("#pragma HLS loop_tripcount max=N"), 0, NULL, 1, PRAGMA_LOOP_TRIPCOUNT, 64, 4, NULL, "f"},
    {"#define F UNROLL*2 // four\n#define UNROLL (2)\n" LOOP("#pragma HLS unroll factor=F"), 0, NULL, 1,
     PRAGMA_LOOP_REMAINDER, 4, 5, NULL, "f"},
    {"enum mode { A, B, C = 10, D };\n" LOOP("#pragma HLS loop_tripcount max=D"), 0, NULL, 1, PRAGMA_LOOP_TRIPCOUNT, 11,
     4, NULL, "f"},
    {"static const int TRIP = 1 << 5; /* T */\n" LOOP("#pragma HLS loop_tripcount max=TRIP-1"), 0, NULL, 1,
     PRAGMA_LOOP_TRIPCOUNT, 31, 4, NULL, "f"},
    {"void g(int n)\n{\n    const unsigned K = 0x10u;\n    for (int i = 0; i < n; i++) {\n#pragma HLS unroll factor=K\n"
     "    }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_REMAINDER, 16, 4, NULL, "g"},
    {LOOP("#pragma HLS unroll factor=M"), LG_EINVAL, "test.c:4: `factor=M`: `M` is not a constant defined", 0, 0, 0, 0,
     NULL, NULL},
    {"#define N 4\n#define N 8\n" LOOP("#pragma HLS unroll factor=N"), LG_EINVAL, "`N` is defined more than once", 0, 0,
     0, 0, NULL, NULL},
    {"#define N (N + 1)\n" LOOP("#pragma HLS unroll factor=N"), LG_EINVAL, "`N` is defined in terms of itself", 0, 0, 0,
     0, NULL, NULL},
    {"#define S \"x\"\n" LOOP("#pragma HLS unroll factor=S"), LG_EINVAL, "`factor=S`: unexpected `\"x\"`", 0, 0, 0, 0,
     NULL, NULL},
    /* m_axi: depth gives offset probes, the burst lengths (16 unless
     * given) read- and write-burst ones; both spellings of the mode. */
    {MAXI("#pragma HLS INTERFACE m_axi port=in1 offset=slave bundle=gmem depth=64"), 0, NULL, 3, PRAGMA_OFFSET, 64, 0,
     "in1", "k"},
    {MAXI("#pragma HLS interface mode=M_AXI port = in1 depth = 8"), 0, NULL, 3, PRAGMA_OFFSET, 8, 0, "in1", "k"},
    {MAXI("#pragma HLS INTERFACE m_axi port=in1 max_read_burst_length=8"), 0, NULL, 2, PRAGMA_READ_BURST, 8, 0, "in1",
     "k"},
    {MAXI("#pragma HLS INTERFACE mode=m_axi port=in1"), 0, NULL, 2, PRAGMA_READ_BURST, 16, 0, "in1", "k"},
    {MAXI("#pragma HLS INTERFACE axis port=in1 depth=64"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {MAXI("#pragma HLS INTERFACE mode=s_axilite port=in1"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {MAXI("#pragma HLS INTERFACE m_axi bundle=gmem depth=64"), LG_EINVAL, "test.c:3: pragma lacks `port=`", 0, 0, 0, 0,
     NULL, NULL},
    /* a dependence between iterations declared false, in Vivado's words
     * and in Vitis's, of every direction or of the one named; declared
     * true, within an iteration, for a whole class of arrays or outside a
     * loop it gives no probe */
    {LOOP("#pragma HLS dependence variable=bins inter false"), 0, NULL, 1, PRAGMA_DEPENDENCE, 7, 3, "bins", "f"},
    {LOOP("#pragma HLS DEPENDENCE variable=bins array inter RAW false"), 0, NULL, 1, PRAGMA_DEPENDENCE, 1, 3, "bins",
     "f"},
    {LOOP("#pragma HLS dependence variable=bins type=inter direction=WAW dependent=false"), 0, NULL, 1,
     PRAGMA_DEPENDENCE, 4, 3, "bins", "f"},
    {LOOP("#pragma HLS dependence variable=bins"), 0, NULL, 1, PRAGMA_DEPENDENCE, 7, 3, "bins", "f"},
    {LOOP("#pragma HLS dependence variable=bins inter true distance=2"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {LOOP("#pragma HLS dependence variable=bins type=inter dependent=true"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {LOOP("#pragma HLS dependence variable=bins intra false"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {LOOP("#pragma HLS dependence class=array inter false"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    {MAXI("#pragma HLS dependence variable=in1 inter false"), 0, NULL, 0, 0, 0, 0, NULL, NULL},
    /* a source as HLS preprocessed it: lines as its markers and #line
     * directives number them, as the compiler's debug information does */
    {"# 1 \"k.c\"\n# 1 \"<built-in>\" 1\nint decl(void);\n# 30 \"k.c\" 2\nvoid p(int n)\n{\n    for (int i = 0; "
     "i < n; i++) {\n#line 1 \"directive\"\n#pragma HLSDIRECTIVE TOP name=p\n# 33 \"k.c\"\n#pragma HLS unroll "
     "factor=2\n    }\n}\n",
     0, NULL, 1, PRAGMA_LOOP_REMAINDER, 2, 32, NULL, "p"},
};

static pragma_rules_t *shipped_rules(void)
{
    lg_err_t err;
    lg_err_clear(&err);
    pragma_rules_t *r = pragma_rules_load(LGFUZZ_DATA_DIR "/grammars/spectra.yaml", &err);
    CHECK_MSG(r != NULL, "grammars/spectra.yaml: %s", err.msg);
    return r;
}

static void check_hit(const pragma_case_t *c, const pragma_hit_t *h)
{
    CHECK_MSG(h->kind == c->kind, "%s: kind %s", c->src, pragma_kind_name(h->kind));
    if (c->kind != PRAGMA_OFFSET)
        CHECK_MSG(h->has_value && h->value == c->value, "%s: value %lld", c->src, (long long)h->value);
    CHECK_MSG(h->loop_line == c->loop_line, "%s: loop line %d, expected %d", c->src, h->loop_line, c->loop_line);
    CHECK_MSG((!c->target && !h->target) || (c->target && h->target && strcmp(c->target, h->target) == 0),
              "%s: target %s", c->src, h->target ? h->target : "(none)");
    CHECK_MSG(c->func && h->func && strcmp(c->func, h->func) == 0, "%s: function %s", c->src,
              h->func ? h->func : "(none)");
}

static void run_cases(const pragma_rules_t *rules)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const pragma_case_t *c = &cases[i];
        pragma_hits_t hits = {0};
        lg_err_t err;
        lg_err_clear(&err);
        int rc = pragma_scan(rules, c->src, "test.c", &hits, &err);
        CHECK_MSG(rc == c->rc, "%s: rc %d (%s)", c->src, rc, err.msg);
        if (c->err_has)
            CHECK_MSG(strstr(err.msg, c->err_has) != NULL, "error \"%s\" lacks \"%s\"", err.msg, c->err_has);
        CHECK_MSG(hits.n == c->nhits, "%s: %zu hits, expected %zu", c->src, hits.n, c->nhits);
        if (hits.n > 0 && c->nhits > 0)
            check_hit(c, &hits.h[0]);
        pragma_hits_free(&hits);
    }
}

typedef struct rules_case {
    const char *yaml;
    int ok;
    const char *err_has;
} rules_case_t;

static const rules_case_t rule_cases[] = {
    {"pragmas:\n  - pragma: ACME bound\n    probe: loop-tripcount\n    value: n\n", 1, NULL},
    {"pragmas:\n  - pragma: HLS unroll\n    probe: loop-wobble\n    value: factor\n", 0,
     "rules.yaml:2:5: probe must be"},
    {"pragmas:\n  - pragma: HLS unroll\n    probe: loop-remainder\n", 0, "needs `value:`"},
    {"pragmas:\n  - pragma: HLS array_partition\n    probe: offset\n", 0, "needs `target:`"},
    {"pragma: [\n", 0, "rules.yaml:2:1"},
    {"pragmas:\n  - pragma: X\n    probe: depth\n    value: d\n    colour: red\n", 0, "rules.yaml:5:5: unknown key"},
    {"recursion:\n  - function: r\n    depth: 3\n", 1, NULL},
    {"recursion:\n  - function: r\n    depth: deep\n", 0, "rules.yaml:3:5: expected"},
    {"recursion:\n  - depth: 3\n", 0, "needs `function:`"},
    {"pragmas:\n  - pragma: HLS interface m_axi\n    probe: read-burst\n    value: n\n", 0, "needs `target:`"},
    {"pragmas:\n  - pragma: X\n    probe: write-burst\n    value: n\n    target: p\n    default: lots\n", 0,
     "rules.yaml:6:5: `default:` must be an integer"},
};

/* A user-added mapping works without recompiling, and bad rule files are
 * rejected with their position. */
static void check_rules(void)
{
    for (size_t i = 0; i < sizeof rule_cases / sizeof *rule_cases; i++) {
        const rules_case_t *c = &rule_cases[i];
        lg_err_t err;
        lg_err_clear(&err);
        pragma_rules_t *r = pragma_rules_parse(c->yaml, strlen(c->yaml), "rules.yaml", &err);
        CHECK_MSG((r != NULL) == c->ok, "%s: parsed %d (%s)", c->yaml, r != NULL, err.msg);
        if (c->err_has)
            CHECK_MSG(strstr(err.msg, c->err_has) != NULL, "error \"%s\" lacks \"%s\"", err.msg, c->err_has);
        if (r && r->nbounds == 1) {
            pragma_hits_t hits = {0};
            int rc = pragma_scan(r, "int r(int n) { return n ? r(n - 1) : 0; }\n", "user.c", &hits, &err);
            CHECK_MSG(rc == 0 && hits.n == 1 && hits.h[0].kind == PRAGMA_DEPTH && hits.h[0].value == 3 &&
                          strcmp(hits.h[0].func, "r") == 0,
                      "recursion bound: rc %d, %zu hits", rc, hits.n);
            pragma_hits_free(&hits);
        }
        if (r && i == 0) {
            pragma_hits_t hits = {0};
            int rc = pragma_scan(r, LOOP("#pragma acme BOUND n=12"), "user.c", &hits, &err);
            CHECK_MSG(rc == 0 && hits.n == 1 && hits.h[0].kind == PRAGMA_LOOP_TRIPCOUNT && hits.h[0].value == 12,
                      "user rule: rc %d, %zu hits", rc, hits.n);
            pragma_hits_free(&hits);
        }
        pragma_rules_destroy(r);
    }
}

int main(void)
{
    pragma_rules_t *rules = shipped_rules();
    if (rules)
        run_cases(rules);
    pragma_rules_destroy(rules);
    check_rules();
    TEST_DONE();
}
