/* A growable heap string: lgfuzz's one string builder. The buffer is always
 * NUL-terminated; lg_strbuf_take hands it over. */
#ifndef LG_COMMON_STRBUF_H
#define LG_COMMON_STRBUF_H

#include <stddef.h>

typedef struct lg_strbuf {
    char *s;    /* owned; NUL-terminated */
    size_t len;
    size_t cap;
} lg_strbuf_t;

void lg_strbuf_init(lg_strbuf_t *b);
void lg_strbuf_puts(lg_strbuf_t *b, const char *s);
void lg_strbuf_printf(lg_strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string (caller frees with free()); b must be re-initialised
 * before further use. */
char *lg_strbuf_take(lg_strbuf_t *b);
void lg_strbuf_free(lg_strbuf_t *b);

#endif
