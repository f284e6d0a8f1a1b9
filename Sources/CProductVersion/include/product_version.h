/*
 * product_version.h — pipeline's version, written here and nowhere else.
 *
 * The command (`pipeline --version`), the C library (pipeline_version(), uipipeline.pc) and the
 * Python package (uipipeline.__version__, read by its setup.py) all carry this string. The C
 * API (PIPELINE_API_VERSION_* in uipipeline.h) and the animator plugin ABI (ANIM_ABI_* in
 * animator.h) keep versions of their own, which change only when those interfaces do.
 */
#ifndef PIPELINE_PRODUCT_VERSION_H
#define PIPELINE_PRODUCT_VERSION_H

#define PIPELINE_PRODUCT_VERSION "0.2.0"

#endif
