#include "pixels.h"
