/* The typed-value side of minimisation (minimise.c runs the search): the
 * value each param is moved toward, the values one position may take
 * next, and the blocks cut out of variable-length arrays. Pure functions
 * of an input and its spec; every result stays inside the spec's
 * domains. */
#include <string.h>

#include "shrink_int.h"

/* 1 when param p is an array whose length follows len param l. */
static int tied_to(const spec_param_t *p, size_t l)
{
    return p->is_array && !p->fixed_len && p->len_param == (int)l;
}

/* The value of param p's domain closest to 0: where every value is moved. */
int64_t shrink_target(const spec_param_t *p)
{
    if (lg_type_cmp(p->type, 0, p->range_lo) < 0)
        return p->range_lo;
    if (lg_type_cmp(p->type, 0, p->range_hi) > 0)
        return p->range_hi;
    return 0;
}

/* Where a value lives: scalar param i (k unused) or element k of array
 * param i. */
int64_t *shrink_value_at(input_t *in, size_t i, size_t k)
{
    return in->spec->params[i].is_array ? &in->v[i].elems[k] : &in->v[i].scalar;
}

static int64_t value_of(const input_t *in, size_t i, size_t k)
{
    return in->spec->params[i].is_array ? in->v[i].elems[k] : in->v[i].scalar;
}

/* Params whose values the kernel reads: out params are written, not read. */
int shrink_is_read(const spec_param_t *p)
{
    return p->dir != SPEC_DIR_OUT;
}

int shrink_is_len_param(const spec_t *spec, size_t i)
{
    for (size_t j = 0; j < spec->nparams; j++)
        if (tied_to(&spec->params[j], i))
            return 1;
    return 0;
}

uint64_t shrink_distance(lg_type_t type, int64_t a, int64_t b)
{
    return lg_type_cmp(type, a, b) < 0 ? (uint64_t)b - (uint64_t)a : (uint64_t)a - (uint64_t)b;
}

/* The length of the arrays tied to len param i once the elements at their
 * target are cut from the end: shortening to it loses no other value. */
static int64_t trimmed_len(const input_t *in, size_t i)
{
    const spec_t *spec = in->spec;
    size_t len = 0;
    for (size_t j = 0; j < spec->nparams; j++) {
        const spec_param_t *p = &spec->params[j];
        if (!tied_to(p, i))
            continue;
        int64_t t = shrink_target(p);
        size_t n = in->v[j].len;
        while (n > len && in->v[j].elems[n - 1] == t)
            n--;
        len = n > len ? n : len;
    }
    return (int64_t)len;
}

int64_t shrink_toward(lg_type_t type, int64_t v, int64_t t, uint64_t step)
{
    return lg_type_cmp(type, v, t) < 0 ? (int64_t)((uint64_t)v + step) : (int64_t)((uint64_t)v - step);
}

/* The values one position may take next, closest to the target first:
 * the target itself, then v moved 1/2, 3/4, ... of the way to it (the last
 * rung a single step: for a length, dropping the last element) and, for a
 * len param, the length with the trailing target-valued elements cut (and
 * one more), and v shortened by 2, 4, 8, ... elements: a kernel that needs
 * an even length, or one past a depth, then still gets the shortest. */
size_t shrink_rungs(const input_t *best, size_t i, size_t k, int64_t *out)
{
    const spec_param_t *p = &best->spec->params[i];
    int64_t t = shrink_target(p), v = value_of(best, i, k);
    uint64_t dv = shrink_distance(p->type, v, t), dist[SHRINK_RUNGS_MAX];
    int64_t cand[SHRINK_RUNGS_MAX];
    size_t nc = 0;
    for (unsigned r = 0; r < 64 && (dv >> r) > 0; r++)
        cand[nc++] = shrink_toward(p->type, v, t, dv >> r);
    if (!p->is_array && shrink_is_len_param(best->spec, i)) {
        cand[nc++] = trimmed_len(best, i);
        cand[nc++] = trimmed_len(best, i) + 1;
        for (unsigned r = 1; r < 64 && ((uint64_t)1 << r) < dv; r++)
            cand[nc++] = shrink_toward(p->type, v, t, (uint64_t)1 << r);
    }
    size_t n = 0;
    for (size_t c = 0; c < nc; c++) {
        int64_t x = cand[c];
        uint64_t d = shrink_distance(p->type, x, t);
        if (d >= dv || !lg_type_in(p->type, x, p->range_lo, p->range_hi))
            continue;
        /* Insert in order of distance, once. */
        size_t at = n;
        while (at > 0 && dist[at - 1] > d)
            at--;
        if ((at > 0 && out[at - 1] == x) || (at < n && out[at] == x))
            continue;
        memmove(out + at + 1, out + at, (n - at) * sizeof *out);
        memmove(dist + at + 1, dist + at, (n - at) * sizeof *dist);
        out[at] = x;
        dist[at] = d;
        n++;
    }
    return n;
}

/* The length of the arrays tied to len param l (normalised inputs keep
 * them equal to it). */
size_t shrink_tied_len(const input_t *in, size_t l)
{
    const spec_t *spec = in->spec;
    for (size_t j = 0; j < spec->nparams; j++)
        if (tied_to(&spec->params[j], l))
            return in->v[j].len;
    return 0;
}

/* Takes the s elements at lo out of every array tied to len param l, the
 * later ones moving up, and shortens the length by s: a record, element or
 * iteration removed from the middle, which shortening from the end and
 * setting values to the target cannot do without changing what the
 * elements after it mean. Returns 0 when the length would leave l's
 * domain. */
int shrink_cut_at(input_t *c, size_t l, size_t lo, size_t s)
{
    const spec_t *spec = c->spec;
    const spec_param_t *lp = &spec->params[l];
    int64_t nl = c->v[l].scalar - (int64_t)s;
    if (!lg_type_in(lp->type, nl, lp->range_lo, lp->range_hi))
        return 0;
    for (size_t j = 0; j < spec->nparams; j++) {
        const spec_param_t *p = &spec->params[j];
        if (!tied_to(p, l))
            continue;
        input_value_t *v = &c->v[j];
        memmove(v->elems + lo, v->elems + lo + s, (v->len - lo - s) * sizeof *v->elems);
        for (size_t k = v->len - s; k < v->len; k++)
            v->elems[k] = shrink_target(p);
    }
    c->v[l].scalar = nl;
    input_normalize(c, 0);
    return 1;
}

/* The next smaller cut size: halving down to 8, then one at a time, so a
 * record of any small size can go whole. */
size_t shrink_cut_smaller(size_t s)
{
    return s > 16 ? s / 2 : s > 8 ? 8 : s - 1;
}

int64_t shrink_port_value(int64_t v, int w, int sx)
{
    return lg_type_wrap(lg_type_int(w, sx), v);
}

void shrink_to_port(input_t *in, size_t i, int w, int sx)
{
    size_t n = in->spec->params[i].is_array ? in->v[i].len : 1;
    for (size_t k = 0; k < n; k++) {
        int64_t *v = shrink_value_at(in, i, k);
        *v = shrink_port_value(*v, w, sx);
    }
}
