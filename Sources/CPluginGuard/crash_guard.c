#define _GNU_SOURCE
#include "crash_guard.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the thread is calling; NULL outside plugin calls. Set and read by this thread only. */
static _Thread_local const char *guard_who;
static _Thread_local const char *guard_step;
static _Thread_local const char *guard_tail;
static _Thread_local int64_t guard_frame;
static _Thread_local int guard_has_stack;

static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])
/* The dispositions found at install time, put back for crashes outside plugin calls. */
static struct sigaction previous[GUARDED_COUNT];
static int installed;

/* The files to remove on a plugin crash and the processes to kill first; each count is published
 * after its entries are in place. */
static char *unfinished[CRASH_GUARD_MAX_UNFINISHED];
static uint32_t unfinished_count;
static pid_t writers[CRASH_GUARD_MAX_UNFINISHED];
static uint32_t writer_count;

/* Set by the first crashing thread: only it reports, the others wait for its _exit. */
static int reporting;
/* The message, assembled by the reporting thread alone and written in one go. */
static char message[4096];
static size_t message_length;

static void put(const char *text) {
    size_t length = strlen(text);
    if (length > sizeof message - 1 - message_length) length = sizeof message - 1 - message_length;
    memcpy(message + message_length, text, length);
    message_length += length;
}

static void flush(void) {
    const char *text = message;
    size_t left = message_length;
    while (left > 0) {
        ssize_t written = write(STDERR_FILENO, text, left);
        if (written <= 0) return;
        text += written;
        left -= (size_t)written;
    }
}

/* Decimal digits of `value` without snprintf, which is not async-signal-safe. */
static void put_number(int64_t value) {
    char digits[24];
    size_t at = sizeof digits;
    uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    digits[--at] = 0;
    do {
        digits[--at] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (value < 0) digits[--at] = '-';
    put(digits + at);
}

static const char *signal_name(int number) {
    switch (number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "a signal";
    }
}

static void on_crash(int number, siginfo_t *info, void *context) {
    (void)info, (void)context;
    if (guard_who == NULL) {
        /* A host bug: crash the way the process would have without this handler. */
        for (size_t i = 0; i < GUARDED_COUNT; i++) {
            if (guarded_signals[i] == number) sigaction(number, &previous[i], NULL);
        }
        raise(number);
        return;
    }
    /* Several threads may crash in the same plugin at once (a mixer's row bands). */
    if (__atomic_exchange_n(&reporting, 1, __ATOMIC_SEQ_CST)) {
        for (;;) pause();
    }
    /* A writer killed but not yet gone could still create its file: wait for each to end (or
     * for another thread to have reaped it, ECHILD) before removing the files. */
    uint32_t writing = __atomic_load_n(&writer_count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < writing; i++) kill(writers[i], SIGKILL);
    for (uint32_t i = 0; i < writing; i++) {
        while (waitpid(writers[i], NULL, 0) < 0 && errno == EINTR) {}
    }
    uint32_t count = __atomic_load_n(&unfinished_count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < count; i++) unlink(unfinished[i]);
    put("error: ");
    put(guard_who);
    put(" crashed with ");
    put(signal_name(number));
    if (guard_frame >= 0) {
        put(" at frame ");
        put_number(guard_frame);
    } else {
        put(" in create");
    }
    put(" (");
    put(guard_step);
    put(")");
    put(guard_tail);
    flush();
    _exit(2);
}

void crash_guard_install(void) {
    /* Atomically: a second install would save this handler as the "previous" one. */
    if (__atomic_exchange_n(&installed, 1, __ATOMIC_SEQ_CST)) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < GUARDED_COUNT; i++) sigaction(guarded_signals[i], &action, &previous[i]);
}

/* Each thread's alternate stack, freed when the thread ends (renders start threads of their own). */
static pthread_key_t stack_key;
static pthread_once_t stack_key_once = PTHREAD_ONCE_INIT;

static void free_thread_signal_stack(void *memory) {
    stack_t off = { .ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE };
    sigaltstack(&off, NULL);
    free(memory);
}

static void make_stack_key(void) {
    pthread_key_create(&stack_key, free_thread_signal_stack);
}

/* A thread that overflows its stack needs another one to run the handler on. */
static void give_thread_signal_stack(void) {
    guard_has_stack = 1;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    size_t size = 64 * 1024;
    void *memory = malloc(size);
    if (memory == NULL) return;
    stack_t stack = { .ss_sp = memory, .ss_size = size, .ss_flags = 0 };
    if (sigaltstack(&stack, NULL) != 0) {
        free(memory);
        return;
    }
    pthread_once(&stack_key_once, make_stack_key);
    pthread_setspecific(stack_key, memory);
}

void crash_guard_enter(const char *who, const char *step, int64_t frame, const char *tail) {
    if (!guard_has_stack) give_thread_signal_stack();
    guard_step = step;
    guard_frame = frame;
    guard_tail = tail;
    guard_who = who;
}

void crash_guard_leave(void) {
    guard_who = NULL;
}

void crash_guard_set_unfinished(const char *const *paths, uint32_t count, const int32_t *processes,
                                uint32_t process_count) {
    __atomic_store_n(&writer_count, 0, __ATOMIC_RELEASE);
    uint32_t processes_kept = 0;
    for (uint32_t i = 0; i < process_count && processes_kept < CRASH_GUARD_MAX_UNFINISHED; i++) {
        if (processes[i] > 0) writers[processes_kept++] = processes[i];
    }
    __atomic_store_n(&writer_count, processes_kept, __ATOMIC_RELEASE);
    uint32_t old = __atomic_exchange_n(&unfinished_count, 0, __ATOMIC_ACQ_REL);
    for (uint32_t i = 0; i < old; i++) {
        free(unfinished[i]);
        unfinished[i] = NULL;
    }
    uint32_t kept = 0;
    for (uint32_t i = 0; i < count && kept < CRASH_GUARD_MAX_UNFINISHED; i++) {
        unfinished[kept] = strdup(paths[i]);
        if (unfinished[kept] != NULL) kept++;
    }
    __atomic_store_n(&unfinished_count, kept, __ATOMIC_RELEASE);
}
