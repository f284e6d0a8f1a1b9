#include "CVideoDecode.h"
#include "libav_text.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libswscale's SIMD wants aligned rows; ffmpeg's frames are 64-byte aligned. */
enum { alignment = 64 };

/* One packet of the stream in decode order, as the scan found it. */
typedef struct packet_entry {
    int64_t pts, dts;
    bool key;
    /* `pts` is the packet's own presentation time, not one inferred from its decode time. */
    bool timed;
    /* Shown: an edit list does not cut it (it is decoded for its references only). */
    bool shown;
} packet_entry_t;

/* Converts pictures to the clip's BGRA: a libswscale context, made again when the pictures'
 * size or format change, and a picture-sized buffer for those that cannot be converted straight
 * into their target (turned, or a target whose rows libswscale's vector code cannot take). */
struct video_converter {
    struct SwsContext *scaler;
    /* What `scaler` was made for: the pictures' size and format, the size it scales them to, its
     * filter, and its threads. */
    int width, height, out_width, out_height, flags, threads;
    enum AVPixelFormat format;
    /* The converted picture handed to libswscale: the target's pixels, not owned. */
    AVFrame *converted;
    uint8_t *scaled;
    size_t scaled_bytes;
};

struct video_decoder {
    char *path;
    AVFormatContext *format;
    AVCodecContext *codec;
    int stream;
    AVRational time_base;
    AVPacket *packet;
    AVFrame *frame;
    /* `packet` holds the stream's next packet, read but not yet sent. */
    bool pending;
    /* The decoder has returned its last picture: only a seek makes it decode again. */
    bool finished;
    /* The end of the stream was sent: the decoder is handing out the pictures it held back. */
    bool draining;
    /* The scan gave times to packets that carry none (`fill_rate_grid`): a picture decoded
     * without a time is the listed frame after the one before it, mid-stream too. */
    bool filled;
    /* `last_pts` is the picture the decoder produced last since the latest seek. */
    bool positioned;
    int64_t last_pts;
    /* The listed time of the keyframe decoding started at, at the latest seek. */
    int64_t start_pts;
    /* The index of the frame shown at `last_pts`, when positioned. */
    size_t last_index;
    packet_entry_t *packets;
    size_t packet_count;
    bool has_keys;
    /* Presentation times of the frames, sorted and distinct: in the stream's time base, in seconds. */
    int64_t *pts;
    double *times;
    /* For each frame, the packet (in decode order) decoding it starts from after a seek: the last
     * keyframe shown at or before it. */
    size_t *group;
    /* Whether the format and the codec are open: video_decoder_release closes them, keeping the
     * frame list, and the next frame asked for opens them again. */
    bool open;
    /* libavcodec's threads for the codec: 0 lets it choose (one more than the cores). */
    int threads;
    video_info_t info;
    /* The size pictures are scaled to (square pixels), before rotation. */
    int scaled_width, scaled_height;
    /* What video_decoder_frame converts with. */
    video_converter_t converter;
    uint64_t decoded;
};

/* A decoded picture kept for converting later, with what converting it needs to know. */
struct video_picture {
    AVFrame *frame;
    int scaled_width, scaled_height;
    int width, height, rotation;
};

static size_t aligned(size_t bytes) {
    return (bytes + alignment - 1) / alignment * alignment;
}

static video_status_t open_input(video_decoder_t *d, char *detail, size_t detail_size) {
    video_status_t status = libav_input_check(d->path, detail, detail_size);
    if (status != VIDEO_OK) return status;
    int ret = avformat_open_input(&d->format, d->path, NULL, NULL);
    if (ret == AVERROR(ENOENT)) return VIDEO_NOT_FOUND;
    if (ret == AVERROR(ENOMEM)) return VIDEO_NO_MEMORY;
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return VIDEO_UNREADABLE;
    }
    return VIDEO_OK;
}

/* The first video stream that is not a cover picture. */
static video_status_t choose_stream(video_decoder_t *d, char *detail, size_t detail_size) {
    int ret = avformat_find_stream_info(d->format, NULL);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return VIDEO_UNREADABLE;
    }
    for (unsigned i = 0; i < d->format->nb_streams; i++) {
        AVStream *stream = d->format->streams[i];
        if (stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
            !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            d->stream = (int)i;
            d->time_base = stream->time_base;
            return VIDEO_OK;
        }
    }
    return VIDEO_NO_VIDEO_STREAM;
}

/* libavcodec's native VP9 decoder ignores the alpha that WebM carries beside the picture
 * (`alpha_mode`); libvpx's decodes it. */
static const AVCodec *find_decoder(const AVStream *stream) {
    const AVDictionaryEntry *alpha = av_dict_get(stream->metadata, "alpha_mode", NULL, 0);
    if (stream->codecpar->codec_id == AV_CODEC_ID_VP9 && alpha != NULL && strcmp(alpha->value, "1") == 0) {
        const AVCodec *libvpx = avcodec_find_decoder_by_name("libvpx-vp9");
        if (libvpx != NULL) return libvpx;
    }
    return avcodec_find_decoder(stream->codecpar->codec_id);
}

static video_status_t open_codec(video_decoder_t *d, char *detail, size_t detail_size) {
    const AVStream *stream = d->format->streams[d->stream];
    libav_codec_name(stream->codecpar, d->info.codec, sizeof d->info.codec);
    const AVCodec *decoder = find_decoder(stream);
    if (decoder == NULL) return VIDEO_UNSUPPORTED_CODEC;
    d->codec = avcodec_alloc_context3(decoder);
    if (d->codec == NULL || avcodec_parameters_to_context(d->codec, stream->codecpar) < 0) return VIDEO_NO_MEMORY;
    d->codec->pkt_timebase = stream->time_base;
    d->codec->thread_count = d->threads;
    int ret = avcodec_open2(d->codec, decoder, NULL);
    if (ret < 0) {
        libav_reason(ret, detail, detail_size);
        return ret == AVERROR(ENOMEM) ? VIDEO_NO_MEMORY : VIDEO_UNSUPPORTED_CODEC;
    }
    const AVPixFmtDescriptor *pixels = av_pix_fmt_desc_get(stream->codecpar->format);
    bool libvpx_alpha = strcmp(decoder->name, "libvpx-vp9") == 0;
    d->info.has_alpha = libvpx_alpha || (pixels != NULL && (pixels->flags & AV_PIX_FMT_FLAG_ALPHA));
    d->info.high_bit_depth = pixels != NULL && pixels->comp[0].depth > 8;
    return VIDEO_OK;
}

