/* Tests of the YAML walker: every error located at the node at fault as
 * origin:line:col, walking lists and mappings by index, loading from a
 * file and from text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/yamldoc.h"

typedef enum { OP_LOAD, OP_MAP, OP_SEQ, OP_INT, OP_UINT, OP_SCALAR, OP_KEYS, OP_LEN2 } op_t;

static const struct {
    const char *yaml;
    op_t op;
    const char *key; /* the value checked by OP_SEQ .. OP_SCALAR */
    int rc;
    const char *msg; /* part of the message when rc is not LG_OK */
} cases[] = {
    {"a: 1\n", OP_LOAD, NULL, LG_OK, NULL},
    {"", OP_LOAD, NULL, LG_OK, NULL},
    {"a: [1\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:2:1: YAML syntax error"},
    {"a: 1\n  b: 2\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:2:4: YAML syntax error: mapping values"},
    {"- 1\n- 2\n", OP_MAP, NULL, LG_EINVAL, "t.yaml:1:1: top must be a mapping, found a list"},
    {"a: 1\nb: x\n", OP_MAP, NULL, LG_OK, NULL},
    {"a: 1\nb: {c: 2}\n", OP_SEQ, "b", LG_EINVAL, "t.yaml:2:4: b must be a list, found a mapping"},
    {"a: 1\nb: [1, 2]\n", OP_SEQ, "b", LG_OK, NULL},
    {"a: 1\nb: x\n", OP_INT, "b", LG_EINVAL, "t.yaml:2:4: b must be an integer, found 'x'"},
    {"a: 1\nb: 99999999999999999999\n", OP_INT, "b", LG_EINVAL, "t.yaml:2:4: b must be an integer"},
    {"a: 1\nb: -0x10\n", OP_INT, "b", LG_OK, NULL},
    {"b: [x]\n", OP_INT, "b", LG_EINVAL, "t.yaml:1:4: b must be a scalar, found a list"},
    {"a: 1\n\nb: -3\n", OP_UINT, "b", LG_EINVAL, "t.yaml:3:4: b must be a non-negative integer, found '-3'"},
    {"b: 18446744073709551615\n", OP_UINT, "b", LG_OK, NULL},
    {"b: {c: d}\n", OP_SCALAR, "b", LG_EINVAL, "t.yaml:1:4: b must be a scalar, found a mapping"},
    {"a: 1\nb: 2\n", OP_KEYS, NULL, LG_OK, NULL},
    {"a: 1\nc: 2\n", OP_KEYS, NULL, LG_EINVAL, "t.yaml:2:1: unknown key 'c' in top (expected one of: a, b)"},
    {"a: 1\nb: 2\na: 3\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:3:1: duplicate key 'a' (first given at 1:1)"},
    {"rtl:\n  interfaces:\n    x: {mode: a}\n    y: 1\n    x: {mode: b}\n", OP_LOAD, NULL, LG_EINVAL,
     "t.yaml:5:5: duplicate key 'x' in 'interfaces' (first given at 3:5)"},
    {"- {a: 1, a: 1}\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:1:10: duplicate key 'a' (first given at 1:4)"},
    {"a: &x [1]\nb: *x\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:2:4: alias *x: aliases are not supported"},
    {"f: \"acc\\0; rm -rf /\"\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:1:4: a NUL character (\\0) inside a string"},
    {"f: \"acc\\x00\"\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:1:4: a NUL character"},
    {"f: \"acc\\u0000\"\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:1:4: a NUL character"},
    {"a: 1\nb: 2\nA: 3\n", OP_LOAD, NULL, LG_OK, NULL},
    {"a: 1\n[x]: 2\n", OP_KEYS, NULL, LG_EINVAL, "t.yaml:2:1: keys in top must be plain names"},
    /* One document per file: what follows a `---` would be ignored. */
    {"a: 1\n---\nb: 2\n", OP_LOAD, NULL, LG_EINVAL,
     "t.yaml:2:1: a second YAML document starts here: lgfuzz reads one document per file"},
    {"---\na: 1\n...\n---\na: 2\n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:4:1: a second YAML document starts here"},
    {"---\na: 1\n...\n", OP_LOAD, NULL, LG_OK, NULL},
    {"a: 1\n--- \n", OP_LOAD, NULL, LG_EINVAL, "t.yaml:2:1: a second YAML document"},
    /* Lists and mappings up to a length: the first entry past it is named. */
    {"b: [1, 2]\n", OP_LEN2, "b", LG_OK, NULL},
    {"b:\n  - 1\n  - 2\n  - 3\n", OP_LEN2, "b", LG_EINVAL,
     "t.yaml:4:5: b has 3 entries, more than the 2 lgfuzz takes: this is entry 3"},
    {"b: {x: 1, y: 2, z: 3}\n", OP_LEN2, "b", LG_EINVAL, "t.yaml:1:17: b has 3 entries"},
};

