/* Bounded, strict reading of lgfuzz's own JSON and JSON Lines files (see
 * jsonfile.h). */
#include "jsonfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "fsutil.h"

json_object *lg_json_read_file(const char *path, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!text)
        return NULL;
    json_object *o = NULL;
    if (lg_json_check(text, len, path, err) == LG_OK) {
        o = json_tokener_parse(text);
        if (!o)
            lg_err_set(err, LG_EINVAL, "%s: invalid JSON", path);
    }
    free(text);
    return o;
}

json_object *lg_json_read_object(const char *path, lg_err_t *err)
{
    json_object *o = lg_json_read_file(path, err);
    if (o && !json_object_is_type(o, json_type_object)) {
        json_object_put(o);
        lg_err_set(err, LG_EINVAL, "%s: not a JSON object", path);
        return NULL;
    }
    return o;
}

int lg_jsonl_open(lg_jsonl_t *r, const char *path, lg_err_t *err)
{
    memset(r, 0, sizeof *r);
    /* Opened without blocking and checked on the descriptor: a FIFO put
     * in its place would otherwise block the open or the first read. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return lg_err_set(err, LG_EINVAL, "%s: not a regular file", path);
    }
    if (fcntl(fd, F_SETFL, 0) != 0 || !(r->f = fdopen(fd, "rb"))) {
        int e = errno;
        close(fd);
        return lg_err_set(err, LG_EIO, "%s: cannot open: %s", path, strerror(e));
    }
    r->path = lg_strdup(path);
    return LG_OK;
}

int lg_jsonl_next(lg_jsonl_t *r, const char **line, lg_err_t *err)
{
    *line = NULL;
    for (;;) {
        size_t n = 0;
        int c;
        while ((c = getc(r->f)) != EOF && c != '\n') {
            if (n + 1 >= r->cap) {
                if (r->cap >= LG_JSONL_LINE_MAX)
                    return lg_err_set(err, LG_EINVAL, "%s:%lu: line longer than %zu bytes", r->path, r->lineno + 1,
                                      LG_JSONL_LINE_MAX);
                lg_grow((void **)&r->line, &r->cap, n + 2, 1);
            }
            if (c == '\0')
                return lg_err_set(err, LG_EINVAL, "%s:%lu: NUL byte", r->path, r->lineno + 1);
            r->line[n++] = (char)c;
        }
        if (ferror(r->f))
            return lg_err_set(err, LG_EIO, "%s: read error", r->path);
        if (c == EOF && n == 0)
            return LG_OK;
        r->lineno++;
        r->line[n] = '\0';
        if (n) {
            *line = r->line;
            return LG_OK;
        }
    }
}

void lg_jsonl_close(lg_jsonl_t *r)
{
    if (r->f)
        fclose(r->f);
    free(r->path);
    free(r->line);
    memset(r, 0, sizeof *r);
}
