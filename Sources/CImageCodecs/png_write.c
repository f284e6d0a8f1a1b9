#include "png_write.h"
