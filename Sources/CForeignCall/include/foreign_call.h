/*
 * foreign_call.h — calls a plain C function through libffi, described by the type letters of an
 * animator.h curve signature: 'd' double, 'f' float, 'i' int32_t, 'l' int64_t.
 *
 * The call interface is prepared once and only read afterwards, so one interface may be invoked
 * from many threads at once. Invoking allocates nothing.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Extra arguments after the progress argument, as animator.h allows. */
#define FOREIGN_CALL_MAX_ARGUMENTS 8

/* Statuses of foreign_call_prepare. */
#define FOREIGN_CALL_OK 0
#define FOREIGN_CALL_BAD_TYPE 1       /* a letter is not d, f, i, l, or the return/progress is an integer */
#define FOREIGN_CALL_BAD_COUNT 2      /* fewer than 2 or more than 2 + FOREIGN_CALL_MAX_ARGUMENTS letters */
#define FOREIGN_CALL_FFI_FAILED 3     /* ffi_prep_cif refused the interface */
#define FOREIGN_CALL_NO_MEMORY 4

typedef struct foreign_call foreign_call_t;

/* Prepares a call interface for `count` letters: the return type, the progress type, then one per
 * extra argument. On success stores the interface in `*out` (free it with foreign_call_free) and
 * returns FOREIGN_CALL_OK; otherwise returns the status and leaves `*out` untouched. */
int32_t foreign_call_prepare(const char *types, uint32_t count, foreign_call_t **out);

/* Calls `function` with `progress` and the extra `arguments` (one per extra letter, may be NULL
 * when there are none), each converted to its C type, and returns the result as a double.
 * Integer arguments must already be integral and in range. */
double foreign_call_invoke(const foreign_call_t *call, const void *function, double progress,
                           const double *arguments);

void foreign_call_free(foreign_call_t *call);

#ifdef __cplusplus
}
#endif
