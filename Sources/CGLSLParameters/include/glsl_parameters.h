/*
 * glsl_parameters.h — how a GLSL transition's uniforms are described as mixer parameters: the
 * parameter types beyond the ABI's that only the GLSL adapter registers, and the adapter's own
 * parameter flag. The adapter (glsl_transition.h) writes them; the host's plugin descriptions
 * read them, without linking the adapter or its GL libraries.
 */
#pragma once

/* Types of the file's uniforms. Each is registered as a parameter of the type of the same number
 * (the ABI's for bool, int and float; the host's own, beyond the ABI's, for the others, which
 * only this adapter registers). Values arrive as the ABI's anim_value_t: numbers in v[0..3],
 * integers exactly; an image's resolved path in s. */
#define GLSL_UNIFORM_BOOL 3u      /* ANIM_PARAM_BOOL */
#define GLSL_UNIFORM_INT 2u       /* ANIM_PARAM_INTEGER */
#define GLSL_UNIFORM_FLOAT 1u     /* ANIM_PARAM_NUMBER */
#define GLSL_UNIFORM_VEC2 102u
#define GLSL_UNIFORM_VEC3 103u
#define GLSL_UNIFORM_VEC4 104u
#define GLSL_UNIFORM_IVEC2 112u
#define GLSL_UNIFORM_IVEC3 113u
#define GLSL_UNIFORM_IVEC4 114u
#define GLSL_UNIFORM_IMAGE 120u   /* sampler2D: a file's path */

/* A parameter descriptor flag of the adapter's own: the file gives the uniform no default (it is
 * zero unless a step sets it), which `validate` warns of. */
#define GLSL_PARAM_NO_DEFAULT 0x100u
