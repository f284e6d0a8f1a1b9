#define _GNU_SOURCE
#include "sandbox.h"
#include "needed_libraries.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock's rights by bit, as the kernel defines them (Debian's headers may predate some).
enum {
    fs_execute = 1ULL << 0,
    fs_write_file = 1ULL << 1,
    fs_read_file = 1ULL << 2,
    fs_read_dir = 1ULL << 3,
    // ABI 1 handles bits 0-12 (remove, make every kind of node, symlinks); 2 adds refer (13),
    // 3 truncate (14), 5 ioctl on devices (15).
    net_bind_tcp = 1ULL << 0,
    net_connect_tcp = 1ULL << 1,
    scope_abstract_unix_socket = 1ULL << 0,
    scope_signal = 1ULL << 1,
};

/// `struct landlock_ruleset_attr` as of ABI 6; older kernels are given the leading fields only.
struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

static int landlock_version(void) {
    return (int)syscall(SYS_landlock_create_ruleset, NULL, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
}

int sandbox_landlock_abi(const char **reason) {
    int version = landlock_version();
    if (version > 0) return version;
    if (reason) {
        *reason = errno == EOPNOTSUPP ? "Landlock is built into this kernel but switched off (add landlock to the lsm= boot parameter)"
                                      : "this kernel has no Landlock (it needs Linux 5.13 or later built with CONFIG_SECURITY_LANDLOCK)";
    }
    return 0;
}

static int fail(char *message, size_t size, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, size, format, arguments);
    va_end(arguments);
    return -1;
}

// The parent-death signal ends this process when the host's process ends. The kernel sends it
// when the host *thread* that started this process ends too; the host process then still has
// other threads, and keeps being the parent, which is how the handler tells the two apart.
static volatile pid_t host;

static void parent_ended(int signal) {
    (void)signal;
    if (getppid() != host) _exit(70);
}

static int end_with_parent(pid_t parent, char *message, size_t size) {
    host = parent > 0 ? parent : getppid();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = parent_ended;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    // A process inherits its parent's blocked signals: a test runner or a shell may block this one.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGURG);
    if (sigaction(SIGURG, &action, NULL) != 0 || sigprocmask(SIG_UNBLOCK, &signals, NULL) != 0 ||
        prctl(PR_SET_PDEATHSIG, SIGURG) != 0) {
        return fail(message, size, "could not ask to end with the host process: %s", strerror(errno));
    }
    // The host may have ended before the signal was asked for.
    if (getppid() != host) _exit(70);
    return 0;
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

/// Allows `rights` (narrowed to what a file may have when `descriptor` is not a folder) beneath
/// the file or folder open at `descriptor`, which `path` names in messages.
static int allow_descriptor(int ruleset, int descriptor, const char *path, uint64_t rights, uint64_t handled,
                            char *message, size_t size) {
    struct stat status;
    if (fstat(descriptor, &status) != 0) return fail(message, size, "%s: %s", path, strerror(errno));
    if (!S_ISDIR(status.st_mode)) rights &= fs_execute | fs_write_file | fs_read_file;
    struct path_beneath_attr rule = {.allowed_access = rights & handled, .parent_fd = descriptor};
    if (syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0) != 0) {
        return fail(message, size, "Landlock refused a rule for %s: %s", path, strerror(errno));
    }
    return 0;
}

/// Allows `rights` beneath `path` (allow_descriptor); a path that does not exist is left out.
static int allow(int ruleset, const char *path, uint64_t rights, uint64_t handled, char *message, size_t size) {
    int descriptor = open(path, O_PATH | O_CLOEXEC);
    if (descriptor < 0) return errno == ENOENT || errno == ENOTDIR ? 0 : fail(message, size, "%s: %s", path, strerror(errno));
    int result = allow_descriptor(ruleset, descriptor, path, rights, handled, message, size);
    close(descriptor);
    return result;
}

