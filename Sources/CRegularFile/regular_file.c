#define _XOPEN_SOURCE 700 /* O_CLOEXEC and S_IFSOCK under -std=c99 (scripts/fuzz) */

#include "regular_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

const char *regular_file_kind(mode_t mode) {
    switch (mode & S_IFMT) {
    case S_IFREG: return NULL;
    case S_IFIFO: return "a FIFO";
    case S_IFDIR: return "a directory";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    case S_IFSOCK: return "a socket";
    default: return "not a regular file";
    }
}

int regular_file_open(const char *path, const char **kind) {
    *kind = NULL;
    /* stat first: a device is refused without being opened at all (opening one can act on it). */
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    if ((*kind = regular_file_kind(info.st_mode)) != NULL) return -1;
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (descriptor < 0) return -1;
    int flags;
    if (fstat(descriptor, &info) != 0 || (flags = fcntl(descriptor, F_GETFL)) < 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    if ((*kind = regular_file_kind(info.st_mode)) != NULL) {
        close(descriptor);
        return -1;
    }
    /* Reads of a regular file never block; the flag is cleared so stdio and libraries see an
     * ordinary descriptor. */
    if (fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}

int regular_file_check(const char *path, const char **kind) {
    int descriptor = regular_file_open(path, kind);
    if (descriptor < 0) return -1;
    close(descriptor);
    return 0;
}