/* The display matrix's rotation as ffprobe reports it (counterclockwise), in [0, 360). */
static double display_rotation(const AVStream *stream) {
    const int32_t *matrix = (const int32_t *)av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL);
    if (matrix == NULL) return 0;
    double degrees = av_display_rotation_get(matrix);
    if (isnan(degrees)) return 0;
    degrees -= 360 * floor(degrees / 360);
    return degrees >= 359.5 ? 0 : degrees;
}

static video_status_t read_geometry(video_decoder_t *d, uint32_t max_dimension) {
    AVStream *stream = d->format->streams[d->stream];
    video_info_t *info = &d->info;
    info->coded_width = stream->codecpar->width;
    info->coded_height = stream->codecpar->height;
    AVRational aspect = av_guess_sample_aspect_ratio(d->format, stream, NULL);
    if (aspect.num <= 0 || aspect.den <= 0) aspect = (AVRational){1, 1};
    av_reduce(&aspect.num, &aspect.den, aspect.num, aspect.den, INT_MAX);
    info->sample_aspect_num = aspect.num;
    info->sample_aspect_den = aspect.den;
    double rotation = display_rotation(stream);
    info->rotation = (int)lround(rotation);
    d->scaled_width = (int)((2 * (int64_t)info->coded_width * aspect.num + aspect.den) / (2 * (int64_t)aspect.den));
    if (d->scaled_width < 1) d->scaled_width = 1;
    d->scaled_height = info->coded_height;
    bool sideways = info->rotation == 90 || info->rotation == 270;
    info->width = sideways ? d->scaled_height : d->scaled_width;
    info->height = sideways ? d->scaled_width : d->scaled_height;
    if (fabs(rotation - 90 * round(rotation / 90)) > 0.5) return VIDEO_UNSUPPORTED_ROTATION;
    if (info->coded_width <= 0 || info->coded_height <= 0) return VIDEO_UNREADABLE;
    int64_t largest = info->coded_width;
    if (info->coded_height > largest) largest = info->coded_height;
    if (d->scaled_width > largest) largest = d->scaled_width;
    if (largest > (int64_t)max_dimension) return VIDEO_TOO_LARGE;
    return VIDEO_OK;
}

static int compare_pts(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static double seconds(const video_decoder_t *d, int64_t duration) {
    return (double)(duration * d->time_base.num) / (double)d->time_base.den;
}

static bool append_packet(video_decoder_t *d, const AVPacket *packet, size_t *capacity) {
    if (d->packet_count == *capacity) {
        *capacity = *capacity ? *capacity * 2 : 1024;
        packet_entry_t *grown = realloc(d->packets, *capacity * sizeof *grown);
        int64_t *grown_pts = realloc(d->pts, *capacity * sizeof *grown_pts);
        if (grown != NULL) d->packets = grown;
        if (grown_pts != NULL) d->pts = grown_pts;
        if (grown == NULL || grown_pts == NULL) return false;
    }
    int64_t pts = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
    bool key = packet->flags & AV_PKT_FLAG_KEY;
    d->packets[d->packet_count++] = (packet_entry_t){
        .pts = pts, .dts = packet->dts, .key = key, .timed = packet->pts != AV_NOPTS_VALUE,
        .shown = !(packet->flags & AV_PKT_FLAG_DISCARD)};
    d->has_keys |= key;
    return true;
}

/* The smallest step between the decode times of packets near each other: a frame's, in the
 * streams that need it (AVI's). */
static int64_t decode_step(const video_decoder_t *d) {
    int64_t step = 0;
    for (size_t i = 1; i < d->packet_count; i++) {
        int64_t a = d->packets[i - 1].dts, b = d->packets[i].dts;
        if (a != AV_NOPTS_VALUE && b != AV_NOPTS_VALUE && b > a && (step == 0 || b - a < step)) step = b - a;
    }
    return step > 0 ? step : 1;
}

/* Presentation times for the packets that carry a decode time alone, in a stream whose
 * pictures are shown later than they are decoded, matching those libavcodec gives the pictures.
 * - No packet with a time of its own (H.264 in AVI): the decoder brings a picture out
 *   `video_delay` packets after its own, so its time is its decode time that many frames on.
 * - Some with, some without (MPEG program streams leave them off some reference pictures, AVI
 *   off every one in an MPEG-4 stream with B-frames), in a stream that holds one picture back at
 *   most (MPEG-1, MPEG-2, MPEG-4 Part 2): a reference picture is shown when the next one is
 *   decoded and takes that packet's decode time. A reference picture is one shown later
 *   than decoded, or one without a time of its own, as B-frames are shown as soon as decoded.
 *   The last ones, with none after them, follow the latest time by the smallest step between
 *   times.
 * Without such a delay a packet's decode time stands in for its presentation time. */
static void infer_presentation_times(video_decoder_t *d) {
    int delay = d->format->streams[d->stream]->codecpar->video_delay;
    bool delayed = delay > 0, mixed = false, untimed = false;
    for (size_t i = 0; i < d->packet_count; i++) {
        const packet_entry_t *p = &d->packets[i];
        if (p->timed && p->dts != AV_NOPTS_VALUE && p->pts > p->dts) delayed = true;
        if (p->timed) mixed = true; else if (p->dts != AV_NOPTS_VALUE) untimed = true;
    }
    if (!delayed || !untimed) return;
    if (!mixed) {
        if (delay <= 0) return;
        int64_t later = delay * decode_step(d);
        for (size_t i = 0; i < d->packet_count; i++) {
            if (d->packets[i].dts != AV_NOPTS_VALUE) d->packets[i].pts = d->packets[i].dts + later;
        }
        return;
    }
    /* Other codecs (H.264's pyramids) may bring a picture out at no packet this can name. */
    enum AVCodecID codec = d->format->streams[d->stream]->codecpar->codec_id;
    if (delay > 1 || (codec != AV_CODEC_ID_MPEG1VIDEO && codec != AV_CODEC_ID_MPEG2VIDEO && codec != AV_CODEC_ID_MPEG4)) {
        return;
    }
    int64_t next_reference = AV_NOPTS_VALUE;
    for (size_t i = d->packet_count; i-- > 0;) {
        packet_entry_t *p = &d->packets[i];
        if (p->dts == AV_NOPTS_VALUE) continue;
        bool reference = !p->timed || p->pts > p->dts;
        if (!p->timed) p->pts = next_reference;
        if (reference) next_reference = p->dts;
    }
    int64_t latest = AV_NOPTS_VALUE, step = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        int64_t pts = d->packets[i].pts;
        if (pts == AV_NOPTS_VALUE) continue;
        for (size_t j = i + 1; j < d->packet_count && j < i + 16; j++) {
            int64_t other = d->packets[j].pts;
            if (other == AV_NOPTS_VALUE || other == pts) continue;
            int64_t gap = other > pts ? other - pts : pts - other;
            if (step == 0 || gap < step) step = gap;
        }
        if (latest == AV_NOPTS_VALUE || pts > latest) latest = pts;
    }
    for (size_t i = 0; i < d->packet_count; i++) {
        packet_entry_t *p = &d->packets[i];
        if (p->pts != AV_NOPTS_VALUE || p->dts == AV_NOPTS_VALUE) continue;
        p->pts = latest == AV_NOPTS_VALUE ? p->dts : (latest += step > 0 ? step : 1);
    }
}