#ifdef SANITIZED
/// In a sanitized build, the suppressions files the sanitizers' options name
/// (`suppressions=PATH` in LSAN_OPTIONS, ASAN_OPTIONS or TSAN_OPTIONS) stay readable: the leak
/// check reads its file when it first finds a leak, which is after the sandbox is entered.
static int allow_suppressions(int ruleset, uint64_t handled, char *message, size_t size) {
    static const char *const variables[] = {"LSAN_OPTIONS", "ASAN_OPTIONS", "TSAN_OPTIONS"};
    static const char key[] = "suppressions=";
    int result = 0;
    for (size_t index = 0; result == 0 && index < sizeof variables / sizeof *variables; index++) {
        const char *options = getenv(variables[index]);
        for (const char *found = options ? strstr(options, key) : NULL; result == 0 && found != NULL;
             found = strstr(found + 1, key)) {
            // The option itself, not the end of another (print_suppressions=0).
            if (found != options && found[-1] != ':' && found[-1] != ' ') continue;
            const char *path = found + sizeof key - 1;
            char copy[4096];
            size_t length = strcspn(path, ": ");
            if (length == 0 || length >= sizeof copy) continue;
            memcpy(copy, path, length);
            copy[length] = '\0';
            result = allow(ruleset, copy, fs_read_file, handled, message, size);
        }
    }
    return result;
}
#endif

/* A library a plugin needs from a folder of its own search path: readable and executable. */
typedef struct needed_rule {
    int ruleset, result;
    uint64_t handled;
    char *message;
    size_t size;
} needed_rule_t;

/* The rule names the file through the descriptor that was checked to be a shared object: a
 * file swapped for another (or for a folder) at that path since is not what it allows. */
static void allow_needed(int fd, const char *path, void *context) {
    needed_rule_t *rule = context;
    struct stat status;
    if (rule->result != 0 || fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) return;
    rule->result = allow_descriptor(rule->ruleset, fd, path, fs_read_file | fs_execute, rule->handled, rule->message,
                                    rule->size);
}

static int confine_files(const char *const *files, size_t file_count, const char *const *folders,
                         size_t folder_count, char *message, size_t size) {
    int version = landlock_version();
    if (version < 1) return fail(message, size, "%s", errno == EOPNOTSUPP ? "Landlock is switched off" : "no Landlock");
    struct ruleset_attr attributes = {0};
    size_t attributes_size = sizeof attributes.handled_access_fs;
    attributes.handled_access_fs = (1ULL << 13) - 1;
    if (version >= 2) attributes.handled_access_fs |= 1ULL << 13;
    if (version >= 3) attributes.handled_access_fs |= 1ULL << 14;
    if (version >= 5) attributes.handled_access_fs |= 1ULL << 15;
    if (version >= 4) {
        attributes.handled_access_net = net_bind_tcp | net_connect_tcp;
        attributes_size = offsetof(struct ruleset_attr, scoped);
    }
    if (version >= 6) {
        attributes.scoped = scope_abstract_unix_socket | scope_signal;
        attributes_size = sizeof attributes;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, attributes_size, 0);
    if (ruleset < 0) return fail(message, size, "could not create a Landlock ruleset: %s", strerror(errno));

    uint64_t handled = attributes.handled_access_fs;
    uint64_t run = fs_read_file | fs_execute | fs_read_dir;
    static const char *const libraries[] = {"/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib"};
    int result = 0;
    for (size_t index = 0; result == 0 && index < file_count; index++) {
        result = allow(ruleset, files[index], fs_read_file | fs_execute, handled, message, size);
        // The libraries it finds through its own RUNPATH (a Swift plugin's runtime): the files
        // themselves, not their folders, and only shared objects this process could load.
        needed_rule_t rule = {ruleset, result, handled, message, size};
        if (result == 0) sandbox_needed_libraries(files[index], allow_needed, &rule, 64);
        result = rule.result;
    }
    for (size_t index = 0; result == 0 && index < folder_count; index++) {
        result = allow(ruleset, folders[index], run, handled, message, size);
    }
    for (size_t index = 0; result == 0 && index < sizeof libraries / sizeof *libraries; index++) {
        result = allow(ruleset, libraries[index], run, handled, message, size);
    }
    // The dynamic loader's cache; this process's own /proc entry (glibc reads its memory map for
    // the main thread's stack, sanitizers for everything); the harmless devices.
    if (result == 0) result = allow(ruleset, "/etc/ld.so.cache", fs_read_file, handled, message, size);
    if (result == 0) result = allow(ruleset, "/proc/self", fs_read_file | fs_read_dir, handled, message, size);
    if (result == 0) result = allow(ruleset, "/dev/null", fs_read_file | fs_write_file, handled, message, size);
    if (result == 0) result = allow(ruleset, "/dev/zero", fs_read_file, handled, message, size);
    if (result == 0) result = allow(ruleset, "/dev/urandom", fs_read_file, handled, message, size);
#ifdef SANITIZED
    if (result == 0) result = allow_suppressions(ruleset, handled, message, size);
#endif
    if (result == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        result = fail(message, size, "could not enter the Landlock ruleset: %s", strerror(errno));
    }
    close(ruleset);
    return result;
}

