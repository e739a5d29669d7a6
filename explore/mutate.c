/* HeteroFuzz mutations over typed inputs. Every value a mutation writes is
 * clamped back into the spec's domains by input_normalize, so mutants are
 * always valid inputs. */
#include "mutate_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

mutator_t *mutator_create(const spec_t *spec, const int64_t *consts, size_t nconsts)
{
    mutator_t *m = lg_calloc(1, sizeof *m);
    m->spec = spec;
    for (int k = 0; k < MUT_COUNT; k++)
        m->p[k] = 1.0 / MUT_COUNT;
    m->alpha = 0.1;
    m->sensitive = lg_calloc(spec->nparams ? spec->nparams : 1, 1);
    m->consts = consts;
    m->nconsts = nconsts;
    return m;
}

void mutator_destroy(mutator_t *m)
{
    if (!m)
        return;
    free(m->sensitive);
    free(m);
}

const char *mutator_name(mut_kind_t k)
{
    static const char *const names[] = {"size", "dimension", "element", "type", "bit", "byte"};
    return k < MUT_COUNT ? names[k] : "?";
}

/* Params a mutation may change: inputs only, kernel-sensitive ones (used
 * by a learned condition) three times out of four when there are any. */
static int pick_param(mutator_t *m, lg_rng_t *rng, int arrays_only)
{
    const spec_t *s = m->spec;
    int cand[64], ncand = 0, sens[64], nsens = 0;
    for (size_t i = 0; i < s->nparams && ncand < 64; i++) {
        const spec_param_t *p = &s->params[i];
        if (p->dir == SPEC_DIR_OUT || (arrays_only && (!p->is_array || p->fixed_len)))
            continue;
        cand[ncand++] = (int)i;
        if (m->sensitive[i])
            sens[nsens++] = (int)i;
    }
    if (!ncand)
        return -1;
    if (nsens && lg_rng_chance(rng, 0.75))
        return sens[lg_rng_below(rng, (uint64_t)nsens)];
    return cand[lg_rng_below(rng, (uint64_t)ncand)];
}

/* A slot to change in param i: the scalar, or an element within the length. */
static int64_t *pick_slot(input_t *in, int i, lg_rng_t *rng)
{
    input_value_t *v = &in->v[i];
    if (!in->spec->params[i].is_array)
        return &v->scalar;
    if (v->len == 0)
        return NULL;
    return &v->elems[lg_rng_below(rng, v->len)];
}

/* A value for an element mutation: a boundary of the type or range, a
 * power of two nearby, a kernel constant, a small step, or uniform; for a
 * float param, half the time a value that knows the float's classes. */
static int64_t interesting(mutator_t *m, const spec_param_t *p, int64_t cur, lg_rng_t *rng)
{
    if (lg_type_is_float(p->type) && lg_rng_chance(rng, 0.5))
        return mutator_float_value(p->type, cur, rng);
    switch (lg_rng_below(rng, 6)) {
    case 0: {
        int64_t b[] = {p->range_lo, p->range_hi, 0, 1, -1, lg_type_min(p->type), lg_type_max(p->type)};
        return b[lg_rng_below(rng, sizeof b / sizeof b[0])];
    }
    case 1: {
        /* In unsigned arithmetic: 2^63 - 1 wraps, as the type would. */
        int k = (int)lg_rng_below(rng, (uint64_t)lg_type_bits(p->type));
        return (int64_t)(((uint64_t)1 << k) + (uint64_t)lg_rng_range(rng, -1, 1));
    }
    case 2:
        if (m->nconsts)
            return (int64_t)((uint64_t)m->consts[lg_rng_below(rng, m->nconsts)] + (uint64_t)lg_rng_range(rng, -1, 1));
        return (int64_t)((uint64_t)cur + 1);
    case 3:
        return (int64_t)((uint64_t)cur + (uint64_t)lg_rng_range(rng, -16, 16));
    default:
        return lg_rng_range(rng, p->range_lo, p->range_hi);
    }
}

static void mut_size(mutator_t *m, input_t *in, lg_rng_t *rng)
{
    int i = pick_param(m, rng, 1);
    if (i < 0)
        return;
    input_value_t *v = &in->v[i];
    const spec_param_t *p = &in->spec->params[i];
    size_t k = 1 + lg_rng_below(rng, 4);
    if (lg_rng_chance(rng, 0.5) && v->len > 0) { /* delete k elements at pos */
        if (k > v->len)
            k = v->len;
        size_t pos = lg_rng_below(rng, v->len - k + 1);
        memmove(&v->elems[pos], &v->elems[pos + k], (v->len - pos - k) * sizeof(int64_t));
        input_set_len(in, (size_t)i, v->len - k);
    } else { /* insert k random elements at pos */
        if (v->len + k > p->max_len)
            k = p->max_len - v->len;
        size_t pos = lg_rng_below(rng, v->len + 1);
        memmove(&v->elems[pos + k], &v->elems[pos], (v->len - pos) * sizeof(int64_t));
        for (size_t j = 0; j < k; j++)
            v->elems[pos + j] = interesting(m, p, 0, rng);
        input_set_len(in, (size_t)i, v->len + k);
    }
}

