/* lgfuzz's one token scanner of Verilog source, for what it reads from a
 * design before Verilator does: init's top module and its ports, the
 * oracle's $readmem file names and module declarations. Blanks and
 * comments are skipped and lines counted (in block comments and string
 * literals too). A token is a word (an identifier, keyword, number such as
 * 8'hFF, system task or `directive), an escaped identifier (a backslash up
 * to white space), a string literal with its quotes, or one other
 * character. It is no parser: what it reports is always a real token of
 * the source, never one inside a comment or a string. */
#ifndef LG_VSCAN_H
#define LG_VSCAN_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    VSCAN_WORD,    /* [A-Za-z0-9_$`']+ */
    VSCAN_ESCAPED, /* \ and every character up to white space */
    VSCAN_STRING,  /* "..." with backslash escapes; unterminated at the end of the text */
    VSCAN_PUNCT    /* any other single character */
} vscan_kind_t;

typedef struct vscan_tok {
    vscan_kind_t kind;
    size_t start, end; /* the token is text[start, end) */
    int line;          /* the line of its first character, from 1 */
} vscan_tok_t;

/* A scan's position. It is a plain value: a copy looks ahead, and
 * assigning the copy back takes what it read. */
typedef struct vscan {
    const char *text; /* NUL-terminated, borrowed for the scan's life */
    size_t pos;
    int line;
} vscan_t;

/* A scan from the start of text (borrowed while the scan is used). */
vscan_t vscan_start(const char *text);
/* Reads the next token into t and returns 1; returns 0 at the end of the
 * text, t untouched. */
int vscan_next(vscan_t *s, vscan_tok_t *t);
/* 1 when the text of t (read by s) is word. */
int vscan_is(const vscan_t *s, const vscan_tok_t *t, const char *word);
/* Copies the text of t into buf (cap > 0 bytes), cut to cap - 1 bytes and
 * NUL-terminated. */
void vscan_copy(const vscan_t *s, const vscan_tok_t *t, char *buf, size_t cap);
/* 1 when the tokens that follow s's position (s is a copy: the caller's
 * scan does not move) are pat, a NULL-terminated list: "$" a word whose
 * text goes into the next of the ncaps buffers of caps (cap bytes each,
 * one after the other, as vscan_copy cuts it; a "$" past the last buffer
 * matches a word uncaptured), "#" any word, anything else that very token. */
int vscan_match(vscan_t s, const char *const *pat, char *caps, size_t ncaps, size_t cap);
/* The value of word, a Verilog integer literal without x or z digits: a
 * decimal number, or an optional size, ', an optional s and a base (b, o,
 * d or h, either case) then digits, underscores allowed ("6'h18",
 * "32'd16", "4'b0000", "8'sh_ff"), through util's one integer parser:
 * 1 with *out set, 0 when word is no such literal or its value needs more
 * than 64 bits. */
int vscan_number(const char *word, uint64_t *out);
/* The HLS_SYN_LAT of a CORE_GENERATION_INFO attribute's value (info,
 * len bytes: the text between its quotes): the design's latency in
 * cycles, or -1 when the value holds none, HLS's -1 for a latency it
 * cannot bound, or anything but decimal digits ended by `,` or `}`. */
int64_t vscan_syn_latency(const char *info, size_t len);

#endif
