/* The byte-to-input decoding of the byte-level baselines (libFuzzer,
 * AFL++): deterministic, total (every byte string is an input inside the
 * spec's domains) and the identity on in-domain values, so that a fuzzer's
 * comparison-guided byte patches mean the value they were copied from. */
#include <string.h>

#include "bench/baselines/benchkit.h"
#include "util/types.h"

typedef struct reader {
    const uint8_t *p;
    size_t n, pos;
} reader_t;

/* Next `bytes` little-endian bytes; bytes past the end read as zero. */
static uint64_t take(reader_t *r, int bytes)
{
    uint64_t v = 0;
    for (int k = 0; k < bytes; k++) {
        uint64_t b = r->pos < r->n ? r->p[r->pos] : 0;
        r->pos++;
        v |= b << (8 * k);
    }
    return v;
}

/* The raw bits read as a value of type t, then folded into [lo, hi] (in
 * t's order) when outside it. The fold works on offsets from lo in
 * unsigned 64-bit arithmetic, which is exact for every type. */
static int64_t fold(lg_type_t t, uint64_t raw, int64_t lo, int64_t hi)
{
    int64_t v = lg_type_wrap(t, (int64_t)raw);
    if (lg_type_in(t, v, lo, hi))
        return v;
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1; /* 0 means the whole 64-bit range */
    if (span == 0)
        return v;
    return (int64_t)((uint64_t)lo + ((uint64_t)v - (uint64_t)lo) % span);
}

static int64_t next_value(reader_t *r, const spec_param_t *p)
{
    int64_t lo = p->has_range ? p->range_lo : lg_type_min(p->type);
    int64_t hi = p->has_range ? p->range_hi : lg_type_max(p->type);
    return fold(p->type, take(r, lg_type_bits(p->type) / 8), lo, hi);
}

void benchkit_decode(const uint8_t *data, size_t n, input_t *in)
{
    const spec_t *spec = in->spec;
    reader_t r = {data, n, 0};
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array && p->dir != SPEC_DIR_OUT)
            in->v[i].scalar = next_value(&r, p);
    }
    /* Lengths follow the len params just decoded. */
    input_normalize(in, 0);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array || p->dir == SPEC_DIR_OUT)
            continue;
        for (size_t k = 0; k < in->v[i].len; k++)
            in->v[i].elems[k] = next_value(&r, p);
    }
}
