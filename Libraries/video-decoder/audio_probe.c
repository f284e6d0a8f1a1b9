/*
 * audio_probe.c — what a sound file holds, found by decoding all of it (video_audio_probe in
 * CVideoDecode.h). Reading a header would say how long the file claims to be; only decoding
 * says whether ffmpeg will be able to mix it, so a damaged file stops a command before it
 * renders rather than an encoder part-way through.
 */
#include "CVideoDecode.h"
#include "libav_text.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <stdio.h>
#include <string.h>

typedef struct probe {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    /* The stream's time base and start, for the times in reasons. */
    AVRational time_base;
    int64_t start;
    double duration;
    /* The longest frame decoded, in seconds: how far the declared length may be off. */
    double longest_frame;
    /* The time of a packet the demuxer flagged damaged; AV_NOPTS_VALUE while none was. */
    int64_t flagged;
} probe_t;

/* The stream ffmpeg itself would choose; the demuxer skips every other. */
static video_status_t open_stream(probe_t *p, audio_info_t *info, char *detail, size_t detail_size) {
    p->stream = libav_audio_stream(p->format);
    if (p->stream < 0) return VIDEO_NO_AUDIO_STREAM;
    const AVStream *stream = p->format->streams[p->stream];
    p->time_base = stream->time_base;
    p->start = stream->start_time;
    if (stream->start_time != AV_NOPTS_VALUE) {
        double file_start = p->format->start_time != AV_NOPTS_VALUE ? (double)p->format->start_time / AV_TIME_BASE : 0;
        double offset = (double)stream->start_time * av_q2d(stream->time_base) - file_start;
        info->start = offset > 0 ? offset : 0;
    }
    info->sample_rate = stream->codecpar->sample_rate;
    info->channels = stream->codecpar->ch_layout.nb_channels;
    libav_codec_name(stream->codecpar, info->codec, sizeof info->codec);
    const AVCodec *decoder = avcodec_find_decoder(stream->codecpar->codec_id);
    if (decoder == NULL) return VIDEO_UNSUPPORTED_CODEC;
    p->codec = avcodec_alloc_context3(decoder);
    if (p->codec == NULL || avcodec_parameters_to_context(p->codec, stream->codecpar) < 0) return VIDEO_NO_MEMORY;
    p->codec->pkt_timebase = stream->time_base;
    int ret = avcodec_open2(p->codec, decoder, NULL);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return ret == AVERROR(ENOMEM) ? VIDEO_NO_MEMORY : VIDEO_UNSUPPORTED_CODEC;
    }
    return VIDEO_OK;
}

/* `reason`, after the time of the packet it concerns; the time decoded so far when no packet
 * has one (the demuxer's own failure). */
static video_status_t damaged(const probe_t *p, int64_t pts, const char *reason, char *detail, size_t detail_size) {
    if (pts == AV_NOPTS_VALUE) {
        snprintf(detail, detail_size, "after %.3f s: %s", p->duration, reason);
    } else {
        int64_t from = p->start != AV_NOPTS_VALUE ? p->start : 0;
        double time = (double)(pts - from) * av_q2d(p->time_base);
        snprintf(detail, detail_size, "at %.3f s: %s", time < 0 ? 0 : time, reason);
    }
    return VIDEO_CORRUPT;
}

static video_status_t libav_damage(const probe_t *p, int error, int64_t pts, char *detail, size_t detail_size) {
    char reason[128];
    libav_reason(error, reason, sizeof reason);
    return damaged(p, pts, reason, detail, detail_size);
}

/* Takes every frame the decoder has ready, adding up its sound; stops at EAGAIN or the end. */
static video_status_t receive_frames(probe_t *p, int64_t pts, char *detail, size_t detail_size) {
    for (;;) {
        int ret = avcodec_receive_frame(p->codec, p->frame);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF) return VIDEO_OK;
        if (ret < 0) return libav_damage(p, ret, pts, detail, detail_size);
        bool broken = (p->frame->flags & AV_FRAME_FLAG_CORRUPT) || p->frame->decode_error_flags;
        double seconds = p->frame->sample_rate > 0 ? (double)p->frame->nb_samples / p->frame->sample_rate : 0;
        p->duration += seconds;
        if (seconds > p->longest_frame) p->longest_frame = seconds;
        int64_t at = p->frame->best_effort_timestamp;
        av_frame_unref(p->frame);
        if (broken) return damaged(p, at, "the decoder reports damage", detail, detail_size);
    }
}

