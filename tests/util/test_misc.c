/* Tests of util's small utilities: RNG determinism and ranges,
 * duration parsing, types and widths, the POISON value, FNV-1a hashing,
 * the string builder, errors, paths, atomic writes (and symlinks planted
 * at their temp names), directory listings, lock files, the build cache's
 * root checks and entry seals. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/lock.h"
#include "util/rng.h"
#include "util/strbuf.h"
#include "util/types.h"

static void test_rng(void)
{
    lg_rng_t a, b;
    lg_rng_seed(&a, 42);
    lg_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        CHECK(lg_rng_next(&a) == lg_rng_next(&b));
    lg_rng_seed(&b, 43);
    CHECK(lg_rng_next(&a) != lg_rng_next(&b));
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        int64_t v = lg_rng_range(&a, -3, 3);
        CHECK(v >= -3 && v <= 3);
        seen[v + 3]++;
    }
    for (int i = 0; i < 7; i++)
        CHECK(seen[i] > 800 && seen[i] < 1200);
    (void)lg_rng_range(&a, INT64_MIN, INT64_MAX);
    CHECK(lg_rng_below(&a, 0) == 0 && lg_rng_below(&a, 1) == 0);
    double u = lg_rng_unit(&a);
    CHECK(u >= 0.0 && u < 1.0);
}

static void test_duration(void)
{
    static const struct {
        const char *text;
        uint64_t ns;
    } ok[] = {{"30s", 30000000000ull},
              {"5m", 300000000000ull},
              {"1h", 3600000000000ull},
              {"250ms", 250000000ull},
              {"7", 7000000000ull}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        uint64_t ns = 0;
        lg_err_t err;
        CHECK(lg_duration_parse(ok[i].text, &ns, &err) == LG_OK && ns == ok[i].ns);
    }
    static const char *const bad[] = {"", "s", "5x", "-3s", "1.5s", "99999999999999999999h"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t ns;
        lg_err_t err;
        CHECK_MSG(lg_duration_parse(bad[i], &ns, &err) == LG_EINVAL, "accepted '%s'", bad[i]);
        CHECK_STR_CONTAINS(err.msg, "invalid duration");
    }
    lg_budget_t b;
    lg_budget_start(&b, 0);
    CHECK(!lg_budget_expired(&b) && lg_budget_left_ns(&b) == UINT64_MAX);
    lg_budget_start(&b, 1);
    while (!lg_budget_expired(&b))
        ;
    CHECK(lg_budget_left_ns(&b) == 0);
}

static void test_types(void)
{
    lg_type_t t;
    CHECK(lg_type_parse("u16", &t) == 0 && t == LG_U16 && lg_type_parse("i65", &t) != 0);
    CHECK(lg_type_parse("i0", &t) != 0 && lg_type_parse("u12x", &t) != 0 && lg_type_parse("u012", &t) != 0);
}

/* Fixed-point types: raw integer types, names, real values and how
 * reports show them. */
