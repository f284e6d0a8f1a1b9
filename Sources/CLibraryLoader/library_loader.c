#define _GNU_SOURCE
#include "library_loader.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int pipeline_code_file(char *path, size_t size) {
    char found[PATH_MAX];
    Dl_info info;
    int library = 0;
    if (size > 0) path[0] = 0;
    if (dladdr((void *)pipeline_code_file, &info) != 0 && info.dli_fname != NULL &&
        strstr(info.dli_fname, ".so") != NULL && realpath(info.dli_fname, found) != NULL) {
        library = 1;
    } else {
        ssize_t length = readlink("/proc/self/exe", found, sizeof found - 1);
        if (length <= 0) return -1;
        found[length] = 0;
    }
    snprintf(path, size, "%s", found);
    return library;
}

/* The folder of pipeline_code_file, with a trailing slash; "" if unknown. */
static void code_folder(char *folder, size_t size) {
    char path[PATH_MAX];
    folder[0] = 0;
    if (pipeline_code_file(path, sizeof path) < 0) return;
    char *slash = strrchr(path, '/');
    if (slash == NULL) return;
    slash[1] = 0;
    snprintf(folder, size, "%s", path);
}

void *pipeline_library_open(const char *file, const char *variable, const char *what, char *failure, size_t size) {
    char folder[PATH_MAX], candidates[3][PATH_MAX + 64];
    int count = 0;
    const char *chosen = getenv(variable);
    if (chosen != NULL && chosen[0] != 0) {
        snprintf(candidates[count++], sizeof candidates[0], "%s", chosen);
    } else {
        /* A build tree keeps it beside the executable and libpipeline.so; an installed pipeline in
         * lib/pipeline, beside bin/ (the executable) or below lib/ (libpipeline.so). */
        code_folder(folder, sizeof folder);
        snprintf(candidates[count++], sizeof candidates[0], "%s%s", folder, file);
        snprintf(candidates[count++], sizeof candidates[0], "%s../lib/pipeline/%s", folder, file);
        snprintf(candidates[count++], sizeof candidates[0], "%spipeline/%s", folder, file);
    }
    void *handle = NULL;
    const char *reason = "";
    for (int i = 0; i < count && handle == NULL; i++) {
        if (access(candidates[i], F_OK) != 0) continue;
        handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) reason = dlerror();
    }
    if (handle == NULL) {
        snprintf(failure, size, "%s is unavailable: %s%s%s%s (looked for %s%s%s; `make plugins` builds it)", what,
                 reason[0] ? "cannot load " : "", file, reason[0] ? ": " : " was not found", reason, candidates[0],
                 count > 1 ? " and " : "", count > 1 ? candidates[1] : "");
    }
    return handle;
}