/* The pictures decoded after the keyframe that starts the file but shown before it (an open group's
 * leading B-frames, in a clip cut out of a longer one without re-encoding, `ffmpeg -ss … -c copy`)
 * refer to pictures the file does not hold: libavcodec drops them, and they are not listed. */
static void drop_leading_pictures(video_decoder_t *d) {
    if (d->packet_count == 0 || !d->packets[0].key || d->packets[0].pts == AV_NOPTS_VALUE) return;
    int64_t keyframe = d->packets[0].pts;
    for (size_t i = 1; i < d->packet_count && !d->packets[i].key; i++) {
        if (d->packets[i].pts != AV_NOPTS_VALUE && d->packets[i].pts < keyframe) d->packets[i].shown = false;
    }
}

/* Times for the packets that carry none at all, in a stream where the others have theirs on the
 * frame-rate grid (H.264 in an MPEG program stream leaves both times off many pictures' packets,
 * and libavcodec brings those pictures out without a time). The grid starts at the keyframe that
 * starts the stream: its own time, or when it has none (a clip cut out of a longer one without
 * re-encoding) the decode time of the packet libavcodec brings it out at, `video_delay` on. A
 * keyframe without a time starts a closed group: it is shown after every picture decoded before
 * it, so it takes the place after as many frames as there are packets before it. The others take
 * the places left empty, in order. libavcodec brings pictures out in presentation order, so such
 * a picture is the listed frame after the one before it, or after a seek the keyframe decoding
 * started at (`decode_until`). True when it gave any packet a time. */
static bool fill_rate_grid(video_decoder_t *d) {
    AVRational rate = d->format->streams[d->stream]->r_frame_rate;
    if (rate.num <= 0 || rate.den <= 0 || d->time_base.num <= 0 || d->packet_count == 0) return false;
    /* The frame's length in the stream's ticks, when it is a whole number of them. */
    int64_t ticks = (int64_t)d->time_base.den * rate.den, per = (int64_t)d->time_base.num * rate.num;
    if (ticks % per != 0 || ticks / per <= 0) return false;
    int64_t step = ticks / per;
    size_t timed = 0, untimed = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        if (d->packets[i].pts != AV_NOPTS_VALUE) d->pts[timed++] = d->packets[i].pts;
        else if (d->packets[i].shown) untimed++;
    }
    if (timed == 0 || untimed == 0) return false;
    qsort(d->pts, timed, sizeof *d->pts, compare_pts);
    int64_t origin = d->pts[0];
    const packet_entry_t *first = &d->packets[0];
    int delay = d->format->streams[d->stream]->codecpar->video_delay;
    if (first->key && first->pts != AV_NOPTS_VALUE) {
        origin = first->pts;
    } else if (first->key && delay >= 0 && (size_t)delay < d->packet_count &&
               d->packets[delay].dts != AV_NOPTS_VALUE && d->packets[delay].dts <= origin) {
        origin = d->packets[delay].dts;
    }
    /* Every place the grid can reach, from its origin to one a packet past the last time, must
     * be a time (a damaged file's times may lie anywhere), and every time one of its places. */
    int64_t span, reach, end;
    if (origin > d->pts[0] || __builtin_sub_overflow(d->pts[timed - 1], origin, &span) ||
        __builtin_mul_overflow(step, (int64_t)(d->packet_count + 1), &reach) ||
        __builtin_add_overflow(d->pts[timed - 1], reach, &end)) {
        return false;
    }
    for (size_t i = 0; i < timed; i++) {
        if ((d->pts[i] - origin) % step != 0) return false;
    }
    /* Keyframes first, each where the packets before it put it, unless a time holds that place;
     * their places rise with the packets, so they are listed in order. */
    int64_t *keys = malloc(untimed * sizeof *keys);
    if (keys == NULL) return false;
    size_t before = 0, key_count = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        packet_entry_t *p = &d->packets[i];
        if (p->key && p->pts == AV_NOPTS_VALUE && p->shown) {
            int64_t place = origin + (int64_t)before * step;
            if (bsearch(&place, d->pts, timed, sizeof *d->pts, compare_pts) == NULL) {
                p->pts = place;
                keys[key_count++] = place;
            }
        }
        if (p->shown) before++;
    }
    int64_t slot = origin;
    size_t next = 0, next_key = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        packet_entry_t *p = &d->packets[i];
        if (p->pts != AV_NOPTS_VALUE || !p->shown) continue;
        for (;;) {
            while (next < timed && d->pts[next] < slot) next++;
            while (next_key < key_count && keys[next_key] < slot) next_key++;
            bool taken = (next < timed && d->pts[next] == slot) || (next_key < key_count && keys[next_key] == slot);
            if (!taken) break;
            slot += step;
        }
        p->pts = slot;
        slot += step;
    }
    free(keys);
    return true;
}

/* Puts the frames' times on the stream's frame-rate grid when each is on it to within half the
 * precision the file stores times at: a 30 fps Matroska clip's frame 2, stored at 67 ms, is at
 * 2/30 s, and a 29.97 fps one's frames at exact multiples of 1001/30000 s, so that the frame
 * shown at a time does not depend on how its time was rounded. Variable frame rates stay as
 * stored. True when the times were moved. */
static bool on_rate_grid(video_decoder_t *d, size_t count) {
    AVRational rate = d->format->streams[d->stream]->r_frame_rate;
    if (rate.num <= 0 || rate.den <= 0 || count < 2) return false;
    double frame = av_q2d(av_inv_q(rate)), slack = av_q2d(d->time_base) / 2 + 1e-9;
    int64_t previous = -1;
    for (size_t i = 0; i < count; i++) {
        double place = d->times[i] / frame;
        if (!(place < 9e15)) return false;
        int64_t slot = llround(place);
        if (slot <= previous || fabs(d->times[i] - (double)slot * frame) > slack) return false;
        previous = slot;
    }
    for (size_t i = 0; i < count; i++) d->times[i] = (double)llround(d->times[i] / frame) * rate.den / rate.num;
    return true;
}

