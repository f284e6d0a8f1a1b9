/* CImageCodecs: PNG and JPEG decoding, PNG writing, through libpng and libjpeg. */
#pragma once
#include "decode.h"
#include "png_write.h"
