/* The host tests' scratch directory and spec loading (hfixture.h). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "hfixture.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/alloc.h"
#include "util/fsutil.h"

static void write_text(const char *dir, const char *name, const char *text)
{
    char *path = lg_path_join(dir, name);
    FILE *f = fopen(path, "w");
    CHECK_MSG(f != NULL, "cannot write %s", path);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    free(path);
}

char *hf_dir_create(const char *prefix, const char *kernel_c)
{
    char *dir = lg_asprintf("/tmp/%s-XXXXXX", prefix);
    if (!mkdtemp(dir)) {
        CHECK_MSG(0, "mkdtemp %s", dir);
        free(dir);
        return NULL;
    }
    write_text(dir, "kernel.c", kernel_c);
    return dir;
}

void hf_dir_remove(char *dir)
{
    if (dir)
        lg_remove_tree(dir);
    free(dir);
}

spec_t *hf_spec_load(const char *dir, const char *spec_text, const char *host_c, lg_err_t *err)
{
    write_text(dir, "host.yaml", spec_text);
    write_text(dir, "host.c", host_c);
    char *path = lg_path_join(dir, "host.yaml");
    lg_err_clear(err);
    spec_t *spec = spec_load(path, err);
    free(path);
    return spec;
}
