#include "blur.h"
