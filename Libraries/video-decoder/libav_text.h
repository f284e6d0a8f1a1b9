/*
 * libav_text.h — libav's codes in words, as the decoder's functions report them, and the check
 * of a file before libav opens it: shared by the video decoder and the audio probe, hidden from
 * the library's users.
 */
#pragma once

#include "CVideoDecode.h"

#include <libavcodec/codec_par.h>
#include <libavformat/avformat.h>
#include <stddef.h>

/* Writes libav's reason for `error`, starting lowercase as the host's messages do. */
__attribute__((visibility("hidden"))) void libav_reason(int error, char *detail, size_t detail_size);

/* Writes the stream's codec as libavcodec names it; one libavformat does not know is named by its
 * tag, which says more than "none". */
__attribute__((visibility("hidden"))) void libav_codec_name(const AVCodecParameters *codec, char *name,
                                                            size_t name_size);

/* VIDEO_NOT_REGULAR_FILE, with what the file is in `detail`, when `path` names a FIFO, a device, a
 * socket or a folder: libavformat would open a FIFO and wait for a writer, a device forever.
 * VIDEO_OK otherwise, also when the path cannot be opened: libavformat then says why. */
__attribute__((visibility("hidden"))) video_status_t libav_input_check(const char *path, char *detail,
                                                                        size_t detail_size);

/* Opens `path` (after `libav_input_check`) and reads its streams' parameters into `*format`:
 * VIDEO_NOT_FOUND, VIDEO_NO_MEMORY or VIDEO_UNREADABLE, with libav's reason in `detail`, when it
 * cannot. The caller closes `*format` either way. */
__attribute__((visibility("hidden"))) video_status_t libav_open_input(AVFormatContext **format, const char *path,
                                                                       char *detail, size_t detail_size);

/* The audio stream ffmpeg itself would choose, the demuxer told to skip every other; -1 when the
 * file has none. */
__attribute__((visibility("hidden"))) int libav_audio_stream(AVFormatContext *format);
