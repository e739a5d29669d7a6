/* A growable heap string used by synth's printers and reports (private to
 * synth). The buffer is always NUL-terminated; strbuf_take hands it over. */
#ifndef LG_SYNTH_STRBUF_H
#define LG_SYNTH_STRBUF_H

#include <stddef.h>

typedef struct strbuf {
    char *s;    /* owned; NUL-terminated */
    size_t len;
    size_t cap;
} strbuf_t;

void strbuf_init(strbuf_t *b);
void strbuf_puts(strbuf_t *b, const char *s);
void strbuf_printf(strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string (caller frees with free()); b must be re-initialised
 * before further use. */
char *strbuf_take(strbuf_t *b);
void strbuf_free(strbuf_t *b);

#endif
