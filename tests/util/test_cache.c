/* Tests of the team build cache: which cache roots lg_cache_root_check
 * accepts, as a table of stat-like inputs; a setgid root of the current
 * user's group used end to end (subdirectories, temp directories, sealed
 * entries and lock files get group rights whatever the umask, a private
 * root keeps its modes, unsafe roots are refused naming why); and, with
 * `--users` as root, two users of one group sharing a root: each uses
 * and rebuilds the other's entries and waits on the other's locks (exit
 * 77, a skip, where users cannot be switched). */
#define _GNU_SOURCE /* setgroups */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/lock.h"

#define DIR_MODE 0040000u /* S_IFDIR */
#define REG_MODE 0100000u /* S_IFREG */

/* The decision alone: the user (uid 1000) against roots of every kind. */
static void test_root_check(void)
{
    static const struct {
        unsigned long uid, gid;
        unsigned mode;
        int in_group, owner_in_group;
        int ok, team;
        const char *msg; /* part of the refusal */
    } cases[] = {
        {1000, 100, DIR_MODE | 0700, 0, 0, 1, 0, NULL},  /* private */
        {1000, 100, DIR_MODE | 0755, 0, 0, 1, 0, NULL},  /* private, readable */
        {1000, 100, DIR_MODE | 02770, 1, 1, 1, 1, NULL}, /* team, own */
        {2000, 100, DIR_MODE | 02770, 1, 1, 1, 1, NULL}, /* team, a member's */
        {0, 100, DIR_MODE | 02775, 1, 0, 1, 1, NULL},    /* team, root's */
        {2000, 100, DIR_MODE | 03770, 1, 1, 1, 1, NULL}, /* team, sticky too */
        {1000, 100, DIR_MODE | 0777, 1, 1, 0, 0, "writable by others (mode 0777)"},
        {1000, 100, DIR_MODE | 01777, 1, 1, 0, 0, "sticky bit or not"}, /* /tmp-like */
        {1000, 100, DIR_MODE | 02777, 1, 1, 0, 0, "writable by others (mode 2777)"},
        {0, 0, DIR_MODE | 01777, 1, 1, 0, 0, "run chmod o-w on it"},
        {1000, 100, DIR_MODE | 0770, 1, 1, 0, 0, "writable by group staff but not setgid (mode 0770)"},
        {1000, 100, DIR_MODE | 0730, 1, 1, 0, 0, "run chmod g+s on it"},
        {2000, 100, DIR_MODE | 02770, 0, 1, 0, 0, "team cache of group staff (mode 2770), which the current user"},
        {2000, 100, DIR_MODE | 02770, 1, 0, 0, 0, "its owner (uid 2000) is not in that group"},
        {2000, 100, DIR_MODE | 0755, 1, 1, 0, 0, "owned by uid 2000, not by the current user (uid 1000)"},
        {2000, 100, DIR_MODE | 02755, 1, 1, 0, 0, "not a team cache"},
        {1000, 100, REG_MODE | 0700, 0, 0, 0, 0, "is not a directory"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        lg_cache_root_t r = {
            cases[k].uid, cases[k].gid, cases[k].mode, 1000, cases[k].in_group, cases[k].owner_in_group, "staff"};
        int team = -1;
        lg_err_t err;
        lg_err_clear(&err);
        int rc = lg_cache_root_check("/c", &r, &team, &err);
        CHECK_MSG((rc == LG_OK) == cases[k].ok, "case %zu: rc %d (%s)", k, rc, err.msg);
        if (cases[k].ok) {
            CHECK_MSG(team == cases[k].team, "case %zu: team %d", k, team);
        } else {
            CHECK(rc == LG_EINVAL);
            CHECK_STR_CONTAINS(err.msg, cases[k].msg);
            CHECK_STR_CONTAINS(err.msg, "cache directory /c ");
        }
    }
    /* A group without a name is named by its number. */
    lg_cache_root_t r = {1000, 4242, DIR_MODE | 0770, 1000, 1, 1, NULL};
    int team;
    lg_err_t err;
    CHECK(lg_cache_root_check("/c", &r, &team, &err) == LG_EINVAL);
    CHECK_STR_CONTAINS(err.msg, "group gid 4242");
}

static unsigned mode_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (unsigned)(st.st_mode & 07777) : 0;
}

static void write_mode(const char *path, const char *text, unsigned mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    CHECK(fd >= 0);
    if (fd >= 0) {
        CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
        close(fd);
    }
    CHECK(chmod(path, mode) == 0);
}

