/* The cache keys of the oracle's build steps. Each hashes everything its
 * step's output depends on, so a changed input can never reuse a stale
 * build: the ports key the Verilator version, its flags, the RTL
 * sources and the memory files they load; the runtime key the Verilator
 * version, the flags and the engine's files; the harness key the ports
 * and runtime keys, the engine's files, the generated table and the
 * build flags. Hashing is
 * in memory or of small files only; the one process run is `verilator
 * --version`. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int key_verilator_version(const char *verilator, char **out, lg_err_t *err)
{
    char *argv[] = {(char *)verilator, "--version", NULL};
    *out = proc_output(argv, err);
    return *out ? 0 : err->code;
}

int key_engine_files(const char *dir, char ***names, size_t *n, lg_err_t *err)
{
    /* lg_list_dir lists a missing directory as empty; a harness without
     * its engine is an incomplete installation, not an empty engine. */
    if (!lg_is_dir(dir)) {
        *names = NULL;
        *n = 0;
        return lg_err_set(err, LG_EIO, "harness engine %s: %s (an incomplete lgfuzz installation?)", dir,
                          strerror(lg_path_exists(dir) ? ENOTDIR : ENOENT));
    }
    return lg_list_dir(dir, NULL, names, n, err);
}

static void hash_flags(lg_hash_t *h, const char *const *flags, size_t nflags)
{
    for (size_t i = 0; i < nflags; i++)
        lg_hash_str(h, flags[i]);
}

static void key_text(const lg_hash_t *h, char key[KEY_LEN])
{
    snprintf(key, KEY_LEN, "%016" PRIx64, h->h);
}

int key_ports(const spec_t *spec, const char *version, const char *const *flags, size_t nflags, char key[KEY_LEN],
              lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "ports");
    lg_hash_str(&h, version);
    hash_flags(&h, flags, nflags);
    lg_hash_str(&h, spec->rtl_top);
    int rc = 0;
    for (size_t i = 0; i < spec->nrtl_sources && rc == 0; i++) {
        const char *base = strrchr(spec->rtl_sources[i], '/');
        lg_hash_str(&h, base ? base + 1 : spec->rtl_sources[i]);
        rc = lg_hash_file(&h, spec->rtl_sources[i], err);
    }
    if (rc == 0)
        rc = memfiles_hash_spec(spec, &h, err); /* the model loads them at run time */
    key_text(&h, key);
    return rc;
}

/* Hashes the name and contents of every file in engine_dir. */
static int hash_engine(lg_hash_t *h, const char *engine_dir, lg_err_t *err)
{
    char **names;
    size_t n;
    int rc = key_engine_files(engine_dir, &names, &n, err);
    for (size_t i = 0; i < n && rc == 0; i++) {
        char *p = lg_path_join(engine_dir, names[i]);
        lg_hash_str(h, names[i]);
        rc = lg_hash_file(h, p, err);
        free(p);
    }
    lg_list_free(names, n);
    return rc;
}

int key_runtime(const char *version, const char *const *flags, size_t nflags, const char *engine_dir, char key[KEY_LEN],
                lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "runtime");
    lg_hash_str(&h, version);
    hash_flags(&h, flags, nflags);
    int rc = hash_engine(&h, engine_dir, err);
    key_text(&h, key);
    return rc;
}

int key_harness(const char *ports_key, const char *runtime_key, const char *engine_dir, const char *table,
                const char *const *flags, size_t nflags, char key[KEY_LEN], lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "harness");
    lg_hash_str(&h, ports_key);
    lg_hash_str(&h, runtime_key);
    lg_hash_str(&h, table);
    hash_flags(&h, flags, nflags);
    int rc = hash_engine(&h, engine_dir, err);
    key_text(&h, key);
    return rc;
}