static void test_fixed(void)
{
    lg_type_t t;
    lg_fixed_t fx;
    long bad = 0;
    char buf[LG_SHOW_MAX];
    CHECK(lg_fixed_parse("fixed<16,8>", &t, &fx, &bad) == 0 && t == LG_I16 && fx.is_fixed && fx.int_bits == 8);
    CHECK(strcmp(lg_fixed_name(t, fx, buf, sizeof buf), "fixed<16,8>") == 0);
    CHECK(lg_fixed_real(t, fx, -384) == -1.5 &&
          strcmp(lg_fixed_show(t, fx, -384, buf, sizeof buf), "-384 (-1.5)") == 0);
    CHECK(lg_fixed_parse("ufixed<12, -2>", &t, &fx, &bad) == 0 && t == lg_type_int(12, 0) && fx.int_bits == -2);
    CHECK(lg_fixed_real(t, fx, 4095) == 4095.0 / 16384 && strcmp(lg_fixed_name(t, fx, buf, 32), "ufixed<12,-2>") == 0);
    CHECK(lg_fixed_parse("fixed<8,20>", &t, &fx, &bad) == 0 && lg_fixed_real(t, fx, -1) == -4096.0);
    CHECK(lg_fixed_parse("fixed<65,8>", &t, &fx, &bad) == -2 && bad == 65);
    CHECK(lg_fixed_parse("fixed<0,0>", &t, &fx, &bad) == -2 && bad == 0);
    CHECK(lg_fixed_parse("fixed<16,-1001>", &t, &fx, &bad) == -3 && bad == -1001);
    CHECK(lg_fixed_parse("fixed<16>", &t, &fx, &bad) == -1 && lg_fixed_parse("fixed<16,8>x", &t, &fx, &bad) == -1);
    CHECK(lg_fixed_parse("i16", &t, &fx, &bad) == -1 && lg_fixed_parse("fixed<,8>", &t, &fx, &bad) == -1);
    lg_fixed_t none = {0, 0};
    CHECK(strcmp(lg_fixed_show(LG_I16, none, -384, buf, sizeof buf), "-384") == 0);
    CHECK(strcmp(lg_fixed_show(LG_F32, none, 1069547520, buf, sizeof buf), "1069547520 (1.5)") == 0);
    CHECK(strcmp(lg_fixed_show(LG_F32, none, -1082130432, buf, sizeof buf), "-1082130432 (-1)") == 0);
    CHECK(strcmp(lg_fixed_show(LG_F64, none, 4607182418800017408, buf, sizeof buf), "4607182418800017408 (1)") == 0);
    CHECK(strcmp(lg_fixed_show(LG_F32, none, 0x7fc00000, buf, sizeof buf), "2143289344 (nan)") == 0);
    CHECK(strcmp(lg_fixed_name(LG_I16, none, buf, sizeof buf), "i16") == 0);
}

/* Integers of any width 1..64: names, ranges, wrapping and the C types
 * that declare and hold them. */
static void test_int_widths(void)
{
    lg_type_t t;
    long bits = 0;
    CHECK(lg_type_parse_width("u70", &t, &bits) == -2 && bits == 70);
    CHECK(lg_type_parse("i32", &t) == 0 && t == LG_I32 && lg_type_int(32, 1) == LG_I32);
    CHECK(lg_type_parse("u12", &t) == 0 && lg_type_bits(t) == 12 && !lg_type_signed(t));
    CHECK(strcmp(lg_type_name(t), "u12") == 0 && strcmp(lg_type_ktype(t), "unsigned _BitInt(12)") == 0);
    CHECK(strcmp(lg_type_ctype(t), "uint16_t") == 0 && lg_type_bytes(t) == 2 && !lg_type_is_named(t));
    CHECK(lg_type_min(t) == 0 && lg_type_max(t) == 4095 && lg_type_wrap(t, 4097) == 1 && lg_type_wrap(t, -1) == 4095);
    CHECK(lg_type_parse("i1", &t) == 0 && lg_type_min(t) == -1 && lg_type_max(t) == 0 && lg_type_wrap(t, 1) == -1);
    CHECK(lg_type_parse("i63", &t) == 0 && lg_type_max(t) == INT64_MAX / 2 && lg_type_bytes(t) == 8);
    CHECK(strcmp(lg_type_ktype(t), "_BitInt(63)") == 0 && strcmp(lg_type_ctype(t), "int64_t") == 0);
    /* u63: 2^63 - 1, computed without a shift past int64_t (the spec fuzzer found it). */
    CHECK(lg_type_parse("u63", &t) == 0 && lg_type_max(t) == INT64_MAX && lg_type_wrap(t, -1) == INT64_MAX);
    CHECK(lg_type_parse("u64", &t) == 0 && t == LG_U64 && lg_type_int(64, 0) == LG_U64);
    CHECK(lg_type_poison(lg_type_int(12, 1)) == 0x5A5 && lg_type_poison(lg_type_int(3, 0)) == 5);
    CHECK(lg_type_min(LG_I8) == -128 && lg_type_max(LG_I8) == 127 && lg_type_max(LG_U32) == 4294967295LL);
    CHECK(lg_type_wrap(LG_U8, 300) == 44 && lg_type_wrap(LG_I8, 200) == -56);
    CHECK(lg_type_cmp(LG_U64, -1, 1) > 0 && lg_type_cmp(LG_I64, -1, 1) < 0);
    lg_width_t w;
    CHECK(lg_width_parse("u9", &w) == 0 && w.bits == 9 && !w.is_signed);
    CHECK(lg_width_fits(w, 511) && !lg_width_fits(w, 512) && !lg_width_fits(w, -1));
    CHECK(lg_width_parse("i24", &w) == 0 && lg_width_fits(w, -(1 << 23)) && !lg_width_fits(w, 1 << 23));
    CHECK(lg_width_parse("u0", &w) != 0 && lg_width_parse("x9", &w) != 0 && lg_width_parse("u65", &w) != 0);
}

