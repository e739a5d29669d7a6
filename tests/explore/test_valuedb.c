/* The value database as a unit: a file in batch_values_write's format is
 * read for one kernel (only its params' keys, in and inout only, values
 * outside a param's range dropped, u64 values kept whole), draws set a
 * slot to one of those values, a mutator with the database draws at
 * about its documented chance, and a malformed file is an error naming
 * the file and the key. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore/mutate_int.h"
#include "explore/valuedb_int.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static const char spec_text[] = "kernel: k\n"
                                "c: {source: k.c, function: k}\n"
                                "params:\n"
                                "  - {name: data, type: i32, array: {max_len: 8, len: size}}\n"
                                "  - {name: size, type: i32, range: [0, 8]}\n"
                                "  - {name: big, type: u64}\n"
                                "  - {name: res, type: i32, array: {max_len: 8, len: size}, dir: out}\n"
                                "return: i32\n";

static char *write_file(const char *dir, const char *name, const char *text)
{
    char *path = lg_path_join(dir, name);
    lg_err_t err;
    CHECK(lg_write_file_atomic(path, text, strlen(text), &err) == LG_OK);
    return path;
}

static void test_load_and_draw(const spec_t *s, const char *dir)
{
    /* size: 9 and -1 lie outside [0, 8]; "data:i32" (no []) and "res[]:i32"
     * (an out param) and "size:i16" (another type) are not this kernel's. */
    char *path =
        write_file(dir, "values.json",
                   "{\"format\": 1, \"values\": {\"data[]:i32\": [-70000, 5, 123456], \"size:i32\": [-1, 3, 9],"
                   " \"big:u64\": [18446744073709551615], \"data:i32\": [42], \"res[]:i32\": [77],"
                   " \"size:i16\": [4]}}");
    lg_err_t err;
    valuedb_t *db = valuedb_load(s, path, &err);
    CHECK_MSG(db != NULL, "%s", err.msg);
    if (!db)
        return;
    CHECK(valuedb_values(db) == 3 + 1 + 1);
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    int seen_size3 = 0, seen_big = 0, seen_elem = 0;
    for (int i = 0; i < 400; i++) {
        input_t *in = input_create(s);
        input_set_len(in, 0, 4);
        CHECK(valuedb_draw(db, in, &rng) == 1);
        seen_size3 += in->v[1].scalar == 3;
        seen_big += in->v[2].scalar == -1; /* u64 max as carried in int64_t */
        for (size_t k = 0; k < in->v[0].len; k++) {
            int64_t e = in->v[0].elems[k];
            CHECK(e == 0 || e == -70000 || e == 5 || e == 123456);
            seen_elem += e != 0;
        }
        CHECK(in->v[1].scalar == 4 || in->v[1].scalar == 3); /* never 9, -1 or 4 from size:i16 */
        input_destroy(in);
    }
    CHECK(seen_size3 > 50 && seen_big > 50 && seen_elem > 50);
    /* An empty array offers no slot; size and big still can. */
    input_t *empty = input_create(s);
    for (int i = 0; i < 50; i++)
        CHECK(valuedb_draw(db, empty, &rng) == 1 && empty->v[0].len == 0);
    input_destroy(empty);

    /* Through the mutator: draws happen at about EXPLORE_VALUE_DB_CHANCE. */
    mutator_t *m = mutator_create(s, NULL, 0);
    m->db = db;
    input_t *in = input_create(s);
    for (int i = 0; i < 2000; i++) {
        mutator_apply(m, in, &rng);
        CHECK(input_conforms(in, NULL, 0));
    }
    CHECK_MSG(m->db_draws > 2000 * EXPLORE_VALUE_DB_CHANCE * 0.7 && m->db_draws < 2000 * EXPLORE_VALUE_DB_CHANCE * 1.3,
              "%llu draws", (unsigned long long)m->db_draws);
    input_destroy(in);
    mutator_destroy(m);
    valuedb_destroy(db);
    free(path);
}

static void test_errors(const spec_t *s, const char *dir)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"{\"format\": 1}", "no \"values\" object"},
        {"{\"values\": {\"size:i32\": 3}}", "values of \"size:i32\" are not an array"},
        {"{\"values\": {\"size:i32\": [1, \"2\"]}}", "value 1 of \"size:i32\" is not an integer"},
        {"[1, 2]", "not a JSON object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *path = write_file(dir, "bad.json", cases[i].text);
        lg_err_t err;
        valuedb_t *db = valuedb_load(s, path, &err);
        CHECK_MSG(!db && test_contains(err.msg, cases[i].want) && test_contains(err.msg, "bad.json"), "case %zu: %s", i,
                  db ? "loaded" : err.msg);
        valuedb_destroy(db);
        free(path);
    }
    lg_err_t err;
    char *missing = lg_path_join(dir, "missing.json");
    CHECK(valuedb_load(s, missing, &err) == NULL && test_contains(err.msg, "missing.json"));
    free(missing);
}

int main(void)
{
    char dir[] = "/tmp/lgfuzz-test-valuedb-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    lg_err_t err;
    char *spec_path = lg_path_join(dir, "k.yaml");
    char *src = write_file(dir, "k.c", "int k(int *data, int size, unsigned long long big, int *res) { return 0; }\n");
    free(src);
    spec_t *s = spec_load_text(spec_path, spec_text, strlen(spec_text), &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        test_load_and_draw(s, dir);
        test_errors(s, dir);
    }
    spec_destroy(s);
    free(spec_path);
    lg_remove_tree(dir);
    TEST_DONE();
}