/* Arrays here are one-dimensional, so a "dimension" is a block of w
 * elements (w = 2, 4, 8 or 16, the shapes unrolling and partitioning
 * produce): the array grows by repeating its last block or shrinks by one. */
static void mut_dimension(mutator_t *m, input_t *in, lg_rng_t *rng)
{
    int i = pick_param(m, rng, 1);
    if (i < 0)
        return;
    input_value_t *v = &in->v[i];
    const spec_param_t *p = &in->spec->params[i];
    size_t w = (size_t)2 << lg_rng_below(rng, 4);
    if (lg_rng_chance(rng, 0.5) && v->len >= w) {
        input_set_len(in, (size_t)i, v->len - w);
    } else {
        size_t n = v->len + w > p->max_len ? p->max_len : v->len + w;
        for (size_t j = v->len; j < n; j++)
            v->elems[j] = j >= w ? v->elems[j - w] : interesting(m, p, 0, rng);
        input_set_len(in, (size_t)i, n);
    }
}

static void mut_value(mutator_t *m, input_t *in, mut_kind_t kind, lg_rng_t *rng)
{
    int i = pick_param(m, rng, 0);
    if (i < 0)
        return;
    const spec_param_t *p = &in->spec->params[i];
    int64_t *slot = pick_slot(in, i, rng);
    if (!slot)
        return;
    int bits = lg_type_bits(p->type);
    switch (kind) {
    case MUT_ELEMENT:
        *slot = interesting(m, p, *slot, rng);
        break;
    case MUT_TYPE: {
        /* Same bits seen through another integer type: -1 as u8 is 255. */
        static const lg_type_t views[] = {LG_I8, LG_U8, LG_I16, LG_U16, LG_I32, LG_U32};
        *slot = lg_type_wrap(views[lg_rng_below(rng, 6)], *slot);
        break;
    }
    case MUT_BIT:
        *slot ^= (int64_t)((uint64_t)1 << lg_rng_below(rng, (uint64_t)bits));
        break;
    case MUT_BYTE: {
        uint64_t byte = lg_rng_below(rng, (uint64_t)(bits / 8));
        uint64_t val = lg_rng_chance(rng, 0.5) ? 0xffu : lg_rng_below(rng, 256);
        *slot = (int64_t)(((uint64_t)*slot & ~(0xffull << (8 * byte))) | (val << (8 * byte)));
        *slot = lg_type_wrap(p->type, *slot);
        break;
    }
    default:
        break;
    }
    /* A changed len param moves its array's length with it. */
    input_normalize(in, 0);
}

mut_kind_t mutator_apply(mutator_t *m, input_t *in, lg_rng_t *rng)
{
    double u = lg_rng_unit(rng), acc = 0;
    mut_kind_t k = MUT_BYTE;
    for (int j = 0; j < MUT_COUNT; j++) {
        acc += m->p[j];
        if (u < acc) {
            k = (mut_kind_t)j;
            break;
        }
    }
    int times = 1 + (int)lg_rng_below(rng, 4);
    for (int t = 0; t < times; t++) {
        switch (k) {
        case MUT_SIZE:
            mut_size(m, in, rng);
            break;
        case MUT_DIMENSION:
            mut_dimension(m, in, rng);
            break;
        default:
            mut_value(m, in, k, rng);
            break;
        }
    }
    /* FreeFuzz's database value mutation, beside HeteroFuzz's six. */
    if (m->db && lg_rng_chance(rng, EXPLORE_VALUE_DB_CHANCE) && valuedb_draw(m->db, in, rng))
        m->db_draws++;
    input_normalize(in, 0);
    LG_ASSERT(input_conforms(in, NULL, 0));
    m->used[k]++;
    return k;
}

void mutator_feedback(mutator_t *m, mut_kind_t k, int new_spectra)
{
    double base = 1.0 / MUT_COUNT;
    if (new_spectra) {
        m->p[k] += m->alpha;
        m->favored[k]++;
    } else {
        m->p[k] -= m->alpha * 0.1 * (m->p[k] - base);
    }
    double sum = 0;
    for (int j = 0; j < MUT_COUNT; j++) {
        if (m->p[j] < 0.02)
            m->p[j] = 0.02; /* no mutation is ever switched off */
        sum += m->p[j];
    }
    for (int j = 0; j < MUT_COUNT; j++)
        m->p[j] /= sum;
}
