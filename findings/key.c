/* A finding's key: its class and its cause, or its C path and the probes
 * the divergence needs there. The struct is what lgfuzz works with; the
 * text is what symptom.json stores, written and parsed here alone. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "util/alloc.h"
#include "util/strbuf.h"

#define CAUSE_TAG "cause"
#define PATH_TAG "path:"
#define PATH_DIGITS 16

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The n names (any order, repeats allowed) sorted and each once into
 * k->probes, copied. */
static void set_probes(finding_key_t *k, const char *const *names, size_t n)
{
    const char **sorted = lg_calloc(n ? n : 1, sizeof *sorted);
    memcpy(sorted, names, n * sizeof *names);
    qsort(sorted, n, sizeof *sorted, cmp_str);
    k->probes = lg_calloc(n ? n : 1, sizeof *k->probes);
    k->nprobes = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(sorted[i], sorted[i - 1]) != 0)
            k->probes[k->nprobes++] = lg_strdup(sorted[i]);
    free(sorted);
}

/* The length of the class part of a key for a symptom of class cls: a
 * wrong value on any output is one symptom of a cause, or of a path,
 * "mismatch"; other classes count whole. */
static size_t cause_class_len(const char *cls)
{
    return strncmp(cls, "mismatch:", 9) == 0 ? 8 : strlen(cls);
}

void findings_key_path(finding_key_t *k, const char *cls, uint64_t path, const char *const *probes, size_t n)
{
    *k = (finding_key_t){.cls = lg_strndup(cls, cause_class_len(cls)), .by = FINDINGS_BY_PATH, .path = path};
    set_probes(k, probes, n);
}

void findings_key_cause(finding_key_t *k, const char *cls, const char *const *causes, size_t n)
{
    LG_ASSERT(n > 0);
    *k = (finding_key_t){.cls = lg_strndup(cls, cause_class_len(cls)), .by = FINDINGS_BY_CAUSE};
    set_probes(k, causes, n);
}

void findings_key_copy(finding_key_t *dst, const finding_key_t *src)
{
    *dst = *src;
    dst->cls = lg_strdup(src->cls);
    dst->probes = lg_calloc(src->nprobes ? src->nprobes : 1, sizeof *dst->probes);
    for (size_t i = 0; i < src->nprobes; i++)
        dst->probes[i] = lg_strdup(src->probes[i]);
}

void findings_key_free(finding_key_t *k)
{
    for (size_t i = 0; i < k->nprobes; i++)
        free(k->probes[i]);
    free(k->probes);
    free(k->cls);
    memset(k, 0, sizeof *k);
}

int findings_key_equal(const finding_key_t *a, const finding_key_t *b)
{
    if (a->by != b->by || a->path != b->path || a->nprobes != b->nprobes || strcmp(a->cls, b->cls) != 0)
        return 0;
    for (size_t i = 0; i < a->nprobes; i++)
        if (strcmp(a->probes[i], b->probes[i]) != 0)
            return 0;
    return 1;
}

int findings_key_names(const finding_key_t *k, const char *probe)
{
    return bsearch(&probe, k->probes, k->nprobes, sizeof *k->probes, cmp_str) != NULL;
}

char *findings_key_list(const finding_key_t *k, const char *sep)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t i = 0; i < k->nprobes; i++)
        lg_strbuf_printf(&b, "%s%s", i ? sep : "", k->probes[i]);
    return lg_strbuf_take(&b);
}

char *findings_key_group(const finding_key_t *k)
{
    if (k->by == FINDINGS_BY_CAUSE)
        return findings_key_text(k);
    return lg_asprintf("%s|" PATH_TAG "%016" PRIx64, k->cls, k->path);
}

char *findings_key_text(const finding_key_t *k)
{
    char *list = findings_key_list(k, ",");
    char *text = k->by == FINDINGS_BY_CAUSE ? lg_asprintf("%s|" CAUSE_TAG "|%s", k->cls, list)
                                            : lg_asprintf("%s|" PATH_TAG "%016" PRIx64 "|%s", k->cls, k->path, list);
    free(list);
    return text;
}

/* The comma-separated names of [p, end) into k->probes, sorted and each
 * once; 0 when one is empty. */
static int parse_list(const char *p, const char *end, finding_key_t *k)
{
    size_t cap = 1;
    for (const char *q = p; q < end; q++)
        cap += *q == ',';
    char **names = lg_calloc(cap, sizeof *names);
    size_t n = 0;
    int ok = 1;
    while (p < end && ok) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *stop = comma ? comma : end;
        ok = stop > p;
        names[n++] = lg_strndup(p, (size_t)(stop - p));
        p = comma ? comma + 1 : end;
        ok &= !comma || p < end;
    }
    if (ok)
        set_probes(k, (const char *const *)names, n);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return ok;
}

int findings_key_parse(const char *text, finding_key_t *k, lg_err_t *err)
{
    memset(k, 0, sizeof *k);
    const char *bar = strchr(text, '|'), *end = text + strlen(text);
    const char *rest = bar ? bar + 1 : NULL;
    int ok = bar && bar > text;
    if (ok && strncmp(rest, CAUSE_TAG "|", strlen(CAUSE_TAG) + 1) == 0) {
        k->by = FINDINGS_BY_CAUSE;
        rest += strlen(CAUSE_TAG) + 1;
        ok = rest < end; /* a cause key names at least one cause */
    } else if (ok && strncmp(rest, PATH_TAG, strlen(PATH_TAG)) == 0) {
        k->by = FINDINGS_BY_PATH;
        const char *hex = rest + strlen(PATH_TAG);
        char *stop = NULL;
        ok = strspn(hex, "0123456789abcdef") == PATH_DIGITS && hex[PATH_DIGITS] == '|';
        k->path = ok ? strtoull(hex, &stop, 16) : 0;
        rest = hex + PATH_DIGITS + 1;
    } else {
        ok = 0;
    }
    if (ok) {
        k->cls = lg_strndup(text, (size_t)(bar - text));
        ok = parse_list(rest, end, k);
    }
    if (!ok) {
        findings_key_free(k);
        return lg_err_set(err, LG_EINVAL,
                          "'%s' is not a finding's key (<class>|path:<16 hex digits>|<probes> or "
                          "<class>|cause|<causes>)",
                          text);
    }
    return LG_OK;
}
