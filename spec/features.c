/* The feature vector view of an input: scalars, array lengths, the first
 * FEATURES_ELEMS elements and the max/min/sum aggregates, in spec order. */
#include "features.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static void add(features_t *fs, size_t *cap, char *name, feature_kind_t kind, int param, size_t index, int64_t lo,
                int64_t hi)
{
    lg_grow((void **)&fs->f, cap, fs->n + 1, sizeof *fs->f);
    feature_t *f = &fs->f[fs->n++];
    f->name = name;
    f->kind = kind;
    f->param = param;
    f->index = index;
    f->lo = lo;
    f->hi = hi;
}

/* The element domain seen as signed 64-bit (a u64 range may wrap: then the
 * feature may take any value). */
static void signed_domain(const spec_param_t *p, int64_t *lo, int64_t *hi)
{
    *lo = p->range_lo;
    *hi = p->range_hi;
    if (p->type == LG_U64 && *lo > *hi) {
        *lo = INT64_MIN;
        *hi = INT64_MAX;
    }
}

features_t *features_create(const spec_t *spec)
{
    features_t *fs = lg_calloc(1, sizeof *fs);
    fs->spec = spec;
    size_t cap = 0;
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_OUT)
            continue;
        int64_t lo, hi;
        signed_domain(p, &lo, &hi);
        if (!p->is_array) {
            add(fs, &cap, lg_strdup(p->name), FEAT_SCALAR, (int)i, 0, lo, hi);
            continue;
        }
        int64_t minlen = p->fixed_len ? (int64_t)p->max_len : 0;
        add(fs, &cap, lg_asprintf("len(%s)", p->name), FEAT_LEN, (int)i, 0, minlen, (int64_t)p->max_len);
        size_t k = p->max_len < FEATURES_ELEMS ? p->max_len : FEATURES_ELEMS;
        /* Absent elements read as 0, so 0 joins every element's domain. */
        int64_t elo = lo > 0 ? 0 : lo, ehi = hi < 0 ? 0 : hi;
        for (size_t e = 0; e < k; e++)
            add(fs, &cap, lg_asprintf("%s[%zu]", p->name, e), FEAT_ELEM, (int)i, e, elo, ehi);
        add(fs, &cap, lg_asprintf("max(%s)", p->name), FEAT_MAX, (int)i, 0, elo, ehi);
        add(fs, &cap, lg_asprintf("min(%s)", p->name), FEAT_MIN, (int)i, 0, elo, ehi);
        add(fs, &cap, lg_asprintf("sum(%s)", p->name), FEAT_SUM, (int)i, 0, INT64_MIN, INT64_MAX);
    }
    return fs;
}

features_t *features_from_names(const char *const *names, size_t n)
{
    features_t *fs = lg_calloc(1, sizeof *fs);
    size_t cap = 0;
    for (size_t i = 0; i < n; i++)
        add(fs, &cap, lg_strdup(names[i]), FEAT_PLAIN, -1, 0, INT64_MIN, INT64_MAX);
    return fs;
}

void features_destroy(features_t *fs)
{
    if (!fs)
        return;
    for (size_t i = 0; i < fs->n; i++)
        free(fs->f[i].name);
    free(fs->f);
    free(fs);
}

int features_find(const features_t *fs, const char *name)
{
    for (size_t i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].name, name) == 0)
            return (int)i;
    return -1;
}

void features_eval(const features_t *fs, const input_t *in, int64_t *out)
{
    for (size_t i = 0; i < fs->n; i++) {
        const feature_t *f = &fs->f[i];
        if (f->kind == FEAT_PLAIN) {
            out[i] = 0;
            continue;
        }
        const input_value_t *v = &in->v[f->param];
        switch (f->kind) {
        case FEAT_SCALAR:
            out[i] = v->scalar;
            break;
        case FEAT_LEN:
            out[i] = (int64_t)v->len;
            break;
        case FEAT_ELEM:
            out[i] = f->index < v->len ? v->elems[f->index] : 0;
            break;
        case FEAT_MAX:
        case FEAT_MIN: {
            int64_t m = 0;
            for (size_t k = 0; k < v->len; k++)
                if (k == 0 || (f->kind == FEAT_MAX ? v->elems[k] > m : v->elems[k] < m))
                    m = v->elems[k];
            out[i] = m;
            break;
        }
        case FEAT_SUM: {
            uint64_t s = 0;
            for (size_t k = 0; k < v->len; k++)
                s += (uint64_t)v->elems[k];
            out[i] = (int64_t)s;
            break;
        }
        case FEAT_PLAIN:
            break;
        }
    }
}