/* An entry built the way the tracer and the oracle build one: under its
 * lock, in a temp directory, sealed, renamed into place; the files made
 * with private modes, as a strict umask or a compiler makes them. */
static void build_entry(const char *entry, const char *text)
{
    lg_err_t err;
    lg_lock_t *lock = NULL;
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    CHECK_MSG(lg_cache_lock(entry, "the entry", NULL, &quiet, &lock, &err) == LG_OK, "%s", err.msg);
    char *tmp = NULL;
    CHECK_MSG(lg_cache_mkdtemp(entry, &tmp, &err) == LG_OK, "%s", err.msg);
    if (tmp) {
        char *obj = lg_path_join(tmp, "obj"), *exe = lg_path_join(tmp, "obj/exe"), *meta = lg_path_join(tmp, "meta");
        CHECK(mkdir(obj, 0700) == 0);
        write_mode(exe, text, 0700);
        write_mode(meta, "{}", 0600);
        const char *files[] = {"obj/exe", "meta"};
        CHECK_MSG(lg_cache_seal(tmp, files, 2, &err) == LG_OK, "%s", err.msg);
        CHECK_MSG(rename(tmp, entry) == 0, "rename %s: %s", tmp, strerror(errno));
        free(obj);
        free(exe);
        free(meta);
    }
    free(tmp);
    lg_lock_release(lock);
}

static int entry_ok(const char *entry)
{
    const char *files[] = {"obj/exe", "meta"};
    char why[256];
    return lg_cache_verify(entry, files, 2, why, sizeof why);
}

/* A setgid root of the current user's own group: everything lgfuzz makes
 * in it is the group's, whatever the umask; then the same steps in a
 * private root keep their private modes. */
