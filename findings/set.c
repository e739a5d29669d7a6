/* The distinct findings of a run: their keys in order of first sighting,
 * each with the number of inputs that came to it, found by the hash of
 * the key's text. */
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/hashset.h"

typedef struct entry {
    finding_key_t key; /* owned */
    char *text;        /* findings_key_text of key */
    uint64_t hits;
} entry_t;

struct findings_set {
    entry_t *v;
    size_t n, cap;
    lg_hashset_t index; /* text hash -> index into v */
};

findings_set_t *findings_set_create(void)
{
    return lg_calloc(1, sizeof(findings_set_t));
}

void findings_set_destroy(findings_set_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++) {
        findings_key_free(&s->v[i].key);
        free(s->v[i].text);
    }
    free(s->v);
    lg_hashset_free(&s->index);
    free(s);
}

static uint64_t text_hash(const char *text)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, text);
    return h.h;
}

/* The id of the entry whose text is text, else SIZE_MAX. */
static size_t find_text(const findings_set_t *s, const char *text)
{
    size_t pos = 0;
    uint32_t v;
    uint64_t h = text_hash(text);
    while (lg_hashset_next(&s->index, h, &pos, &v))
        if (strcmp(s->v[v].text, text) == 0)
            return v;
    return SIZE_MAX;
}

size_t findings_set_find(const findings_set_t *s, const finding_key_t *k)
{
    char *text = findings_key_text(k);
    size_t id = find_text(s, text);
    free(text);
    return id;
}

size_t findings_set_add(findings_set_t *s, const finding_key_t *k, int *is_new)
{
    char *text = findings_key_text(k);
    size_t id = find_text(s, text);
    if (is_new)
        *is_new = id == SIZE_MAX;
    if (id != SIZE_MAX) {
        free(text);
        s->v[id].hits++;
        return id;
    }
    lg_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
    entry_t *e = &s->v[s->n];
    findings_key_copy(&e->key, k);
    e->text = text;
    e->hits = 1;
    lg_hashset_add(&s->index, text_hash(text), (uint32_t)s->n);
    return s->n++;
}

void findings_set_hit(findings_set_t *s, size_t id)
{
    LG_ASSERT(id < s->n);
    s->v[id].hits++;
}

size_t findings_set_count(const findings_set_t *s)
{
    return s->n;
}

const finding_key_t *findings_set_key(const findings_set_t *s, size_t id)
{
    return id < s->n ? &s->v[id].key : NULL;
}

const char *findings_set_text(const findings_set_t *s, size_t id)
{
    return id < s->n ? s->v[id].text : NULL;
}

uint64_t findings_set_hits(const findings_set_t *s, size_t id)
{
    return id < s->n ? s->v[id].hits : 0;
}

/* 1 when key k is one of class cls: of cls itself (a record of an older
 * version), or of the class a key gives cls ("mismatch" for any
 * output's). */
static int of_class(const finding_key_t *k, const char *cls)
{
    if (strcmp(k->cls, cls) == 0)
        return 1;
    size_t lcc = strncmp(cls, "mismatch:", 9) == 0 ? 8 : strlen(cls);
    return strlen(k->cls) == lcc && strncmp(k->cls, cls, lcc) == 0;
}

int findings_set_names_probe(const findings_set_t *s, const char *cls, const char *probe)
{
    for (size_t i = 0; i < s->n; i++)
        if (of_class(&s->v[i].key, cls) && findings_key_names(&s->v[i].key, probe))
            return 1;
    return 0;
}

/* 1 when name, one of a key's probes or causes, is among the n probes:
 * a read-back cause, "readback:<param>", is when any of them is a
 * read-back probe ("ub:readback:<file>:<line>", the tracer's, which the
 * findings do not link). */
static int among(const char *name, const char *const *probes, size_t n)
{
    int readback = strncmp(name, "readback:", 9) == 0;
    for (size_t i = 0; i < n; i++)
        if (readback ? strncmp(probes[i], "ub:readback:", 12) == 0 : strcmp(probes[i], name) == 0)
            return 1;
    return 0;
}

size_t findings_set_find_within(const findings_set_t *s, const char *cls, uint64_t path, const char *const *probes,
                                size_t n)
{
    for (size_t i = 0; i < s->n; i++) {
        const finding_key_t *k = &s->v[i].key;
        if (!of_class(k, cls) || (k->by == FINDINGS_BY_PATH && k->path != path))
            continue;
        size_t j = 0;
        while (j < k->nprobes && among(k->probes[j], probes, n))
            j++;
        if (j == k->nprobes)
            return i;
    }
    return SIZE_MAX;
}
