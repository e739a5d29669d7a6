/* `lgfuzz init`'s reading of the test vectors HLS's C/RTL co-simulation
 * writes from the C testbench's run (<solution>/sim/tv/cdatafile/
 * c.<top>.autotvin_<port>.dat): how many values a stream argument carries
 * in each call of the testbench, a length HLS states rather than one init
 * guesses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* The number of values every transaction of a .dat file's text holds, or
 * 0 when they differ, there are none or the text is not in HLS's form. */
static long common_count(const char *text)
{
    long common = -1, count = -1;
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "[[transaction]]", 15) == 0) {
            count = 0;
        } else if (strncmp(line, "[[/transaction]]", 16) == 0) {
            if (count < 1 || (common >= 0 && count != common))
                return 0;
            common = count;
            count = -1;
        } else if (count >= 0 && strncmp(line, "0x", 2) == 0) {
            count++;
        }
    }
    return common > 0 ? common : 0;
}

long init_tv_elements(const char *verilog_dir, const char *top, const char *arg, const char *port, int out)
{
    LG_ASSERT(verilog_dir && top && arg);
    static const char *const forms[] = {"%s", "%s_V", "%s_V_data_V", "%s_data", NULL};
    char *dir = lg_path_join(verilog_dir, "../../sim/tv/cdatafile");
    long n = 0;
    for (int k = 0; forms[k] && !n; k++) {
        for (int which = 0; which < (port ? 2 : 1) && !n; which++) {
            char name[600];
            snprintf(name, sizeof name, forms[k], which ? port : arg);
            char *file = lg_asprintf("%s/c.%s.autotv%s_%s.dat", dir, top, out ? "out" : "in", name);
            lg_err_t err; /* no such file: nothing stated */
            char *text = lg_read_file_max(file, LG_READ_MAX, NULL, &err);
            if (text)
                n = common_count(text);
            free(text);
            free(file);
        }
    }
    free(dir);
    return n;
}
