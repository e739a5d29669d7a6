/* The recording runtime of call capture (see lgcap.h). Each call's line
 * is built in a growing buffer and written with write(2) to a file opened
 * for appending, in two pieces: the inputs before the kernel runs, the
 * outputs and the closing brace after it returns. Nothing is buffered
 * across calls, so a testbench that crashes or is killed keeps every call
 * it made. Like the tracer's runtime it keeps its state in statics: it is
 * linked into the user's testbench, not into lgfuzz. */
#include "lgcap.h"

#define _GNU_SOURCE /* process_vm_readv */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static int cap_fd = -2; /* -2 = not opened yet, -1 = capture off */
static char *buf;
static size_t len, cap;
static int nkeys;
static void *copy; /* the bytes of the argument being recorded */
static size_t copy_cap;

static void put(const char *s, size_t n)
{
    if (len + n + 1 > cap) {
        size_t want = cap ? cap : 4096;
        while (len + n + 1 > want)
            want *= 2;
        char *nb = realloc(buf, want);
        if (!nb) {
            cap_fd = -1; /* out of memory: stop recording, let the testbench run */
            return;
        }
        buf = nb;
        cap = want;
    }
    memcpy(buf + len, s, n);
    len += n;
}

static void puts_(const char *s)
{
    put(s, strlen(s));
}

static int on(void)
{
    if (cap_fd == -2) {
        const char *path = getenv(LGCAP_ENV);
        cap_fd = path && *path ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
    }
    return cap_fd >= 0;
}

int64_t lgcap_value(int kind, const void *p)
{
    switch (kind) {
    case LGCAP_I8:
        return *(const int8_t *)p;
    case LGCAP_I16:
        return *(const int16_t *)p;
    case LGCAP_I32:
    case LGCAP_F32:
        return *(const int32_t *)p;
    case LGCAP_U8:
        return *(const uint8_t *)p;
    case LGCAP_U16:
        return *(const uint16_t *)p;
    case LGCAP_U32:
        return *(const uint32_t *)p;
    default:
        return *(const int64_t *)p;
    }
}

static size_t width(int kind)
{
    static const size_t w[] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    return w[kind];
}

static void put_value(int kind, const void *p)
{
    char num[32];
    int64_t v = lgcap_value(kind, p);
    if (kind == LGCAP_U64)
        snprintf(num, sizeof num, "%" PRIu64, (uint64_t)v);
    else
        snprintf(num, sizeof num, "%" PRId64, v);
    puts_(num);
}

static void put_key(const char *name)
{
    puts_(nkeys++ ? ", \"" : "\"");
    puts_(name);
    puts_("\": ");
}

/* p's n bytes, copied without touching them directly: a testbench that
 * hands the kernel a bad pointer must crash in the kernel, after its
 * call was written, not in the recorder. NULL when they cannot be read
 * (or memory for the copy is short). */
static const void *readable(const void *p, size_t n)
{
    if (n > copy_cap) {
        void *c = realloc(copy, n);
        if (!c)
            return NULL;
        copy = c;
        copy_cap = n;
    }
    struct iovec local = {copy, n}, remote = {(void *)p, n};
    ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (got == (ssize_t)n)
        return copy;
    if (got < 0 && (errno == ENOSYS || errno == EPERM))
        return p; /* no way to check here: read it directly */
    return NULL;
}

void lgcap_begin(void)
{
    len = 0;
    nkeys = 0;
    if (on())
        puts_("{");
}

void lgcap_scalar(const char *name, int kind, const void *p)
{
    if (!on())
        return;
    put_key(name);
    const void *q = p ? readable(p, width(kind)) : NULL;
    if (q)
        put_value(kind, q);
    else
        puts_("null");
}

void lgcap_array(const char *name, int kind, const void *p, int64_t n)
{
    if (!on())
        return;
    put_key(name);
    const char *q = n > 0 ? readable(p, (size_t)n * width(kind)) : NULL;
    if (n > 0 && !q) {
        puts_("null");
        return;
    }
    puts_("[");
    for (int64_t k = 0; k < n; k++) {
        if (k)
            puts_(", ");
        put_value(kind, q + (size_t)k * width(kind));
    }
    puts_("]");
}

void lgcap_flush(void)
{
    size_t off = 0;
    while (on() && off < len) {
        ssize_t w = write(cap_fd, buf + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    len = 0;
}

void lgcap_end(void)
{
    if (!on())
        return;
    puts_("}\n");
    lgcap_flush();
}
