#include "foreign_call.h"