/// The system calls plugin code may make: computing, memory, threads, time, and reading and
/// writing descriptors it already has or files Landlock lets it open.
static const char *const allowed[] = {
    "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev", "preadv2", "pwritev2",
    "close", "close_range", "lseek", "dup", "dup2", "dup3", "pipe", "pipe2",
    "access", "faccessat", "faccessat2", "readlink", "readlinkat",
    "stat", "lstat", "fstat", "newfstatat", "statx", "statfs", "fstatfs", "getdents64", "getcwd",
    "mmap", "munmap", "mprotect", "mremap", "madvise", "msync", "mincore", "brk", "membarrier",
    "memfd_create", "ftruncate",
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigsuspend", "sigaltstack",
    "restart_syscall",
    "futex", "futex_waitv", "set_robust_list", "get_robust_list", "rseq", "set_tid_address", "arch_prctl",
    "sched_yield", "sched_getaffinity", "sched_getparam", "sched_getscheduler", "getcpu",
    "exit", "exit_group", "getpid", "gettid", "getppid", "getpgrp", "getpgid", "getsid",
    "getuid", "geteuid", "getgid", "getegid", "getresuid", "getresgid", "getgroups",
    "uname", "sysinfo", "getrlimit", "getrusage", "times",
    "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday", "time",
    "pause", "alarm", "getitimer", "setitimer", "timer_create", "timer_settime", "timer_gettime",
    "timer_getoverrun", "timer_delete", "sched_get_priority_max", "sched_get_priority_min",
    "poll", "ppoll", "select", "pselect6", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
    "eventfd2", "fsync", "fdatasync", "flock", "getrandom",
};

/// Allows `call` when its argument `argument` is one of `values`.
static int allow_values(scmp_filter_ctx filter, int call, unsigned argument, const scmp_datum_t *values, size_t count) {
    int result = 0;
    for (size_t index = 0; result == 0 && index < count; index++) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, call, 1, SCMP_CMP(argument, SCMP_CMP_EQ, values[index]));
    }
    return result;
}

