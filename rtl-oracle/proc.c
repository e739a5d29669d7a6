/* The oracle's build step reads the log of a failed Verilator run: the
 * first error line is what its error message quotes. */
#include "oracle_int.h"

#include <stdlib.h>
#include <string.h>
#include "common/alloc.h"
#include "common/fsutil.h"

char *orx_first_line(const char *path, const char *prefix)
{
    lg_err_t err; /* a missing or unreadable log has no such line */
    char *text = lg_read_file(path, NULL, &err);
    if (!text)
        return NULL;
    char *found = NULL;
    size_t plen = strlen(prefix);
    for (char *line = text; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (n >= plen && strncmp(line, prefix, plen) == 0) {
            found = lg_strndup(line, n);
            break;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(text);
    return found;
}