/* The frames' times, from every packet of the stream; `last_duration` is the last frame's. */
static video_status_t list_frames(video_decoder_t *d, int64_t last_duration, char *detail, size_t detail_size) {
    size_t count = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        if (d->packets[i].shown && d->packets[i].pts != AV_NOPTS_VALUE) d->pts[count++] = d->packets[i].pts;
    }
    if (count == 0 && d->packet_count > 0) {
        snprintf(detail, detail_size,
                 "its %zu packets carry no times, as in a bare stream with no container; encode it into "
                 "one at its frame rate, as `ffmpeg -r 30 -i FILE FILE.mp4` does",
                 d->packet_count);
        return VIDEO_CORRUPT;
    }
    if (count == 0) {
        snprintf(detail, detail_size, "the stream has no frames");
        return VIDEO_CORRUPT;
    }
    qsort(d->pts, count, sizeof *d->pts, compare_pts);
    size_t distinct = 0;
    for (size_t i = 0; i < count; i++) {
        if (distinct == 0 || d->pts[i] != d->pts[distinct - 1]) d->pts[distinct++] = d->pts[i];
    }
    d->info.frame_count = distinct;
    d->times = malloc((distinct ? distinct : 1) * sizeof *d->times);
    if (d->times == NULL) return VIDEO_NO_MEMORY;
    for (size_t i = 0; i < distinct; i++) d->times[i] = seconds(d, d->pts[i] - d->pts[0]);
    d->info.time_step = av_q2d(d->time_base);
    double last = seconds(d, last_duration);
    if (on_rate_grid(d, distinct)) {
        last = av_q2d(av_inv_q(d->format->streams[d->stream]->r_frame_rate));
        d->info.time_step = 0;
    }
    if (last <= 0 && distinct > 1) last = d->times[distinct - 1] - d->times[distinct - 2];
    AVRational rate = d->format->streams[d->stream]->avg_frame_rate;
    if (last <= 0 && rate.num > 0 && rate.den > 0) last = av_q2d(av_inv_q(rate));
    d->info.duration = d->times[distinct - 1] + (last > 0 ? last : 0);
    return VIDEO_OK;
}

typedef struct key_entry {
    int64_t pts;
    size_t packet;
} key_entry_t;

static int compare_keys(const void *a, const void *b) {
    const key_entry_t *x = a, *y = b;
    if (x->pts != y->pts) return (x->pts > y->pts) - (x->pts < y->pts);
    return (x->packet > y->packet) - (x->packet < y->packet);
}

/* Each frame's group: the last keyframe in decode order shown at or before it (the first packet
 * when none is). One sweep over the frames and the keyframes, both by presentation time. */
static video_status_t list_groups(video_decoder_t *d) {
    size_t count = d->info.frame_count;
    d->group = malloc((count ? count : 1) * sizeof *d->group);
    key_entry_t *keys = malloc((d->packet_count ? d->packet_count : 1) * sizeof *keys);
    if (d->group == NULL || keys == NULL) {
        free(keys);
        return VIDEO_NO_MEMORY;
    }
    size_t key_count = 0;
    for (size_t i = 0; i < d->packet_count; i++) {
        if (d->packets[i].key && d->packets[i].pts != AV_NOPTS_VALUE) {
            keys[key_count++] = (key_entry_t){.pts = d->packets[i].pts, .packet = i};
        }
    }
    qsort(keys, key_count, sizeof *keys, compare_keys);
    size_t latest = 0, next = 0;
    for (size_t i = 0; i < count; i++) {
        while (next < key_count && keys[next].pts <= d->pts[i]) {
            if (keys[next].packet > latest) latest = keys[next].packet;
            next++;
        }
        d->group[i] = latest;
    }
    free(keys);
    return VIDEO_OK;
}

/* Demuxes every packet once, without decoding, to list the frames and the keyframes. */
static video_status_t scan(video_decoder_t *d, char *detail, size_t detail_size) {
    size_t capacity = 0;
    int64_t last_pts = INT64_MIN, last_duration = 0;
    int ret;
    while ((ret = av_read_frame(d->format, d->packet)) >= 0) {
        if (d->packet->stream_index == d->stream) {
            if (d->packet->flags & AV_PKT_FLAG_CORRUPT) {
                int64_t pts = d->packet->pts != AV_NOPTS_VALUE ? d->packet->pts : d->packet->dts;
                int64_t first = d->packet_count > 0 ? d->packets[0].pts : AV_NOPTS_VALUE;
                double time = pts != AV_NOPTS_VALUE && first != AV_NOPTS_VALUE ? seconds(d, pts - first) : 0;
                snprintf(detail, detail_size, "the packet of the frame at %.3f s is cut short or damaged", time);
                av_packet_unref(d->packet);
                return VIDEO_CORRUPT;
            }
            if (!append_packet(d, d->packet, &capacity)) return VIDEO_NO_MEMORY;
            if (d->packets[d->packet_count - 1].pts >= last_pts) {
                last_pts = d->packets[d->packet_count - 1].pts;
                last_duration = d->packet->duration;
            }
        }
        av_packet_unref(d->packet);
    }
    if (ret != AVERROR_EOF) {
        libav_reason(ret, detail, detail_size);
        return VIDEO_CORRUPT;
    }
    infer_presentation_times(d);
    d->filled = fill_rate_grid(d);
    drop_leading_pictures(d);
    video_status_t status = list_frames(d, last_duration, detail, detail_size);
    return status == VIDEO_OK ? list_groups(d) : status;
}

/* Reads the stream's next packet into `packet`; libav's error at the end of the file or on a failure. */
static int read_stream_packet(video_decoder_t *d) {
    for (;;) {
        int ret = av_read_frame(d->format, d->packet);
        if (ret < 0) return ret;
        if (d->packet->stream_index == d->stream) {
            d->pending = true;
            return 0;
        }
        av_packet_unref(d->packet);
    }
}

static bool at_or_before(const AVPacket *packet, const packet_entry_t *entry) {
    if (packet->dts != AV_NOPTS_VALUE && entry->dts != AV_NOPTS_VALUE) return packet->dts <= entry->dts;
    if (packet->pts != AV_NOPTS_VALUE && entry->pts != AV_NOPTS_VALUE) return packet->pts <= entry->pts;
    return false;
}

/* Whether `packet` is the one `entry` lists: by decode time when both have one, as
 * at_or_before orders them (an entry of a packet without a presentation time holds its decode
 * time in its place, as AVI's do), else by presentation time. */