/* A file whose header says how long it is (a WAV's data size, an MP3's frame count, an MP4's
 * track length, an Ogg file's last page) and decodes to less lost its end or part of its middle
 * without a decoding error: an MP3 cut short decodes cleanly to its cut. Encoders' delay and
 * padding make the two differ by up to about three frames (an MP3 at 8 kHz), so only a shortfall
 * beyond that counts. A length libavformat estimated from the bit rate says nothing. */
static video_status_t check_length(const probe_t *p, char *detail, size_t detail_size) {
    const AVStream *stream = p->format->streams[p->stream];
    if (p->format->duration_estimation_method == AVFMT_DURATION_FROM_BITRATE) return VIDEO_OK;
    double declared = 0;
    if (stream->duration != AV_NOPTS_VALUE) {
        declared = (double)stream->duration * av_q2d(p->time_base);
    } else if (p->format->nb_streams == 1 && p->format->duration != AV_NOPTS_VALUE) {
        /* Matroska declares the file's length only; with other streams it may be theirs. */
        declared = (double)p->format->duration / AV_TIME_BASE;
    }
    if (p->duration >= declared - 3 * p->longest_frame - 0.05) return VIDEO_OK;
    snprintf(detail, detail_size, "the file declares %.3f s of sound but %.3f s decode", declared, p->duration);
    return VIDEO_CORRUPT;
}

static video_status_t decode_all(probe_t *p, char *detail, size_t detail_size) {
    int ret;
    while ((ret = av_read_frame(p->format, p->packet)) >= 0) {
        int64_t pts = p->packet->pts != AV_NOPTS_VALUE ? p->packet->pts : p->packet->dts;
        if (p->packet->stream_index != p->stream) {
            av_packet_unref(p->packet);
            continue;
        }
        /* A short read flags the last packet of a WAV written to a pipe, which declares no
         * length: only a flagged packet followed by more is damage for certain. A file cut short
         * is found by its length. */
        if (p->flagged != AV_NOPTS_VALUE) {
            av_packet_unref(p->packet);
            return damaged(p, p->flagged, "its packet is cut short or damaged", detail, detail_size);
        }
        if (p->packet->flags & AV_PKT_FLAG_CORRUPT) p->flagged = pts;
        ret = avcodec_send_packet(p->codec, p->packet);
        av_packet_unref(p->packet);
        if (ret < 0) return libav_damage(p, ret, pts, detail, detail_size);
        video_status_t status = receive_frames(p, pts, detail, detail_size);
        if (status != VIDEO_OK) return status;
    }
    if (ret != AVERROR_EOF) return libav_damage(p, ret, AV_NOPTS_VALUE, detail, detail_size);
    ret = avcodec_send_packet(p->codec, NULL);
    if (ret < 0) return libav_damage(p, ret, AV_NOPTS_VALUE, detail, detail_size);
    video_status_t status = receive_frames(p, AV_NOPTS_VALUE, detail, detail_size);
    if (status != VIDEO_OK) return status;
    if (p->duration <= 0) {
        snprintf(detail, detail_size, "no sound decodes");
        return VIDEO_CORRUPT;
    }
    return check_length(p, detail, detail_size);
}

video_status_t video_audio_probe(const char *path, audio_info_t *info, char *detail, size_t detail_size) {
    /* Failures come back as statuses and reasons; libav's own log would only repeat them. */
    av_log_set_level(AV_LOG_QUIET);
    memset(info, 0, sizeof *info);
    if (detail_size > 0) detail[0] = '\0';
    probe_t p = {.start = AV_NOPTS_VALUE, .flagged = AV_NOPTS_VALUE};
    p.packet = av_packet_alloc();
    p.frame = av_frame_alloc();
    video_status_t status = p.packet && p.frame ? libav_open_input(&p.format, path, detail, detail_size) : VIDEO_NO_MEMORY;
    if (status == VIDEO_OK) status = open_stream(&p, info, detail, detail_size);
    if (status == VIDEO_OK) status = decode_all(&p, detail, detail_size);
    info->duration = p.duration;
    avcodec_free_context(&p.codec);
    avformat_close_input(&p.format);
    av_packet_free(&p.packet);
    av_frame_free(&p.frame);
    return status;
}
