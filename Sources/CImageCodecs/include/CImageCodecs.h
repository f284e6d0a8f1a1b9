/* CImageCodecs: PNG, JPEG and WebP decoding, PNG and JPEG writing, through libpng, libjpeg and libwebp. */
#pragma once
#include "decode.h"
#include "png_write.h"
#include "jpeg_write.h"
