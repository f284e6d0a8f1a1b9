#include "libav_text.h"
#include "regular_file.h"

#include <libavcodec/avcodec.h>
#include <libavutil/error.h>
#include <stdio.h>

void libav_reason(int error, char *detail, size_t detail_size) {
    if (detail_size == 0) return;
    if (av_strerror(error, detail, detail_size) < 0) snprintf(detail, detail_size, "error %d", error);
    if (detail[0] >= 'A' && detail[0] <= 'Z' && !(detail[1] >= 'A' && detail[1] <= 'Z')) detail[0] += 'a' - 'A';
}

void libav_codec_name(const AVCodecParameters *codec, char *name, size_t name_size) {
    char tag[AV_FOURCC_MAX_STRING_SIZE] = {0};
    const char *known = avcodec_get_name(codec->codec_id);
    if (codec->codec_id == AV_CODEC_ID_NONE && codec->codec_tag != 0) {
        known = av_fourcc_make_string(tag, codec->codec_tag);
    }
    snprintf(name, name_size, "%s", known);
}

video_status_t libav_input_check(const char *path, char *detail, size_t detail_size) {
    const char *kind;
    if (regular_file_check(path, &kind) == 0 || kind == NULL) return VIDEO_OK;
    if (detail_size > 0) snprintf(detail, detail_size, "%s", kind);
    return VIDEO_NOT_REGULAR_FILE;
}

video_status_t libav_open_input(AVFormatContext **format, const char *path, char *detail, size_t detail_size) {
    video_status_t status = libav_input_check(path, detail, detail_size);
    if (status != VIDEO_OK) return status;
    int ret = avformat_open_input(format, path, NULL, NULL);
    if (ret == AVERROR(ENOENT)) return VIDEO_NOT_FOUND;
    if (ret >= 0) ret = avformat_find_stream_info(*format, NULL);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return ret == AVERROR(ENOMEM) ? VIDEO_NO_MEMORY : VIDEO_UNREADABLE;
    }
    return VIDEO_OK;
}

int libav_audio_stream(AVFormatContext *format) {
    int stream = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0);
    if (stream < 0) return -1;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        if ((int)i != stream) format->streams[i]->discard = AVDISCARD_ALL;
    }
    return stream;
}
