#define _GNU_SOURCE
#include "needed_libraries.h"

#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#endif

/* What the dynamic section of one shared object names: its NEEDED entries and its search paths,
 * as offsets into its string table, which is read whole. */
typedef struct dynamic {
    char *strings;
    size_t string_size;
    size_t needed[256];
    size_t needed_count;
    long runpath, rpath; /* -1 for none */
} dynamic_t;

enum {
    most_headers = 256,
    most_entries = 4096,
    most_strings = 1 << 20,
    /* Folders read from one search path, and files looked for in all: a hostile plugin's search
     * paths cost the scan a bounded time before its time limit starts. */
    most_folders = 64,
    most_probes = 2048,
};

static bool read_at(int fd, void *buffer, size_t size, off_t offset) {
    return pread(fd, buffer, size, offset) == (ssize_t)size;
}

/* The file offset of the loaded address `address`, from the PT_LOAD header that maps it. */
static bool file_offset(const Elf64_Phdr *headers, size_t count, Elf64_Addr address, off_t *offset) {
    for (size_t i = 0; i < count; i++) {
        const Elf64_Phdr *h = &headers[i];
        if (h->p_type == PT_LOAD && address >= h->p_vaddr && address - h->p_vaddr < h->p_filesz &&
            h->p_offset <= (Elf64_Off)INT64_MAX - (address - h->p_vaddr)) {
            *offset = (off_t)(address - h->p_vaddr + h->p_offset);
            return true;
        }
    }
    return false;
}

/* Reads the dynamic section of the file at `fd`, which must be a shared object the loader could
 * map into this process: 64-bit, little-endian, for this machine, with a string table. */
static bool read_dynamic(int fd, dynamic_t *out) {
    memset(out, 0, sizeof *out);
    out->runpath = out->rpath = -1;
    Elf64_Ehdr header;
    if (!read_at(fd, &header, sizeof header, 0) || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
        header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB ||
        header.e_type != ET_DYN || header.e_phentsize != sizeof(Elf64_Phdr) || header.e_phnum == 0 ||
        header.e_phnum > most_headers) {
        return false;
    }
#ifdef HOST_MACHINE
    if (header.e_machine != HOST_MACHINE) return false;
#endif
    Elf64_Phdr headers[most_headers];
    if (header.e_phoff > (Elf64_Off)INT64_MAX ||
        !read_at(fd, headers, header.e_phnum * sizeof *headers, (off_t)header.e_phoff)) {
        return false;
    }
    const Elf64_Phdr *dynamic = NULL;
    for (size_t i = 0; i < header.e_phnum; i++) {
        if (headers[i].p_type == PT_DYNAMIC) dynamic = &headers[i];
    }
    if (dynamic == NULL || dynamic->p_offset > (Elf64_Off)INT64_MAX) return false;
    size_t count = dynamic->p_filesz / sizeof(Elf64_Dyn);
    if (count > most_entries) count = most_entries;
    Elf64_Dyn *entries = malloc((count ? count : 1) * sizeof *entries);
    if (entries == NULL || !read_at(fd, entries, count * sizeof *entries, (off_t)dynamic->p_offset)) {
        free(entries);
        return false;
    }
    Elf64_Addr table = 0;
    size_t table_size = 0;
    for (size_t i = 0; i < count && entries[i].d_tag != DT_NULL; i++) {
        switch (entries[i].d_tag) {
        case DT_STRTAB: table = entries[i].d_un.d_ptr; break;
        case DT_STRSZ: table_size = entries[i].d_un.d_val; break;
        case DT_RUNPATH: out->runpath = entries[i].d_un.d_val <= LONG_MAX ? (long)entries[i].d_un.d_val : -1; break;
        case DT_RPATH: out->rpath = entries[i].d_un.d_val <= LONG_MAX ? (long)entries[i].d_un.d_val : -1; break;
        case DT_NEEDED:
            if (out->needed_count < sizeof out->needed / sizeof *out->needed) {
                out->needed[out->needed_count++] = entries[i].d_un.d_val;
            }
            break;
        default: break;
        }
    }
    free(entries);
    off_t table_offset;
    if (table_size == 0 || table_size > most_strings ||
        !file_offset(headers, header.e_phnum, table, &table_offset)) {
        return false;
    }
    out->strings = malloc(table_size + 1);
    if (out->strings == NULL || !read_at(fd, out->strings, table_size, table_offset)) {
        free(out->strings);
        out->strings = NULL;
        return false;
    }
    out->strings[table_size] = '\0';
    out->string_size = table_size;
    return true;
}

