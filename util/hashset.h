/* An open-addressing hash index: entries of a 64-bit hash and a 32-bit
 * value, usually the index of an item in the caller's own array. Several
 * entries may share a hash; the caller tells their items apart while
 * walking them with lg_hashset_next. A slot is picked from the top bits
 * of the hash times a golden-ratio constant, which depend on every bit of
 * the hash, so hashes with weak low bits (word-wise FNV-1a, small
 * signatures) still spread. */
#ifndef LG_HASHSET_H
#define LG_HASHSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct lg_hashset {
    uint64_t *hash; /* cap entries, owned */
    uint32_t *val;  /* cap entries, owned: value + 1, 0 marks an empty slot */
    size_t cap;     /* 0 or a power of two, at least twice n */
    size_t n;       /* entries */
    unsigned bits;  /* log2(cap) once allocated */
} lg_hashset_t;

/* An empty set (as is a zeroed lg_hashset_t); it allocates on the first
 * add. */
void lg_hashset_init(lg_hashset_t *s);
/* Frees the slots; s is empty afterwards. s may be NULL. */
void lg_hashset_free(lg_hashset_t *s);
/* Adds the entry (hash, value), even when hash is already present.
 * value must be below UINT32_MAX. Grows by doubling (the allocation
 * wrapper's policy: never fails). */
void lg_hashset_add(lg_hashset_t *s, uint64_t hash, uint32_t value);
/* Walks the values stored under hash: set *pos to 0 before the first call;
 * each call that returns 1 stores the next one in *value. Returns 0 when
 * there are no more. An add between calls invalidates *pos. */
int lg_hashset_next(const lg_hashset_t *s, uint64_t hash, size_t *pos, uint32_t *value);
/* For a set of hashes: adds hash (with value 0) and returns 1 when no
 * entry holds it yet; returns 0 and changes nothing otherwise. */
int lg_hashset_insert(lg_hashset_t *s, uint64_t hash);

#endif
