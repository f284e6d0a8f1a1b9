#include "failure_text.h"

#include <stdarg.h>
#include <stdio.h>

bool fail_with(char *error, uint32_t error_size, const char *format, ...) {
    if (error != NULL && error_size > 0) {
        va_list list;
        va_start(list, format);
        vsnprintf(error, error_size, format, list);
        va_end(list);
    }
    return false;
}