static bool is_entry(const AVPacket *packet, const packet_entry_t *entry) {
    if (packet->dts != AV_NOPTS_VALUE && entry->dts != AV_NOPTS_VALUE) return packet->dts == entry->dts;
    return packet->pts != AV_NOPTS_VALUE && packet->pts == entry->pts;
}

/* Reads on from a packet at or before `entry` to `entry` itself, dropping the packets between
 * undecoded; false (at a later packet or the end) when the stream passes it without showing it. */
static bool read_on_to(video_decoder_t *d, const packet_entry_t *entry) {
    while (!is_entry(d->packet, entry)) {
        if (!at_or_before(d->packet, entry)) return false;
        av_packet_unref(d->packet);
        d->pending = false;
        if (read_stream_packet(d) < 0) return false;
    }
    return true;
}

/* Positions the demuxer at the packet `entry` (a keyframe's, or the first), with that packet
 * read. A demuxer may land a group early (mov takes the time as a presentation time, so a stream
 * whose decode times run behind its presentation times, as with B-frames, lands on the keyframe
 * before): the packets up to `entry` are read and dropped undecoded, so decoding starts at it.
 * A demuxer that cannot seek, lands past it or never shows it is opened again and read from its
 * start; if the packets still do not meet it, decoding starts from the first keyframe. */
static video_status_t seek_to(video_decoder_t *d, size_t entry, char *detail, size_t detail_size) {
    const packet_entry_t *target = &d->packets[entry];
    avcodec_flush_buffers(d->codec);
    if (d->pending) av_packet_unref(d->packet);
    d->pending = d->finished = d->positioned = d->draining = false;
    int64_t timestamp = target->dts != AV_NOPTS_VALUE ? target->dts : target->pts;
    bool landed = timestamp != AV_NOPTS_VALUE &&
                  av_seek_frame(d->format, d->stream, timestamp, AVSEEK_FLAG_BACKWARD) >= 0 &&
                  read_stream_packet(d) >= 0 && at_or_before(d->packet, target) && read_on_to(d, target);
    for (int attempt = 0; !landed && attempt < 2; attempt++) {
        if (d->pending) av_packet_unref(d->packet);
        d->pending = false;
        avformat_close_input(&d->format);
        video_status_t status = open_input(d, detail, detail_size);
        if (status != VIDEO_OK) return status;
        int ret = read_stream_packet(d);
        if (ret < 0) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
        landed = attempt == 1 || read_on_to(d, target);
        if (attempt == 1) {
            /* From the start, where decoding starts at the first keyframe. */
            size_t first = 0;
            while (d->has_keys && first + 1 < d->packet_count && !d->packets[first].key) first++;
            target = &d->packets[first];
        }
    }
    d->start_pts = target->pts;
    /* Decoding starts at a keyframe, so no picture refers to one the decoder never saw. */
    while (d->has_keys && !(d->packet->flags & AV_PKT_FLAG_KEY)) {
        av_packet_unref(d->packet);
        d->pending = false;
        int ret = read_stream_packet(d);
        if (ret < 0) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
    }
    return VIDEO_OK;
}

/* Whether decoding forward from the last picture reaches frame `index` without a seek that would
 * cost more: it lies ahead in the same group, or in the group right after (a seek would decode
 * from that group's keyframe too, and flush the decoder's pipeline). */
static bool reaches(const video_decoder_t *d, size_t index) {
    if (!d->open || !d->positioned || d->finished || d->last_index >= index) return false;
    size_t from = d->group[d->last_index], to = d->group[index];
    if (to <= from) return true;
    for (size_t i = from + 1; i < to; i++) {
        if (d->packets[i].key) return false;
    }
    return true;
}

static int send_next_packet(video_decoder_t *d) {
    if (!d->pending) {
        int ret = read_stream_packet(d);
        if (ret == AVERROR_EOF) {
            d->draining = true;
            return avcodec_send_packet(d->codec, NULL);
        }
        if (ret < 0) return ret;
    }
    d->pending = false;
    int ret = avcodec_send_packet(d->codec, d->packet);
    av_packet_unref(d->packet);
    return ret;
}

/* The listed time after `pts`; AV_NOPTS_VALUE after the last. */
static int64_t time_after(const video_decoder_t *d, int64_t pts) {
    size_t low = 0, high = d->info.frame_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (d->pts[middle] <= pts) low = middle + 1; else high = middle;
    }
    return low < d->info.frame_count ? d->pts[low] : AV_NOPTS_VALUE;
}

/* Decodes forward until the picture shown at `pts` is in `frame`. */
static video_status_t decode_until(video_decoder_t *d, size_t index, char *detail, size_t detail_size) {
    int64_t pts = d->pts[index];
    for (;;) {
        int ret = avcodec_receive_frame(d->codec, d->frame);
        if (ret >= 0) {
            d->decoded++;
            int64_t shown = d->frame->best_effort_timestamp;
            /* A picture without a time (libavcodec gives none to one whose packet had none, as
             * many of MPEG program streams' have) is, first after a seek, the keyframe decoding
             * started at. Later, it is the frame after the one before when the decoder drains
             * at the end or the scan listed times for such packets (`fill_rate_grid`); otherwise
             * it is passed. */
            if (shown == AV_NOPTS_VALUE && !d->positioned) {
                shown = d->start_pts;
            } else if (shown == AV_NOPTS_VALUE && (d->draining || d->filled) && d->positioned &&
                       d->last_pts != AV_NOPTS_VALUE) {
                shown = time_after(d, d->last_pts);
            }
            d->positioned = true;
            d->last_pts = shown;
            if (d->last_pts == pts) {
                d->last_index = index;
                return VIDEO_OK;
            }
            av_frame_unref(d->frame);
            if (d->last_pts > pts) {
                /* The position is no frame of the list: the next frame starts from a seek. */
                d->positioned = false;
                snprintf(detail, detail_size, "the decoder produced no picture for it");
                return VIDEO_CORRUPT;
            }
            continue;
        }
        if (ret == AVERROR_EOF) {
            d->finished = true;
            snprintf(detail, detail_size, "the stream ends before it");
            return VIDEO_CORRUPT;
        }
        if (ret == AVERROR(EAGAIN)) ret = send_next_packet(d);
        if (ret < 0 && ret != AVERROR_EOF) {
            libav_reason(ret, detail, detail_size);
            return VIDEO_CORRUPT;
        }
    }
}

