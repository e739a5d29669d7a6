/* kernels_diff: runs `lgfuzz diff SPEC INPUT --json` on every trigger input
 * of a kernel's expected.yaml and checks the divergence shows with its
 * stated class (exit code 1), then on every safe input and checks there is
 * no divergence (exit code 0).
 * Usage: kernels_diff LGFUZZ SPEC EXPECTED */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/alloc.h"
#include "kexpected.h"
#include "tests/test.h"

/* Runs lgfuzz diff and returns its stdout (caller frees) and exit status
 * in *status (-1 when it did not exit normally); NULL when it cannot run. */
static char *run_diff(const char *lgfuzz, const char *spec, const char *input, int *status)
{
    int fd[2];
    if (pipe(fd) != 0)
        return NULL;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        execl(lgfuzz, lgfuzz, "diff", spec, input, "--json", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    size_t len = 0, cap = 4096;
    char *buf = lg_malloc(cap);
    ssize_t got;
    while ((got = read(fd[0], buf + len, cap - len - 1)) > 0) {
        len += (size_t)got;
        if (cap - len < 2)
            lg_grow((void **)&buf, &cap, cap * 2, 1);
    }
    buf[len] = '\0';
    close(fd[0]);
    int ws;
    if (waitpid(pid, &ws, 0) < 0 || !WIFEXITED(ws))
        *status = -1;
    else
        *status = WEXITSTATUS(ws);
    return buf;
}

/* 1 when the diff JSON reports a symptom of class cls. */
static int has_class(json_object *root, const char *cls)
{
    json_object *syms;
    if (!json_object_object_get_ex(root, "symptoms", &syms) || !json_object_is_type(syms, json_type_array))
        return 0;
    for (size_t i = 0; i < json_object_array_length(syms); i++) {
        json_object *c;
        if (json_object_object_get_ex(json_object_array_get_idx(syms, i), "class", &c) &&
            strcmp(json_object_get_string(c), cls) == 0)
            return 1;
    }
    return 0;
}

/* Checks one input: want_cls NULL means it must not diverge. */
static void check_input(const char *lgfuzz, const char *spec, const char *input, const char *want_cls)
{
    int status;
    char *out = run_diff(lgfuzz, spec, input, &status);
    json_object *root = out ? json_tokener_parse(out) : NULL;
    json_object *div = NULL;
    CHECK_MSG(root != NULL, "%s: lgfuzz diff printed no JSON (exit %d)", input, out ? status : -1);
    if (root && json_object_object_get_ex(root, "divergent", &div)) {
        int divergent = json_object_get_boolean(div);
        if (want_cls) {
            CHECK_MSG(divergent && status == 1, "%s: expected a divergence (exit %d)", input, status);
            CHECK_MSG(has_class(root, want_cls), "%s: no symptom of class %s in %s", input, want_cls, out);
        } else {
            CHECK_MSG(!divergent && status == 0, "%s: expected no divergence (exit %d): %s", input,
                      status, out);
        }
    } else if (root) {
        CHECK_MSG(0, "%s: no \"divergent\" field in %s", input, out);
    }
    printf("%-40s %s\n", input, want_cls ? want_cls : "safe");
    json_object_put(root);
    free(out);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: kernels_diff LGFUZZ SPEC EXPECTED\n");
        return 2;
    }
    lg_err_t err;
    kexp_t *e = kexp_load(argv[3], &err);
    if (!e) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    for (size_t i = 0; i < e->ndivs; i++)
        check_input(argv[1], argv[2], e->divs[i].trigger, e->divs[i].cls);
    for (size_t i = 0; i < e->nsafe; i++)
        check_input(argv[1], argv[2], e->safe[i], NULL);
    kexp_destroy(e);
    TEST_DONE();
}