/* The POISON value of every type: 0xA5 in each of the type's bytes, read
 * in the type's signedness (the values the RTL tests expect in unused
 * slots, e.g. -23131 for i16). */
static void test_poison(void)
{
    static const struct {
        lg_type_t t;
        int64_t want;
    } cases[] = {
        {LG_I8, -91},
        {LG_U8, 165},
        {LG_I16, -23131},
        {LG_U16, 42405},
        {LG_I32, -1515870811},
        {LG_U32, 2779096485LL},
        {LG_I64, (int64_t)UINT64_C(0xA5A5A5A5A5A5A5A5)},
        {LG_U64, (int64_t)UINT64_C(0xA5A5A5A5A5A5A5A5)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t v = lg_type_poison(cases[i].t);
        CHECK_MSG(v == cases[i].want, "%s: %lld", lg_type_name(cases[i].t), (long long)v);
        for (int b = 0; b < lg_type_bits(cases[i].t) / 8; b++)
            CHECK_MSG(((uint64_t)v >> (8 * b) & 0xff) == 0xA5, "%s byte %d", lg_type_name(cases[i].t), b);
        CHECK(lg_type_in(cases[i].t, v, lg_type_min(cases[i].t), lg_type_max(cases[i].t)));
    }
}

/* FNV-1a: the published 64-bit test vectors, the u64 step as the bytes
 * of the value least significant first, the word step as one xor and one
 * multiply. */
static void test_hash(void)
{
    static const struct {
        const char *text;
        uint64_t want;
    } vectors[] = {
        {"", UINT64_C(0xcbf29ce484222325)},
        {"a", UINT64_C(0xaf63dc4c8601ec8c)},
        {"foobar", UINT64_C(0x85944171f73967e8)},
    };
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        lg_hash_t h;
        lg_hash_init(&h);
        lg_hash_bytes(&h, vectors[i].text, strlen(vectors[i].text));
        CHECK_MSG(h.h == vectors[i].want, "'%s': %016llx", vectors[i].text, (unsigned long long)h.h);
    }
    static const uint64_t words[] = {0, 1, UINT64_C(0x0102030405060708), UINT64_MAX};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        unsigned char le[8];
        for (int b = 0; b < 8; b++)
            le[b] = (unsigned char)(words[i] >> (8 * b));
        lg_hash_t a, b, w;
        lg_hash_init(&a);
        lg_hash_init(&b);
        lg_hash_init(&w);
        lg_hash_u64(&a, words[i]);
        lg_hash_bytes(&b, le, 8);
        lg_hash_word(&w, words[i]);
        CHECK_MSG(a.h == b.h, "u64 %zu", i);
        CHECK_MSG(w.h == (UINT64_C(0xcbf29ce484222325) ^ words[i]) * UINT64_C(0x100000001b3), "word %zu", i);
    }
}

/* lg_strbuf: appends of every size (past the first allocation and by
 * doubling), empty appends, take and free. */
