/* The cache keys of the oracle's build steps. Each hashes everything its
 * step's output depends on, so a changed input can never reuse a stale
 * build: the ports key the Verilator version, its flags, the RTL
 * sources and the memory files they load; the runtime key the Verilator
 * version, the flags and the engine's files; the harness key the ports
 * and runtime keys, the engine's files, the generated table and the
 * build flags. Hashing is
 * in memory or of small files only; the one process run is `verilator
 * --version`, and only when its answer is not remembered. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void key_text(const lg_hash_t *h, char key[KEY_LEN])
{
    snprintf(key, KEY_LEN, "%016" PRIx64, h->h);
}

/* Where execvp finds program: program itself when it names a path, else
 * the first executable file of that name on PATH. NULL when there is
 * none. */
static char *find_program(const char *program)
{
    if (strchr(program, '/'))
        return access(program, X_OK) == 0 ? lg_strdup(program) : NULL;
    const char *path = getenv("PATH");
    if (!path)
        path = "/bin:/usr/bin"; /* execvp's default */
    while (1) {
        size_t n = strcspn(path, ":");
        char *dir = n ? lg_strndup(path, n) : lg_strdup("."); /* an empty entry is the working directory */
        char *p = lg_path_join(dir, program);
        free(dir);
        struct stat st;
        if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
            return p;
        free(p);
        if (!path[n])
            return NULL;
        path += n + 1;
    }
}

/* Hashes what identifies the file at path: its real path, device, inode,
 * size, and modification and change times. Installing, rebuilding or
 * editing a program changes one of them; a missing file hashes as
 * missing. */
static void hash_identity(lg_hash_t *h, const char *path)
{
    char *real = realpath(path, NULL);
    struct stat st;
    int found = real && stat(real, &st) == 0 && S_ISREG(st.st_mode);
    lg_hash_str(h, found ? real : "");
    if (found) {
        uint64_t v[] = {(uint64_t)st.st_dev,         (uint64_t)st.st_ino,          (uint64_t)st.st_size,
                        (uint64_t)st.st_mtim.tv_sec, (uint64_t)st.st_mtim.tv_nsec, (uint64_t)st.st_ctim.tv_sec,
                        (uint64_t)st.st_ctim.tv_nsec};
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            lg_hash_u64(h, v[i]);
    }
    free(real);
}

static void hash_env(lg_hash_t *h, const char *name)
{
    const char *v = getenv(name);
    lg_hash_u64(h, v != NULL);
    lg_hash_str(h, v ? v : "");
}

/* The name of the file that remembers the answer of `verilator --version`
 * in dir: its key hashes the identity of the program run (found as execvp
 * finds it) and of every Verilator binary its Perl wrapper may start (in
 * $VERILATOR_ROOT/bin, beside the wrapper, on PATH; named by
 * $VERILATOR_BIN or verilator_bin), and those two variables. NULL when
 * the program is not found (it is then run, to fail with its own
 * message). */
static char *version_memo(const char *dir, const char *verilator)
{
    char *program = find_program(verilator);
    if (!program)
        return NULL;
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "verilator --version");
    hash_identity(&h, program);
    hash_env(&h, "VERILATOR_ROOT");
    hash_env(&h, "VERILATOR_BIN");
    const char *bin = getenv("VERILATOR_BIN");
    if (!bin || !*bin)
        bin = "verilator_bin";
    const char *root = getenv("VERILATOR_ROOT");
    char *at_root = root ? lg_asprintf("%s/bin/%s", root, bin) : NULL;
    char *real = realpath(program, NULL);
    char *beside_dir = real ? lg_path_dirname(real) : NULL;
    char *beside = beside_dir ? lg_path_join(beside_dir, bin) : NULL;
    char *on_path = strchr(bin, '/') ? NULL : find_program(bin);
    const char *cands[] = {at_root, beside, on_path};
    for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++)
        hash_identity(&h, cands[i] ? cands[i] : "");
    free(on_path);
    free(beside);
    free(beside_dir);
    free(real);
    free(at_root);
    free(program);
    char key[KEY_LEN];
    key_text(&h, key);
    return lg_asprintf("%s/verilator-%s.version", dir, key);
}

int key_verilator_version(const char *verilator, const char *memo_dir, char **out, lg_err_t *err)
{
    char *memo = memo_dir ? version_memo(memo_dir, verilator) : NULL;
    lg_err_t ignored;
    size_t len = 0;
    *out = memo ? lg_read_file_max(memo, 4096, &len, &ignored) : NULL;
    if (*out && len > 0 && strlen(*out) == len) {
        free(memo);
        return 0;
    }
    free(*out);
    char *argv[] = {(char *)verilator, "--version", NULL};
    *out = proc_output(argv, err);
    /* Remembering is a saving, never a condition: a memo that cannot be
     * written (a full disk) is run again next time. */
    if (*out && memo && **out)
        (void)lg_write_file_atomic(memo, *out, strlen(*out), &ignored);
    free(memo);
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
    if (rc == 0)
        rc = fpcores_hash_spec(spec, &h, err);
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