/* JPEG's YUV formats are the plain ones at full range; libswscale wants them so named. */
static enum AVPixelFormat plain_format(enum AVPixelFormat format, bool *full_range) {
    static const enum AVPixelFormat jpeg[][2] = {
        {AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV420P}, {AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUV422P},
        {AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV444P}, {AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUV440P},
        {AV_PIX_FMT_YUVJ411P, AV_PIX_FMT_YUV411P},
    };
    for (size_t i = 0; i < sizeof jpeg / sizeof jpeg[0]; i++) {
        if (format == jpeg[i][0]) {
            *full_range = true;
            return jpeg[i][1];
        }
    }
    return format;
}

/* The stream's own YUV matrix; when it names none, BT.709 for HD pictures and BT.601 below. */
static int yuv_matrix(const AVFrame *frame) {
    if (frame->colorspace != AVCOL_SPC_UNSPECIFIED && frame->colorspace != AVCOL_SPC_RESERVED) {
        return frame->colorspace;
    }
    return frame->width >= 1280 || frame->height > 576 ? SWS_CS_ITU709 : SWS_CS_DEFAULT;
}

static void premultiply(uint8_t *pixels, size_t stride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint8_t *p = pixels + (size_t)y * stride;
        for (int x = 0; x < width; x++, p += 4) {
            if (p[3] == 255) continue;
            for (int c = 0; c < 3; c++) {
                /* Cairo's rounding of c · a / 255, as the PNG decoder does. */
                unsigned temp = (unsigned)p[3] * p[c] + 0x80;
                p[c] = (uint8_t)(((temp >> 8) + temp) >> 8);
            }
        }
    }
}

/* What converting a picture needs besides its pixels: the size it is scaled to (square pixels)
 * and the display rotation, which turns that into the clip's size, and libswscale's filter. */
typedef struct geometry {
    int scaled_width, scaled_height;
    int width, height, rotation;
    int flags;
} geometry_t;

static geometry_t decoder_geometry(const video_decoder_t *d) {
    return (geometry_t){d->scaled_width, d->scaled_height, d->info.width, d->info.height, d->info.rotation,
                        SWS_BICUBIC};
}

/* Copies the scaled picture in `source` into `bgra`, turned counterclockwise by the rotation. */
static void rotate_into(const geometry_t *g, const uint8_t *source, size_t from, uint8_t *bgra, size_t stride) {
    int w = g->scaled_width, h = g->scaled_height;
    for (int y = 0; y < g->height; y++) {
        uint32_t *row = (uint32_t *)(bgra + (size_t)y * stride);
        for (int x = 0; x < g->width; x++) {
            int sx = x, sy = y;
            switch (g->rotation) {
            case 90: sx = w - 1 - y, sy = x; break;
            case 180: sx = w - 1 - x, sy = h - 1 - y; break;
            case 270: sx = y, sy = h - 1 - x; break;
            default: break;
            }
            memcpy(&row[x], source + (size_t)sy * from + (size_t)sx * 4, 4);
        }
    }
}

/* A scaler from `frame`'s pictures (in `format`) to `g`'s scaled size in BGRA, made again when
 * they change. libswscale converts bands of rows on its threads, each row as one thread would, so
 * the bytes do not depend on their number. */
static bool scaler_for(video_converter_t *c, const AVFrame *frame, enum AVPixelFormat format, const geometry_t *g) {
    if (c->scaler != NULL && c->width == frame->width && c->height == frame->height && c->format == format &&
        c->out_width == g->scaled_width && c->out_height == g->scaled_height && c->flags == g->flags) {
        return true;
    }
    sws_freeContext(c->scaler);
    c->scaler = sws_alloc_context();
    if (c->scaler == NULL) return false;
    av_opt_set_int(c->scaler, "srcw", frame->width, 0);
    av_opt_set_int(c->scaler, "srch", frame->height, 0);
    av_opt_set_pixel_fmt(c->scaler, "src_format", format, 0);
    av_opt_set_int(c->scaler, "dstw", g->scaled_width, 0);
    av_opt_set_int(c->scaler, "dsth", g->scaled_height, 0);
    av_opt_set_pixel_fmt(c->scaler, "dst_format", AV_PIX_FMT_BGRA, 0);
    av_opt_set_int(c->scaler, "sws_flags", g->flags, 0);
    av_opt_set_int(c->scaler, "threads", c->threads, 0);
    if (sws_init_context(c->scaler, NULL, NULL) < 0) {
        sws_freeContext(c->scaler);
        c->scaler = NULL;
        return false;
    }
    c->width = frame->width;
    c->height = frame->height;
    c->format = format;
    c->out_width = g->scaled_width;
    c->out_height = g->scaled_height;
    c->flags = g->flags;
    return true;
}

static void keep_pixels(void *opaque, uint8_t *data) {
    (void)opaque;
    (void)data;
}

/* Converts `frame`, read as `format`, into `target`. */
static bool scale(video_converter_t *c, const AVFrame *frame, enum AVPixelFormat format, const geometry_t *g,
                  uint8_t *target, size_t target_stride) {
    if (c->converted == NULL && (c->converted = av_frame_alloc()) == NULL) return false;
    AVFrame *out = c->converted;
    out->format = AV_PIX_FMT_BGRA;
    out->width = g->scaled_width;
    out->height = g->scaled_height;
    out->data[0] = target;
    out->linesize[0] = (int)target_stride;
    out->buf[0] = av_buffer_create(target, target_stride * (size_t)g->scaled_height, keep_pixels, NULL, 0);
    if (out->buf[0] == NULL) return false;
    /* JPEG's YUV formats are read as the plain ones (the range was given to the scaler), through
     * a reference of this thread's own: other threads may be converting the same picture. */
    AVFrame *renamed = NULL;
    if (frame->format != (int)format) {
        renamed = av_frame_alloc();
        if (renamed == NULL || av_frame_ref(renamed, frame) < 0) {
            av_frame_free(&renamed);
            av_frame_unref(out);
            return false;
        }
        renamed->format = format;
    }
    int ret = sws_scale_frame(c->scaler, out, renamed != NULL ? renamed : frame);
    av_frame_free(&renamed);
    av_frame_unref(out);
    return ret >= 0;
}

/* Whether libswscale reads `frame`'s pixel format: checked when a picture is decoded, so that
 * converting it later fails only when memory runs out. */
static bool convertible(const AVFrame *frame, char *detail, size_t detail_size) {
    bool full_range = false;
    enum AVPixelFormat format = plain_format(frame->format, &full_range);
    if (sws_isSupportedInput(format)) return true;
    snprintf(detail, detail_size, "libswscale cannot convert %s pictures", av_get_pix_fmt_name(format));
    return false;
}