static void test_strbuf(void)
{
    static const struct {
        const char *puts_text;
        int number;
        const char *want_tail;
        size_t want_len;
    } steps[] = {
        {"", -1, "", 0},
        {"abc", -1, "abc", 3},
        {NULL, 42, "abc42", 5},
        {"0123456789012345678901234567890123456789012345678901234567890123456789", -1, "6789", 75},
        {NULL, -7, "6789-7", 77},
        {"", -1, "-7", 77},
    };
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    CHECK(b.s && b.s[0] == '\0' && b.len == 0);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (steps[i].puts_text)
            lg_strbuf_puts(&b, steps[i].puts_text);
        else
            lg_strbuf_printf(&b, "%d", steps[i].number);
        size_t tail = strlen(steps[i].want_tail);
        CHECK_MSG(b.len == steps[i].want_len && strlen(b.s) == b.len && b.cap > b.len, "step %zu: len %zu", i, b.len);
        CHECK_MSG(b.len >= tail && strcmp(b.s + b.len - tail, steps[i].want_tail) == 0, "step %zu: '%s'", i, b.s);
    }
    lg_strbuf_printf(&b, "%s", "");
    CHECK(b.len == 77);
    char *s = lg_strbuf_take(&b);
    CHECK(s && strncmp(s, "abc42012", 8) == 0 && b.s == NULL && b.len == 0);
    free(s);
    lg_strbuf_init(&b);
    for (int i = 0; i < 1000; i++)
        lg_strbuf_printf(&b, "%03d,", i);
    CHECK(b.len == 4000 && strncmp(b.s + 3996, "999,", 4) == 0 && strncmp(b.s, "000,001,", 8) == 0);
    lg_strbuf_free(&b);
    CHECK(b.s == NULL && b.len == 0);
    /* A comma-separated list has its entries whole, not their prefixes,
     * suffixes or the list's empty end. */
    CHECK(lg_list_has("loop:k.c:7,width:sum", "width:sum") && lg_list_has("width:sum", "width:sum"));
    CHECK(lg_list_has("a,width:sum,b", "width:sum") && !lg_list_has("width:sums", "width:sum"));
    CHECK(!lg_list_has("width:su,b", "width:sum") && !lg_list_has("", "x") && !lg_list_has("a,", ""));
}

