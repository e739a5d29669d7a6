/* What the C library functions a host calls do with their arguments, for
 * the slice: which arguments the result depends on, which memory the call
 * writes and from what, and which calls read the host's inputs (standard
 * input, a file opened by name). A function not listed here is assumed to
 * read and write through every pointer it is given, which may mark too
 * much but never too little. */
#include <string.h>

#include "host_int.h"

#define A(i) (1u << (i))
#define ALL 0xffffffffu

/* Fields: name, ret_deps, writes, varargs_from, write_deps, reads_stdin,
 * fd_arg, opens, allocates, copies_pointers, ret_aliases. */
static const model_t models[] = {
    /* where host inputs come from */
    {"fopen", A(0), 0, -1, 0, 0, -1, 1, 1, 0, 0},
    {"fopen64", A(0), 0, -1, 0, 0, -1, 1, 1, 0, 0},
    {"open", A(0), 0, -1, 0, 0, -1, 1, 0, 0, 0},
    {"open64", A(0), 0, -1, 0, 0, -1, 1, 0, 0, 0},
    {"fread", A(1) | A(2) | A(3), A(0), -1, A(1) | A(2) | A(3), 0, -1, 0, 0, 0, 0},
    {"fgets", A(0) | A(1) | A(2), A(0), -1, A(1) | A(2), 0, -1, 0, 0, 0, 1},
    {"fscanf", A(0) | A(1), 0, 2, A(0) | A(1), 0, -1, 0, 0, 0, 0},
    {"__isoc99_fscanf", A(0) | A(1), 0, 2, A(0) | A(1), 0, -1, 0, 0, 0, 0},
    {"scanf", A(0), 0, 1, A(0), 1, -1, 0, 0, 0, 0},
    {"__isoc99_scanf", A(0), 0, 1, A(0), 1, -1, 0, 0, 0, 0},
    {"sscanf", A(0) | A(1), 0, 2, A(0) | A(1), 0, -1, 0, 0, 0, 0},
    {"__isoc99_sscanf", A(0) | A(1), 0, 2, A(0) | A(1), 0, -1, 0, 0, 0, 0},
    {"getc", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fgetc", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"_IO_getc", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"getchar", 0, 0, -1, 0, 1, -1, 0, 0, 0, 0},
    {"gets", A(0), A(0), -1, 0, 1, -1, 0, 0, 0, 1},
    {"read", A(0) | A(2), A(1), -1, A(0) | A(2), 0, 0, 0, 0, 0, 0},
    /* text to numbers: the result is the text's; endptr points into it */
    {"atoi", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"atol", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"atoll", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"atof", A(0), 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"strtol", A(0) | A(2), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtoul", A(0) | A(2), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtoll", A(0) | A(2), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtoull", A(0) | A(2), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtod", A(0), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtof", A(0), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    {"strtold", A(0), A(1), -1, A(0), 0, -1, 0, 0, 0, 0},
    /* memory */
    {"malloc", 0, 0, -1, 0, 0, -1, 0, 1, 0, 0},
    {"calloc", 0, 0, -1, 0, 0, -1, 0, 1, 0, 0},
    {"aligned_alloc", 0, 0, -1, 0, 0, -1, 0, 1, 0, 0},
    {"realloc", A(0), 0, -1, A(0), 0, -1, 0, 1, 0, 1},
    {"strdup", A(0), 0, -1, A(0), 0, -1, 0, 1, 0, 0},
    {"strndup", A(0) | A(1), 0, -1, A(0) | A(1), 0, -1, 0, 1, 0, 0},
    {"memcpy", A(0), A(0), -1, A(1) | A(2), 0, -1, 0, 0, 1, 1},
    {"memmove", A(0), A(0), -1, A(1) | A(2), 0, -1, 0, 0, 1, 1},
    {"llvm.memcpy", 0, A(0), -1, A(1) | A(2), 0, -1, 0, 0, 1, 0},
    {"llvm.memmove", 0, A(0), -1, A(1) | A(2), 0, -1, 0, 0, 1, 0},
    {"memset", A(0), A(0), -1, A(1) | A(2), 0, -1, 0, 0, 0, 1},
    {"llvm.memset", 0, A(0), -1, A(1) | A(2), 0, -1, 0, 0, 0, 0},
    {"strcpy", A(0), A(0), -1, A(1), 0, -1, 0, 0, 0, 1},
    {"strncpy", A(0), A(0), -1, A(1) | A(2), 0, -1, 0, 0, 0, 1},
    {"strcat", A(0), A(0), -1, A(0) | A(1), 0, -1, 0, 0, 0, 1},
    {"strncat", A(0), A(0), -1, A(0) | A(1) | A(2), 0, -1, 0, 0, 0, 1},
    {"sprintf", ALL, A(0), -1, ALL & ~A(0), 0, -1, 0, 0, 0, 0},
    {"snprintf", ALL, A(0), -1, ALL & ~A(0), 0, -1, 0, 0, 0, 0},
    /* read only: the result depends on the arguments, nothing is written */
    {"strlen", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"strcmp", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"strncmp", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"memcmp", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"strchr", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 1},
    {"strrchr", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 1},
    {"strstr", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 1},
    {"abs", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"labs", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"printf", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fprintf", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"puts", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fputs", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"putchar", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fputc", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"putc", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fwrite", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"write", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fflush", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"fclose", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"close", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"feof", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"ferror", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"perror", ALL, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"free", 0, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"exit", 0, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"abort", 0, 0, -1, 0, 0, -1, 0, 0, 0, 0},
    {"__assert_fail", 0, 0, -1, 0, 0, -1, 0, 0, 0, 0},
};

/* Intrinsics carry overloaded suffixes (llvm.memcpy.p0i8.p0i8.i64): they
 * match a model named by their prefix up to a dot. */
static int name_matches(const char *model, const char *name)
{
    size_t n = strlen(model);
    if (strncmp(model, name, n) != 0)
        return 0;
    return name[n] == '\0' || (strncmp(model, "llvm.", 5) == 0 && name[n] == '.');
}

const model_t *models_find(const char *name)
{
    for (size_t i = 0; i < sizeof models / sizeof *models; i++)
        if (name_matches(models[i].name, name))
            return &models[i];
    return NULL;
}

int models_ignored(const char *name)
{
    return strncmp(name, "llvm.dbg.", 9) == 0 || strncmp(name, "llvm.lifetime.", 14) == 0 ||
           strncmp(name, "llvm.va_", 8) == 0;
}
