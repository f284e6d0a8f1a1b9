/*
 * crash_guard.h — names the plugin that crashed the process, without --isolate.
 *
 * A signal handler for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT runs on an alternate signal
 * stack (so a plugin's stack overflow is caught too). If the crashing thread is inside a plugin
 * call (between crash_guard_enter and crash_guard_leave), it writes one prepared line to standard
 * error with write(2) and ends the process with _exit(2): only async-signal-safe work, since the
 * process is in an unknown state. Outside plugin calls the previous handler (or the default
 * action, which dumps core) is put back and the signal raised again, so host bugs crash as before.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Installs the handlers, once per process; later calls do nothing. */
void crash_guard_install(void);

/* Marks the calling thread as inside a plugin call. On a crash the line written is
 *   "error: <who> crashed with <SIGNAL> at frame <frame> (<step>)<tail>"
 * or, for a negative frame, "... crashed with <SIGNAL> in create (<step>)<tail>".
 * The strings are the caller's and must stay valid until crash_guard_leave; `tail` ends the
 * message (it should end with a newline). Also gives the thread an alternate signal stack the
 * first time. */
void crash_guard_enter(const char *who, const char *step, int64_t frame, const char *tail);

/* Marks the calling thread as outside plugin calls again. */
void crash_guard_leave(void);

/* Files the handler removes before it reports a plugin's crash: outputs still being written
 * (a video's hidden temporary), so that a crash leaves no half-written file behind; before it
 * removes them it kills the `process_count` `processes` writing them (ffmpeg) and waits for them
 * to end, since one still starting would create its file again. Copies the `count` paths and
 * the processes (at most CRASH_GUARD_MAX_UNFINISHED of each are kept), replacing the previous
 * set; counts of 0 clear it. Call it while no plugin code runs (before and after a render). */
#define CRASH_GUARD_MAX_UNFINISHED 16
void crash_guard_set_unfinished(const char *const *paths, uint32_t count, const int32_t *processes,
                                uint32_t process_count);

#ifdef __cplusplus
}
#endif
