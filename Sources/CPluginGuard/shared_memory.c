#define _GNU_SOURCE
#include "shared_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/// The seals that fix a memory file's size for good: the host checks them before it maps one.
static const int fixed_size = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL;

void *shared_memory_create(size_t size, int *descriptor) {
    int file = memfd_create("pipeline-mixer-images", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (file < 0) return NULL;
    void *mapping = ftruncate(file, (off_t)size) == 0 && fcntl(file, F_ADD_SEALS, fixed_size) == 0
                        ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0)
                        : MAP_FAILED;
    if (mapping == MAP_FAILED) {
        int error = errno;
        close(file);
        errno = error;
        return NULL;
    }
    *descriptor = file;
    return mapping;
}

void *shared_memory_open(const char *path, size_t size) {
    int file = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (file < 0) return NULL;
    // Only a sealed, nameless memory file of exactly this size: a plugin in the child could
    // otherwise put a file of the user's at that descriptor and have the host write into it, or
    // shrink the memory under the host's mapping.
    struct stat status;
    int seals = fcntl(file, F_GET_SEALS);
    if (fstat(file, &status) != 0 || !S_ISREG(status.st_mode) || status.st_nlink != 0 ||
        status.st_size != (off_t)size || seals < 0 || (seals & fixed_size) != fixed_size) {
        close(file);
        errno = EPERM;
        return NULL;
    }
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
    int error = errno;
    close(file);
    errno = error;
    return mapping == MAP_FAILED ? NULL : mapping;
}

void shared_memory_unmap(void *mapping, size_t size) {
    munmap(mapping, size);
}
