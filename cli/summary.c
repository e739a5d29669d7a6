/* The summary that `lgfuzz batch` and `lgfuzz report` both end with:
 * written into the output directory and printed on stdout. */
#include <stdio.h>
#include <stdlib.h>

#include "batch/batch.h"
#include "cli.h"

int cli_summary_output(const char *cmd, batch_summary_t *sum, const char *out, int json, int rc, lg_err_t *err)
{
    if (rc == LG_OK)
        rc = batch_summary_write(sum, out, err);
    if (rc) {
        fprintf(stderr, "lgfuzz %s: %s\n", cmd, err->msg);
        return LG_EXIT_USAGE;
    }
    char *text = json ? batch_summary_json(sum) : batch_summary_markdown(sum);
    fputs(text, stdout);
    fputs(json ? "\n" : "", stdout);
    free(text);
    return LG_EXIT_OK;
}
