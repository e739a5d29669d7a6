/* Tests of the check of a path a user names (lg_path_check): the kind of
 * object, its file system and size, and the directory trees it must lie
 * in, each refusal with its reason; a FIFO and a symlink to /dev/zero are
 * refused without being opened. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* Paths are relative to the test's directory; '@' in a message stands for
 * its real path. The allowed tree is in/. */
static const struct {
    const char *path;
    lg_path_kind_t kind;
    int rc;
    const char *msg;
} cases[] = {
    {"in/f.txt", LG_PATH_FILE, LG_OK, NULL},
    {"in/d", LG_PATH_DIR, LG_OK, NULL},
    {"in/d/../f.txt", LG_PATH_FILE, LG_OK, NULL},
    {"in", LG_PATH_DIR, LG_OK, NULL},
    {"in/none", LG_PATH_FILE, LG_EINVAL, "does not exist"},
    {"in/f.txt/x", LG_PATH_FILE, LG_EINVAL, "does not exist"},
    {"in/d", LG_PATH_FILE, LG_EINVAL, "not a regular file: in/d resolves to @/in/d, a directory"},
    {"in/f.txt", LG_PATH_DIR, LG_EINVAL, "not a directory: in/f.txt resolves to @/in/f.txt, a regular file"},
    {"in/fifo", LG_PATH_FILE, LG_EINVAL, "not a regular file: in/fifo resolves to @/in/fifo, a FIFO"},
    {"in/zero", LG_PATH_FILE, LG_EINVAL, "not a regular file: in/zero resolves to /dev/zero, a character device"},
    {"/dev/zero", LG_PATH_FILE, LG_EINVAL, "not a regular file: /dev/zero is a character device"},
    {"/proc/self/status", LG_PATH_FILE, LG_EINVAL, "not a regular file on disk: /proc/self/status resolves to /proc/"},
    {"/dev", LG_PATH_DIR, LG_EINVAL, "not a directory of files on disk: /dev is a system directory"},
    {"in/big", LG_PATH_FILE, LG_EINVAL, "in/big is 32 bytes, more than"},
    {"out/f.txt", LG_PATH_FILE, LG_EINVAL, "outside the design: out/f.txt resolves to @/out/f.txt"},
    {"in/../out/f.txt", LG_PATH_FILE, LG_EINVAL, "outside the design: in/../out/f.txt resolves to @/out/f.txt"},
    {"in/out", LG_PATH_FILE, LG_EINVAL, "outside the design: in/out resolves to @/out/f.txt"},
    {"in2/f.txt", LG_PATH_FILE, LG_EINVAL, "outside the design: in2/f.txt resolves to @/in2/f.txt"},
    {"out", LG_PATH_DIR, LG_EINVAL, "outside the design: out resolves to @/out"},
};

static void put(const char *dir, const char *name, const char *text)
{
    char *path = lg_path_join(dir, name);
    lg_err_t err;
    CHECK(lg_write_file_atomic(path, text, strlen(text), &err) == LG_OK);
    free(path);
}

/* Runs the command made of fmt and dir; 1 when it succeeded. */
static int run(const char *fmt, const char *dir)
{
    char *cmd = lg_asprintf(fmt, dir, dir);
    int ok = system(cmd) == 0;
    free(cmd);
    return ok;
}

static void test_cases(const char *dir, const char *real)
{
    char *in = lg_path_join(real, "in");
    const char *const roots[] = {in};
    lg_path_rule_t rule = {.max = 16, .roots = roots, .nroots = 1};
    CHECK(chdir(dir) == 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rule.kind = cases[i].kind;
        lg_err_t err;
        lg_err_clear(&err);
        char *got = NULL;
        int rc = lg_path_check(cases[i].path, cases[i].path, &rule, &got, &err);
        CHECK_MSG(rc == cases[i].rc, "case %zu (%s): rc %d (%s)", i, cases[i].path, rc, err.msg);
        if (cases[i].rc == LG_OK) {
            CHECK_MSG(got && strncmp(got, in, strlen(in)) == 0, "case %zu: real path %s", i, test_str(got));
        } else {
            CHECK(got == NULL);
            /* '@' in the expected message is the directory's real path */
            lg_strbuf_t want;
            lg_strbuf_init(&want);
            for (const char *c = cases[i].msg; *c; c++)
                lg_strbuf_printf(&want, "%s", *c == '@' ? real : (char[]){*c, '\0'});
            char *w = lg_strbuf_take(&want);
            CHECK_MSG(strncmp(err.msg, w, strlen(w)) == 0, "case %zu: '%s', expected '%s'", i, err.msg, w);
            free(w);
        }
        free(got);
    }
    /* Anywhere: no roots. */
    rule.kind = LG_PATH_FILE;
    rule.nroots = 0;
    lg_err_t err;
    CHECK(lg_path_check("out/f.txt", "out/f.txt", &rule, NULL, &err) == LG_OK);
    rule.within = "the seeds directory";
    rule.nroots = 1;
    CHECK(lg_path_check("out/f.txt", "x", &rule, NULL, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "outside the seeds directory: x resolves to ");
    free(in);
}

/* lg_path_inside compares whole components; "/" holds everything. */
static void test_inside(void)
{
    const char *const ab[] = {"/a/b"}, *const slash[] = {"/"}, *const trailing[] = {"/a/b/"};
    CHECK(lg_path_inside("/a/b", ab, 1) && lg_path_inside("/a/b/c", ab, 1));
    CHECK(!lg_path_inside("/a/bc", ab, 1) && !lg_path_inside("/a", ab, 1) && !lg_path_inside("/x", ab, 0));
    CHECK(lg_path_inside("/x/y", slash, 1) && lg_path_inside("/a/b/c", trailing, 1));
    CHECK(!lg_path_inside("/a/bc", trailing, 1));
}

int main(void)
{
    char dir[] = "/tmp/lgfuzz-test-userfile-XXXXXX";
    if (!mkdtemp(dir))
        return 2;
    char real[PATH_MAX];
    CHECK(realpath(dir, real) != NULL);
    CHECK(run("mkdir -p %s/in/d %s/out", dir) && run("mkdir -p %s/in2 && mkfifo %s/in/fifo", dir));
    CHECK(run("ln -s /dev/zero %s/in/zero && ln -s ../out/f.txt %s/in/out", dir));
    char *in = lg_path_join(dir, "in"), *out = lg_path_join(dir, "out"), *in2 = lg_path_join(dir, "in2");
    put(in, "f.txt", "hello");
    put(in, "big", "0123456789abcdef0123456789abcdef");
    put(out, "f.txt", "outside");
    put(in2, "f.txt", "beside");
    test_cases(dir, real);
    test_inside();
    CHECK(chdir("/") == 0);
    lg_remove_tree(dir);
    free(in2);
    free(out);
    free(in);
    TEST_DONE();
}
