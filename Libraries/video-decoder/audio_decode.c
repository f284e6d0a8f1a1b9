/*
 * audio_decode.c — all of a sound file's best audio stream as 48 kHz stereo float samples
 * (video_audio_decode in CVideoDecode.h): decoded by libavcodec, resampled and rematrixed by
 * libswresample (a mono stream plays in both channels at −3 dB), for the host's mixer.
 */
#include "CVideoDecode.h"
#include "libav_text.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct decoding {
    AVFormatContext *format;
    AVCodecContext *codec;
    SwrContext *resampler;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int rate;
    float *samples; /* interleaved stereo */
    size_t count;   /* stereo samples written */
    size_t capacity;
} decoding_t;

static video_status_t open_input(decoding_t *d, const char *path, char *detail, size_t detail_size) {
    video_status_t status = libav_open_input(&d->format, path, detail, detail_size);
    if (status != VIDEO_OK) return status;
    d->stream = libav_audio_stream(d->format);
    if (d->stream < 0) return VIDEO_NO_AUDIO_STREAM;
    const AVStream *stream = d->format->streams[d->stream];
    const AVCodec *decoder = avcodec_find_decoder(stream->codecpar->codec_id);
    if (decoder == NULL) return VIDEO_UNSUPPORTED_CODEC;
    d->codec = avcodec_alloc_context3(decoder);
    if (d->codec == NULL || avcodec_parameters_to_context(d->codec, stream->codecpar) < 0) return VIDEO_NO_MEMORY;
    d->codec->pkt_timebase = stream->time_base;
    /* One thread: the same file decodes to the same samples on every machine. */
    d->codec->thread_count = 1;
    int ret = avcodec_open2(d->codec, decoder, NULL);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return ret == AVERROR(ENOMEM) ? VIDEO_NO_MEMORY : VIDEO_UNSUPPORTED_CODEC;
    }
    return VIDEO_OK;
}

static video_status_t grow(decoding_t *d, size_t more) {
    if (d->count + more <= d->capacity) return VIDEO_OK;
    size_t capacity = d->capacity ? d->capacity : 65536;
    while (capacity < d->count + more) capacity *= 2;
    float *samples = realloc(d->samples, capacity * 2 * sizeof(float));
    if (samples == NULL) return VIDEO_NO_MEMORY;
    d->samples = samples;
    d->capacity = capacity;
    return VIDEO_OK;
}

/* The resampler is made for the first frame's format, rate and layout. A frame NULL drains it. */
static video_status_t resample(decoding_t *d, const AVFrame *frame, char *detail, size_t detail_size) {
    int ret;
    if (d->resampler == NULL) {
        if (frame == NULL) return VIDEO_OK;
        AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
        AVChannelLayout input;
        if (frame->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC) {
            av_channel_layout_default(&input, frame->ch_layout.nb_channels);
        } else if (av_channel_layout_copy(&input, &frame->ch_layout) < 0) {
            return VIDEO_NO_MEMORY;
        }
        ret = swr_alloc_set_opts2(&d->resampler, &stereo, AV_SAMPLE_FMT_FLT, d->rate, &input, frame->format,
                                  frame->sample_rate, 0, NULL);
        av_channel_layout_uninit(&input);
        if (ret >= 0) ret = swr_init(d->resampler);
        if (ret < 0) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
    }
    int in = frame ? frame->nb_samples : 0;
    int out = swr_get_out_samples(d->resampler, in);
    if (out < 0) return VIDEO_CORRUPT;
    if (grow(d, (size_t)out + 1) != VIDEO_OK) return VIDEO_NO_MEMORY;
    uint8_t *target = (uint8_t *)(d->samples + 2 * d->count);
    ret = swr_convert(d->resampler, &target, out + 1, frame ? (const uint8_t **)frame->extended_data : NULL, in);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return VIDEO_CORRUPT;
    }
    d->count += (size_t)ret;
    return VIDEO_OK;
}

static video_status_t receive(decoding_t *d, char *detail, size_t detail_size) {
    for (;;) {
        int ret = avcodec_receive_frame(d->codec, d->frame);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF) return VIDEO_OK;
        if (ret < 0) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
        video_status_t status = resample(d, d->frame, detail, detail_size);
        av_frame_unref(d->frame);
        if (status != VIDEO_OK) return status;
    }
}

static video_status_t decode(decoding_t *d, char *detail, size_t detail_size) {
    int ret;
    while ((ret = av_read_frame(d->format, d->packet)) >= 0) {
        if (d->packet->stream_index != d->stream) {
            av_packet_unref(d->packet);
            continue;
        }
        ret = avcodec_send_packet(d->codec, d->packet);
        av_packet_unref(d->packet);
        if (ret < 0) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
        video_status_t status = receive(d, detail, detail_size);
        if (status != VIDEO_OK) return status;
    }
    if (ret != AVERROR_EOF) {
        libav_reason(ret, detail, detail_size);
        return VIDEO_CORRUPT;
    }
    avcodec_send_packet(d->codec, NULL);
    video_status_t status = receive(d, detail, detail_size);
    if (status == VIDEO_OK) status = resample(d, NULL, detail, detail_size);
    return status;
}

video_status_t video_audio_decode(const char *path, int sample_rate, float **samples, size_t *count, char *detail,
                                  size_t detail_size) {
    av_log_set_level(AV_LOG_QUIET);
    *samples = NULL;
    *count = 0;
    if (detail_size > 0) detail[0] = '\0';
    decoding_t d = {.rate = sample_rate};
    d.packet = av_packet_alloc();
    d.frame = av_frame_alloc();
    video_status_t status = d.packet && d.frame ? open_input(&d, path, detail, detail_size) : VIDEO_NO_MEMORY;
    if (status == VIDEO_OK) status = decode(&d, detail, detail_size);
    swr_free(&d.resampler);
    avcodec_free_context(&d.codec);
    avformat_close_input(&d.format);
    av_packet_free(&d.packet);
    av_frame_free(&d.frame);
    if (status != VIDEO_OK) {
        free(d.samples);
        return status;
    }
    *samples = d.samples;
    *count = d.count;
    return VIDEO_OK;
}
