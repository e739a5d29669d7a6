/* Who may write an output directory, and what a process that ended left in
 * it: the exclusive lock OUT/.lock taken by every command that writes
 * there, and the removal of temporary files, half-written divergence
 * directories and the space reserve that a killed command left behind. */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explore.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* The directories of a run's output directory where files are written
 * atomically ("." is the directory itself); divergences/<name>/ are added
 * per entry. */
static const char *const written_dirs[] = {".", "corpus", "guards", "divergences", NULL};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* 1 when name is one lgfuzz gives a file while it writes it:
 * "<file>.tmp.<pid>[.<suffix>]" (atomic writes, builds), "<file>.tmp" (the
 * waveform), or a divergence's staging directory ".<name>.partial". */
static int temp_name(const char *name)
{
    if (name[0] == '.' && ends_with(name, ".partial"))
        return 1;
    if (ends_with(name, ".tmp"))
        return 1;
    /* lg_write_file_atomic's "<file>.tmp.<pid>"; build directories add
     * ".<suffix>" after the pid. */
    for (const char *p = strstr(name, ".tmp."); p; p = strstr(p + 1, ".tmp."))
        if (isdigit((unsigned char)p[5]))
            return 1;
    return 0;
}

/* Removes dir's regular files with temporary names, and with staging set
 * its hidden ".<name>.partial" directories too. Only regular files: a
 * batch's kernel directory may be named anything. */
static void remove_temps(const char *dir, int staging)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (!temp_name(de->d_name))
            continue;
        char *path = lg_path_join(dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) == 0) {
            if (S_ISREG(st.st_mode))
                unlink(path);
            else if (staging && S_ISDIR(st.st_mode) && ends_with(de->d_name, ".partial"))
                lg_remove_tree(path);
        }
        free(path);
    }
    closedir(d);
}

/* Every temporary name there can be is stale once the lock is held: no
 * other lgfuzz process writes the directory, so their writers have ended
 * (a pid a name carries may belong to another process by now). */
static void clean_locked(const char *dir)
{
    /* A batch directory's subdirectories are kernel directories (one may
     * be named corpus/), each under its own lock: only its own files. */
    char *bpath = lg_path_join(dir, "batch.json");
    int batch = lg_path_exists(bpath);
    free(bpath);
    if (batch) {
        remove_temps(dir, 0);
        return;
    }
    for (const char *const *w = written_dirs; *w; w++) {
        char *sub = lg_path_join(dir, *w);
        remove_temps(sub, strcmp(*w, "divergences") == 0);
        free(sub);
    }
    char *divs = lg_path_join(dir, "divergences");
    char **names;
    size_t n;
    lg_err_t err;
    if (lg_list_dir(divs, NULL, &names, &n, &err) == LG_OK) {
        for (size_t i = 0; i < n; i++) {
            char *sub = lg_path_join(divs, names[i]);
            remove_temps(sub, 0);
            free(sub);
        }
        lg_list_free(names, n);
    }
    free(divs);
    /* A killed run's reserve holds space nobody will release. */
    char *reserve = lg_path_join(dir, ".reserve");
    unlink(reserve);
    free(reserve);
}

int explore_dir_acquire(const char *dir, int create, lg_lock_t **lock, lg_err_t *err)
{
    *lock = NULL;
    if (create) {
        int rc = lg_mkdirs(dir, err);
        if (rc)
            return rc;
    } else if (!lg_is_dir(dir)) {
        return lg_err_set(err, LG_EINVAL, "%s: no such directory", dir);
    }
    int rc = lg_lock_out_dir(dir, lock, err);
    if (rc == LG_OK)
        clean_locked(dir);
    return rc;
}

int explore_dir_tidy(const char *dir, lg_err_t *err)
{
    lg_lock_t *lock;
    int rc = lg_lock_out_dir(dir, &lock, err);
    if (rc == LG_OK)
        clean_locked(dir);
    lg_lock_release(lock);
    return rc;
}
