/* The run state file of one baseline fuzzer run: a fixed-size record
 * mapped shared, so the counts and first-find flags survive the target
 * restarts of AFL++ (persistent mode ends a process every N inputs and
 * after every crash or timeout). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "bench/baselines/benchkit.h"

#define STATE_MAGIC 0x6c67627374617465ULL /* "lgbstate" */

uint64_t benchkit_wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

benchkit_state_t *benchkit_state_map(const char *path, lg_err_t *err)
{
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd < 0) {
        lg_err_set(err, LG_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    /* ftruncate only grows a new file to the record size (zero-filled);
     * an existing record keeps its contents. */
    if (ftruncate(fd, (off_t)sizeof(benchkit_state_t)) != 0) {
        lg_err_set(err, LG_EIO, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    void *m = mmap(NULL, sizeof(benchkit_state_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (m == MAP_FAILED) {
        lg_err_set(err, LG_EIO, "%s: mmap: %s", path, strerror(errno));
        return NULL;
    }
    benchkit_state_t *s = m;
    if (s->magic != STATE_MAGIC) {
        memset(s, 0, sizeof *s);
        s->magic = STATE_MAGIC;
    }
    return s;
}

void benchkit_state_unmap(benchkit_state_t *s)
{
    if (s)
        munmap(s, sizeof *s);
}

int benchkit_state_read(const char *path, benchkit_state_t *out, lg_err_t *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "%s: %s", path, strerror(errno));
    ssize_t got = read(fd, out, sizeof *out);
    close(fd);
    if (got != (ssize_t)sizeof *out || out->magic != STATE_MAGIC)
        return lg_err_set(err, LG_EINVAL, "%s: not a benchmark run state (%zd bytes)", path, got);
    return LG_OK;
}
