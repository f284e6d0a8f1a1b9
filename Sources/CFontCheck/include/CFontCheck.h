#include "font_check.h"