static void test_team_dir(void)
{
    char dir[] = "/tmp/lgfuzz-test-teamcache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    mode_t old_umask = umask(077);
    lg_err_t err;
    char *root = lg_path_join(dir, "team"), *out = NULL;
    CHECK(mkdir(root, 0700) == 0 && chown(root, (uid_t)-1, getegid()) == 0 && chmod(root, 02770) == 0);
    CHECK_MSG(lg_cache_dir(root, "rtl", &out, &err) == LG_OK, "%s", err.msg);
    CHECK_MSG(out && mode_of(out) == 02770, "rtl: mode %04o", out ? mode_of(out) : 0);
    char *deep = lg_path_join(root, "rtl/mem/0123");
    CHECK(lg_cache_mkdirs(deep, &err) == LG_OK);
    CHECK(mode_of(deep) == 02770);
    char *entry = lg_path_join(out ? out : root, "h-0001");
    build_entry(entry, "\177ELF one");
    CHECK(entry_ok(entry));
    char *obj = lg_path_join(entry, "obj"), *exe = lg_path_join(entry, "obj/exe");
    char *meta = lg_path_join(entry, "meta"), *seal = lg_path_join(entry, "seal");
    char *lockf = lg_asprintf("%s.lock", entry);
    CHECK_MSG(mode_of(entry) == 02770, "entry: mode %04o", mode_of(entry));
    CHECK_MSG(mode_of(obj) == 02770, "obj: mode %04o", mode_of(obj));
    CHECK_MSG(mode_of(exe) == 0770, "exe: mode %04o", mode_of(exe));
    CHECK_MSG(mode_of(meta) == 0660, "meta: mode %04o", mode_of(meta));
    CHECK_MSG((mode_of(seal) & 0060) == 0060, "seal: mode %04o", mode_of(seal));
    CHECK_MSG(mode_of(lockf) == 0660, "lock file: mode %04o", mode_of(lockf));
    struct stat st;
    CHECK(stat(exe, &st) == 0 && st.st_gid == getegid());
    /* The temp directory of a build is the group's from its start. */
    char *tmp = NULL;
    CHECK(lg_cache_mkdtemp(entry, &tmp, &err) == LG_OK && tmp && mode_of(tmp) == 02770);
    if (tmp)
        lg_remove_tree(tmp);
    free(tmp);
    /* lg_cache_share leaves what is outside a team directory alone. */
    char *outside = lg_path_join(dir, "outside");
    write_mode(outside, "x", 0600);
    lg_cache_share(outside);
    CHECK(mode_of(outside) == 0600);

    /* Unsafe roots are refused, naming the directory and why. */
    static const struct {
        unsigned mode;
        const char *msg;
    } bad[] = {{0777, "writable by others (mode 0777)"},
               {01777, "writable by others (mode 1777)"},
               {02777, "writable by others (mode 2777)"},
               {0770, "but not setgid (mode 0770)"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        CHECK(chmod(root, bad[k].mode) == 0);
        char *o = (char *)"unchanged";
        CHECK(lg_cache_dir(root, "rtl", &o, &err) == LG_EINVAL && o == NULL);
        CHECK_STR_CONTAINS(err.msg, root);
        CHECK_STR_CONTAINS(err.msg, bad[k].msg);
    }

    /* A private root: the same steps keep private modes. */
    char *priv = lg_path_join(dir, "private"), *pout = NULL;
    CHECK_MSG(lg_cache_dir(priv, "tracer", &pout, &err) == LG_OK, "%s", err.msg);
    CHECK(pout && mode_of(priv) == 0700 && mode_of(pout) == 0700);
    char *pentry = lg_path_join(pout ? pout : priv, "0002");
    build_entry(pentry, "\177ELF two");
    char *pexe = lg_path_join(pentry, "obj/exe"), *plock = lg_asprintf("%s.lock", pentry);
    CHECK_MSG(mode_of(pentry) == 0700 && mode_of(pexe) == 0700, "private entry %04o, exe %04o", mode_of(pentry),
              mode_of(pexe));
    CHECK_MSG(mode_of(plock) == 0600, "private lock file: mode %04o", mode_of(plock));

    umask(old_umask);
    lg_remove_tree(dir);
    free(plock);
    free(pexe);
    free(pentry);
    free(pout);
    free(priv);
    free(outside);
    free(lockf);
    free(seal);
    free(meta);
    free(exe);
    free(obj);
    free(entry);
    free(deep);
    free(out);
    free(root);
}

/* --users: two users of one group (ids no account uses, found free in the
 * user and group databases) take turns on a root owned by root. */
typedef struct team {
    const char *root;
    gid_t gid;
    uid_t uid[2];
    int to_parent[2];  /* pipe: one byte per step of either user */
    int to_user[2][2]; /* pipes: the parent's go-ahead to user 0 (A) and 1 (B) */
} team_t;

static int become(const team_t *t, int who)
{
    umask(077); /* the strictest a member may have: the cache gives the group its rights */
    return setgroups(1, &t->gid) == 0 && setgid(t->gid) == 0 && setuid(t->uid[who]) == 0 ? 0 : -1;
}

static void say(int fd)
{
    CHECK(write(fd, "x", 1) == 1);
}

static void hear(int fd)
{
    char c;
    CHECK(read(fd, &c, 1) == 1);
}

/* User A: builds the entry, then holds its lock until B has seen it held. */
static int user_a(const team_t *t)
{
    if (become(t, 0) != 0)
        return 77;
    lg_err_t err;
    char *rtl = NULL;
    CHECK_MSG(lg_cache_dir(t->root, "rtl", &rtl, &err) == LG_OK, "A: %s", err.msg);
    char *entry = lg_path_join(rtl ? rtl : t->root, "h-team");
    build_entry(entry, "\177ELF by A");
    char *lockf = lg_asprintf("%s.lock", entry);
    lg_lock_t *lock = NULL;
    CHECK(lg_lock_acquire_mode(lockf, 0660, "the entry", 0, NULL, &lock, &err) == LG_OK);
    say(t->to_parent[1]);   /* built, lock held */
    hear(t->to_user[0][0]); /* B found it held */
    lg_lock_release(lock);
    say(t->to_parent[1]);
    free(lockf);
    free(entry);
    free(rtl);
    return test_failures ? 1 : 0;
}

/* User B: uses A's entry, is refused A's lock while A holds it, then takes
 * it, discards A's entry and builds it again. */
static int user_b(const team_t *t)
{
    if (become(t, 1) != 0)
        return 77;
    lg_err_t err;
    char *rtl = NULL;
    CHECK_MSG(lg_cache_dir(t->root, "rtl", &rtl, &err) == LG_OK, "B: %s", err.msg);
    char *entry = lg_path_join(rtl ? rtl : t->root, "h-team");
    char *lockf = lg_asprintf("%s.lock", entry);
    CHECK_MSG(entry_ok(entry), "B cannot verify A's entry %s", entry);
    lg_lock_t *lock = NULL;
    CHECK(lg_lock_acquire_mode(lockf, 0660, "the entry", 0, NULL, &lock, &err) == LG_EINVAL && !lock);
    CHECK_STR_CONTAINS(err.msg, "in use by process");
    say(t->to_parent[1]);
    hear(t->to_user[1][0]); /* A released it */
    lg_log_t quiet = lg_log_make(LG_LOG_QUIET);
    CHECK_MSG(lg_cache_lock(entry, "the entry", NULL, &quiet, &lock, &err) == LG_OK, "B: %s", err.msg);
    lg_cache_discard(entry);
    CHECK_MSG(!lg_path_exists(entry), "B could not remove A's entry");
    lg_lock_release(lock);
    build_entry(entry, "\177ELF by B");
    CHECK(entry_ok(entry));
    struct stat st;
    char *exe = lg_path_join(entry, "obj/exe");
    CHECK(stat(exe, &st) == 0 && st.st_uid == t->uid[1] && st.st_gid == t->gid);
    free(exe);
    free(lockf);
    free(entry);
    free(rtl);
    return test_failures ? 1 : 0;
}

/* An id from base up that neither database knows. */
static unsigned long free_id(unsigned long base, int group)
{
    for (unsigned long id = base; id < base + 1000; id++)
        if (group ? getgrgid((gid_t)id) == NULL : getpwuid((uid_t)id) == NULL)
            return id;
    return 0;
}

static pid_t spawn_user(const team_t *t, int (*fn)(const team_t *))
{
    pid_t pid = fork();
    if (pid == 0)
        _exit(fn(t));
    return pid;
}

static int wait_user(pid_t pid)
{
    int st;
    return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* 0 when a child can become user A, 77 when this system does not let it. */
static int can_switch(const team_t *t)
{
    pid_t pid = fork();
    if (pid == 0)
        _exit(become(t, 0) == 0 ? 0 : 77);
    return wait_user(pid);
}

static int test_users(void)
{
    if (geteuid() != 0) {
        fprintf(stderr, "skipped: switching users needs root\n");
        return 77;
    }
    alarm(120); /* a user that dies between steps leaves the others waiting */
    char dir[] = "/tmp/lgfuzz-test-teamusers-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    team_t t = {.root = dir};
    t.gid = (gid_t)free_id(54320, 1);
    t.uid[0] = (uid_t)free_id(54321, 0);
    t.uid[1] = (uid_t)free_id(t.uid[0] + 1, 0);
    CHECK(t.gid && t.uid[0] && t.uid[1]);
    CHECK(chown(dir, 0, t.gid) == 0 && chmod(dir, 02770) == 0);
    if (can_switch(&t) != 0) {
        fprintf(stderr, "skipped: this process cannot switch to uid %lu and gid %lu\n", (unsigned long)t.uid[0],
                (unsigned long)t.gid);
        lg_remove_tree(dir);
        return 77;
    }
    CHECK(pipe(t.to_parent) == 0 && pipe(t.to_user[0]) == 0 && pipe(t.to_user[1]) == 0);
    pid_t a = spawn_user(&t, user_a);
    hear(t.to_parent[0]); /* A built and holds the lock; B starts */
    pid_t b = spawn_user(&t, user_b);
    hear(t.to_parent[0]); /* B found the lock held */
    say(t.to_user[0][1]); /* A releases it */
    hear(t.to_parent[0]);
    say(t.to_user[1][1]); /* B takes it and rebuilds */
    int rc_a = wait_user(a), rc_b = wait_user(b);
    CHECK_MSG(rc_a == 0 && rc_b == 0, "user A exit %d, user B exit %d", rc_a, rc_b);
    lg_remove_tree(dir);
    TEST_DONE();
}

/* A root whose path holds a newline is refused before anything is made,
 * naming it: Verilator would drop the newline from every path under it. */
static void test_control_char(void)
{
    char *out = (char *)1;
    lg_err_t err;
    CHECK(lg_cache_dir("/tmp/lgfuzz-test-cache-nl\nroot", "rtl", &out, &err) == LG_EINVAL && out == NULL);
    CHECK_MSG(strstr(err.msg, "control character (byte 0x0a at offset 25)") != NULL, "%s", err.msg);
    CHECK(access("/tmp/lgfuzz-test-cache-nl\nroot", F_OK) != 0);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--users") == 0)
        return test_users();
    test_root_check();
    test_team_dir();
    test_control_char();
    TEST_DONE();
}
