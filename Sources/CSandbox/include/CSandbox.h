#include "sandbox.h"
#include "needed_libraries.h"
