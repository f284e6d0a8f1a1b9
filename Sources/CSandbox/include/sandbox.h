#ifndef PIPELINE_SANDBOX_H
#define PIPELINE_SANDBOX_H

#include <stddef.h>
#include <sys/types.h>

/// The Landlock ABI version this kernel offers: 1 or more, 0 when it has no Landlock (built
/// without it, or switched off at boot). `reason` then says which, for messages.
int sandbox_landlock_abi(const char **reason);

/// Confines this process for running untrusted plugin code, for good (nothing can undo it):
///  - the parent-death signal: when the host process ends, so does this one;
///  - no new privileges: no set-user-ID program or file capability can raise its rights;
///  - Landlock (when `landlock` is non-zero): no file can be opened but `files` (read and
///    executed: the plugin files), the libraries they find through their own RUNPATH or RPATH
///    (sandbox_needed_libraries: a Swift plugin's runtime), the system's shared-library
///    folders, `/etc/ld.so.cache`, this process's own `/proc` entry, `/dev/null`, `/dev/zero`
///    and `/dev/urandom`; nothing can be created, removed, renamed or linked; no TCP port bound
///    or connected; no signal sent and no abstract socket reached outside the sandbox (the last
///    two on kernels with Landlock 6);
///  - seccomp, on every thread: only the system calls that computing, memory, threads and
///    already-open descriptors need, with their arguments narrowed where they could reach other
///    processes (kill, fcntl, prctl, prlimit64, clone, ioctl); everything else (sockets, execve,
///    fork, ptrace, ...) fails with EPERM. Without Landlock, no file can be opened for writing.
/// `folders` adds folders whose files may be read and executed (the Swift runtime's). `parent` is
/// the host's process ID as the host gave it (0: this process's parent now), so a host that ended
/// before this call is noticed. The process must have one thread. Returns 0, or -1 with `message`
/// (of `size` bytes) saying what could not be set up.
int sandbox_enter(const char *const *files, size_t file_count, const char *const *folders, size_t folder_count,
                  int landlock, pid_t parent, char *message, size_t size);

/// The file of the shared library that defines `symbol` in this process, into `path` (of `size`
/// bytes); 0, or -1 when no loaded library defines it.
int sandbox_library_defining(const char *symbol, char *path, size_t size);

#endif
