/*
 * failure_text.h — a failure's message written into a caller's buffer, the way the animator ABI's
 * calls report why they failed. Shared by the adapters that host frei0r files and GLSL
 * transitions as plugins.
 */
#ifndef PIPELINE_FAILURE_TEXT_H
#define PIPELINE_FAILURE_TEXT_H

#include <stdbool.h>
#include <stdint.h>

/* Formats the message into `error` (at most `error_size` bytes, terminated; nothing when `error`
 * is NULL or `error_size` 0) and returns false, so a failing call can `return fail_with(...)`. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
bool fail_with(char *error, uint32_t error_size, const char *format, ...);

#endif