static const char *string_at(const dynamic_t *d, long offset) {
    return offset >= 0 && (size_t)offset < d->string_size ? d->strings + offset : NULL;
}

/* Opens the file at `path` if it is a regular file holding a shared object the loader could map
 * (read_dynamic), with what it names in `d`; -1 otherwise. Checked before opening, so that a FIFO
 * or a device a search path names is never opened. */
static int open_library(const char *path, dynamic_t *d) {
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) return -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return -1;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || !read_dynamic(fd, d)) {
        close(fd);
        return -1;
    }
    return fd;
}

/* `folder` with $ORIGIN (or ${ORIGIN}) replaced by `origin`; false for other loader variables. */
static bool expand(const char *folder, size_t length, const char *origin, char *out, size_t size) {
    size_t used = 0;
    for (size_t i = 0; i < length;) {
        const char *piece = folder + i;
        size_t taken = 1, piece_length = 1;
        if (folder[i] == '$') {
            if (length - i >= 7 && strncmp(piece, "$ORIGIN", 7) == 0) taken = 7;
            else if (length - i >= 9 && strncmp(piece, "${ORIGIN}", 9) == 0) taken = 9;
            else return false;
            piece = origin;
            piece_length = strlen(origin);
        }
        if (used + piece_length >= size) return false;
        memcpy(out + used, piece, piece_length);
        used += piece_length;
        i += taken;
    }
    out[used] = '\0';
    return used > 0;
}

/* A search path's folders, $ORIGIN expanded from `origin`, absolute ones only, colon-separated
 * into `out` (of `size` bytes; "" when none). */
static void expand_search(const char *search, const char *origin, char *out, size_t size) {
    size_t used = 0, folders = 0;
    out[0] = '\0';
    for (const char *folder = search; search != NULL && *folder != '\0' && folders < most_folders; folders++) {
        const char *end = strchr(folder, ':');
        size_t length = end != NULL ? (size_t)(end - folder) : strlen(folder);
        char expanded[PATH_MAX];
        if (expand(folder, length, origin, expanded, sizeof expanded) && expanded[0] == '/' &&
            strchr(expanded, ':') == NULL) {
            int written = snprintf(out + used, size - used, "%s%s", used > 0 ? ":" : "", expanded);
            if (written > 0 && (size_t)written < size - used) used += (size_t)written;
            else out[used] = '\0';
        }
        if (end == NULL) break;
        folder = end + 1;
    }
}

/* The folder of `path`, made absolute from the working folder, as the loader takes $ORIGIN. */
static void origin_of(const char *path, char *out, size_t size) {
    char absolute[PATH_MAX];
    if (path[0] == '/' || getcwd(absolute, sizeof absolute) == NULL) {
        snprintf(absolute, sizeof absolute, "%s", path);
    } else {
        size_t used = strlen(absolute);
        snprintf(absolute + used, sizeof absolute - used, "/%s", path);
    }
    char *slash = strrchr(absolute, '/');
    if (slash != NULL && slash != absolute) *slash = '\0';
    else if (slash == absolute) absolute[1] = '\0';
    snprintf(out, size, "%s", absolute);
}

typedef struct walk {
    char (*paths)[PATH_MAX];
    dev_t *devices;
    ino_t *inodes;
    size_t count, limit, probes;
    void (*found)(int fd, const char *path, void *context);
    void *context;
} walk_t;