static video_status_t convert(video_converter_t *c, AVFrame *frame, const geometry_t *g, uint8_t *bgra,
                              size_t stride, char *detail, size_t detail_size) {
    size_t scaled_stride = aligned((size_t)g->scaled_width * 4);
    bool direct = g->rotation == 0 && stride % alignment == 0 && (uintptr_t)bgra % alignment == 0;
    /* A spare row: vector code may reach past a row's end. */
    size_t scaled_bytes = scaled_stride * ((size_t)g->scaled_height + 1);
    if (!direct && c->scaled_bytes < scaled_bytes) {
        free(c->scaled);
        c->scaled_bytes = 0;
        c->scaled = aligned_alloc(alignment, scaled_bytes);
        if (c->scaled == NULL) return VIDEO_NO_MEMORY;
        c->scaled_bytes = scaled_bytes;
    }
    bool full_range = frame->color_range == AVCOL_RANGE_JPEG;
    enum AVPixelFormat format = plain_format(frame->format, &full_range);
    if (!scaler_for(c, frame, format, g)) {
        snprintf(detail, detail_size, "libswscale cannot convert %s pictures", av_get_pix_fmt_name(format));
        return VIDEO_CORRUPT;
    }
    const AVPixFmtDescriptor *pixels = av_pix_fmt_desc_get(format);
    if (!(pixels->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL))) {
        const int *matrix = sws_getCoefficients(yuv_matrix(frame));
        sws_setColorspaceDetails(c->scaler, matrix, full_range, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16,
                                 1 << 16);
    }
    /* Upright pictures go straight into `bgra` when its rows are aligned as libswscale's vector
     * code wants them (the caller provides the spare row). */
    uint8_t *target = direct ? bgra : c->scaled;
    size_t target_stride = direct ? stride : scaled_stride;
    if (!scale(c, frame, format, g, target, target_stride)) {
        snprintf(detail, detail_size, "libswscale failed");
        return VIDEO_CORRUPT;
    }
    if (pixels->flags & (AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL)) {
        premultiply(target, target_stride, g->scaled_width, g->scaled_height);
    }
    if (direct) return VIDEO_OK;
    if (g->rotation == 0) {
        for (int y = 0; y < g->scaled_height; y++) {
            memcpy(bgra + (size_t)y * stride, c->scaled + (size_t)y * scaled_stride, (size_t)g->scaled_width * 4);
        }
    } else {
        rotate_into(g, c->scaled, scaled_stride, bgra, stride);
    }
    return VIDEO_OK;
}

static void converter_clear(video_converter_t *c) {
    sws_freeContext(c->scaler);
    c->scaler = NULL;
    av_frame_free(&c->converted);
    free(c->scaled);
    c->scaled = NULL;
    c->scaled_bytes = 0;
}

video_converter_t *video_converter_create(void) {
    video_converter_t *c = calloc(1, sizeof *c);
    if (c != NULL) c->threads = 1;
    return c;
}

void video_converter_free(video_converter_t *converter) {
    if (converter == NULL) return;
    converter_clear(converter);
    free(converter);
}

video_status_t video_picture_convert(const video_picture_t *picture, video_converter_t *converter, uint8_t *bgra,
                                     size_t stride, char *detail, size_t detail_size) {
    if (detail_size > 0) detail[0] = '\0';
    geometry_t g = {picture->scaled_width, picture->scaled_height, picture->width, picture->height,
                    picture->rotation, SWS_BICUBIC};
    return convert(converter, picture->frame, &g, bgra, stride, detail, detail_size);
}

video_status_t video_picture_convert_sized(const video_picture_t *picture, video_converter_t *converter, int width,
                                           int height, uint8_t *bgra, size_t stride, char *detail, size_t detail_size) {
    if (detail_size > 0) detail[0] = '\0';
    /* libswscale scales before the picture is turned: a quarter turn swaps the sides it scales to.
     * Averaging by area costs less than bicubic's wide filter at a third of the size (1.2 against
     * 2.5 ms a 1080p picture to 640×360, where converting it whole takes 1.8) and aliases no more.
     * Chroma stays at half the output's width, as in the whole conversion: interpolating it in full
     * (SWS_FULL_CHR_H_INT) would cost 5.5 ms, more than the whole picture. */
    bool quarter = picture->rotation == 90 || picture->rotation == 270;
    geometry_t g = {quarter ? height : width, quarter ? width : height, width, height, picture->rotation, SWS_AREA};
    return convert(converter, picture->frame, &g, bgra, stride, detail, detail_size);
}

void video_picture_free(video_picture_t *picture) {
    if (picture == NULL) return;
    av_frame_free(&picture->frame);
    free(picture);
}

video_status_t video_decoder_open(const char *path, uint32_t max_dimension, video_decoder_t **decoder,
                                  video_info_t *info, char *detail, size_t detail_size) {
    /* Failures come back as statuses and reasons; libav's own log would only repeat them. */
    av_log_set_level(AV_LOG_QUIET);
    *decoder = NULL;
    if (detail_size > 0) detail[0] = '\0';
    video_decoder_t *d = calloc(1, sizeof *d);
    if (d == NULL) return VIDEO_NO_MEMORY;
    video_status_t status = VIDEO_NO_MEMORY;
    d->path = strdup(path);
    d->packet = av_packet_alloc();
    d->frame = av_frame_alloc();
    if (d->path != NULL && d->packet != NULL && d->frame != NULL) status = open_input(d, detail, detail_size);
    if (status == VIDEO_OK) status = choose_stream(d, detail, detail_size);
    if (status == VIDEO_OK) status = open_codec(d, detail, detail_size);
    if (status == VIDEO_OK) status = read_geometry(d, max_dimension);
    if (status == VIDEO_OK) status = scan(d, detail, detail_size);
    d->open = status == VIDEO_OK;
    *info = d->info;
    if (status != VIDEO_OK) {
        video_decoder_close(d);
        return status;
    }
    *decoder = d;
    return VIDEO_OK;
}

const double *video_decoder_times(const video_decoder_t *decoder) {
    return decoder->times;
}

static void *copy_of(const void *items, size_t count, size_t size) {
    void *copy = malloc((count ? count : 1) * size);
    if (copy != NULL && count > 0) memcpy(copy, items, count * size);
    return copy;
}

