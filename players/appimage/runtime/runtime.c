/*
 * The Vitrine Player's AppImage runtime (type 2, docs/players.md "AppImage"): this static ELF is the
 * start of the .AppImage file, marked 'AI' 2 at byte 8, and the squashfs image follows its end. Started, it
 * mounts the image with squashfuse where the device has it (and FUSE), else unpacks it once into
 * $XDG_CACHE_HOME/vitrine-player/appimage/<build>, then runs its AppRun with APPIMAGE, APPDIR, ARGV0 and OWD set.
 *   --appimage-extract   unpacks into ./squashfs-root
 *   --appimage-offset    prints where the image starts
 *   APPIMAGE_EXTRACT_AND_RUN=1 never mounts.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "runtime.h"

/* Update information and signature slots of the AppImage specification, empty: the player updates itself. */
__attribute__((section(".upd_info"), used)) static char update_info[1024];
__attribute__((section(".sha256_sig"), used)) static char signature[1024];

static pid_t child_pid = 0;

off_t elf_end(int fd) {
    Elf64_Ehdr header;
    if (pread(fd, &header, sizeof header, 0) != (ssize_t)sizeof header) return -1;
    if (memcmp(header.e_ident, ELFMAG, SELFMAG) || header.e_ident[EI_CLASS] != ELFCLASS64) return -1;
    return (off_t)(header.e_shoff + (uint64_t)header.e_shentsize * header.e_shnum);
}

static void forward(int signal) {
    if (child_pid > 0) kill(child_pid, signal);
}

