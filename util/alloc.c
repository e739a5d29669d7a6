/* The allocation wrapper: out of memory is not recoverable for a fuzzer, so
 * every allocation either succeeds or aborts with the size requested. */
#include "alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
    fprintf(stderr, "lgfuzz: out of memory allocating %zu bytes\n", n);
    abort();
}

void *lg_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *lg_calloc(size_t n, size_t sz)
{
    if (sz && n > SIZE_MAX / sz)
        oom(SIZE_MAX);
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p)
        oom(n * sz);
    return p;
}

void *lg_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

char *lg_strdup(const char *s)
{
    return s ? lg_strndup(s, strlen(s)) : NULL;
}

char *lg_strndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = lg_malloc(len + 1);
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

char *lg_asprintf(const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *s = lg_malloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return s;
}

void lg_grow(void **buf, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 8;
    while (c < need) {
        if (c > SIZE_MAX / 2 / elem)
            oom(SIZE_MAX);
        c *= 2;
    }
    *buf = lg_realloc(*buf, c * elem);
    *cap = c;
}
