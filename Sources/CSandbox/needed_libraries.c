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

/* What the dynamic section of one ELF file names: its NEEDED entries and its search path, as
 * offsets into its string table, which is read whole. */
typedef struct dynamic {
    char *strings;
    size_t string_size;
    size_t needed[256];
    size_t needed_count;
    long search; /* RUNPATH's offset, else RPATH's; -1 for neither */
} dynamic_t;

enum { most_headers = 256, most_entries = 4096, most_strings = 1 << 20 };

static bool read_at(int fd, void *buffer, size_t size, off_t offset) {
    return pread(fd, buffer, size, offset) == (ssize_t)size;
}

/* The file offset of the loaded address `address`, from the PT_LOAD header that maps it. */
static bool file_offset(const Elf64_Phdr *headers, size_t count, Elf64_Addr address, off_t *offset) {
    for (size_t i = 0; i < count; i++) {
        const Elf64_Phdr *h = &headers[i];
        if (h->p_type == PT_LOAD && address >= h->p_vaddr && address - h->p_vaddr < h->p_filesz) {
            *offset = (off_t)(address - h->p_vaddr + h->p_offset);
            return true;
        }
    }
    return false;
}

/* Reads the dynamic section of the 64-bit ELF shared object at `fd`; false for anything else. */
static bool read_dynamic(int fd, dynamic_t *out) {
    memset(out, 0, sizeof *out);
    out->search = -1;
    Elf64_Ehdr header;
    if (!read_at(fd, &header, sizeof header, 0) || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
        header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_type != ET_DYN ||
        header.e_phentsize != sizeof(Elf64_Phdr) || header.e_phnum == 0 || header.e_phnum > most_headers) {
        return false;
    }
    Elf64_Phdr headers[most_headers];
    if (!read_at(fd, headers, header.e_phnum * sizeof *headers, (off_t)header.e_phoff)) return false;
    const Elf64_Phdr *dynamic = NULL;
    for (size_t i = 0; i < header.e_phnum; i++) {
        if (headers[i].p_type == PT_DYNAMIC) dynamic = &headers[i];
    }
    if (dynamic == NULL) return false;
    size_t count = dynamic->p_filesz / sizeof(Elf64_Dyn);
    if (count > most_entries) count = most_entries;
    Elf64_Dyn *entries = malloc((count ? count : 1) * sizeof *entries);
    if (entries == NULL || !read_at(fd, entries, count * sizeof *entries, (off_t)dynamic->p_offset)) {
        free(entries);
        return false;
    }
    Elf64_Addr table = 0;
    size_t table_size = 0;
    long runpath = -1, rpath = -1;
    for (size_t i = 0; i < count && entries[i].d_tag != DT_NULL; i++) {
        switch (entries[i].d_tag) {
        case DT_STRTAB: table = entries[i].d_un.d_ptr; break;
        case DT_STRSZ: table_size = entries[i].d_un.d_val; break;
        case DT_RUNPATH: runpath = (long)entries[i].d_un.d_val; break;
        case DT_RPATH: rpath = (long)entries[i].d_un.d_val; break;
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
    out->search = runpath >= 0 ? runpath : rpath;
    return true;
}

static const char *string_at(const dynamic_t *d, long offset) {
    return offset >= 0 && (size_t)offset < d->string_size ? d->strings + offset : NULL;
}

/* Whether the file at `path` is a regular file that starts as an ELF file does. */
static bool is_elf(const char *path) {
    struct stat info;
    /* Checked before opening: a FIFO named by a search path would block the open. */
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return false;
    unsigned char magic[SELFMAG];
    bool elf = fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && read_at(fd, magic, SELFMAG, 0) &&
               memcmp(magic, ELFMAG, SELFMAG) == 0;
    close(fd);
    return elf;
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

/* Looks for `name` in the folders of `search` (a colon-separated list) and gives its path. */
static bool find_in(const char *search, const char *origin, const char *name, char *found) {
    for (const char *folder = search; search != NULL && *folder != '\0';) {
        const char *end = strchr(folder, ':');
        size_t length = end != NULL ? (size_t)(end - folder) : strlen(folder);
        char expanded[PATH_MAX], candidate[PATH_MAX + NAME_MAX + 2];
        if (expand(folder, length, origin, expanded, sizeof expanded) && expanded[0] == '/') {
            int written = snprintf(candidate, sizeof candidate, "%s/%s", expanded, name);
            if (written > 0 && (size_t)written < sizeof candidate && is_elf(candidate) &&
                realpath(candidate, found) != NULL) {
                return true;
            }
        }
        if (end == NULL) break;
        folder = end + 1;
    }
    return false;
}

size_t sandbox_needed_libraries(const char *library, void (*found)(const char *path, void *context), void *context,
                                size_t limit) {
    char (*queue)[PATH_MAX] = malloc((limit + 1) * sizeof *queue);
    if (queue == NULL || realpath(library, queue[0]) == NULL) {
        free(queue);
        return 0;
    }
    /* queue[0] is the library itself; the ones found follow it, each read in turn. */
    size_t count = 1;
    char root_search[PATH_MAX] = "";
    for (size_t next = 0; next < count; next++) {
        int fd = open(queue[next], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) continue;
        dynamic_t d;
        bool read = read_dynamic(fd, &d);
        close(fd);
        if (!read) continue;
        char origin[PATH_MAX];
        snprintf(origin, sizeof origin, "%s", queue[next]);
        char *slash = strrchr(origin, '/');
        if (slash != NULL) *slash = '\0';
        const char *search = string_at(&d, d.search);
        /* The library's own search path, expanded from its own folder, then the plugin's (as the
         * loader searches an RPATH of the object that loads the chain). */
        char own[PATH_MAX] = "";
        if (search != NULL) snprintf(own, sizeof own, "%s", search);
        if (next == 0 && search != NULL) {
            char expanded[PATH_MAX];
            size_t used = 0;
            for (const char *folder = search; *folder != '\0';) {
                const char *end = strchr(folder, ':');
                size_t length = end != NULL ? (size_t)(end - folder) : strlen(folder);
                if (expand(folder, length, origin, expanded, sizeof expanded)) {
                    int written = snprintf(root_search + used, sizeof root_search - used, "%s%s",
                                           used > 0 ? ":" : "", expanded);
                    if (written > 0 && (size_t)written < sizeof root_search - used) used += (size_t)written;
                }
                if (end == NULL) break;
                folder = end + 1;
            }
        }
        for (size_t i = 0; i < d.needed_count && count <= limit; i++) {
            const char *name = string_at(&d, (long)d.needed[i]);
            if (name == NULL || *name == '\0' || strchr(name, '/') != NULL) continue;
            char path[PATH_MAX];
            if (!find_in(own, origin, name, path) && !find_in(root_search, origin, name, path)) continue;
            bool known = false;
            for (size_t k = 0; k < count && !known; k++) known = strcmp(queue[k], path) == 0;
            if (known || count > limit) continue;
            snprintf(queue[count++], PATH_MAX, "%s", path);
            found(path, context);
        }
        free(d.strings);
    }
    free(queue);
    return count - 1;
}
