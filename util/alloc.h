/* The one allocation wrapper. Out-of-memory policy: print a message naming
 * the request size and abort(); callers never check for NULL. */
#ifndef LG_ALLOC_H
#define LG_ALLOC_H

#include <stddef.h>

void *lg_malloc(size_t n);            /* never NULL; n == 0 gives a unique pointer */
void *lg_calloc(size_t n, size_t sz); /* zeroed, overflow-checked */
void *lg_realloc(void *p, size_t n);
char *lg_strdup(const char *s); /* s may be NULL: returns NULL */
char *lg_strndup(const char *s, size_t n);
/* printf into a fresh heap string; the caller owns the result. */
char *lg_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grows *buf (holding *cap elements of elem bytes) so that it can hold at
 * least need elements; doubles capacity to keep appends amortised O(1). */
void lg_grow(void **buf, size_t *cap, size_t need, size_t elem);

#endif
