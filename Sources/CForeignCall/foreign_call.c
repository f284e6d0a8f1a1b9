#include "foreign_call.h"

#include <ffi.h>
#include <stdlib.h>

#define MAX_PARAMETERS (1 + FOREIGN_CALL_MAX_ARGUMENTS)

struct foreign_call {
    ffi_cif cif;
    ffi_type *parameter_types[MAX_PARAMETERS];
    char letters[1 + MAX_PARAMETERS];  /* return, progress, extra arguments */
    uint32_t parameter_count;
};

/* One C value of any signature type; ffi_arg makes a return slot wide enough for libffi. */
typedef union foreign_value {
    double d;
    float f;
    int32_t i;
    int64_t l;
    ffi_arg word;
} foreign_value_t;

static ffi_type *type_of(char letter) {
    switch (letter) {
    case 'd': return &ffi_type_double;
    case 'f': return &ffi_type_float;
    case 'i': return &ffi_type_sint32;
    case 'l': return &ffi_type_sint64;
    default: return NULL;
    }
}

static int is_floating(char letter) { return letter == 'd' || letter == 'f'; }

int32_t foreign_call_prepare(const char *types, uint32_t count, foreign_call_t **out) {
    if (count < 2 || count > 1 + MAX_PARAMETERS) return FOREIGN_CALL_BAD_COUNT;
    if (!is_floating(types[0]) || !is_floating(types[1])) return FOREIGN_CALL_BAD_TYPE;
    for (uint32_t index = 0; index < count; index++) {
        if (type_of(types[index]) == NULL) return FOREIGN_CALL_BAD_TYPE;
    }
    foreign_call_t *call = calloc(1, sizeof *call);
    if (call == NULL) return FOREIGN_CALL_NO_MEMORY;
    call->parameter_count = count - 1;
    for (uint32_t index = 0; index < count; index++) call->letters[index] = types[index];
    for (uint32_t index = 0; index < call->parameter_count; index++) {
        call->parameter_types[index] = type_of(types[index + 1]);
    }
    if (ffi_prep_cif(&call->cif, FFI_DEFAULT_ABI, call->parameter_count, type_of(types[0]),
                     call->parameter_types) != FFI_OK) {
        free(call);
        return FOREIGN_CALL_FFI_FAILED;
    }
    *out = call;
    return FOREIGN_CALL_OK;
}

static foreign_value_t convert(char letter, double value) {
    foreign_value_t converted = {.word = 0};
    switch (letter) {
    case 'f': converted.f = (float)value; break;
    case 'i': converted.i = (int32_t)value; break;
    case 'l': converted.l = (int64_t)value; break;
    default: converted.d = value; break;
    }
    return converted;
}

double foreign_call_invoke(const foreign_call_t *call, const void *function, double progress,
                           const double *arguments) {
    foreign_value_t values[MAX_PARAMETERS];
    void *pointers[MAX_PARAMETERS];
    values[0] = convert(call->letters[1], progress);
    for (uint32_t index = 1; index < call->parameter_count; index++) {
        values[index] = convert(call->letters[index + 1], arguments[index - 1]);
    }
    for (uint32_t index = 0; index < call->parameter_count; index++) pointers[index] = &values[index];
    foreign_value_t result = {.word = 0};
    /* ffi_call only reads the cif, which is why a prepared interface is shareable across threads. */
    ffi_call((ffi_cif *)&call->cif, (void (*)(void))function, &result, pointers);
    return call->letters[0] == 'f' ? (double)result.f : result.d;
}

void foreign_call_free(foreign_call_t *call) { free(call); }
