/*
 * CVideoDecode.h — the frames of a video file, by index, through libavformat, libavcodec and
 * libswscale, as premultiplied B, G, R, A bytes (Cairo ARGB32 on a little-endian machine).
 *
 * Opening a file demuxes every packet of its first video stream once, without decoding, to list
 * the presentation times of all its frames: variable frame rates are exact and a frame is found
 * by its time, never by counting. A frame is delivered upright (the stream's display matrix
 * applied: multiples of 90° only), with square pixels (scaled to the display width), its colours
 * converted with the stream's own matrix and range, alpha premultiplied.
 *
 * A decoder keeps one libavcodec decoder and its position: a frame ahead of the position in the
 * same group of pictures is reached by decoding forward, any other by seeking to the keyframe at
 * or before it and decoding forward. The bytes of a frame do not depend on the order frames are
 * asked for. One thread at a time may use a decoder; different decoders may be used at once.
 *
 * video_audio_probe checks a sound file the same libraries will read, before a render mixes it;
 * video_audio_decode gives its samples to the host's mixer, resampled by libswresample.
 *
 * The decoder lives in libpipeline-video.so (Libraries/video-decoder), loaded on the first
 * video_decoder_open, video_audio_probe or video_audio_decode (see video_loader.c): the host's start
 * does not pay for libav's libraries. When it cannot be loaded, they fail with VIDEO_UNAVAILABLE and say why.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct video_decoder video_decoder_t;
typedef struct video_picture video_picture_t;
typedef struct video_converter video_converter_t;

typedef enum video_status {
    VIDEO_OK = 0,
    VIDEO_NOT_FOUND,            /* no file at the path */
    VIDEO_UNREADABLE,           /* libavformat recognises no media in it, or cannot read it */
    VIDEO_NO_VIDEO_STREAM,
    VIDEO_UNSUPPORTED_CODEC,    /* no decoder for the stream's codec: info.codec names it */
    VIDEO_TOO_LARGE,            /* info.width and info.height exceed the limit */
    VIDEO_UNSUPPORTED_ROTATION, /* info.rotation is not a multiple of 90 */
    VIDEO_CORRUPT,              /* a packet or frame cannot be read or decoded */
    VIDEO_NO_MEMORY,
    VIDEO_UNAVAILABLE,          /* libpipeline-video.so cannot be loaded: the detail says why */
    VIDEO_NO_AUDIO_STREAM,      /* video_audio_probe: the file holds no sound */
    VIDEO_NOT_REGULAR_FILE,     /* a FIFO, a device, a socket or a folder: the detail says which ("a FIFO") */
} video_status_t;

/* What the host needs to know about a clip before decoding it. */
typedef struct video_info {
    int width, height;              /* the display size: pixel aspect and rotation applied */
    int coded_width, coded_height;  /* the size of the decoded pictures */
    int rotation;                   /* degrees the picture turns counterclockwise for display, as ffprobe's
                                       `rotation` reports it, in [0, 360): its −90 is 270 here */
    int sample_aspect_num, sample_aspect_den;  /* pixel width ÷ height, 1:1 when unknown */
    double duration;                /* seconds from the first frame to the end of the last */
    double time_step;               /* seconds: the precision of the frame times (the stream's time
                                       base: Matroska's a millisecond, GIF's a hundredth); 0 when
                                       they were put on the frame-rate grid, which is exact */
    size_t frame_count;
    bool has_alpha;                 /* the decoded pixel format carries alpha */
    bool high_bit_depth;            /* more than 8 bits per component */
    char codec[32];                 /* the stream's codec, as libavcodec names it ("h264") */
} video_info_t;

/* Opens the file at `path` and lists its frames. Clips wider or taller than `max_dimension` (as
 * coded or as displayed) are refused. On success stores the decoder in `*decoder`; `*info` is
 * filled as far as the file was read, also on failure (the codec's name, the rotation, the size).
 * On failure writes a one-line lowercase reason from libav (at most detail_size bytes,
 * NUL-terminated, possibly empty) into `detail`. */
video_status_t video_decoder_open(const char *path, uint32_t max_dimension, video_decoder_t **decoder,
                                  video_info_t *info, char *detail, size_t detail_size);

/* A second decoder of `source`'s file, sharing nothing with it: the frame list is copied, not
 * read from the file again, and the file and codec open when it first decodes (as after
 * video_decoder_release), with `source`'s thread count. Two places in one file decoded at once
 * (two layers playing it from different points) each keep their own position. NULL in
 * `*decoder` and VIDEO_NO_MEMORY when memory runs out. */
video_status_t video_decoder_clone(const video_decoder_t *source, video_decoder_t **decoder);

/* The presentation time of every frame in seconds from the first, sorted and distinct:
 * info.frame_count of them, valid until the decoder is closed. */
const double *video_decoder_times(const video_decoder_t *decoder);

/* Decodes the frame at `index` (< info.frame_count) into info.width × info.height pixels of
 * premultiplied B, G, R, A, rows `stride` bytes apart (`bgra` holds one row more than the
 * picture: with `bgra` and `stride` multiples of 64, pixels are converted straight into it, and
 * vector code may write past a row's end); with `bgra` NULL, decodes it without
 * converting it (a frame passed over on the way to another). A frame ahead of the last one
 * decoded, in its group of pictures or the next, is reached by decoding forward; any other by a
 * seek to its group's keyframe. VIDEO_CORRUPT when the frame cannot be decoded, with the reason
 * in `detail`; the decoder stays usable for other frames. */
