/*
 * api.c — uipipeline.h's functions are defined in Swift (Sources/PipelineC); this file keeps the
 * header compiling as C on its own, with the options structs at their version 1.0 sizes.
 */
#include "uipipeline.h"
#include "pipeline_sizes.h"

_Static_assert(sizeof(pipeline_frame_options_t) == 16, "pipeline_frame_options_t is 16 bytes in 1.0");
