/* The labelled inputs the guard is learned from: each input with its
 * feature vector, whether the RTL agreed with the C on it and which values
 * the RTL may have seen truncated; the label combines the two. */
#include <stdlib.h>
#include <string.h>

#include "guard_int.h"
#include "util/alloc.h"

void labelset_init(labelset_t *ls, const features_t *fs)
{
    memset(ls, 0, sizeof *ls);
    ls->fs = fs;
}

void labelset_free(labelset_t *ls)
{
    for (size_t i = 0; i < ls->n; i++)
        input_destroy(ls->in[i]);
    free(ls->in);
    free(ls->feat);
    free(ls->agree);
    free(ls->use);
    free(ls->safe);
    free(ls->hash);
    memset(ls, 0, sizeof *ls);
}

int labelset_verdict(const labelset_t *ls, int agree, const width_use_t *use)
{
    if (!agree)
        return 0;
    if (!use)
        return 1;
    return !use->wide && !(use->neg & ls->port_unsigned) && !(use->high & ls->port_signed);
}

void labelset_relabel(labelset_t *ls)
{
    ls->port_unsigned = ls->port_signed = 0;
    for (int k = 0; k < 64; k++) {
        uint64_t bit = (uint64_t)1 << k;
        /* Inputs lossy under one reading only: [agreed, total]. */
        uint64_t neg[2] = {0, 0}, high[2] = {0, 0};
        for (size_t i = 0; i < ls->n; i++) {
            const width_use_t *u = &ls->use[i];
            if (u->wide || !(u->neg & bit) == !(u->high & bit))
                continue;
            uint64_t *c = u->neg & bit ? neg : high;
            c[0] += ls->agree[i];
            c[1]++;
        }
        if (!neg[1] || !high[1])
            continue;
        double neg_rate = (double)neg[0] / (double)neg[1], high_rate = (double)high[0] / (double)high[1];
        if (neg_rate < high_rate)
            ls->port_unsigned |= bit;
        else if (neg_rate > high_rate)
            ls->port_signed |= bit;
    }
    for (size_t i = 0; i < ls->n; i++)
        ls->safe[i] = (uint8_t)labelset_verdict(ls, ls->agree[i], &ls->use[i]);
}

int labelset_add(labelset_t *ls, input_t *in, int agree, const width_use_t *use)
{
    uint64_t h = input_hash(in);
    /* A linear scan is enough: sets hold a few thousand inputs and adds
     * happen once per RTL run, which costs far more. */
    for (size_t i = 0; i < ls->n; i++)
        if (ls->hash[i] == h && input_equal(ls->in[i], in)) {
            input_destroy(in);
            return 0;
        }
    if (ls->n == ls->cap) {
        size_t nc = ls->cap ? 2 * ls->cap : 256;
        ls->in = lg_realloc(ls->in, nc * sizeof *ls->in);
        ls->feat = lg_realloc(ls->feat, nc * ls->fs->n * sizeof *ls->feat);
        ls->agree = lg_realloc(ls->agree, nc);
        ls->use = lg_realloc(ls->use, nc * sizeof *ls->use);
        ls->safe = lg_realloc(ls->safe, nc);
        ls->hash = lg_realloc(ls->hash, nc * sizeof *ls->hash);
        ls->cap = nc;
    }
    ls->in[ls->n] = in;
    features_eval(ls->fs, in, ls->feat + ls->n * ls->fs->n);
    ls->agree[ls->n] = agree != 0;
    ls->use[ls->n] = use ? *use : (width_use_t){0};
    ls->safe[ls->n] = (uint8_t)labelset_verdict(ls, agree, use);
    ls->hash[ls->n] = h;
    ls->n++;
    return 1;
}

synth_example_t *labelset_examples(const labelset_t *ls)
{
    synth_example_t *ex = lg_calloc(ls->n ? ls->n : 1, sizeof *ex);
    for (size_t i = 0; i < ls->n; i++) {
        ex[i].feat = ls->feat + i * ls->fs->n;
        ex[i].label = ls->safe[i];
    }
    return ex;
}

uint64_t labelset_count(const labelset_t *ls, int safe)
{
    uint64_t k = 0;
    for (size_t i = 0; i < ls->n; i++)
        k += ls->safe[i] == (safe != 0);
    return k;
}
