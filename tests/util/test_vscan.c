/* The Verilog token scanner: each text's tokens with their kinds and
 * lines (comments skipped, lines counted in comments and strings, words
 * holding numbers with their base and directives, escaped identifiers up
 * to white space, unterminated strings and comments at the end of the
 * text), a text ending in a word without a newline, cut copies, a
 * look-ahead taken back, and token patterns matched with captures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/test.h"
#include "util/strbuf.h"
#include "util/vscan.h"

static const struct {
    const char *text;
    const char *want; /* kind letter, line, ':', text; one space between tokens */
} cases[] = {
    {"", ""},
    {"module m(input [7:0] a);\nendmodule",
     "W1:module W1:m P1:( W1:input P1:[ W1:7 P1:: W1:0 P1:] W1:a P1:) P1:; W2:endmodule"},
    {"// x\n/* a\nb */ y // z", "W3:y"},
    {"a /* b", "W1:a"},
    {"\"a\\\"b\" x \"c\\\nd\" z\n\"e\nf\" w", "S1:\"a\\\"b\" W1:x S1:\"c\\\nd\" W2:z S3:\"e\nf\" W4:w"},
    {"x \"abc", "W1:x S1:\"abc"},
    {"8'hFF `define $readmemh 'b1 a_b$c", "W1:8'hFF W1:`define W1:$readmemh W1:'b1 W1:a_b$c"},
    {"\\a.b+c d \\x", "E1:\\a.b+c W1:d E1:\\x"},
    {"(* CORE_GENERATION_INFO = \"k,{X=1}\" *)", "P1:( P1:* W1:CORE_GENERATION_INFO P1:= S1:\"k,{X=1}\" P1:* P1:)"},
    {"\n\n  #1;", "P3:# W3:1 P3:;"},
};

static char *render(const char *text)
{
    static const char kinds[] = {[VSCAN_WORD] = 'W', [VSCAN_ESCAPED] = 'E', [VSCAN_STRING] = 'S', [VSCAN_PUNCT] = 'P'};
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    vscan_t s = vscan_start(text);
    vscan_tok_t t;
    while (vscan_next(&s, &t))
        lg_strbuf_printf(&b, "%s%c%d:%.*s", b.len ? " " : "", kinds[t.kind], t.line, (int)(t.end - t.start),
                         text + t.start);
    return lg_strbuf_take(&b);
}

/* Verilog integer literals through util's one integer parser. */
static void test_numbers(void)
{
    static const struct {
        const char *word;
        int ok;
        uint64_t value;
    } literals[] = {
        {"18", 1, 18},
        {"6'h18", 1, 0x18},
        {"6'H1c", 1, 0x1c},
        {"32'd16", 1, 16},
        {"4'b0000", 1, 0},
        {"3'o17", 1, 017},
        {"8'sh_ff", 1, 0xff},
        {"'h10", 1, 0x10},
        {"64'hffffffffffffffff", 1, UINT64_MAX},
        {"65'h1_0000_0000_0000_0000", 0, 0},
        {"6'hx8", 0, 0},
        {"6'q18", 0, 0},
        {"6'h", 0, 0},
        {"a'h1", 0, 0},
        {"ADDR_AP_CTRL", 0, 0},
        {"", 0, 0},
    };
    for (size_t i = 0; i < sizeof literals / sizeof *literals; i++) {
        uint64_t v = 7;
        int ok = vscan_number(literals[i].word, &v);
        CHECK_MSG(ok == literals[i].ok && (!ok || v == literals[i].value), "'%s': %d, %llu", literals[i].word, ok,
                  (unsigned long long)v);
    }
}