static int run_op(yamldoc_t *d, size_t i, lg_err_t *err)
{
    static const char *const known[] = {"a", "b", NULL};
    yaml_node_t *root = yamldoc_root(d);
    yaml_node_t *v = cases[i].key && root ? yamldoc_get(d, root, cases[i].key) : NULL;
    if (cases[i].key && !v)
        return lg_err_set(err, LG_EINTERNAL, "no key %s", cases[i].key);
    int64_t n;
    uint64_t u;
    switch (cases[i].op) {
    case OP_LOAD:
        return LG_OK;
    case OP_MAP:
        return yamldoc_expect_map(d, root, "top", err);
    case OP_SEQ:
        return yamldoc_expect_seq(d, v, cases[i].key, err);
    case OP_INT:
        return yamldoc_int(d, v, cases[i].key, &n, err);
    case OP_UINT:
        return yamldoc_uint(d, v, cases[i].key, &u, err);
    case OP_SCALAR:
        return yamldoc_scalar(d, v, cases[i].key, err) ? LG_OK : LG_EINVAL;
    case OP_KEYS:
        return yamldoc_check_keys(d, root, "top", known, err);
    case OP_LEN2:
        return yamldoc_check_len(d, v, cases[i].key, 2, err);
    }
    return LG_EINTERNAL;
}

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        yamldoc_t d;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = yamldoc_load_string(&d, cases[i].yaml, strlen(cases[i].yaml), "t.yaml", &err);
        if (rc == LG_OK)
            rc = run_op(&d, i, &err);
        CHECK_MSG(rc == cases[i].rc, "case %zu: rc %d (%s)", i, rc, err.msg);
        if (cases[i].msg)
            CHECK_STR_CONTAINS(err.msg, cases[i].msg);
        yamldoc_free(&d);
    }
}

/* Index access over a list of mappings; the empty document has no root. */
static void test_walk(void)
{
    static const char text[] = "items:\n  - {name: x, n: 1}\n  - {name: y}\n  - plain\n";
    yamldoc_t d;
    lg_err_t err;
    CHECK(yamldoc_load_string(&d, text, strlen(text), "w.yaml", &err) == LG_OK);
    yaml_node_t *root = yamldoc_root(&d);
    CHECK(root && yamldoc_len(root) == 1 && strcmp(yamldoc_text(yamldoc_key(&d, root, 0)), "items") == 0);
    yaml_node_t *items = yamldoc_value(&d, root, 0);
    static const struct {
        size_t pairs;
        const char *first_key, *first_value, *text;
    } want[] = {
        {2, "name", "x", NULL},
        {1, "name", "y", NULL},
        {0, NULL, NULL, "plain"},
    };
    CHECK(yamldoc_len(items) == sizeof want / sizeof want[0]);
    for (size_t i = 0; i < yamldoc_len(items) && i < sizeof want / sizeof want[0]; i++) {
        yaml_node_t *it = yamldoc_item(&d, items, i);
        CHECK_MSG(yamldoc_len(it) == want[i].pairs, "item %zu", i);
        if (want[i].first_key) {
            CHECK(strcmp(yamldoc_text(yamldoc_key(&d, it, 0)), want[i].first_key) == 0);
            CHECK(strcmp(yamldoc_text(yamldoc_value(&d, it, 0)), want[i].first_value) == 0);
            CHECK(yamldoc_text(it) == NULL);
        } else {
            CHECK(strcmp(yamldoc_text(it), want[i].text) == 0);
        }
    }
    CHECK(yamldoc_text(NULL) == NULL && yamldoc_get(&d, items, "name") == NULL);
    yamldoc_free(&d);
    CHECK(yamldoc_load_string(&d, "", 0, "e.yaml", &err) == LG_OK && yamldoc_root(&d) == NULL);
    CHECK(yamldoc_error(&d, NULL, &err, "empty %d", 1) == LG_EINVAL && strcmp(err.msg, "e.yaml:1:1: empty 1") == 0);
    yamldoc_free(&d);
}