static int filter_calls(int files_confined, char *message, size_t size) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return fail(message, size, "could not set up a seccomp filter");
    // Every thread of the process, not only the calling one.
    int result = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    for (size_t index = 0; result == 0 && index < sizeof allowed / sizeof *allowed; index++) {
        int call = seccomp_syscall_resolve_name(allowed[index]);
        if (call != __NR_SCMP_ERROR) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, call, 0);
    }
    pid_t self = getpid();
    // Opening files: Landlock decides which; without it, nothing may be opened for writing.
    scmp_datum_t writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
    if (result == 0) {
        result = files_confined ? seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 0)
                                : seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
                                                   SCMP_A2(SCMP_CMP_MASKED_EQ, writing, 0));
    }
    int open_call = seccomp_syscall_resolve_name("open");
    if (result == 0 && open_call != __NR_SCMP_ERROR) {
        result = files_confined ? seccomp_rule_add(filter, SCMP_ACT_ALLOW, open_call, 0)
                                : seccomp_rule_add(filter, SCMP_ACT_ALLOW, open_call, 1,
                                                   SCMP_A1(SCMP_CMP_MASKED_EQ, writing, 0));
    }
    // openat2's flags are in a structure seccomp cannot read: the C library falls back to openat.
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0);
    // Descriptor flags, locks and seals; never F_SETOWN or F_SETSIG, which would signal other processes.
    static const scmp_datum_t descriptor_commands[] = {
        F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_GETLK, F_SETLK, F_SETLKW,
        F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW, F_ADD_SEALS, F_GET_SEALS, F_GETPIPE_SZ,
    };
    if (result == 0) {
        result = allow_values(filter, SCMP_SYS(fcntl), 1, descriptor_commands,
                              sizeof descriptor_commands / sizeof *descriptor_commands);
    }
    // Its own limits, read only.
    if (result == 0) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0),
                                  SCMP_A2(SCMP_CMP_EQ, 0));
    }
    // Naming threads and mappings, reading its own state; never undoing the parent-death signal.
    static const scmp_datum_t process_options[] = {
        PR_SET_NAME, PR_GET_NAME, PR_GET_DUMPABLE, PR_GET_PDEATHSIG, PR_GET_SECCOMP, PR_GET_NO_NEW_PRIVS,
        PR_CAPBSET_READ, PR_GET_THP_DISABLE, PR_GET_TIMERSLACK, 0x53564d41 /* PR_SET_VMA */,
#ifdef SANITIZED
        PR_SET_PTRACER, PR_SET_PDEATHSIG, PR_SET_DUMPABLE,
#endif
    };
    if (result == 0) {
        result = allow_values(filter, SCMP_SYS(prctl), 0, process_options, sizeof process_options / sizeof *process_options);
    }
    // Threads, not processes: clone only with CLONE_THREAD; clone3 (whose flags seccomp cannot
    // see) says it does not exist, and the C library falls back to clone.
    if (result == 0) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    }
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // Signals to this process only (abort, raise).
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
    // Asking what a descriptor is (isatty, window size, bytes waiting); never TIOCSTI, which would
    // type into the user's terminal.
    static const unsigned long questions[] = {TCGETS, TIOCGWINSZ, FIONREAD, FIOCLEX, FIONCLEX};
    for (size_t index = 0; result == 0 && index < sizeof questions / sizeof *questions; index++) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, questions[index]));
    }
#ifdef SANITIZED
    // A sanitizer's leak check stops the threads from a helper process that traces them.
    static const char *const sanitizer[] = {"ptrace", "wait4", "tkill", "process_vm_readv"};
    for (size_t index = 0; result == 0 && index < sizeof sanitizer / sizeof *sanitizer; index++) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, seccomp_syscall_resolve_name(sanitizer[index]), 0);
    }
    if (result == 0) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    }
#endif
    if (result == 0) result = seccomp_load(filter);
    seccomp_release(filter);
    if (result != 0) return fail(message, size, "could not load the seccomp filter: %s", strerror(-result));
    return 0;
}

/// The number of threads this process has, from /proc; -1 when it cannot be read.
static int thread_count(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (!status) return -1;
    char line[256];
    int count = -1;
    while (fgets(line, sizeof line, status)) {
        if (sscanf(line, "Threads: %d", &count) == 1) break;
    }
    fclose(status);
    return count;
}

int sandbox_enter(const char *const *files, size_t file_count, const char *const *folders, size_t folder_count,
                  int landlock, pid_t parent, char *message, size_t size) {
#ifndef SANITIZED
    // Landlock confines the calling thread and the threads it starts: a thread started before
    // would stay free (a sanitizer's own thread is the one exception, in test builds only).
    int threads = thread_count();
    if (threads != 1) return fail(message, size, "the process has %d threads where the sandbox needs one", threads);
#endif
    if (end_with_parent(parent, message, size) != 0) return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        return fail(message, size, "could not give up new privileges: %s", strerror(errno));
    }
    if (landlock && confine_files(files, file_count, folders, folder_count, message, size) != 0) return -1;
    return filter_calls(landlock, message, size);
}

int sandbox_library_defining(const char *symbol, char *path, size_t size) {
    void *address = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (!address || !dladdr(address, &info) || !info.dli_fname || !*info.dli_fname) return -1;
    snprintf(path, size, "%s", info.dli_fname);
    return 0;
}