/* HLS_SYN_LAT of a CORE_GENERATION_INFO value, within its length only. */
static void test_syn_latency(void)
{
    static const struct {
        const char *info;
        int64_t lat;
    } lat[] = {
        {"vadd,hls_ip_2019_2,{HLS_INPUT_TYPE=cxx,HLS_SYN_LAT=4853762,HLS_SYN_TPT=none}", 4853762},
        {"t,{HLS_SYN_LAT=12}", 12},
        {"t,{HLS_SYN_CLOCK=8.7,HLS_SYN_LAT=-1,HLS_SYN_TPT=none}", -1},
        {"t,{HLS_SYN_LAT=12x}", -1},
        {"t,{HLS_SYN_LAT=}", -1},
        {"t,{HLS_SYN_LAT=1234567890123456789}", -1},
        {"t,{HLS_INPUT_TYPE=c}", -1},
        {"", -1},
    };
    for (size_t i = 0; i < sizeof lat / sizeof *lat; i++) {
        int64_t got = vscan_syn_latency(lat[i].info, strlen(lat[i].info));
        CHECK_MSG(got == lat[i].lat, "'%s': %lld, want %lld", lat[i].info, (long long)got, (long long)lat[i].lat);
    }
    /* The length bounds the value: a key past it is not read. */
    const char *two = "t,{HLS_INPUT_TYPE=c}\" t,{HLS_SYN_LAT=5}";
    CHECK(vscan_syn_latency(two, strlen("t,{HLS_INPUT_TYPE=c}")) == -1);
    CHECK(vscan_syn_latency("t,{HLS_SYN_LAT=57}", strlen("t,{HLS_SYN_LAT=5")) == 5);
}

int main(void)
{
    test_numbers();
    test_syn_latency();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *got = render(cases[i].text);
        CHECK_MSG(strcmp(got, cases[i].want) == 0, "case %zu: '%s', want '%s'", i, got, cases[i].want);
        free(got);
    }

    /* vscan_is compares whole tokens; vscan_copy cuts to the buffer. */
    vscan_t s = vscan_start("modules module");
    vscan_tok_t t;
    CHECK(vscan_next(&s, &t) && !vscan_is(&s, &t, "module") && vscan_is(&s, &t, "modules"));
    char buf[4];
    vscan_copy(&s, &t, buf, sizeof buf);
    CHECK(strcmp(buf, "mod") == 0);

    /* A copy of the scan reads ahead; the scan itself has not moved. */
    vscan_t ahead = s;
    CHECK(vscan_next(&ahead, &t) && vscan_is(&ahead, &t, "module"));
    CHECK(!vscan_next(&ahead, &t));
    CHECK(vscan_next(&s, &t) && vscan_is(&s, &t, "module") && t.start == 8 && t.end == 14 && t.line == 1);

    /* vscan_match: "$" captures a word (cut like vscan_copy), "#" takes
     * any word, other entries one token each; a "$" past the buffers
     * matches uncaptured; the caller's scan does not move. */
    static const char *const sext[] = {"{", "#", "{", "$", "[", "#", "]", "}", "}", ",", "$", "}", NULL};
    static const char *const call[] = {"$signed", "(", "$", ")", NULL};
    char caps[2][7];
    vscan_t m = vscan_start("{{24{data_q0[7]}}, data_q0}");
    CHECK(vscan_next(&m, &t) && vscan_is(&m, &t, "{"));
    CHECK(vscan_match(m, sext, caps[0], 2, sizeof caps[0]) && strcmp(caps[0], "data_q") == 0 &&
          strcmp(caps[1], "data_q") == 0);
    CHECK(vscan_match(m, sext, caps[0], 1, sizeof caps[0]) && strcmp(caps[0], "data_q") == 0);
    CHECK(vscan_next(&m, &t) && vscan_is(&m, &t, "{"));                         /* m itself had not moved */
    CHECK(!vscan_match(vscan_start("{{{x"), sext, caps[0], 2, sizeof caps[0])); /* "{" is not a word */
    CHECK(vscan_match(vscan_start("$signed(x)"), call, caps[0], 1, sizeof caps[0]) && strcmp(caps[0], "x") == 0);
    CHECK(!vscan_match(vscan_start("$signed(x + 1)"), call, caps[0], 1, sizeof caps[0])); /* "+", not ")" */
    CHECK(!vscan_match(vscan_start("$signed("), call, caps[0], 1, sizeof caps[0]));       /* the text ends */
    TEST_DONE();
}
