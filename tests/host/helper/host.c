/* A host that passes its data through helper functions in another file
 * and a global struct, and its gain through a helper's return value.
 *
 * By hand (argv[1..4] as in host.yaml):
 *   argv[1] data file -> in, n (load_job fills g_job.buf and g_job.len),
 *                        gain (when the file does not open, load_job sets
 *                        no gain and main never calls the kernel: control
 *                        dependence counts, docs/host.md)
 *   argv[2] gain      -> gain (parse_int, then g_job.gain; another field
 *                        of the same struct than buf and len)
 *   argv[3] log level -> none (only decides what log_msg prints)
 *   argv[4] out file  -> none (save writes the kernel's output there)
 *   config.txt (host.files) -> none (read only for the log prefix)
 */
#include <stdio.h>

#include "job.h"

void filter(const int *in, int n, int gain, int *out);

static struct job g_job;
static int g_log_level;
static char g_prefix[32] = "host";

static void log_msg(int level, const char *msg)
{
    if (level <= g_log_level)
        fprintf(stderr, "%s: %s\n", g_prefix, msg);
}

int main(int argc, char **argv)
{
    if (argc < 5)
        return 2;
    g_log_level = parse_int(argv[3]);
    FILE *cfg = fopen("config.txt", "r");
    if (cfg) {
        if (!fgets(g_prefix, sizeof g_prefix, cfg))
            g_prefix[0] = '\0';
        fclose(cfg);
    }
    if (load_job(&g_job, argv[1], parse_int(argv[2])) != 0)
        return 1;
    log_msg(1, "loaded");
    int out[JOB_MAX];
    filter(g_job.buf, g_job.len, g_job.gain, out);
    save(out, g_job.len, argv[4]);
    log_msg(2, "saved");
    return 0;
}