video_status_t video_decoder_frame(video_decoder_t *decoder, size_t index, uint8_t *bgra, size_t stride,
                                   char *detail, size_t detail_size);

/* Decodes the frame at `index` as video_decoder_frame does, but keeps the decoded picture (a
 * reference to the codec's buffers) instead of converting it: `*picture` is converted later, on
 * any thread, by video_picture_convert, and freed by video_picture_free. The picture's pixel format
 * is checked here, so converting it fails only when memory runs out. `*picture` is NULL on failure. */
video_status_t video_decoder_picture(video_decoder_t *decoder, size_t index, video_picture_t **picture,
                                     char *detail, size_t detail_size);

/* Converts a kept picture into `bgra` exactly as video_decoder_frame would have (the same bytes),
 * with the same rules for `bgra` and `stride`. One thread at a time may use a converter; any
 * number of threads may convert the same picture at once, each with its own converter. */
video_status_t video_picture_convert(const video_picture_t *picture, video_converter_t *converter, uint8_t *bgra,
                                     size_t stride, char *detail, size_t detail_size);

/* Converts a kept picture as video_picture_convert does, but scaled in the same libswscale pass to
 * `width` × `height` (the clip's display size drawn smaller: a draft render), with the same rules
 * for `bgra` and `stride`. The bytes depend only on the picture and the size. */
video_status_t video_picture_convert_sized(const video_picture_t *picture, video_converter_t *converter, int width,
                                           int height, uint8_t *bgra, size_t stride, char *detail, size_t detail_size);

void video_picture_free(video_picture_t *picture);

/* A converter working on the calling thread (libswscale's context and a spare picture buffer,
 * made on first use); NULL when memory runs out. */
video_converter_t *video_converter_create(void);

void video_converter_free(video_converter_t *converter);

/* The first frame that decoding frame `index` goes through: the one after the last decoded when
 * `index` is reached by decoding forward, else the first its group's keyframe shows. Decoding
 * each frame from there to `index` in turn decodes every picture once. */
size_t video_decoder_passage(const video_decoder_t *decoder, size_t index);

/* How many pictures libavcodec has produced since the decoder was opened (including those
 * passed over on the way to a requested frame): what seeking saves shows here. */
uint64_t video_decoder_decoded_count(const video_decoder_t *decoder);

/* Closes the file and the codec (their buffers and threads), keeping the frame list: the next
 * frame asked for opens them again. */
void video_decoder_release(video_decoder_t *decoder);

/* The threads libavcodec decodes with from the next time the codec opens (a codec open now is
 * released): 0, the default, lets libavcodec choose (one more than the cores); a render gives
 * its own thread count, so that decoding and rendering together use the cores it was given. */
void video_decoder_set_threads(video_decoder_t *decoder, int threads);

void video_decoder_close(video_decoder_t *decoder);

/* What a sound file holds, all of it decoded to be sure it can be. */
typedef struct audio_info {
    double duration;  /* seconds of sound: the decoded samples' count over the rate */
    int sample_rate;  /* Hz */
    int channels;
    char codec[32];   /* as libavcodec names it ("aac", "pcm_s16le", "mp3", "opus") */
    double start;     /* seconds from the start of the file's timeline (its earliest stream's first
                         timestamp, where ffmpeg's own reading starts) to this stream's first sound:
                         a recording whose sound begins after its picture has one */
} audio_info_t;

/* Opens the file at `path`, picks its best audio stream (the one ffmpeg itself would choose) and
 * decodes every packet of it to the end, so that a damaged file is found before a render relies
 * on it. VIDEO_CORRUPT when the demuxer or the decoder reports an error, a packet flagged damaged
 * is followed by more, nothing decodes, or the file declares a length (a WAV's data size, an
 * MP3's frame count, an MP4's track length, an Ogg file's last page) that the decoded sound falls
 * short of by more than encoders' padding (an MP3 cut short decodes cleanly up to its cut). A
 * file that merely ends early without declaring otherwise (a WAV cut at a sample, an Ogg file cut
 * between pages) is shorter, not corrupt; so is the sound of a file with other streams, whose
 * declared length may be theirs. Bytes of PCM are all valid sound: damage inside them cannot be
 * seen. Decoding 3 minutes of 48 kHz stereo takes about 0.1 s (AAC) to 0.25 s (FLAC).
 *
 * `*info` is filled as far as the file was read, also on failure (the codec's name when it has
 * no decoder). On failure writes a one-line lowercase reason into `detail` as video_decoder_open
 * does, starting with the time it concerns ("at 1.536 s: invalid data found when processing
 * input"). Any thread may call it at any time. */
video_status_t video_audio_probe(const char *path, audio_info_t *info, char *detail, size_t detail_size);

/* Decodes all of the best audio stream of the file at `path` (the one video_audio_probe checks)
 * and resamples it with libswresample to `sample_rate` Hz stereo (a mono stream plays in both
 * channels at −3 dB, as ffmpeg up-mixes it), as interleaved 32-bit floats: `*count` stereo
 * samples at `*samples`, to be released with free(). The first sample is the stream's first
 * sound (audio_info_t.start into the file's timeline). One decoding thread: the same file gives
 * the same samples every time. Fails as video_audio_probe does. Any thread may call it. */
video_status_t video_audio_decode(const char *path, int sample_rate, float **samples, size_t *count, char *detail,
                                  size_t detail_size);

#ifdef __cplusplus
}
#endif
