/* CRaster: pixel loops the compositor and outputs share. Every header is listed here, so a
 * new one changes this file and rebuilds the module (an umbrella folder would not). */
#pragma once
#include "blend.h"
#include "blur.h"
#include "halve.h"
#include "matte.h"
#include "opaque_copy.h"
#include "pixels.h"
#include "projection.h"
#include "resample.h"
#include "shutter.h"
#include "swizzle.h"
#include "yuv420.h"
