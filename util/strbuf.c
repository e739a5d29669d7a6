/* Growable heap strings (see strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void lg_strbuf_init(lg_strbuf_t *b)
{
    b->cap = 64;
    b->s = lg_malloc(b->cap);
    b->s[0] = '\0';
    b->len = 0;
}

static void reserve(lg_strbuf_t *b, size_t extra)
{
    size_t cap = b->cap;
    lg_grow((void **)&b->s, &cap, b->len + extra + 1, 1);
    b->cap = cap;
}

void lg_strbuf_puts(lg_strbuf_t *b, const char *s)
{
    size_t n = strlen(s);
    reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void lg_strbuf_printf(lg_strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *lg_strbuf_take(lg_strbuf_t *b)
{
    char *s = b->s;
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

void lg_strbuf_free(lg_strbuf_t *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

int lg_list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, ',');
        if ((size_t)((end ? end : p + strlen(p)) - p) == n && strncmp(p, item, n) == 0)
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}