/* Looks for `name` in the folders of `folders` (expanded, colon-separated); when found, opened
 * and new, hands it to `found` and queues it. True when found (new or not). */
static bool find_in(walk_t *walk, const char *folders, const char *name) {
    for (const char *folder = folders; *folder != '\0' && walk->probes < most_probes;) {
        const char *end = strchr(folder, ':');
        size_t length = end != NULL ? (size_t)(end - folder) : strlen(folder);
        char candidate[PATH_MAX];
        walk->probes++;
        if (length + 1 + strlen(name) < sizeof candidate) {
            memcpy(candidate, folder, length);
            candidate[length] = '/';
            strcpy(candidate + length + 1, name);
            dynamic_t d;
            int fd = open_library(candidate, &d);
            if (fd >= 0) {
                free(d.strings);
                struct stat info;
                bool known = fstat(fd, &info) != 0;
                for (size_t k = 0; k < walk->count && !known; k++) {
                    known = walk->devices[k] == info.st_dev && walk->inodes[k] == info.st_ino;
                }
                if (!known && walk->count < walk->limit + 1) {
                    snprintf(walk->paths[walk->count], PATH_MAX, "%s", candidate);
                    walk->devices[walk->count] = info.st_dev;
                    walk->inodes[walk->count] = info.st_ino;
                    walk->count++;
                    walk->found(fd, candidate, walk->context);
                }
                close(fd);
                return true;
            }
        }
        if (end == NULL) break;
        folder = end + 1;
    }
    return false;
}

size_t sandbox_needed_libraries(const char *library, void (*found)(int fd, const char *path, void *context),
                                void *context, size_t limit) {
    walk_t walk = {.limit = limit, .found = found, .context = context};
    walk.paths = malloc((limit + 1) * sizeof *walk.paths);
    walk.devices = malloc((limit + 1) * sizeof *walk.devices);
    walk.inodes = malloc((limit + 1) * sizeof *walk.inodes);
    struct stat info;
    if (walk.paths != NULL && walk.devices != NULL && walk.inodes != NULL && stat(library, &info) == 0 &&
        strlen(library) < PATH_MAX) {
        /* paths[0] is the library itself; the ones found follow it, each read in turn. */
        snprintf(walk.paths[0], PATH_MAX, "%s", library);
        walk.devices[0] = info.st_dev;
        walk.inodes[0] = info.st_ino;
        walk.count = 1;
    }
    /* The RPATH of the library itself, when it has no RUNPATH: the loader searches it for the
     * libraries its libraries need too (a RUNPATH serves only its own object's NEEDED). */
    char inherited[PATH_MAX * 4] = "";
    for (size_t next = 0; next < walk.count; next++) {
        dynamic_t d;
        int fd = open_library(walk.paths[next], &d);
        if (fd < 0) continue;
        close(fd);
        char origin[PATH_MAX], own[PATH_MAX * 4];
        origin_of(walk.paths[next], origin, sizeof origin);
        const char *runpath = string_at(&d, d.runpath), *rpath = string_at(&d, d.rpath);
        expand_search(runpath != NULL ? runpath : rpath, origin, own, sizeof own);
        if (next == 0 && runpath == NULL) snprintf(inherited, sizeof inherited, "%s", own);
        for (size_t i = 0; i < d.needed_count && walk.count <= limit && walk.probes < most_probes; i++) {
            const char *name = string_at(&d, (long)d.needed[i]);
            if (name == NULL || *name == '\0' || strchr(name, '/') != NULL) continue;
            if (!find_in(&walk, own, name) && runpath == NULL && next > 0) find_in(&walk, inherited, name);
        }
        free(d.strings);
    }
    size_t found_count = walk.count > 0 ? walk.count - 1 : 0;
    free(walk.paths);
    free(walk.devices);
    free(walk.inodes);
    return found_count;
}