static void test_files(void)
{
    lg_err_t err;
    char dir[] = "/tmp/lgfuzz-test-util-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *deep = lg_asprintf("%s/a/b/c", dir);
    CHECK(lg_mkdirs(deep, &err) == LG_OK && lg_is_dir(deep));
    char *file = lg_path_join(deep, "x.txt");
    CHECK(lg_write_file_atomic(file, "hello", 5, &err) == LG_OK);
    size_t len;
    char *data = lg_read_file(file, &len, &err);
    CHECK(data && len == 5 && strcmp(data, "hello") == 0);
    free(data);
    char *nodir = lg_path_join(dir, "missing/x.txt");
    CHECK(lg_write_file_atomic(nodir, "x", 1, &err) == LG_EIO);
    CHECK_STR_CONTAINS(err.msg, "missing/x.txt");
    CHECK(lg_read_file(nodir, NULL, &err) == NULL);
    CHECK_STR_CONTAINS(err.msg, "cannot open");
    char *dn = lg_path_dirname("a/b/c.yaml");
    CHECK(strcmp(dn, "a/b") == 0);
    free(dn);
    dn = lg_path_dirname("c.yaml");
    CHECK(strcmp(dn, ".") == 0);
    free(dn);
    lg_hash_t h1, h2;
    lg_hash_init(&h1);
    lg_hash_init(&h2);
    CHECK(lg_hash_file(&h1, file, &err) == LG_OK);
    lg_hash_bytes(&h2, "hello", 5);
    CHECK(h1.h == h2.h);
    lg_err_set(&err, LG_EINVAL, "inner %d", 3);
    lg_err_prefix(&err, "outer");
    CHECK(strcmp(err.msg, "outer: inner 3") == 0 && err.code == LG_EINVAL);
    char *cmd = lg_asprintf("rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    free(cmd);
    free(nodir);
    free(file);
    free(deep);
}

/* lg_list_dir: name order (not creation order), dot files and names
 * without the suffix left out, directories listed like files; a missing
 * directory is empty, a file in its place an error naming it. */
static void test_list_dir(void)
{
    char dir[] = "/tmp/lgfuzz-test-list-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    static const char *const files[] = {"b.json", "a.json", ".hidden.json", "c.txt", "10.json", "json", NULL};
    lg_err_t err;
    for (const char *const *f = files; *f; f++) {
        char *p = lg_path_join(dir, *f);
        CHECK(lg_write_file_atomic(p, "{}", 2, &err) == LG_OK);
        free(p);
    }
    char *sub = lg_path_join(dir, "d.json");
    CHECK(lg_mkdirs(sub, &err) == LG_OK);
    static const struct {
        const char *under, *suffix;
        int rc;
        const char *want;
    } cases[] = {
        {"", NULL, LG_OK, "10.json a.json b.json c.txt d.json json"},
        {"", ".json", LG_OK, "10.json a.json b.json d.json"},
        {"", ".txt", LG_OK, "c.txt"},
        {"", "json", LG_OK, "10.json a.json b.json d.json json"},
        {"", ".yaml", LG_OK, ""},
        {"/d.json", NULL, LG_OK, ""},
        {"/missing", NULL, LG_OK, ""},
        {"/c.txt", NULL, LG_EIO, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *path = lg_asprintf("%s%s", dir, cases[i].under);
        char **names;
        size_t n = 99;
        int rc = lg_list_dir(path, cases[i].suffix, &names, &n, &err);
        lg_strbuf_t got;
        lg_strbuf_init(&got);
        for (size_t k = 0; rc == LG_OK && k < n; k++)
            lg_strbuf_printf(&got, "%s%s", k ? " " : "", names[k]);
        CHECK_MSG(rc == cases[i].rc && strcmp(got.s, cases[i].want) == 0, "case %zu: rc %d, '%s'", i, rc, got.s);
        CHECK_MSG((n == 0) == (names == NULL), "case %zu: %zu names at %p", i, n, (void *)names);
        if (rc != LG_OK) {
            CHECK_STR_CONTAINS(err.msg, path);
            CHECK_STR_CONTAINS(err.msg, "cannot list");
        }
        lg_list_free(names, n);
        lg_strbuf_free(&got);
        free(path);
    }
    lg_list_free(NULL, 0);
    lg_remove_tree(dir);
    free(sub);
}

/* Build directories of dead processes beside a build go; those of live
 * processes, of other builds and with other names stay. */
static void test_stale_builds(void)
{
    lg_err_t err;
    char dir[] = "/tmp/lgfuzz-test-stale-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    pid_t dead = fork();
    if (dead == 0)
        _exit(0);
    waitpid(dead, NULL, 0);
    static const char *const names[] = {"key.tmp.%ld.17", "key.tmp.%ld", "other.tmp.%ld", NULL};
    char *live = lg_asprintf("%s/key.tmp.%ld", dir, (long)getpid());
    CHECK(lg_mkdirs(live, &err) == LG_OK);
    for (const char *const *n = names; *n; n++) {
        char *name = lg_asprintf(*n, (long)dead);
        char *sub = lg_asprintf("%s/%s/obj", dir, name);
        CHECK(lg_mkdirs(sub, &err) == LG_OK);
        free(sub);
        free(name);
    }
    char *odd = lg_asprintf("%s/key.tmp.x1", dir);
    CHECK(lg_mkdirs(odd, &err) == LG_OK);
    char *key = lg_path_join(dir, "key");
    lg_remove_stale_builds(key);
    char *gone1 = lg_asprintf("%s/key.tmp.%ld.17", dir, (long)dead);
    char *gone2 = lg_asprintf("%s/key.tmp.%ld", dir, (long)dead);
    char *other = lg_asprintf("%s/other.tmp.%ld", dir, (long)dead);
    CHECK(!lg_path_exists(gone1) && !lg_path_exists(gone2));
    CHECK(lg_is_dir(live) && lg_is_dir(other) && lg_is_dir(odd));
    lg_remove_tree(dir);
    CHECK(!lg_path_exists(dir));
    free(gone1);
    free(gone2);
    free(other);
    free(key);
    free(odd);
    free(live);
}

/* flock locks belong to an open file description, so a second open in
 * this same process contends like another process would. */
static void test_lock(void)
{
    lg_err_t err;
    char dir[] = "/tmp/lgfuzz-test-lock-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *path = lg_path_join(dir, "lock");
    lg_lock_t *a = NULL, *b = NULL;
    CHECK(lg_lock_acquire(path, "dir d", 0, NULL, &a, &err) == LG_OK && a);
    CHECK(lg_lock_acquire(path, "dir d", 60, NULL, &b, &err) == LG_EINVAL && !b);
    char *pid = lg_asprintf("dir d is in use by process %ld", (long)getpid());
    CHECK(strstr(err.msg, pid) != NULL);
    volatile sig_atomic_t stop = 1;
    CHECK(lg_lock_acquire(path, "dir d", -1, &stop, &b, &err) == LG_EINTR && !b);
    lg_lock_release(a);
    CHECK(lg_lock_acquire(path, "dir d", 0, NULL, &b, &err) == LG_OK && b);
    lg_lock_release(b);
    lg_lock_release(NULL);
    lg_remove_tree(dir);
    free(pid);
    free(path);
}

/* A symlink planted at the first temp name lg_write_file_atomic tries
 * ("<path>.tmp.<pid>") is neither followed nor replaced: its target, an
 * existing file or a missing one, stays as it was, and path gets the data. */
static void test_temp_symlink(void)
{
    lg_err_t err;
    char dir[] = "/tmp/lgfuzz-test-temp-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *victim = lg_path_join(dir, "victim");
    char *absent = lg_path_join(dir, "absent");
    CHECK(lg_write_file_atomic(victim, "orig", 4, &err) == LG_OK);
    const char *targets[] = {victim, absent};
    for (int i = 0; i < 2; i++) {
        char *path = lg_asprintf("%s/out%d", dir, i);
        char *planted = lg_asprintf("%s.tmp.%ld", path, (long)getpid());
        CHECK(symlink(targets[i], planted) == 0);
        CHECK_MSG(lg_write_file_atomic(path, "new", 3, &err) == LG_OK, "%s", err.msg);
        char *got = lg_read_file(path, NULL, &err);
        CHECK(got && strcmp(got, "new") == 0);
        free(got);
        struct stat st;
        CHECK(lstat(planted, &st) == 0 && S_ISLNK(st.st_mode));
        lstat(path, &st);
        CHECK(S_ISREG(st.st_mode));
        free(planted);
        free(path);
    }
    char *text = lg_read_file(victim, NULL, &err);
    CHECK(text && strcmp(text, "orig") == 0);
    CHECK(!lg_path_exists(absent));
    /* Only the two outputs, the victim and the planted links: no temp file
     * is left behind. */
    char **names;
    size_t n;
    CHECK(lg_list_dir(dir, NULL, &names, &n, &err) == LG_OK && n == 5);
    lg_list_free(names, n);
    /* lg_temp_file itself: a fresh, exclusive file beside the path. */
    char *out = lg_path_join(dir, "t");
    char *tmp = NULL;
    int fd = lg_temp_file(out, &tmp, &err);
    CHECK(fd >= 0 && tmp && strncmp(tmp, out, strlen(out)) == 0);
    if (fd >= 0)
        close(fd);
    char *tmp2 = NULL;
    fd = lg_temp_file(out, &tmp2, &err);
    CHECK(fd >= 0 && tmp2 && strcmp(tmp, tmp2) != 0);
    if (fd >= 0)
        close(fd);
    char *bad = lg_path_join(dir, "no/such/dir/x");
    char *tmp3 = NULL;
    CHECK(lg_temp_file(bad, &tmp3, &err) == LG_EIO && !tmp3 && strstr(err.msg, bad));
    free(bad);
    free(tmp2);
    free(tmp);
    free(out);
    free(text);
    lg_remove_tree(dir);
    free(absent);
    free(victim);
}

typedef struct env_save {
    const char *name;
    char *value;
} env_save_t;

/* The cache root from each variable in turn; none set is an error naming
 * them all; a root others could write or own is refused, naming it. */
static void test_cache_dir(void)
{
    env_save_t env[] = {{"LGFUZZ_CACHE_DIR", NULL}, {"XDG_CACHE_HOME", NULL}, {"HOME", NULL}};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(env[i].name);
        env[i].value = v ? lg_strdup(v) : NULL;
        unsetenv(env[i].name);
    }
    lg_err_t err;
    char *out = (char *)"unchanged";
    CHECK(lg_cache_dir(NULL, NULL, &out, &err) == LG_EINVAL && out == NULL);
    for (int i = 0; i < 3; i++)
        CHECK_STR_CONTAINS(err.msg, env[i].name);
    CHECK_STR_CONTAINS(err.msg, "set ");

    char dir[] = "/tmp/lgfuzz-test-cachedir-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("HOME", dir, 1);
    char *want = lg_asprintf("%s/.cache/lgfuzz/tracer", dir);
    CHECK(lg_cache_dir(NULL, "tracer", &out, &err) == LG_OK && out && strcmp(out, want) == 0);
    struct stat st;
    CHECK(stat(out, &st) == 0 && (st.st_mode & 0777) == 0700);
    free(out);
    free(want);
    setenv("XDG_CACHE_HOME", dir, 1);
    want = lg_asprintf("%s/lgfuzz", dir);
    CHECK(lg_cache_dir(NULL, NULL, &out, &err) == LG_OK && out && strcmp(out, want) == 0);
    free(out);
    free(want);
    char *root = lg_asprintf("%s/a/b", dir);
    setenv("LGFUZZ_CACHE_DIR", root, 1);
    CHECK(lg_cache_dir(NULL, NULL, &out, &err) == LG_OK && out && strcmp(out, root) == 0);
    free(out);
    char *a = lg_path_join(dir, "a");
    CHECK(stat(a, &st) == 0 && (st.st_mode & 0777) == 0700);

    /* Writable by others: refused with the mode; the override is checked
     * the same way. */
    CHECK(chmod(root, 0777) == 0);
    CHECK(lg_cache_dir(NULL, "rtl", &out, &err) == LG_EINVAL && out == NULL);
    CHECK_STR_CONTAINS(err.msg, root);
    CHECK_STR_CONTAINS(err.msg, "writable by others (mode 0777)");
    CHECK(lg_cache_dir(root, NULL, &out, &err) == LG_EINVAL);
    CHECK(chmod(root, 0770) == 0); /* group-writable without setgid: no team cache */
    CHECK(lg_cache_dir(root, NULL, &out, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "not setgid");
    CHECK(chmod(root, 0755) == 0);
    CHECK(lg_cache_dir(root, NULL, &out, &err) == LG_OK);
    free(out);

    /* Owned by someone else: a directory of another uid (root can make
     * one; anyone else finds one in "/"). */
    const char *foreign = root;
    if (geteuid() == 0)
        CHECK(chown(root, 65534, 65534) == 0);
    else
        foreign = "/";
    CHECK(lg_cache_dir(foreign, NULL, &out, &err) == LG_EINVAL && out == NULL);
    CHECK_STR_CONTAINS(err.msg, "not by the current user");
    CHECK_STR_CONTAINS(err.msg, foreign);

    for (int i = 0; i < 3; i++) {
        if (env[i].value)
            setenv(env[i].name, env[i].value, 1);
        else
            unsetenv(env[i].name);
        free(env[i].value);
    }
    lg_remove_tree(dir);
    free(a);
    free(root);
}

/* A sealed entry verifies until a sealed file changes size or contents;
 * an entry without a seal does not verify. */
static void test_cache_seal(void)
{
    lg_err_t err;
    char dir[] = "/tmp/lgfuzz-test-seal-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *files[] = {"exe", "meta.json"};
    char *exe = lg_path_join(dir, "exe");
    char *meta = lg_path_join(dir, "meta.json");
    char why[256];
    CHECK(!lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK_STR_CONTAINS(why, "no checksum");
    CHECK(lg_cache_seal(dir, files, 2, &err) == LG_EIO);
    CHECK_STR_CONTAINS(err.msg, "exe");
    CHECK(lg_write_file_atomic(exe, "\177ELF....", 8, &err) == LG_OK);
    CHECK(lg_write_file_atomic(meta, "{}", 2, &err) == LG_OK);
    CHECK(lg_cache_seal(dir, files, 2, &err) == LG_OK);
    CHECK(lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK(lg_write_file_atomic(exe, "\177ELF", 4, &err) == LG_OK); /* truncated */
    CHECK(!lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK_STR_CONTAINS(why, exe);
    CHECK(lg_write_file_atomic(exe, "\177ELF.,..", 8, &err) == LG_OK); /* same size, other bytes */
    CHECK(!lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK(lg_write_file_atomic(exe, "\177ELF....", 8, &err) == LG_OK);
    CHECK(lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK(unlink(meta) == 0);
    CHECK(!lg_cache_verify(dir, files, 2, why, sizeof why));
    CHECK_STR_CONTAINS(why, "meta.json");
    lg_cache_discard(dir);
    CHECK(!lg_path_exists(dir));
    free(meta);
    free(exe);
}

int main(void)
{
    test_rng();
    test_duration();
    test_types();
    test_int_widths();
    test_fixed();
    test_poison();
    test_hash();
    test_strbuf();
    test_files();
    test_list_dir();
    test_stale_builds();
    test_lock();
    test_temp_symlink();
    test_cache_dir();
    test_cache_seal();
    TEST_DONE();
}
