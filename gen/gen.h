/* lgfuzz gen: random C/RTL kernel pairs with ground truth. A seed gives a
 * small typed program, the C kernel an HLS user writes for it, an HLS-style
 * Verilog module implementing it with some HLS narrowings planted, an exact
 * C model of that module, the kernel spec, and the list of planted
 * divergences with a witness input and a sampled hit probability each. */
#ifndef LG_GEN_H
#define LG_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "spec/input.h"
#include "util/err.h"

/* What to generate. Every random choice is drawn from seed. */
typedef struct gen_cfg {
    uint64_t seed;
    unsigned size; /* 1..10: how many statements (about 3 per unit) */
    int plants;    /* 0..GEN_MAX_PLANTS, or -1: chosen at random (0 in about one kernel of five) */
} gen_cfg_t;

#define GEN_MAX_PLANTS 6
#define GEN_MAX_SIZE 10

/* size 3, plants -1, seed 1. */
void gen_cfg_default(gen_cfg_t *cfg);

typedef struct gen_kernel gen_kernel_t;

/* Generates the program for cfg (copied), plants its narrowings and
 * samples each for a witness and its hit probability (a plant without a
 * witness is dropped). Deterministic: equal cfgs give equal kernels. On a
 * cfg out of range returns NULL with err (LG_EINVAL) naming the value. */
gen_kernel_t *gen_create(const gen_cfg_t *cfg, lg_err_t *err);
/* Frees g; accepts NULL. */
void gen_destroy(gen_kernel_t *g);

/* Writes kernel.c, kernel.v, rtl_model.c, kernel.yaml, model.yaml (the
 * spec with rtl_model.c as its C side, for checking the generator),
 * expected.yaml and inputs/<plant>.json into dir (created when missing;
 * files of the same names are replaced atomically). g and dir are
 * borrowed. Returns 0, or LG_EIO with err naming the file. */
int gen_write(const gen_kernel_t *g, const char *dir, lg_err_t *err);

/* The kernel's function name ("g<seed>"), owned by g. */
const char *gen_name(const gen_kernel_t *g);
/* Number of plants kept (0: an exact control). */
size_t gen_plant_count(const gen_kernel_t *g);
/* The id of plant i as expected.yaml writes it ("local-width-t2"): a heap
 * string the caller frees, or NULL when i >= gen_plant_count(g). */
char *gen_plant_id(const gen_kernel_t *g, size_t i);
/* 1 when plant i alone changes what kernel.c returns on in (borrowed, an
 * input of g's kernel.yaml: params in signature order), else 0: whether a
 * divergent input found plant i. Deterministic; g is not changed. */
int gen_plant_decides(const gen_kernel_t *g, size_t i, const input_t *in);

#endif
