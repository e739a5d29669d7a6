/* The words of an HLS pragma line: the text after `#pragma` split into
 * its leading words (`hls`, `interface`, `ap_fifo`) and its `key = value`
 * pairs with any spacing (`port = samples`, `depth=4`), and the words
 * after the first pair, its flags (`cyclic` of `ARRAY_PARTITION
 * variable=a cyclic factor=2`); words, keys and flags in lower case,
 * values as written. The tracer matches its pragma rules on them, init
 * reads interface depths. Names:
 *   hlspragma_  hlspragma.c */
#ifndef LG_HLSPRAGMA_H
#define LG_HLSPRAGMA_H

#include <stddef.h>

#define HLSPRAGMA_MAX_WORDS 32

typedef struct hlspragma {
    char *words[HLSPRAGMA_MAX_WORDS];
    size_t nwords;
    char *keys[HLSPRAGMA_MAX_WORDS];
    char *vals[HLSPRAGMA_MAX_WORDS];
    size_t npairs;
    char *flags[HLSPRAGMA_MAX_WORDS];
    size_t nflags;
} hlspragma_t;

/* Splits text[0..len) into *pl, which starts zeroed; hlspragma_free frees it. */
void hlspragma_split(const char *text, size_t len, hlspragma_t *pl);
void hlspragma_free(hlspragma_t *pl);
/* 1 when flag (lower case) is among the flags. */
int hlspragma_flag(const hlspragma_t *pl, const char *flag);
/* The value of key (lower case), or NULL. */
const char *hlspragma_value(const hlspragma_t *pl, const char *key);

#endif
