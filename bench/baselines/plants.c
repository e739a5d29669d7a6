/* Planted divergences of a kernel (the `divergences` list of expected.yaml)
 * and their matching: a divergent input finds planted divergence i when its
 * symptom class equals i's class and i's witness predicate holds on it
 * (or i's exact C witness, kmodel.h, when expected.yaml names one).
 * A generated kernel (expected.yaml has a `generator` entry) is rebuilt
 * from its seed instead, and a divergent input of class mismatch:* or
 * rtl-oob:* finds plant i when plant i alone changes kernel.c's result
 * (gen_plant_decides): its witness is an input, not a predicate, and the
 * class on an input depends on the other plants. Every tool of the
 * benchmark is matched through this one function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/baselines/benchkit.h"
#include "gen/gen.h"
#include "spec/features.h"
#include "synth/expr.h"
#include "tests/kernels/kexpected.h"
#include "util/alloc.h"
#include "util/yamldoc.h"

typedef struct plant {
    char *id, *cls;
    double probability;
    expr_t *witness;  /* NULL for a generated kernel's plant */
    kmodel_fn model;  /* an exact C witness, deciding instead; or NULL */
    size_t gen_index; /* the plant's index in gen */
} plant_t;

struct benchkit_plants {
    features_t *fs;
    plant_t *v;
    size_t n;
    int64_t *fv;       /* scratch feature vector; matching is single-threaded */
    gen_kernel_t *gen; /* a generated kernel, rebuilt; NULL for the suite's */
};

static int generator_field(yamldoc_t *d, yaml_node_t *gn, const char *key, int64_t *out, lg_err_t *err)
{
    yaml_node_t *n = yamldoc_require(d, gn, key, "generator", err);
    return n ? yamldoc_int(d, n, key, out, err) : LG_EINVAL;
}

/* The `generator` entry of expected.yaml, when it has one: the kernel
 * rebuilt from its seed, size and plant count into p->gen. */
static int load_generator(benchkit_plants_t *p, const char *path, lg_err_t *err)
{
    yamldoc_t d = {0};
    int rc = yamldoc_load(&d, path, err);
    yaml_node_t *gn = rc ? NULL : yamldoc_get(&d, yamldoc_root(&d), "generator");
    if (gn) {
        int64_t seed, size, plants;
        rc = yamldoc_expect_map(&d, gn, "generator", err);
        if (!rc)
            rc = generator_field(&d, gn, "seed", &seed, err);
        if (!rc)
            rc = generator_field(&d, gn, "size", &size, err);
        if (!rc)
            rc = generator_field(&d, gn, "plants", &plants, err);
        if (!rc) {
            gen_cfg_t cfg = {(uint64_t)seed, (unsigned)size, (int)plants};
            p->gen = gen_create(&cfg, err);
            if (!p->gen)
                rc = lg_err_prefix(err, "%s: generator", path);
        }
    }
    yamldoc_free(&d);
    return rc;
}

/* Plant pl's index in the rebuilt kernel, by id. */
static int bind_generated(benchkit_plants_t *p, plant_t *pl, const char *path, lg_err_t *err)
{
    for (size_t i = 0; i < gen_plant_count(p->gen); i++) {
        char *id = gen_plant_id(p->gen, i);
        int same = strcmp(id, pl->id) == 0;
        free(id);
        if (same) {
            pl->gen_index = i;
            return LG_OK;
        }
    }
    return lg_err_set(err, LG_EINVAL, "%s: %s is not a plant of %s as this lgfuzz generates it (another generator?)",
                      path, pl->id, gen_name(p->gen));
}

benchkit_plants_t *benchkit_plants_load(const spec_t *spec, const char *path, lg_err_t *err)
{
    /* The kernel suite's own loader validates the file (fields, classes,
     * probabilities, file:line:col errors); this adds the parsed witness. */
    kexp_t *e = kexp_load(path, err);
    if (!e)
        return NULL;
    benchkit_plants_t *p = lg_calloc(1, sizeof *p);
    p->fs = features_create(spec);
    p->fv = lg_calloc(p->fs->n ? p->fs->n : 1, sizeof *p->fv);
    if (e->ndivs > BENCHKIT_MAX_PLANTS) {
        lg_err_set(err, LG_EINVAL, "%s: %zu planted divergences, at most %d supported", path, e->ndivs,
                   BENCHKIT_MAX_PLANTS);
        goto fail;
    }
    if (load_generator(p, path, err) != LG_OK)
        goto fail;
    p->v = lg_calloc(e->ndivs ? e->ndivs : 1, sizeof *p->v);
    for (size_t i = 0; i < e->ndivs; i++) {
        const kexp_div_t *d = &e->divs[i];
        plant_t *pl = &p->v[p->n++];
        pl->id = lg_strdup(d->id);
        pl->cls = lg_strdup(d->cls);
        pl->probability = d->probability;
        if (p->gen) {
            if (bind_generated(p, pl, path, err) != LG_OK)
                goto fail;
            continue;
        }
        pl->model = d->model_fn;
        pl->witness = expr_parse(d->witness, p->fs, err);
        if (!pl->witness) {
            lg_err_prefix(err, "%s:%d: witness of %s", path, d->line, d->id);
            goto fail;
        }
    }
    kexp_destroy(e);
    return p;
fail:
    kexp_destroy(e);
    benchkit_plants_destroy(p);
    return NULL;
}

void benchkit_plants_destroy(benchkit_plants_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++) {
        free(p->v[i].id);
        free(p->v[i].cls);
        expr_free(p->v[i].witness);
    }
    free(p->v);
    free(p->fv);
    features_destroy(p->fs);
    gen_destroy(p->gen);
    free(p);
}

size_t benchkit_plants_count(const benchkit_plants_t *p)
{
    return p->n;
}

const char *benchkit_plants_id(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].id : NULL;
}

const char *benchkit_plants_class(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].cls : NULL;
}

double benchkit_plants_probability(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].probability : -1;
}

size_t benchkit_plants_match(const benchkit_plants_t *p, const char *cls, const input_t *in, uint8_t *hits)
{
    size_t matched = 0;
    int evaluated = 0;
    if (p->gen) {
        if (strncmp(cls, "mismatch:", 9) != 0 && strncmp(cls, "rtl-oob:", 8) != 0)
            return 0;
        for (size_t i = 0; i < p->n; i++)
            if (gen_plant_decides(p->gen, p->v[i].gen_index, in)) {
                hits[i] = 1;
                matched++;
            }
        return matched;
    }
    for (size_t i = 0; i < p->n; i++) {
        if (strcmp(p->v[i].cls, cls) != 0)
            continue;
        if (p->v[i].model) {
            if (p->v[i].model(in)) {
                hits[i] = 1;
                matched++;
            }
            continue;
        }
        if (!evaluated) { /* features only when some class matches: most symptoms are repeats */
            features_eval(p->fs, in, p->fv);
            evaluated = 1;
        }
        if (expr_eval(p->v[i].witness, p->fv) != 0) {
            hits[i] = 1;
            matched++;
        }
    }
    return matched;
}
