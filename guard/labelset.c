/* The labelled inputs the guard is learned from: each input with its
 * feature vector and whether the RTL agreed with the C on it. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "guard_priv.h"

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
    free(ls->safe);
    free(ls->hash);
    memset(ls, 0, sizeof *ls);
}

int labelset_add(labelset_t *ls, input_t *in, int safe)
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
        ls->safe = lg_realloc(ls->safe, nc);
        ls->hash = lg_realloc(ls->hash, nc * sizeof *ls->hash);
        ls->cap = nc;
    }
    ls->in[ls->n] = in;
    features_eval(ls->fs, in, ls->feat + ls->n * ls->fs->n);
    ls->safe[ls->n] = safe != 0;
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