/* Runs argv and waits; its exit code (128 + signal when killed), or -1 when it could not start. */
static int run_and_wait(char *const argv[], int forward_signals) {
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    if (forward_signals) {
        child_pid = pid;
        signal(SIGTERM, forward);
        signal(SIGINT, forward);
        signal(SIGHUP, forward);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A program on PATH, for the mount. */
static int on_path(const char *name) {
    const char *path = getenv("PATH");
    char copy[4096], candidate[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path ? path : "/usr/local/bin:/usr/bin:/bin");
    for (char *dir = strtok(copy, ":"); dir; dir = strtok(NULL, ":")) {
        snprintf(candidate, sizeof candidate, "%s/%s", dir, name);
        if (access(candidate, X_OK) == 0) return 1;
    }
    return 0;
}

static void set_environment(const char *self, const char *argv0, const char *appdir) {
    char cwd[PATH_MAX];
    setenv("APPIMAGE", self, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv0, 1);
    if (getcwd(cwd, sizeof cwd)) setenv("OWD", cwd, 1);
}

static int exec_apprun(const char *appdir, char **argv) {
    char apprun[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    argv[0] = apprun;
    execv(apprun, argv);
    fprintf(stderr, "AppImage: cannot run %s: %s\n", apprun, strerror(errno));
    return 127;
}

/* Mounted with squashfuse, AppRun runs as our child; unmounted when it ends. -1: not mounted. */
static int mount_and_run(const char *self, off_t offset, char **argv) {
    if (getenv("APPIMAGE_EXTRACT_AND_RUN") || access("/dev/fuse", R_OK | W_OK) || !on_path("squashfuse")) return -1;
    if (!on_path("fusermount3") && !on_path("fusermount")) return -1;
    char mountpoint[] = "/tmp/.mount_vitrineXXXXXX", options[64], apprun[PATH_MAX];
    if (!mkdtemp(mountpoint)) return -1;
    snprintf(options, sizeof options, "ro,offset=%lld", (long long)offset);
    char *mount[] = {"squashfuse", "-o", options, (char *)self, mountpoint, NULL};
    snprintf(apprun, sizeof apprun, "%s/AppRun", mountpoint);
    if (run_and_wait(mount, 0) != 0 || access(apprun, X_OK)) {
        rmdir(mountpoint);
        return -1;
    }
    set_environment(self, argv[0], mountpoint);
    argv[0] = apprun;
    int code = run_and_wait(argv, 1);
    char *unmount3[] = {"fusermount3", "-u", "-z", mountpoint, NULL};
    char *unmount[] = {"fusermount", "-u", "-z", mountpoint, NULL};
    if (run_and_wait(unmount3, 0) != 0) run_and_wait(unmount, 0);
    rmdir(mountpoint);
    return code < 0 ? 127 : code;
}

static int make_dirs(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        int error = mkdir(path, 0755) && errno != EEXIST;
        *p = '/';
        if (error) return -1;
    }
    return mkdir(path, 0755) && errno != EEXIST ? -1 : 0;
}

/* Other builds' folders beside ours: an update leaves the previous one behind. */
static void remove_tree(const char *path) {
    DIR *dir = opendir(path);
    if (!dir) {
        unlink(path);
        return;
    }
    struct dirent *entry;
    char child[PATH_MAX];
    while ((entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
        snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
        struct stat info;
        if (!lstat(child, &info) && S_ISDIR(info.st_mode)) remove_tree(child);
        else unlink(child);
    }
    closedir(dir);
    rmdir(path);
}

static void remove_others(const char *cache, const char *keep) {
    DIR *dir = opendir(cache);
    if (!dir) return;
    struct dirent *entry;
    char path[PATH_MAX];
    while ((entry = readdir(dir))) {
        if (entry->d_name[0] == '.' || !strcmp(entry->d_name, keep)) continue;
        snprintf(path, sizeof path, "%s/%s", cache, entry->d_name);
        remove_tree(path);
    }
    closedir(dir);
}

/* The image unpacked once per build into the user's cache (into a temporary folder, then renamed). */
static int extract_cached(int fd, off_t offset, char *appdir, size_t size) {
    uint32_t mkfs_time;
    uint64_t bytes_used;
    if (squashfs_identity(fd, offset, &mkfs_time, &bytes_used)) return -1;
    char cache[PATH_MAX], name[64], partial[PATH_MAX + 32];
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) snprintf(cache, sizeof cache, "%s/vitrine-player/appimage", xdg);
    else snprintf(cache, sizeof cache, "%s/.cache/vitrine-player/appimage", home && *home ? home : "/tmp");
    snprintf(name, sizeof name, "%08x-%llx", mkfs_time, (unsigned long long)bytes_used);
    snprintf(appdir, size, "%s/%s", cache, name);
    char apprun[PATH_MAX + 16];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    if (access(apprun, F_OK) == 0) return 0;
    if (make_dirs(cache)) return fprintf(stderr, "AppImage: cannot make %s\n", cache), -1;
    snprintf(partial, sizeof partial, "%s/.%s-%d", cache, name, (int)getpid());
    remove_tree(partial);
    if (squashfs_extract(fd, offset, partial)) {
        remove_tree(partial);
        return -1;
    }
    if (rename(partial, appdir)) {
        remove_tree(partial); /* another start unpacked it first */
        if (access(apprun, F_OK)) return -1;
    }
    remove_others(cache, name);
    return 0;
}

int main(int argc, char **argv) {
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) return fprintf(stderr, "AppImage: cannot find myself\n"), 1;
    self[len] = 0;
    int fd = open(self, O_RDONLY | O_CLOEXEC);
    off_t offset = fd < 0 ? -1 : elf_end(fd);
    if (offset <= 0) return fprintf(stderr, "AppImage: %s is not an AppImage\n", self), 1;
    if (argc > 1 && !strcmp(argv[1], "--appimage-offset")) return printf("%lld\n", (long long)offset), 0;
    if (argc > 1 && !strcmp(argv[1], "--appimage-extract")) {
        if (access("squashfs-root", F_OK) == 0) return fprintf(stderr, "AppImage: squashfs-root already exists\n"), 1;
        int error = squashfs_extract(fd, offset, "squashfs-root");
        if (!error) printf("squashfs-root\n");
        return error ? 1 : 0;
    }
    (void)update_info;
    (void)signature;
    int mounted = mount_and_run(self, offset, argv);
    if (mounted >= 0) return mounted;
    char appdir[PATH_MAX];
    if (extract_cached(fd, offset, appdir, sizeof appdir)) return fprintf(stderr, "AppImage: cannot unpack\n"), 1;
    close(fd);
    set_environment(self, argv[0], appdir);
    (void)argc;
    return exec_apprun(appdir, argv);
}
