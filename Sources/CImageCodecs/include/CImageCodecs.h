/* CImageCodecs: PNG, JPEG and WebP decoding, PNG writing, through libpng, libjpeg and libwebp. */
#pragma once
#include "decode.h"
#include "png_write.h"
