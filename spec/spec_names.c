/* The names a spec gives to things outside it: the kernel, the C function,
 * params, C locals, the RTL top module and port prefixes reach file paths,
 * compiler and Verilator command lines and generated C and C++ code, so
 * each must be a C identifier (never "../x" or "--help"). */
#include <ctype.h>
#include <string.h>

#include "spec_int.h"

const char *spec_identifier(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err)
{
    const char *s = yamldoc_scalar(d, n, what, err);
    if (!s)
        return NULL;
    size_t len = strlen(s);
    int ok = len > 0 && (isalpha((unsigned char)s[0]) || s[0] == '_');
    for (size_t i = 1; ok && i < len; i++)
        ok = isalnum((unsigned char)s[i]) || s[i] == '_';
    if (!ok) {
        yamldoc_error(d, n, err,
                      "%s '%.80s%s' is not a C identifier (letters, digits and _, not starting with a digit)", what, s,
                      len > 80 ? "..." : "");
        return NULL;
    }
    if (len > SPEC_NAME_MAX) {
        yamldoc_error(d, n, err, "%s '%.40s...' is %zu characters long, more than %d", what, s, len, SPEC_NAME_MAX);
        return NULL;
    }
    return s;
}
