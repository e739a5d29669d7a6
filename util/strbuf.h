/* A growable heap string: lgfuzz's one string builder. The buffer is always
 * NUL-terminated; lg_strbuf_take hands it over. Appends never fail: memory
 * comes from the allocation wrapper, whose policy is to abort. */
#ifndef LG_STRBUF_H
#define LG_STRBUF_H

#include <stddef.h>

typedef struct lg_strbuf {
    char *s; /* owned; NUL-terminated */
    size_t len;
    size_t cap;
} lg_strbuf_t;

/* An empty string (allocates its first bytes). */
void lg_strbuf_init(lg_strbuf_t *b);
/* Appends s (borrowed for the call). */
void lg_strbuf_puts(lg_strbuf_t *b, const char *s);
/* Appends printf-style text. */
void lg_strbuf_printf(lg_strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string (caller frees with free()); b must be re-initialised
 * before further use. */
char *lg_strbuf_take(lg_strbuf_t *b);
/* Frees the string; b must be re-initialised before further use. */
void lg_strbuf_free(lg_strbuf_t *b);

/* 1 when the comma-separated list (NUL-terminated, as a divergence key's
 * probes: "loop:k.c:7:remainder,width:sum") has item as one of its
 * entries, else 0. */
int lg_list_has(const char *list, const char *item);

#endif
