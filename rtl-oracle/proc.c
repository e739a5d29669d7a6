/* Tool output the oracle's build step reads: the first error line of a
 * failed Verilator, compiler or make run's log (what its error message quotes), and the
 * output of a short command such as `verilator --version` (part of the
 * cache key), run through util's lg_run_logged. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first line of the file at path that starts with needle, or (when
 * anywhere) holds it; heap string or NULL. */
static char *first_line(const char *path, const char *needle, int anywhere)
{
    lg_err_t err; /* a missing or unreadable log has no such line */
    char *text = lg_read_file(path, NULL, &err);
    if (!text)
        return NULL;
    char *found = NULL;
    size_t plen = strlen(needle);
    for (char *line = text; *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        if (anywhere ? strstr(line, needle) != NULL : strncmp(line, needle, plen) == 0) {
            found = lg_strdup(line);
            break;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(text);
    return found;
}

char *proc_first_line(const char *path, const char *prefix)
{
    return first_line(path, prefix, 0);
}

char *proc_line_with(const char *path, const char *needle)
{
    return first_line(path, needle, 1);
}

char *proc_output(char *const argv[], lg_err_t *err)
{
    const char *tmp = getenv("TMPDIR");
    char *path = lg_asprintf("%s/lgfuzz-output-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        lg_err_set(err, LG_EIO, "%s: cannot create: %s", path, strerror(errno));
        free(path);
        return NULL;
    }
    close(fd);
    char *out = NULL;
    int rc = lg_run_logged(argv, path, err);
    if (rc == 0)
        out = lg_read_file(path, NULL, err);
    else if (rc > 0)
        lg_err_set(err, LG_EBUILD, "cannot run %s %s (%s)", argv[0], argv[1] ? argv[1] : "",
                   rc == 127 ? "not found" : "failed");
    unlink(path);
    free(path);
    return out;
}
