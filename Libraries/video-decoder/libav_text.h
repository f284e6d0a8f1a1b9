/*
 * libav_text.h — libav's codes in words, as the decoder's functions report them: shared by the
 * video decoder and the audio probe, hidden from the library's users.
 */
#pragma once

#include <libavcodec/codec_par.h>
#include <stddef.h>

/* Writes libav's reason for `error`, starting lowercase as the host's messages do. */
__attribute__((visibility("hidden"))) void libav_reason(int error, char *detail, size_t detail_size);

/* Writes the stream's codec as libavcodec names it; one libavformat does not know is named by its
 * tag, which says more than "none". */
__attribute__((visibility("hidden"))) void libav_codec_name(const AVCodecParameters *codec, char *name,
                                                            size_t name_size);
