/* The Verilog token scanner (vscan.h): a byte-wise lexer over a
 * NUL-terminated text, which it never reads past. */
#include "vscan.h"

#include <ctype.h>
#include <string.h>

#include "num.h"

/* A word's characters: identifiers, numbers with their base ('), system
 * tasks ($) and directives (`) alike. */
static int word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '`' || c == '\'';
}

/* Skips blanks and comments, counting lines; 0 at the end of the text. */
static int skip_blank(vscan_t *s)
{
    const char *t = s->text;
    for (;;) {
        if (t[s->pos] == '\n') {
            s->line++;
            s->pos++;
        } else if (isspace((unsigned char)t[s->pos])) {
            s->pos++;
        } else if (t[s->pos] == '/' && t[s->pos + 1] == '/') {
            while (t[s->pos] && t[s->pos] != '\n')
                s->pos++;
        } else if (t[s->pos] == '/' && t[s->pos + 1] == '*') {
            for (s->pos += 2; t[s->pos] && !(t[s->pos] == '*' && t[s->pos + 1] == '/'); s->pos++)
                s->line += t[s->pos] == '\n';
            s->pos += t[s->pos] ? 2 : 0;
        } else {
            return t[s->pos] != '\0';
        }
    }
}

/* Skips a string literal from its opening quote to past its closing one
 * (or to the end of the text). */
static void skip_string(vscan_t *s)
{
    const char *t = s->text;
    for (s->pos++; t[s->pos] && t[s->pos] != '"'; s->pos++) {
        if (t[s->pos] == '\\' && t[s->pos + 1])
            s->pos++;
        s->line += t[s->pos] == '\n';
    }
    s->pos += t[s->pos] == '"';
}

vscan_t vscan_start(const char *text)
{
    return (vscan_t){.text = text, .pos = 0, .line = 1};
}

int vscan_next(vscan_t *s, vscan_tok_t *t)
{
    if (!skip_blank(s))
        return 0;
    const char *x = s->text;
    t->start = s->pos;
    t->line = s->line;
    char c = x[s->pos];
    if (word_char(c)) {
        t->kind = VSCAN_WORD;
        while (word_char(x[s->pos]))
            s->pos++;
    } else if (c == '\\') {
        t->kind = VSCAN_ESCAPED;
        while (x[s->pos] && !isspace((unsigned char)x[s->pos]))
            s->pos++;
    } else if (c == '"') {
        t->kind = VSCAN_STRING;
        skip_string(s);
    } else {
        t->kind = VSCAN_PUNCT;
        s->pos++;
    }
    t->end = s->pos;
    return 1;
}

int vscan_is(const vscan_t *s, const vscan_tok_t *t, const char *word)
{
    size_t n = strlen(word);
    return t->end - t->start == n && strncmp(s->text + t->start, word, n) == 0;
}

void vscan_copy(const vscan_t *s, const vscan_tok_t *t, char *buf, size_t cap)
{
    size_t n = t->end - t->start < cap - 1 ? t->end - t->start : cap - 1;
    memcpy(buf, s->text + t->start, n);
    buf[n] = '\0';
}

int vscan_match(vscan_t s, const char *const *pat, char *caps, size_t ncaps, size_t cap)
{
    size_t nc = 0;
    for (; *pat; pat++) {
        vscan_tok_t t;
        if (!vscan_next(&s, &t))
            return 0;
        if (strcmp(*pat, "$") == 0 || strcmp(*pat, "#") == 0) {
            if (t.kind != VSCAN_WORD)
                return 0;
            if (**pat == '$' && nc < ncaps)
                vscan_copy(&s, &t, caps + cap * nc++, cap);
        } else if (!vscan_is(&s, &t, *pat)) {
            return 0;
        }
    }
    return 1;
}

int vscan_number(const char *word, uint64_t *out)
{
    const char *tick = strchr(word, '\'');
    const char *digits = word, *prefix = "";
    if (tick) {
        if (strspn(word, "0123456789") != (size_t)(tick - word))
            return 0;
        const char *b = tick + 1 + (tick[1] == 's' || tick[1] == 'S');
        int base = tolower((unsigned char)*b);
        prefix = base == 'h' ? "0x" : base == 'b' ? "0b" : base == 'o' ? "0" : base == 'd' ? "" : NULL;
        if (!prefix)
            return 0;
        digits = b + 1;
    }
    /* The digits without their underscores, after the C prefix of the base. */
    char text[80];
    size_t n = strlen(prefix);
    memcpy(text, prefix, n);
    for (const char *p = digits; *p && n + 1 < sizeof text; p++)
        if (*p != '_')
            text[n++] = *p;
    text[n] = '\0';
    if (n == strlen(prefix) || strlen(digits) >= sizeof text - 3)
        return 0;
    lg_err_t err; /* not a literal: the caller's to say */
    return lg_uint_parse(text, *prefix ? LG_NUM_C : LG_NUM_DEC, 0, UINT64_MAX, out, &err) == LG_OK;
}

int64_t vscan_syn_latency(const char *info, size_t len)
{
    static const char key[] = "HLS_SYN_LAT=";
    const size_t kl = sizeof key - 1;
    for (size_t i = 0; i + kl <= len; i++) {
        if (strncmp(info + i, key, kl) != 0)
            continue;
        size_t d = i + kl, e = d;
        while (e < len && isdigit((unsigned char)info[e]))
            e++;
        if (e == d || e - d > 18 || (e < len && info[e] != ',' && info[e] != '}'))
            return -1; /* -1, a sign, a number past 10^18, or text */
        int64_t v = 0;
        for (size_t k = d; k < e; k++)
            v = v * 10 + (info[k] - '0');
        return v;
    }
    return -1;
}