video_status_t video_decoder_clone(const video_decoder_t *source, video_decoder_t **decoder) {
    *decoder = NULL;
    video_decoder_t *d = malloc(sizeof *d);
    if (d == NULL) return VIDEO_NO_MEMORY;
    /* The frame list, the geometry and the stream's place; everything the decoder owns is its
     * own: nothing open, no packet read, a converter made on first use. */
    *d = *source;
    d->format = NULL;
    d->codec = NULL;
    d->open = d->pending = d->finished = d->positioned = d->draining = false;
    d->decoded = 0;
    memset(&d->converter, 0, sizeof d->converter);
    d->converter.threads = source->threads;
    d->path = strdup(source->path);
    d->packet = av_packet_alloc();
    d->frame = av_frame_alloc();
    size_t frames = source->info.frame_count;
    d->packets = copy_of(source->packets, source->packet_count, sizeof *d->packets);
    d->pts = copy_of(source->pts, frames, sizeof *d->pts);
    d->times = copy_of(source->times, frames, sizeof *d->times);
    d->group = copy_of(source->group, frames, sizeof *d->group);
    if (d->path == NULL || d->packet == NULL || d->frame == NULL || d->packets == NULL || d->pts == NULL ||
        d->times == NULL || d->group == NULL) {
        video_decoder_close(d);
        return VIDEO_NO_MEMORY;
    }
    *decoder = d;
    return VIDEO_OK;
}

/* Opens the file and the decoder again after video_decoder_release. */
static video_status_t reopen(video_decoder_t *d, char *detail, size_t detail_size) {
    video_status_t status = open_input(d, detail, detail_size);
    if (status == VIDEO_OK) status = choose_stream(d, detail, detail_size);
    if (status == VIDEO_OK) status = open_codec(d, detail, detail_size);
    if (status == VIDEO_OK) {
        d->open = true;
        d->positioned = d->finished = d->pending = d->draining = false;
    } else {
        avcodec_free_context(&d->codec);
        avformat_close_input(&d->format);
    }
    return status;
}

/* Decodes the frame at `index` into d->frame, which the caller unreferences. On failure d->frame
 * holds nothing, and the next frame starts from a seek. */
static video_status_t decode_frame(video_decoder_t *d, size_t index, char *detail, size_t detail_size) {
    if (detail_size > 0) detail[0] = '\0';
    if (index >= d->info.frame_count) {
        snprintf(detail, detail_size, "the clip has %zu frames", d->info.frame_count);
        return VIDEO_CORRUPT;
    }
    video_status_t status = d->open ? VIDEO_OK : reopen(d, detail, detail_size);
    if (status != VIDEO_OK) return status;
    if (!reaches(d, index)) status = seek_to(d, d->group[index], detail, detail_size);
    if (status == VIDEO_OK) status = decode_until(d, index, detail, detail_size);
    if (status == VIDEO_OK && ((d->frame->flags & AV_FRAME_FLAG_CORRUPT) || d->frame->decode_error_flags)) {
        snprintf(detail, detail_size, "the decoder reports damage in it");
        status = VIDEO_CORRUPT;
    }
    if (status != VIDEO_OK) {
        av_frame_unref(d->frame);
        d->positioned = false;
    }
    return status;
}

video_status_t video_decoder_frame(video_decoder_t *decoder, size_t index, uint8_t *bgra, size_t stride,
                                   char *detail, size_t detail_size) {
    video_decoder_t *d = decoder;
    video_status_t status = decode_frame(d, index, detail, detail_size);
    if (status != VIDEO_OK) return status;
    if (bgra != NULL) {
        geometry_t g = decoder_geometry(d);
        status = convert(&d->converter, d->frame, &g, bgra, stride, detail, detail_size);
    }
    av_frame_unref(d->frame);
    if (status != VIDEO_OK) d->positioned = false;
    return status;
}

video_status_t video_decoder_picture(video_decoder_t *decoder, size_t index, video_picture_t **picture,
                                     char *detail, size_t detail_size) {
    video_decoder_t *d = decoder;
    *picture = NULL;
    video_status_t status = decode_frame(d, index, detail, detail_size);
    if (status != VIDEO_OK) return status;
    if (!convertible(d->frame, detail, detail_size)) status = VIDEO_CORRUPT;
    video_picture_t *kept = status == VIDEO_OK ? calloc(1, sizeof *kept) : NULL;
    if (status == VIDEO_OK && (kept == NULL || (kept->frame = av_frame_clone(d->frame)) == NULL)) {
        free(kept);
        kept = NULL;
        status = VIDEO_NO_MEMORY;
    }
    av_frame_unref(d->frame);
    if (status != VIDEO_OK) {
        d->positioned = false;
        return status;
    }
    kept->scaled_width = d->scaled_width;
    kept->scaled_height = d->scaled_height;
    kept->width = d->info.width;
    kept->height = d->info.height;
    kept->rotation = d->info.rotation;
    *picture = kept;
    return VIDEO_OK;
}

size_t video_decoder_passage(const video_decoder_t *decoder, size_t index) {
    const video_decoder_t *d = decoder;
    if (index >= d->info.frame_count) return index;
    if (reaches(d, index)) return d->last_index + 1;
    /* After a seek the first frame shown is the group's keyframe; pictures before it in
     * presentation order (an open group's leading ones) are passed over. */
    int64_t key = d->packets[d->group[index]].pts;
    size_t low = 0, high = index;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (d->pts[middle] < key) low = middle + 1; else high = middle;
    }
    return low;
}

uint64_t video_decoder_decoded_count(const video_decoder_t *decoder) {
    return decoder->decoded;
}

void video_decoder_release(video_decoder_t *decoder) {
    video_decoder_t *d = decoder;
    if (d->pending) av_packet_unref(d->packet);
    d->pending = d->positioned = d->finished = d->open = d->draining = false;
    converter_clear(&d->converter);
    avcodec_free_context(&d->codec);
    avformat_close_input(&d->format);
}

void video_decoder_set_threads(video_decoder_t *decoder, int threads) {
    video_decoder_t *d = decoder;
    if (threads < 0) threads = 0;
    if (threads == d->threads) return;
    d->threads = threads;
    /* Converting keeps up with decoding on as many threads. */
    d->converter.threads = threads;
    converter_clear(&d->converter);
    /* The codec takes its thread count when it opens. */
    if (d->open) video_decoder_release(d);
}

void video_decoder_close(video_decoder_t *decoder) {
    if (decoder == NULL) return;
    video_decoder_t *d = decoder;
    converter_clear(&d->converter);
    avcodec_free_context(&d->codec);
    avformat_close_input(&d->format);
    av_packet_free(&d->packet);
    av_frame_free(&d->frame);
    free(d->packets);
    free(d->pts);
    free(d->times);
    free(d->group);
    free(d->path);
    free(d);
}
