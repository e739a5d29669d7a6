/* Reading lgfuzz's own JSON files from an output directory anyone may have
 * changed: a JSON object read whole, and each kind of bad file (another
 * JSON value, broken JSON, a file past the size bound, a FIFO, a missing
 * file) refused with its path in the message and without blocking; JSON
 * Lines read a line at a time, empty lines skipped, with a line past the
 * bound, a NUL byte and a FIFO refused. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

static char *write_file(const char *dir, const char *name, const char *text, size_t len)
{
    char *path = lg_path_join(dir, name);
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(text, 1, len, f) == len);
    if (f)
        fclose(f);
    return path;
}

static void expect_refused(const char *path, const char *why)
{
    lg_err_t err;
    json_object *o = lg_json_read_object(path, &err);
    CHECK_MSG(o == NULL, "%s was read", path);
    json_object_put(o);
    if (!o) {
        CHECK_STR_CONTAINS(err.msg, path);
        CHECK_STR_CONTAINS(err.msg, why);
    }
}

static void test_json(const char *dir)
{
    const char good[] = "{\"status\": \"complete\", \"execs\": 12}";
    char *path = write_file(dir, "stats.json", good, strlen(good));
    lg_err_t err;
    json_object *o = lg_json_read_object(path, &err), *v;
    CHECK_MSG(o != NULL, "%s", err.msg);
    CHECK(o && json_object_object_get_ex(o, "execs", &v) && json_object_get_int(v) == 12);
    json_object_put(o);
    free(path);

    path = write_file(dir, "array.json", "[1, 2]", 6);
    expect_refused(path, "not a JSON object");
    free(path);
    path = write_file(dir, "broken.json", "{\"a\": 1,", 8);
    expect_refused(path, "invalid JSON");
    free(path);
    path = write_file(dir, "dup.json", "{\"a\": 1, \"a\": 2}", 16);
    expect_refused(path, "invalid JSON");
    free(path);

    path = lg_path_join(dir, "huge.json");
    FILE *f = fopen(path, "wb");
    CHECK(f && fputc('{', f) == '{');
    if (f)
        fclose(f);
    CHECK(truncate(path, (off_t)LG_READ_MAX + 1) == 0); /* sparse: no disk used */
    /* Refused where the part lgfuzz reads ends: its last byte, one line. */
    char *where = lg_asprintf("%s:1:%zu: past the 64 MiB lgfuzz reads: the file is %zu bytes", path, LG_READ_MAX + 1,
                              LG_READ_MAX + 1);
    expect_refused(path, where);
    free(where);
    free(path);

    path = lg_path_join(dir, "fifo.json");
    CHECK(mkfifo(path, 0600) == 0);
    expect_refused(path, path); /* returns at once: nobody writes the FIFO */
    free(path);

    path = lg_path_join(dir, "missing.json");
    expect_refused(path, "cannot open");
    free(path);
}

static void test_jsonl(const char *dir)
{
    const char text[] = "{\"a\":1}\n\n{\"b\":2}\n{\"c\":3}";
    char *path = write_file(dir, "labels.jsonl", text, strlen(text));
    lg_jsonl_t r;
    lg_err_t err;
    CHECK(lg_jsonl_open(&r, path, &err) == LG_OK);
    const char *line;
    const char *want[] = {"{\"a\":1}", "{\"b\":2}", "{\"c\":3}"};
    const unsigned long want_no[] = {1, 3, 4};
    for (int i = 0; i < 3; i++) {
        CHECK(lg_jsonl_next(&r, &line, &err) == LG_OK && line && strcmp(line, want[i]) == 0);
        CHECK_MSG(r.lineno == want_no[i], "line %lu, want %lu", r.lineno, want_no[i]);
    }
    CHECK(lg_jsonl_next(&r, &line, &err) == LG_OK && line == NULL);
    lg_jsonl_close(&r);
    free(path);

    char *nul = lg_malloc(8);
    memcpy(nul, "ok\nb\0d\n", 8);
    path = write_file(dir, "nul.jsonl", nul, 7);
    free(nul);
    CHECK(lg_jsonl_open(&r, path, &err) == LG_OK);
    CHECK(lg_jsonl_next(&r, &line, &err) == LG_OK && line && strcmp(line, "ok") == 0);
    CHECK(lg_jsonl_next(&r, &line, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, ":2: NUL byte");
    lg_jsonl_close(&r);
    free(path);

    size_t n = LG_JSONL_LINE_MAX + 10;
    char *longline = lg_malloc(n);
    memset(longline, 'x', n);
    path = write_file(dir, "long.jsonl", longline, n);
    free(longline);
    CHECK(lg_jsonl_open(&r, path, &err) == LG_OK);
    CHECK(lg_jsonl_next(&r, &line, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, ":1: line longer than");
    lg_jsonl_close(&r);
    free(path);

    path = lg_path_join(dir, "fifo.jsonl");
    CHECK(mkfifo(path, 0600) == 0);
    CHECK(lg_jsonl_open(&r, path, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "not a regular file");
    free(path);
}

int main(void)
{
    char dir[] = "/tmp/lgfuzz-test-jsonfile-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    test_json(dir);
    test_jsonl(dir);
    lg_remove_tree(dir);
    TEST_DONE();
}
