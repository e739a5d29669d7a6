/* Mutation of one host input's text. Host inputs are mostly text (a data
 * file of numbers, an option's value), so the mutations work on
 * whitespace-separated tokens and numbers, with a byte change for the
 * rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_source_int.h"
#include "util/alloc.h"
#include "util/num.h"

/* Past this a mutation that grows the text does nothing. */
#define TEXT_MAX (64u << 10)

/* Values at the edges of the usual HLS bit widths. */
static const long long interesting[] = {0,    1,    -1,   2,     3,     7,     8,     15,         16,           31,
                                        32,   63,   64,   100,   127,   128,   255,   256,        511,          512,
                                        1000, 1023, 1024, 32767, 32768, 65535, 65536, 2147483647, -2147483648LL};

typedef struct span {
    size_t at, len;
} span_t;

static int is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* The k-th token's extent (k below the token count); the count when k is
 * SIZE_MAX. */
static size_t tokens(const hostsource_blob_t *b, size_t k, span_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < b->len;) {
        while (i < b->len && is_space(b->data[i]))
            i++;
        if (i == b->len)
            break;
        size_t s = i;
        while (i < b->len && !is_space(b->data[i]))
            i++;
        if (n == k) {
            out->at = s;
            out->len = i - s;
        }
        n++;
    }
    return n;
}

/* Replaces [at, at + len) with text (borrowed). */
static void splice(hostsource_blob_t *b, size_t at, size_t len, const char *text)
{
    size_t tl = strlen(text);
    char *d = lg_malloc(b->len - len + tl + 1);
    memcpy(d, b->data, at);
    memcpy(d + at, text, tl);
    memcpy(d + at + tl, b->data + at + len, b->len - at - len + 1);
    free(b->data);
    b->data = d;
    b->len = b->len - len + tl;
}

static long long pick_number(lg_rng_t *rng)
{
    if (lg_rng_chance(rng, 0.7))
        return interesting[lg_rng_below(rng, sizeof interesting / sizeof *interesting)];
    return (long long)lg_rng_range(rng, -1000, 1000);
}

static void mutate_once(hostsource_blob_t *b, int word, lg_rng_t *rng)
{
    span_t t = {0, 0};
    size_t nt = tokens(b, SIZE_MAX, &t);
    char num[32];
    unsigned op = (unsigned)lg_rng_below(rng, 6);
    if (nt == 0 && op != 5)
        op = 1;
    if (nt)
        tokens(b, (size_t)lg_rng_below(rng, nt), &t);
    switch (op) {
    case 0: /* a token becomes another number */
        snprintf(num, sizeof num, "%lld", pick_number(rng));
        splice(b, t.at, t.len, num);
        break;
    case 1: /* a number inserted (a word is replaced instead) */
        if (word || b->len > TEXT_MAX) {
            snprintf(num, sizeof num, "%lld", pick_number(rng));
            splice(b, 0, b->len, num);
        } else {
            snprintf(num, sizeof num, "%lld\n", pick_number(rng));
            splice(b, nt ? t.at : b->len, 0, num);
        }
        break;
    case 2: /* a token deleted */
        splice(b, t.at, t.len + (t.at + t.len < b->len), "");
        break;
    case 3: /* the text repeated (more values), or a number nudged */
        if (!word && b->len <= TEXT_MAX) {
            char *copy = lg_strdup(b->data);
            splice(b, b->len, 0, copy);
            free(copy);
            break;
        }
        /* fall through */
    case 4: { /* a number nudged */
        char *tok = lg_strndup(b->data + t.at, t.len);
        int64_t v = 0; /* a number too large to nudge becomes a small one */
        lg_err_t ignored;
        (void)lg_int_parse(tok, LG_NUM_DEC, INT64_MIN + 16, INT64_MAX - 16, &v, &ignored);
        snprintf(num, sizeof num, "%lld", (long long)(v + lg_rng_range(rng, -16, 16)));
        free(tok);
        splice(b, t.at, t.len, num);
        break;
    }
    default: /* a byte changed: a printable character, never a separator in a word */
        if (b->len) {
            size_t at = (size_t)lg_rng_below(rng, b->len);
            b->data[at] = (char)('!' + lg_rng_below(rng, 94));
        }
        break;
    }
}

void hostsource_mutate(hostsource_blob_t *b, int word, lg_rng_t *rng)
{
    int n = 1 + (int)lg_rng_below(rng, 3);
    for (int i = 0; i < n; i++)
        mutate_once(b, word, rng);
}
