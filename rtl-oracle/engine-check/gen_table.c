/* Build-time tool of the engine check: writes the kernel_table.cpp that
 * rtl-oracle's generator makes for a spec and its verilated model header,
 * so the build compiles it and the engine as the real generator writes it.
 * usage: gen_table SPEC V<top>.h OUT */
#include "oracle_int.h"
#include "spec/spec.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: gen_table SPEC V<top>.h OUT\n");
        return 2;
    }
    lg_err_t err;
    lg_err_clear(&err);
    oports_t ports = {0};
    omodel_t model = {0};
    char *table = NULL;
    char *text = NULL;
    spec_t *spec = spec_load(argv[1], &err);
    int rc = spec ? 0 : err.code;
    if (rc == 0)
        rc = (text = lg_read_file(argv[2], NULL, &err)) ? 0 : err.code;
    if (rc == 0)
        rc = ports_parse(text, argv[2], &ports, &err);
    if (rc == 0)
        rc = binding_params(spec, &ports, &model, &err);
    if (rc == 0) {
        table = oracle_harness_table(spec, &model);
        rc = lg_write_file_atomic(argv[3], table, strlen(table), &err);
    }
    if (rc)
        fprintf(stderr, "gen_table: %s\n", err.msg);
    free(table);
    binding_free(&model);
    ports_free(&ports);
    free(text);
    spec_destroy(spec);
    return rc ? 1 : 0;
}
