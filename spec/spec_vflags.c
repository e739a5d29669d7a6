/* rtl.verilator_flags: the extra Verilator options a design needs (warnings
 * waived, defines, the language of .v files, library directories). Each
 * flag must be one of the forms listed below: options that would change
 * where or how lgfuzz builds the model (-o, --Mdir, --top-module, -CFLAGS,
 * -f ...) or run other programs are refused, so a spec cannot turn the
 * model build into something else. Directory and file arguments are made
 * absolute against the spec's directory, since Verilator runs elsewhere,
 * and checked first: -v's file must be a regular file inside the design,
 * the search directories directories. */
#include "spec_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/fsutil.h"

/* Accepted flags by prefix; `sep` marks the ones whose value is the next
 * list item, `path` those whose value is a file or directory. */
typedef struct vflag {
    const char *prefix;
    int sep;
    int path;
} vflag_t;

static const vflag_t accepted[] = {
    {"-Wno-", 0, 0},
    {"-Wwarn-", 0, 0},
    {"-Werror-", 0, 0},
    {"-Wall", 0, 0},
    {"-Wpedantic", 0, 0},
    {"-D", 0, 0},
    {"-U", 0, 0},
    {"-G", 0, 0},
    {"+define+", 0, 0},
    {"+1364-", 0, 0},
    {"+1800-", 0, 0},
    {"+libext+", 0, 0},
    {"--bbox-sys", 0, 0},
    {"--bbox-unsup", 0, 0},
    {"--no-timing", 0, 0},
    {"--timing", 0, 0},
    {"--x-assign", 1, 0},
    {"--x-initial", 1, 0},
    {"--unroll-count", 1, 0},
    {"--unroll-stmts", 1, 0},
    {"--default-language", 1, 0},
    {"-y", 1, 1},
    {"-v", 1, 1},
    {"-I", 0, 1},
    {"+incdir+", 0, 1},
};

static const vflag_t *match(const char *flag)
{
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        const vflag_t *f = &accepted[i];
        size_t n = strlen(f->prefix);
        if (strncmp(flag, f->prefix, n) != 0)
            continue;
        /* Separate-value flags and path flags taken whole must match
         * exactly (`-y`, not `-yes`); -I and +incdir+ carry their path. */
        if (f->sep && flag[n] != '\0')
            continue;
        return f;
    }
    return NULL;
}

/* The real path of rel (relative to the spec's directory), for flag:
 * -v's file a regular file inside the design, the directories Verilator
 * searches (-y, -I, +incdir+) directories anywhere but /dev, /proc and
 * /sys. NULL with an error at n. */
static char *absolute(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *flag, const char *rel, lg_err_t *err)
{
    char *joined = lg_path_join(s->dir, rel);
    char *abs = NULL;
    if (!lg_path_exists(joined)) {
        yamldoc_error(d, n, err, "rtl.verilator_flags: '%s' does not exist (paths are relative to %s)", rel, s->dir);
    } else {
        int file = strcmp(flag, "-v") == 0;
        char *what = lg_asprintf("rtl.verilator_flags: %s", flag);
        spec_check_path(d, s, n, joined, rel, what, file ? LG_PATH_FILE : LG_PATH_DIR, file, &abs, err);
        free(what);
    }
    free(joined);
    return abs;
}

static void push(spec_t *s, size_t *cap, char *flag)
{
    lg_grow((void **)&s->rtl_vflags, cap, s->nrtl_vflags + 1, sizeof *s->rtl_vflags);
    s->rtl_vflags[s->nrtl_vflags++] = flag;
}

int spec_parse_verilator_flags(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, n, "rtl.verilator_flags", err) ||
        yamldoc_check_len(d, n, "rtl.verilator_flags", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    size_t cap = 0, len = yamldoc_len(n);
    for (size_t i = 0; i < len; i++) {
        yaml_node_t *item = yamldoc_item(d, n, i);
        const char *flag = yamldoc_scalar(d, item, "rtl.verilator_flags entry", err);
        if (!flag)
            return LG_EINVAL;
        const vflag_t *f = match(flag);
        if (!f)
            return yamldoc_error(d, item, err,
                                 "rtl.verilator_flags: '%s' is not accepted (lgfuzz passes warning options -W..., "
                                 "-D/-U/-G/+define+, +1364-...ext+/+1800-...ext+/+libext+, --bbox-sys, --bbox-unsup, "
                                 "--[no-]timing, --x-assign, --x-initial, --unroll-count, --unroll-stmts, "
                                 "--default-language, -y DIR, -v FILE, -IDIR, +incdir+DIR; it sets the rest itself)",
                                 flag);
        if (!f->sep && !f->path) {
            push(s, &cap, lg_strdup(flag));
            continue;
        }
        if (!f->sep) { /* -IDIR, +incdir+DIR */
            size_t plen = strlen(f->prefix);
            if (!flag[plen])
                return yamldoc_error(d, item, err, "rtl.verilator_flags: '%s' needs a directory", flag);
            char *abs = absolute(d, s, item, f->prefix, flag + plen, err);
            if (!abs)
                return LG_EINVAL;
            push(s, &cap, lg_asprintf("%s%s", f->prefix, abs));
            free(abs);
            continue;
        }
        if (i + 1 >= len)
            return yamldoc_error(d, item, err, "rtl.verilator_flags: '%s' needs a value as the next entry", flag);
        yaml_node_t *vn = yamldoc_item(d, n, ++i);
        const char *val = yamldoc_scalar(d, vn, "rtl.verilator_flags entry", err);
        if (!val)
            return LG_EINVAL;
        char *v = f->path ? absolute(d, s, vn, flag, val, err) : NULL;
        if (f->path && !v)
            return LG_EINVAL;
        if (!f->path && (val[0] == '-' || val[0] == '+' || !val[0]))
            return yamldoc_error(d, vn, err, "rtl.verilator_flags: '%s' is not a value for %s", val, flag);
        push(s, &cap, lg_strdup(flag));
        push(s, &cap, v ? v : lg_strdup(val));
    }
    return LG_OK;
}
