/* Distinct symptoms: a symptom's key is its class and either what causes
 * it ("<class>|cause|<probes>", on whichever C path) or the signature of
 * the C path its input took and the sorted set of spectra probes that
 * fired, so that, without a known cause, the same wrong output reached on
 * another path of the C, or through a different bit-width or loop-bound
 * corner, counts as new. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/strbuf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct oracle_dedup {
    char **keys; /* owned, in order of first sighting */
    uint64_t *hits;
    size_t n, cap, hcap;
};

oracle_dedup_t *oracle_dedup_create(void)
{
    return lg_calloc(1, sizeof(oracle_dedup_t));
}

void oracle_dedup_destroy(oracle_dedup_t *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        free(d->keys[i]);
    free(d->keys);
    free(d->hits);
    free(d);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* key + "<head>" and the sorted, duplicate-free probes with their commas,
 * in a new heap string. */
static char *key_with_probes(const char *head, const char *const *probes, size_t nprobes)
{
    const char **sorted = lg_calloc(nprobes ? nprobes : 1, sizeof *sorted);
    size_t len = strlen(head) + 1;
    for (size_t i = 0; i < nprobes; i++) {
        sorted[i] = probes[i];
        len += strlen(probes[i]) + 1;
    }
    qsort(sorted, nprobes, sizeof *sorted, cmp_str);
    char *key = lg_malloc(len);
    char *p = key + strlen(strcpy(key, head));
    for (size_t i = 0; i < nprobes; i++) {
        if (i > 0 && strcmp(sorted[i], sorted[i - 1]) == 0)
            continue;
        if (p[-1] != '|')
            *p++ = ',';
        p += strlen(strcpy(p, sorted[i]));
    }
    *p = '\0';
    free(sorted);
    return key;
}

char *oracle_dedup_make_key(const oracle_symptom_t *s, uint64_t path, const char *const *probes, size_t nprobes)
{
    char *head = lg_asprintf("%s|path:%016llx|", s->cls, (unsigned long long)path);
    char *key = key_with_probes(head, probes, nprobes);
    free(head);
    return key;
}

/* The length of the class part of a cause key for a symptom of class cls:
 * a wrong value on any output is one symptom of a cause, "mismatch";
 * other classes count whole. */
static int cause_class_len(const char *cls)
{
    return strncmp(cls, "mismatch:", 9) == 0 ? 8 : (int)strlen(cls);
}

char *oracle_dedup_make_cause_key(const char *cls, const char *const *causes, size_t ncauses)
{
    LG_ASSERT(ncauses > 0);
    char *head = lg_asprintf("%.*s|cause|", cause_class_len(cls), cls);
    char *key = key_with_probes(head, causes, ncauses);
    free(head);
    return key;
}

/* Adds key (owned from here on). */
static size_t add_owned_key(oracle_dedup_t *d, char *key, int *is_new)
{
    size_t i = oracle_dedup_find_key(d, key);
    if (i != SIZE_MAX) {
        free(key);
        d->hits[i]++;
        if (is_new)
            *is_new = 0;
        return i;
    }
    lg_grow((void **)&d->keys, &d->cap, d->n + 1, sizeof *d->keys);
    lg_grow((void **)&d->hits, &d->hcap, d->n + 1, sizeof *d->hits);
    d->keys[d->n] = key;
    d->hits[d->n] = 1;
    if (is_new)
        *is_new = 1;
    return d->n++;
}

size_t oracle_dedup_add(oracle_dedup_t *d, const oracle_symptom_t *s, uint64_t path, const char *const *probes,
                        size_t nprobes, int *is_new)
{
    return add_owned_key(d, oracle_dedup_make_key(s, path, probes, nprobes), is_new);
}

size_t oracle_dedup_add_key(oracle_dedup_t *d, const char *key, int *is_new)
{
    return add_owned_key(d, lg_strdup(key), is_new);
}

size_t oracle_dedup_find_key(const oracle_dedup_t *d, const char *key)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->keys[i], key) == 0)
            return i;
    return SIZE_MAX;
}

size_t oracle_dedup_count(const oracle_dedup_t *d)
{
    return d->n;
}

const char *oracle_dedup_key(const oracle_dedup_t *d, size_t id)
{
    return id < d->n ? d->keys[id] : NULL;
}

uint64_t oracle_dedup_hits(const oracle_dedup_t *d, size_t id)
{
    return id < d->n ? d->hits[id] : 0;
}

int oracle_dedup_names_probe(const oracle_dedup_t *d, const char *cls, const char *probe)
{
    size_t lc = strlen(cls), lcc = (size_t)cause_class_len(cls);
    for (size_t i = 0; i < d->n; i++) {
        const char *k = d->keys[i];
        /* "<class>|path:<hash>|<probe>,<probe>,...", or a cause's
         * "<class>|cause|<probe>,...". */
        const char *probes = strncmp(k, cls, lc) == 0 && k[lc] == '|' ? strchr(k + lc + 1, '|') : NULL;
        if (!probes && strncmp(k, cls, lcc) == 0 && strncmp(k + lcc, "|cause|", 7) == 0)
            probes = k + lcc + 6;
        if (probes && lg_list_has(probes + 1, probe))
            return 1;
    }
    return 0;
}

/* 1 when the comma-separated list [p, end) names only probes of probes
 * (or a read-back, "readback:<param>", when one of them is a readback
 * probe). */
static int list_within(const char *p, const char *end, const char *const *probes, size_t n)
{
    while (p < end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t len = (size_t)((comma ? comma : end) - p);
        int found = 0;
        /* A read-back cause names its param; the input shows it when it
         * read back any output (the tracer's probe "ub:readback:<file>:
         * <line>", TRACER_READBACK_PREFIX; the oracle does not link the
         * tracer). */
        int readback = len > 9 && strncmp(p, "readback:", 9) == 0;
        for (size_t i = 0; i < n && !found; i++)
            found = readback ? strncmp(probes[i], "ub:readback:", 12) == 0
                             : strlen(probes[i]) == len && strncmp(probes[i], p, len) == 0;
        if (!found)
            return 0;
        p = comma ? comma + 1 : end;
    }
    return 1;
}

size_t oracle_dedup_find_within(const oracle_dedup_t *d, const char *cls, uint64_t path, const char *const *probes,
                                size_t n)
{
    char group[ORACLE_CLASS_MAX + 32];
    int glen = snprintf(group, sizeof group, "%s|path:%016llx|", cls, (unsigned long long)path);
    char cause[ORACLE_CLASS_MAX + 8];
    int clen = snprintf(cause, sizeof cause, "%.*s|cause|", cause_class_len(cls), cls);
    for (size_t i = 0; i < d->n; i++) {
        const char *k = d->keys[i], *end = k + strlen(k);
        if (glen > 0 && strncmp(k, group, (size_t)glen) == 0 && list_within(k + glen, end, probes, n))
            return i;
        if (clen > 0 && strncmp(k, cause, (size_t)clen) == 0 && list_within(k + clen, end, probes, n))
            return i;
    }
    return SIZE_MAX;
}