/* Nesting: 64 levels load; deeper documents, flow or block, are rejected
 * at level 65 however deep they go (libyaml's loader would take time
 * quadratic in the depth). */
static void test_depth(void)
{
    static const struct {
        size_t levels;
        int block;
        int rc;
    } depths[] = {{64, 0, LG_OK}, {65, 0, LG_EINVAL}, {100000, 0, LG_EINVAL},
                  {64, 1, LG_OK}, {65, 1, LG_EINVAL}, {2000, 1, LG_EINVAL}};
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
        size_t n = depths[i].levels;
        /* Flow: [[[...]]]; block: "k:\n k:\n  k:\n ... 1", one more space
         * of indentation per level. */
        char *text = lg_malloc(n * (n + 7) / 2 + 2 * n + 8);
        size_t len = 0;
        for (size_t k = 0; k < n; k++) {
            if (depths[i].block) {
                memset(text + len, ' ', k);
                memcpy(text + len + k, "k:\n", 3);
                len += k + 3;
            } else {
                text[len++] = '[';
            }
        }
        if (depths[i].block) {
            memset(text + len, ' ', n);
            len += n;
            text[len++] = '1';
        } else {
            memset(text + len, ']', n);
            len += n;
        }
        yamldoc_t d;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = yamldoc_load_string(&d, text, len, "deep.yaml", &err);
        CHECK_MSG(rc == depths[i].rc, "case %zu: rc %d (%s)", i, rc, err.msg);
        if (depths[i].rc != LG_OK)
            CHECK_STR_CONTAINS(err.msg, "nesting deeper than 64 levels");
        yamldoc_free(&d);
        free(text);
    }
}

/* A file of YAMLDOC_MAX_NODES nodes loads; one more is refused at the node
 * past the limit, before libyaml builds the document. */
static void test_nodes(void)
{
    for (size_t extra = 0; extra < 2; extra++) {
        size_t n = YAMLDOC_MAX_NODES - 1 + extra; /* the list itself is a node */
        char *text = lg_malloc(2 * n + 2);
        size_t len = 0;
        text[len++] = '[';
        for (size_t k = 0; k < n; k++) {
            text[len++] = '1';
            text[len++] = k + 1 < n ? ',' : ']';
        }
        yamldoc_t d;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = yamldoc_load_string(&d, text, len, "wide.yaml", &err);
        CHECK_MSG(rc == (extra ? LG_EINVAL : LG_OK), "%zu nodes: rc %d (%s)", n + 1, rc, err.msg);
        if (extra) {
            char *where = lg_asprintf("wide.yaml:1:%zu: more than %d values, lists and mappings in one file", 2 * n,
                                      YAMLDOC_MAX_NODES);
            CHECK_STR_CONTAINS(err.msg, where);
            free(where);
        }
        yamldoc_free(&d);
        free(text);
    }
}

/* From a file: its path names the errors; a missing file is LG_EIO. */
static void test_file(void)
{
    char dir[] = "/tmp/lgfuzz-test-yaml-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *path = lg_path_join(dir, "f.yaml");
    lg_err_t err;
    CHECK(lg_write_file_atomic(path, "a: 1\nb: x\n", 10, &err) == LG_OK);
    yamldoc_t d;
    int64_t n;
    CHECK(yamldoc_load(&d, path, &err) == LG_OK);
    CHECK(yamldoc_int(&d, yamldoc_get(&d, yamldoc_root(&d), "a"), "a", &n, &err) == LG_OK && n == 1);
    CHECK(yamldoc_int(&d, yamldoc_get(&d, yamldoc_root(&d), "b"), "b", &n, &err) == LG_EINVAL);
    char *where = lg_asprintf("%s:2:4: b must be an integer", path);
    CHECK_STR_CONTAINS(err.msg, where);
    yamldoc_free(&d);
    char *missing = lg_path_join(dir, "none.yaml");
    CHECK(yamldoc_load(&d, missing, &err) == LG_EIO);
    CHECK_STR_CONTAINS(err.msg, "none.yaml: cannot open");
    yamldoc_free(&d);
    lg_remove_tree(dir);
    free(missing);
    free(where);
    free(path);
}

int main(void)
{
    test_errors();
    test_walk();
    test_depth();
    test_nodes();
    test_file();
    TEST_DONE();
}
