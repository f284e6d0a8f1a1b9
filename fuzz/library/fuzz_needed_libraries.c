/*
 * libFuzzer target: any bytes, as the plugin file whose dynamic section sandbox_needed_libraries
 * (Sources/CSandbox/needed_libraries.c) reads before the plugin scan confines itself. It runs on
 * untrusted files outside the sandbox, so it must never crash, read out of bounds or run long,
 * and may hand over only descriptors of regular files, with absolute paths, no more than the
 * limit and exactly as many as it reports. A crash, a sanitizer report or a broken promise is a
 * finding.
 *
 * Built by scripts/fuzz with clang -fsanitize=fuzzer,address; libFuzzer supplies main.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "needed_libraries.h"

enum { limit = 8 };

static size_t handed;

static void fail(const char *what) {
    fprintf(stderr, "fuzz-library: %s\n", what);
    abort();
}

static void found(int fd, const char *path, void *context) {
    (void)context;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) fail("handed a descriptor that is not a regular file");
    if (path == NULL || path[0] != '/') fail("handed a path that is not absolute");
    handed++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The reader takes a path; an in-memory file spares the disk. */
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz-library", MFD_CLOEXEC);
        if (fd < 0) fail("memfd_create failed");
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) fail("could not write the input");
    handed = 0;
    size_t count = sandbox_needed_libraries(path, found, NULL, limit);
    if (count != handed) fail("reported a count other than the libraries it handed over");
    if (count > limit) fail("handed over more libraries than the limit");
    return 0;
}
