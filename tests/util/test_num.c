/* Tests of the one integer parser: decimal with leading zeros as decimal
 * ("0200000" is 200000), hex only where asked, C literals, the ends of
 * int64 and uint64, ranges, and the scanner's stop character. */
#include <stdint.h>
#include <string.h>

#include "tests/test.h"
#include "util/num.h"

#define D LG_NUM_DEC
#define H LG_NUM_HEX
#define C LG_NUM_C

static const struct {
    const char *text;
    unsigned syntax;
    int64_t min, max;
    int rc;
    int64_t want;    /* when rc is LG_OK */
    const char *msg; /* part of the message otherwise */
} signed_cases[] = {
    {"0", D, INT64_MIN, INT64_MAX, LG_OK, 0, NULL},
    {"200000", D, INT64_MIN, INT64_MAX, LG_OK, 200000, NULL},
    {"0200000", D, INT64_MIN, INT64_MAX, LG_OK, 200000, NULL},
    {"0200000", H, INT64_MIN, INT64_MAX, LG_OK, 200000, NULL},
    {"0200000", C, INT64_MIN, INT64_MAX, LG_OK, 65536, NULL},
    {"-12", D, INT64_MIN, INT64_MAX, LG_OK, -12, NULL},
    {"+7", D, INT64_MIN, INT64_MAX, LG_OK, 7, NULL},
    {"0x3c", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "'0x3c' is not an integer"},
    {"0x3c", H, INT64_MIN, INT64_MAX, LG_OK, 60, NULL},
    {"-0x10", H, INT64_MIN, INT64_MAX, LG_OK, -16, NULL},
    {"0X1F", H, INT64_MIN, INT64_MAX, LG_OK, 31, NULL},
    {"0x", H, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "'0x' is not an integer"},
    {"0b101", C, INT64_MIN, INT64_MAX, LG_OK, 5, NULL},
    {"0b101", H, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"64u", C, INT64_MIN, INT64_MAX, LG_OK, 64, NULL},
    {"0x40UL", C, INT64_MIN, INT64_MAX, LG_OK, 64, NULL},
    {"64u", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"08", C, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "'08' is not an integer"},
    {"", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "'' is not an integer"},
    {"-", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {" 1", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"1 ", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"--1", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"1.5", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "not an integer"},
    {"9223372036854775807", D, INT64_MIN, INT64_MAX, LG_OK, INT64_MAX, NULL},
    {"-9223372036854775808", D, INT64_MIN, INT64_MAX, LG_OK, INT64_MIN, NULL},
    {"9223372036854775808", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "out of range"},
    {"-9223372036854775809", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "out of range"},
    {"99999999999999999999999", D, INT64_MIN, INT64_MAX, LG_EINVAL, 0, "out of range"},
    {"256", D, 0, 255, LG_EINVAL, 0, "'256' is out of range [0, 255]"},
    {"-1", D, 0, 255, LG_EINVAL, 0, "'-1' is out of range [0, 255]"},
    {"255", D, 0, 255, LG_OK, 255, NULL},
};

static const struct {
    const char *text;
    unsigned syntax;
    uint64_t min, max;
    int rc;
    uint64_t want;
    const char *msg;
} unsigned_cases[] = {
    {"18446744073709551615", D, 0, UINT64_MAX, LG_OK, UINT64_MAX, NULL},
    {"18446744073709551616", D, 0, UINT64_MAX, LG_EINVAL, 0, "out of range"},
    {"0xffffffffffffffff", H, 0, UINT64_MAX, LG_OK, UINT64_MAX, NULL},
    {"-3", D, 0, UINT64_MAX, LG_EINVAL, 0, "'-3' is not a non-negative integer"},
    {"+3", D, 0, UINT64_MAX, LG_EINVAL, 0, "not a non-negative integer"},
    {"0", D, 1, 10, LG_EINVAL, 0, "'0' is out of range [1, 10]"},
    {"010", D, 1, 10, LG_OK, 10, NULL},
};

static const struct {
    const char *text;
    unsigned syntax;
    uint64_t max;
    int rc;
    uint64_t want;
    const char *rest; /* what *end points at */
} scan_cases[] = {
    {"30s", D, UINT64_MAX, LG_OK, 30, "s"},    {"250ms", D, UINT64_MAX, LG_OK, 250, "ms"},
    {"1/8", D, UINT64_MAX, LG_OK, 1, "/8"},    {"7:0]", D, UINT64_MAX, LG_OK, 7, ":0]"},
    {"0x10]", H, UINT64_MAX, LG_OK, 16, "]"},  {"0x10]", D, UINT64_MAX, LG_OK, 0, "x10]"},
    {"64u]", C, UINT64_MAX, LG_OK, 64, "]"},   {"s", D, UINT64_MAX, LG_EINVAL, 0, "s"},
    {"-1", D, UINT64_MAX, LG_EINVAL, 0, "-1"}, {"1000001/2", D, 1000000, LG_EINVAL, 0, "1000001/2"},
};

/* Wide integers: text -> limbs -> the same value in decimal, and the
 * edges of each width refused one past them. */
static void wide_cases(void)
{
    static const struct {
        const char *text;
        int bits, is_signed, rc;
        uint64_t lo, hi; /* the first two limbs */
        const char *shown;
    } cases[] = {
        {"0", 100, 0, LG_OK, 0, 0, "0"},
        {"0x10000000000000000", 100, 0, LG_OK, 0, 1, "18446744073709551616"},
        {"1267650600228229401496703205375", 100, 0, LG_OK, ~0ULL, 0xfffffffffULL, "1267650600228229401496703205375"},
        {"1267650600228229401496703205376", 100, 0, LG_EINVAL, 0, 0, "out of range of a unsigned 100-bit"},
        {"-1", 100, 0, LG_EINVAL, 0, 0, "out of range"},
        {"-1", 100, 1, LG_OK, ~0ULL, 0xfffffffffULL, "-1"},
        {"-633825300114114700748351602688", 100, 1, LG_OK, 0, 0x800000000ULL, "-633825300114114700748351602688"},
        {"-633825300114114700748351602689", 100, 1, LG_EINVAL, 0, 0, "out of range of a signed 100-bit"},
        {"633825300114114700748351602687", 100, 1, LG_OK, ~0ULL, 0x7ffffffffULL, "633825300114114700748351602687"},
        {"0xffffffffffffffffffffffffffffffff", 128, 0, LG_OK, ~0ULL, ~0ULL, "340282366920938463463374607431768211455"},
        {"0x1ffffffffffffffffffffffffffffffff", 128, 0, LG_EINVAL, 0, 0, "out of range"},
        {"12x", 128, 0, LG_EINVAL, 0, 0, "is not an integer"},
        {"", 128, 0, LG_EINVAL, 0, 0, "is not an integer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t limbs[LG_WIDE_LIMBS_MAX] = {0};
        lg_err_t err;
        lg_err_clear(&err);
        int rc = lg_wide_parse(cases[i].text, LG_NUM_HEX, cases[i].bits, cases[i].is_signed, limbs, &err);
        CHECK_MSG(rc == cases[i].rc, "'%s': rc %d (%s)", cases[i].text, rc, err.msg);
        if (rc != LG_OK) {
            CHECK_STR_CONTAINS(err.msg, cases[i].shown);
            continue;
        }
        CHECK_MSG(limbs[0] == cases[i].lo && limbs[1] == cases[i].hi, "'%s': limbs %llx %llx", cases[i].text,
                  (unsigned long long)limbs[1], (unsigned long long)limbs[0]);
        char buf[LG_WIDE_SHOW_MAX];
        lg_wide_show(limbs, cases[i].bits, cases[i].is_signed, buf, sizeof buf);
        CHECK_MSG(strcmp(buf, cases[i].shown) == 0, "'%s': shown %s", cases[i].text, buf);
    }
    /* The widest: 2^1024 - 1 shown with every digit, and back. */
    uint64_t all[LG_WIDE_LIMBS_MAX], again[LG_WIDE_LIMBS_MAX];
    for (int k = 0; k < LG_WIDE_LIMBS_MAX; k++)
        all[k] = ~0ULL;
    char buf[LG_WIDE_SHOW_MAX];
    lg_wide_show(all, 1024, 0, buf, sizeof buf);
    CHECK(strlen(buf) == 309 && strncmp(buf, "17976931348623159077", 20) == 0);
    lg_err_t err;
    CHECK(lg_wide_parse(buf, LG_NUM_DEC, 1024, 0, again, &err) == LG_OK && memcmp(all, again, sizeof all) == 0);
}

int main(void)
{
    wide_cases();
    for (size_t i = 0; i < sizeof signed_cases / sizeof signed_cases[0]; i++) {
        lg_err_t err;
        lg_err_clear(&err);
        int64_t v = 42;
        int rc = lg_int_parse(signed_cases[i].text, signed_cases[i].syntax, signed_cases[i].min, signed_cases[i].max,
                              &v, &err);
        CHECK_MSG(rc == signed_cases[i].rc, "'%s': rc %d (%s)", signed_cases[i].text, rc, err.msg);
        if (rc == LG_OK && signed_cases[i].rc == LG_OK)
            CHECK_MSG(v == signed_cases[i].want, "'%s': got %lld", signed_cases[i].text, (long long)v);
        if (rc != LG_OK) {
            CHECK(v == 42);
            CHECK(err.code == rc);
            if (signed_cases[i].msg)
                CHECK_STR_CONTAINS(err.msg, signed_cases[i].msg);
        }
    }
    for (size_t i = 0; i < sizeof unsigned_cases / sizeof unsigned_cases[0]; i++) {
        lg_err_t err;
        lg_err_clear(&err);
        uint64_t v = 42;
        int rc = lg_uint_parse(unsigned_cases[i].text, unsigned_cases[i].syntax, unsigned_cases[i].min,
                               unsigned_cases[i].max, &v, &err);
        CHECK_MSG(rc == unsigned_cases[i].rc, "'%s': rc %d (%s)", unsigned_cases[i].text, rc, err.msg);
        if (rc == LG_OK && unsigned_cases[i].rc == LG_OK)
            CHECK_MSG(v == unsigned_cases[i].want, "'%s': got %llu", unsigned_cases[i].text, (unsigned long long)v);
        if (rc != LG_OK) {
            CHECK(v == 42);
            CHECK_STR_CONTAINS(err.msg, unsigned_cases[i].msg);
        }
    }
    for (size_t i = 0; i < sizeof scan_cases / sizeof scan_cases[0]; i++) {
        lg_err_t err;
        lg_err_clear(&err);
        uint64_t v = 42;
        const char *end = NULL;
        int rc = lg_uint_scan(scan_cases[i].text, scan_cases[i].syntax, scan_cases[i].max, &v, &end, &err);
        CHECK_MSG(rc == scan_cases[i].rc, "'%s': rc %d (%s)", scan_cases[i].text, rc, err.msg);
        CHECK_MSG(end && strcmp(end, scan_cases[i].rest) == 0, "'%s': stopped at '%s'", scan_cases[i].text,
                  test_str(end));
        if (rc == LG_OK)
            CHECK(v == scan_cases[i].want);
    }
    TEST_DONE();
}
