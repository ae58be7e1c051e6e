/* FFmpeg's demuxers and decoders (libavformat, with libavcodec and libavutil behind it), loaded when the first input
   that is not MPEG audio is opened. Every byte comes through Podline's own reader (a custom I/O context): FFmpeg's
   protocols are never used, and only the containers and codecs below are allowed. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include "lazy.h"

/* The FFmpeg functions Podline calls (see lazy.h); libavformat's handle finds libavcodec's and libavutil's too. */
#define PODLINE_AV_FUNCTIONS(F, V, R) \
    R(avformat_alloc_context)         \
    R(avformat_open_input)            \
    R(avformat_find_stream_info)      \
    R(avformat_close_input)           \
    R(avformat_free_context)          \
    R(avformat_seek_file)             \
    R(av_find_best_stream)            \
    R(av_read_frame)                  \
    R(av_stream_get_side_data)        \
    R(avio_alloc_context)             \
    R(avio_context_free)              \
    R(avcodec_alloc_context3)         \
    R(avcodec_free_context)           \
    R(avcodec_parameters_to_context)  \
    R(avcodec_open2)                  \
    R(avcodec_send_packet)            \
    R(avcodec_receive_frame)          \
    R(avcodec_flush_buffers)          \
    R(av_packet_alloc)                \
    R(av_packet_free)                 \
    R(av_packet_unref)                \
    R(av_frame_alloc)                 \
    R(av_frame_free)                  \
    R(av_frame_unref)                 \
    R(av_malloc)                      \
    R(av_free)                        \
    R(av_strdup)                      \
    R(av_dict_set)                    \
    R(av_dict_get)                    \
    R(av_dict_free)                   \
    R(av_rescale_q)                   \
    R(av_strerror)                    \
    R(av_sample_fmt_is_planar)        \
    R(av_get_packed_sample_fmt)       \
    R(av_log_set_level)
PODLINE_TABLE(av, PODLINE_AV_FUNCTIONS)

/* The demuxers allowed: MP4/M4A/M4B/MOV (the mov demuxer), Ogg, FLAC, WAV, ADTS AAC. */
static const char *const allowed_formats = "mov,ogg,flac,wav,aac";
/* The decoders allowed: AAC (LC and HE), ALAC, Opus, Vorbis, FLAC, WAV's PCM, and the AC-3 and E-AC-3 of video podcasts'
   MP4 files. MP2 and MP3 are libmpg123's. */
static const char *const allowed_codecs = "aac,alac,opus,vorbis,flac,ac3,eac3,"
                                          "pcm_u8,pcm_s16le,pcm_s16be,pcm_s24le,pcm_s32le,pcm_f32le,pcm_f64le,pcm_alaw,pcm_mulaw";
/* What a refused codec's line names: the codecs above, as a listener knows them. */
static const char *const refused_codec = "its audio codec is not one Podline plays (AAC, ALAC, Opus, Vorbis, FLAC, PCM, AC-3, E-AC-3)";

enum { IO_BUFFER = 64 * 1024 };

struct podline_av_input {
    podline_av_io io;
    int fd; /* for a file opened here; -1 for a stream */
    AVFormatContext *format;
    AVIOContext *avio;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int rate;
    int channels; /* of the output: 1 or 2 */
    int64_t first; /* the first decoded sample's timestamp, in samples: where frame 0 lies */
    int64_t position; /* frames from the start of the next frame `read` gives */
    int64_t drop_until; /* after a seek: frames before this one are decoded and dropped */
    int offset; /* frames of `frame` already given */
    int flushing; /* the demuxer ended: the decoder is being drained */
    int ended;
};

static void say(char *message, size_t size, const char *text) {
    if (message && size) snprintf(message, size, "%s", text);
}

static void say_error(char *message, size_t size, const char *what, int code) {
    char reason[256];
    if (table.av_strerror(code, reason, sizeof reason) < 0) snprintf(reason, sizeof reason, "error %d", code);
    if (message && size) snprintf(message, size, "%s: %s", what, reason);
}

static int read_file(void *context, unsigned char *buffer, int size) {
    int fd = *(int *)context;
    for (;;) {
        ssize_t count = read(fd, buffer, (size_t)size);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return AVERROR(errno);
        return count == 0 ? AVERROR_EOF : (int)count;
    }
}

static int64_t seek_file(void *context, int64_t offset, int whence) {
    int fd = *(int *)context;
    if (whence & AVSEEK_SIZE) {
        struct stat info;
        return fstat(fd, &info) == 0 ? (int64_t)info.st_size : -1;
    }
    off_t result = lseek(fd, (off_t)offset, whence & ~AVSEEK_FORCE);
    return result < 0 ? AVERROR(errno) : (int64_t)result;
}

static int read_io(void *context, unsigned char *buffer, int size) {
    struct podline_av_input *input = context;
    if (input->fd >= 0) return read_file(&input->fd, buffer, size);
    int count = input->io.read(input->io.context, buffer, size);
    if (count == 0) return AVERROR_EOF;
    return count < 0 ? AVERROR(EIO) : count;
}

static int64_t seek_io(void *context, int64_t offset, int whence) {
    struct podline_av_input *input = context;
    if (input->fd >= 0) return seek_file(&input->fd, offset, whence);
    if (whence & AVSEEK_SIZE) return input->io.size ? input->io.size(input->io.context) : -1;
    if (!input->io.seek) return -1;
    return input->io.seek(input->io.context, offset, whence & ~AVSEEK_FORCE);
}

/* True when the stream is protected (iTunes DRM, or common encryption): nothing of it can be decoded. */
static int is_protected(AVStream *stream) {
    uint32_t tag = stream->codecpar->codec_tag;
    if (tag == MKTAG('d', 'r', 'm', 's') || tag == MKTAG('e', 'n', 'c', 'a')) return 1;
    return table.av_stream_get_side_data(stream, AV_PKT_DATA_ENCRYPTION_INIT_INFO, NULL) != NULL;
}

static int next_frame(struct podline_av_input *input);
static int64_t frame_start(const struct podline_av_input *input);

/* Opens the container, finds its first audio track and opens its decoder; 0, or -1 with the reason. */
static int open_input(struct podline_av_input *input, char *message, size_t size) {
    table.av_log_set_level(AV_LOG_QUIET);
    unsigned char *buffer = table.av_malloc(IO_BUFFER);
    input->format = table.avformat_alloc_context();
    if (!buffer || !input->format) {
        table.av_free(buffer);
        say(message, size, "out of memory");
        return -1;
    }
    input->avio = table.avio_alloc_context(buffer, IO_BUFFER, 0, input, read_io, NULL, seek_io);
    if (!input->avio) {
        table.av_free(buffer);
        say(message, size, "out of memory");
        return -1;
    }
    input->format->pb = input->avio;
    input->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    input->format->format_whitelist = table.av_strdup(allowed_formats);
    input->format->codec_whitelist = table.av_strdup(allowed_codecs);
    input->format->protocol_whitelist = table.av_strdup("none");
    int code = table.avformat_open_input(&input->format, NULL, NULL, NULL);
    if (code < 0) {
        input->format = NULL; /* freed by avformat_open_input */
        if (code == AVERROR_INVALIDDATA) say(message, size, "damaged, or not what its first bytes say");
        else say_error(message, size, "cannot read the container", code);
        return -1;
    }
    code = table.avformat_find_stream_info(input->format, NULL);
    if (code < 0) {
        say_error(message, size, "cannot read the container", code);
        return -1;
    }
    const AVCodec *decoder = NULL;
    int index = table.av_find_best_stream(input->format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (index == AVERROR_STREAM_NOT_FOUND) {
        int video = 0;
        for (unsigned i = 0; i < input->format->nb_streams; i++)
            video |= input->format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO;
        say(message, size, video ? "no audio track (video only)" : "no audio track");
        return -1;
    }
    if (index >= 0 && is_protected(input->format->streams[index])) {
        say(message, size, "the audio is protected (DRM) and cannot be played");
        return -1;
    }
    if (index < 0 || !decoder) {
        for (unsigned i = 0; i < input->format->nb_streams; i++) {
            AVStream *stream = input->format->streams[i];
            if (stream->codecpar->codec_type == AVMEDIA_TYPE_AUDIO && is_protected(stream)) {
                say(message, size, "the audio is protected (DRM) and cannot be played");
                return -1;
            }
        }
        say(message, size, refused_codec);
        return -1;
    }
    input->stream = index;
    for (unsigned i = 0; i < input->format->nb_streams; i++) {
        if ((int)i != index) input->format->streams[i]->discard = AVDISCARD_ALL;
    }
    AVStream *stream = input->format->streams[index];
    input->codec = table.avcodec_alloc_context3(decoder);
    if (!input->codec) {
        say(message, size, "out of memory");
        return -1;
    }
    code = table.avcodec_parameters_to_context(input->codec, stream->codecpar);
    if (code < 0) {
        say_error(message, size, "cannot set up the decoder", code);
        return -1;
    }
    input->codec->pkt_timebase = stream->time_base;
    AVDictionary *options = NULL;
    table.av_dict_set(&options, "codec_whitelist", allowed_codecs, 0);
    code = table.avcodec_open2(input->codec, decoder, &options);
    table.av_dict_free(&options);
    if (code < 0) {
        if (code == AVERROR(EINVAL)) say(message, size, refused_codec);
        else say_error(message, size, "cannot open the decoder", code);
        return -1;
    }
    input->packet = table.av_packet_alloc();
    input->frame = table.av_frame_alloc();
    if (!input->packet || !input->frame) {
        say(message, size, "out of memory");
        return -1;
    }
    input->rate = input->codec->sample_rate;
    int channels = input->codec->ch_layout.nb_channels;
    if (input->rate <= 0 || channels <= 0) {
        say(message, size, "its audio track names no sample rate or channels");
        return -1;
    }
    input->channels = channels == 1 ? 1 : 2;
    /* The first frame is decoded now: its timestamp is where frame 0 lies, which seeks are counted from. */
    int code2 = next_frame(input);
    if (code2 < 0) {
        say_error(message, size, "cannot decode", code2);
        return -1;
    }
    if (code2 == 0) input->ended = 1;
    int64_t start = code2 > 0 ? frame_start(input) : INT64_MIN;
    input->first = start == INT64_MIN ? 0 : start;
    return 0;
}

static podline_av_input *finish_open(struct podline_av_input *input, char *message, size_t size) {
    if (open_input(input, message, size) == 0) return input;
    podline_av_close(input);
    return NULL;
}

podline_av_input *podline_av_open_file(const char *path, char *message, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        say(message, size, strerror(errno));
        return NULL;
    }
    struct podline_av_input *input = calloc(1, sizeof *input);
    if (!input) {
        close(fd);
        say(message, size, "out of memory");
        return NULL;
    }
    input->fd = fd;
    return finish_open(input, message, size);
}

podline_av_input *podline_av_open_stream(podline_av_io io, char *message, size_t size) {
    struct podline_av_input *input = calloc(1, sizeof *input);
    if (!input) {
        say(message, size, "out of memory");
        return NULL;
    }
    input->fd = -1;
    input->io = io;
    return finish_open(input, message, size);
}

void podline_av_close(podline_av_input *input) {
    if (!input) return;
    if (input->frame) table.av_frame_free(&input->frame);
    if (input->packet) table.av_packet_free(&input->packet);
    if (input->codec) table.avcodec_free_context(&input->codec);
    if (input->format) table.avformat_close_input(&input->format);
    if (input->avio) {
        table.av_free(input->avio->buffer);
        table.avio_context_free(&input->avio);
    }
    if (input->fd >= 0) close(input->fd);
    free(input);
}

int podline_av_sample_rate(const podline_av_input *input) { return input->rate; }

int podline_av_channels(const podline_av_input *input) { return input->channels; }

long long podline_av_position(const podline_av_input *input) { return input->position; }

const char *podline_av_codec_name(const podline_av_input *input) { return input->codec->codec->name; }

long long podline_av_frames(const podline_av_input *input) {
    AVStream *stream = input->format->streams[input->stream];
    AVRational samples = {1, input->rate};
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        /* An Ogg Opus stream's length counts its pre-skip, which the decoder leaves out. */
        long long frames = table.av_rescale_q(stream->duration, stream->time_base, samples);
        int padding = stream->codecpar->initial_padding;
        return padding > 0 && frames > padding ? frames - padding : frames;
    }
    if (input->format->duration != AV_NOPTS_VALUE && input->format->duration > 0)
        return table.av_rescale_q(input->format->duration, AV_TIME_BASE_Q, samples);
    return -1;
}

/* A frame's timestamp in samples, or INT64_MIN when it has none. */
static int64_t frame_start(const struct podline_av_input *input) {
    int64_t stamp = input->frame->best_effort_timestamp;
    if (stamp == AV_NOPTS_VALUE) return INT64_MIN;
    AVRational samples = {1, input->rate};
    return table.av_rescale_q(stamp, input->format->streams[input->stream]->time_base, samples);
}

/* Decodes the next frame into input->frame: 1, 0 at the end, or a negative FFmpeg error. */
static int next_frame(struct podline_av_input *input) {
    for (;;) {
        int code = table.avcodec_receive_frame(input->codec, input->frame);
        if (code == 0) return 1;
        if (code == AVERROR_EOF) return 0;
        if (code != AVERROR(EAGAIN)) return code;
        if (input->flushing) return 0;
        code = table.av_read_frame(input->format, input->packet);
        /* The end of the input, not a failed read (avio marks both as the end, and keeps the failure apart). */
        AVIOContext *pb = input->format->pb;
        int failed = pb && pb->error && pb->error != AVERROR_EOF;
        if (code < 0 && failed) return pb->error;
        if (code == AVERROR_EOF || (code < 0 && pb && pb->eof_reached)) {
            input->flushing = 1;
            code = table.avcodec_send_packet(input->codec, NULL);
            if (code < 0 && code != AVERROR_EOF) return code;
            continue;
        }
        if (code < 0) return code;
        if (input->packet->stream_index == input->stream) {
            code = table.avcodec_send_packet(input->codec, input->packet);
            /* A damaged packet is passed over, as ffmpeg does. */
            if (code < 0 && code != AVERROR(EAGAIN) && code != AVERROR_INVALIDDATA) {
                table.av_packet_unref(input->packet);
                return code;
            }
        }
        table.av_packet_unref(input->packet);
    }
}

/* How a frame's samples lie: one plane a channel or all interleaved, and their type. */
typedef struct {
    const AVFrame *frame;
    int planar;
    enum AVSampleFormat type;
} layout;

static inline const uint8_t *plane(const layout *l, int channel, int index, int *at) {
    *at = l->planar ? index : index * l->frame->ch_layout.nb_channels + channel;
    return l->planar ? l->frame->extended_data[channel] : l->frame->extended_data[0];
}

/* Sample `index` of channel `channel`, as a float in [-1, 1]. */
static inline float sample_at(const layout *l, int channel, int index) {
    int at;
    const uint8_t *base = plane(l, channel, index, &at);
    switch (l->type) {
    case AV_SAMPLE_FMT_U8: return (float)(base[at] - 0x80) / 128.0f;
    case AV_SAMPLE_FMT_S16: return (float)((const int16_t *)base)[at] / 32768.0f;
    case AV_SAMPLE_FMT_S32: return (float)((const int32_t *)base)[at] / 2147483648.0f;
    case AV_SAMPLE_FMT_FLT: return ((const float *)base)[at];
    case AV_SAMPLE_FMT_DBL: return (float)((const double *)base)[at];
    default: return 0;
    }
}

static inline int16_t clip16(long value) {
    return (int16_t)(value > 32767 ? 32767 : value < -32768 ? -32768 : value);
}

/* A float sample as 16 bits: scaled by 32768, rounded to nearest (even), clipped, as FFmpeg's resampler does it
   (one instruction on x86-64 rather than a call to lrintf). */
static inline int16_t float16(float value) {
    float scaled = value * 32768.0f;
    if (scaled >= 32767.0f) return 32767;
    if (scaled <= -32768.0f) return -32768;
#if defined(__x86_64__)
    return (int16_t)_mm_cvtss_si32(_mm_set_ss(scaled));
#else
    return (int16_t)lrintf(scaled);
#endif
}

/* Sample `index` of channel `channel` as 16 bits, converted as FFmpeg's own resampler converts it (so that the
   audio matches `ffmpeg -f s16le` sample for sample). */
static inline int16_t sample16(const layout *l, int channel, int index) {
    int at;
    const uint8_t *base = plane(l, channel, index, &at);
    switch (l->type) {
    case AV_SAMPLE_FMT_U8: return (int16_t)((base[at] - 0x80) << 8);
    case AV_SAMPLE_FMT_S16: return ((const int16_t *)base)[at];
    case AV_SAMPLE_FMT_S32: return (int16_t)(((const int32_t *)base)[at] >> 16);
    case AV_SAMPLE_FMT_FLT: return float16(((const float *)base)[at]);
    case AV_SAMPLE_FMT_DBL: return clip16(lrint(((const double *)base)[at] * 32768.0));
    default: return 0;
    }
}

/* Writes `count` frames of the current frame from `from` into `out`: mono and stereo as they are; more channels
   folded into stereo (front left and right, with the centre at -3 dB in both). */
static void convert(const AVFrame *frame, int from, int count, int channels, int16_t *out) {
    int source = frame->ch_layout.nb_channels;
    if (source <= 0 || !frame->extended_data || !frame->extended_data[0]) {
        memset(out, 0, (size_t)count * channels * sizeof *out);
        return;
    }
    /* The common cases in loops of their own: planar float (AAC, Opus, Vorbis) and 16-bit (FLAC, WAV, ALAC). */
    if (source == channels && frame->format == AV_SAMPLE_FMT_FLTP) {
        for (int c = 0; c < channels; c++) {
            const float *in = (const float *)frame->extended_data[c] + from;
            for (int i = 0; i < count; i++) out[i * channels + c] = float16(in[i]);
        }
        return;
    }
    if (source == channels && frame->format == AV_SAMPLE_FMT_FLT) {
        const float *in = (const float *)frame->extended_data[0] + (size_t)from * channels;
        for (int i = 0; i < count * channels; i++) out[i] = float16(in[i]);
        return;
    }
    if (source == channels && frame->format == AV_SAMPLE_FMT_S16) {
        memcpy(out, (const int16_t *)frame->extended_data[0] + (size_t)from * channels, (size_t)count * channels * 2);
        return;
    }
    if (source == channels && frame->format == AV_SAMPLE_FMT_S16P) {
        for (int c = 0; c < channels; c++) {
            const int16_t *in = (const int16_t *)frame->extended_data[c] + from;
            for (int i = 0; i < count; i++) out[i * channels + c] = in[i];
        }
        return;
    }
    layout l = {frame, table.av_sample_fmt_is_planar(frame->format), table.av_get_packed_sample_fmt(frame->format)};
    for (int i = 0; i < count; i++) {
        int index = from + i;
        if (source <= 2) {
            /* A frame with fewer channels than the track began with (a stream may change): its last one repeated. */
            for (int c = 0; c < channels; c++) out[i * channels + c] = sample16(&l, c < source ? c : source - 1, index);
        } else {
            float centre = 0.7071f * sample_at(&l, 2, index);
            out[i * 2] = clip16(lrintf((sample_at(&l, 0, index) + centre) * 32768.0f));
            out[i * 2 + 1] = clip16(lrintf((sample_at(&l, 1, index) + centre) * 32768.0f));
        }
    }
}

int podline_av_read(podline_av_input *input, short *out, int max_frames, char *message, size_t size) {
    int written = 0;
    while (written < max_frames && !input->ended) {
        if (input->offset >= input->frame->nb_samples) {
            table.av_frame_unref(input->frame);
            input->offset = 0;
            int code = next_frame(input);
            if (code == 0) {
                input->ended = 1;
                break;
            }
            if (code < 0) {
                if (written > 0) return written;
                say_error(message, size, "cannot decode", code);
                return -1;
            }
            int64_t start = frame_start(input);
            if (input->drop_until > 0 && start != INT64_MIN) {
                /* After a seek: drop what comes before the frame asked for. */
                int64_t here = start - input->first;
                int64_t drop = input->drop_until - here;
                if (drop >= input->frame->nb_samples) {
                    input->offset = input->frame->nb_samples;
                    continue;
                }
                input->offset = drop > 0 ? (int)drop : 0;
                input->position = here + input->offset;
                input->drop_until = 0;
            }
            if (input->frame->nb_samples <= input->offset) continue;
        }
        int count = input->frame->nb_samples - input->offset;
        if (count > max_frames - written) count = max_frames - written;
        convert(input->frame, input->offset, count, input->channels, (int16_t *)out + (size_t)written * input->channels);
        input->offset += count;
        written += count;
        input->position += count;
    }
    return written;
}

int podline_av_seek(podline_av_input *input, long long frame) {
    if (frame < 0) frame = 0;
    AVStream *stream = input->format->streams[input->stream];
    AVRational samples = {1, input->rate};
    int64_t target = table.av_rescale_q(input->first + frame, samples, stream->time_base);
    int code = table.avformat_seek_file(input->format, input->stream, INT64_MIN, target, target, 0);
    if (code < 0) code = table.avformat_seek_file(input->format, input->stream, INT64_MIN, target, INT64_MAX, 0);
    if (code < 0) return code;
    table.avcodec_flush_buffers(input->codec);
    table.av_frame_unref(input->frame);
    input->offset = 0;
    input->flushing = 0;
    input->ended = 0;
    input->drop_until = frame;
    input->position = frame;
    if (frame == 0) input->drop_until = 0;
    return 0;
}

const char *podline_av_tag(const podline_av_input *input, const char *key) {
    AVDictionaryEntry *entry = table.av_dict_get(input->format->streams[input->stream]->metadata, key, NULL, 0);
    if (!entry) entry = table.av_dict_get(input->format->metadata, key, NULL, 0);
    return entry ? entry->value : NULL;
}

int podline_av_chapter_count(const podline_av_input *input) { return (int)input->format->nb_chapters; }

void podline_av_chapter(const podline_av_input *input, int index, double *start, double *end, const char **title) {
    const AVChapter *chapter = input->format->chapters[index];
    *start = chapter->start * av_q2d(chapter->time_base);
    *end = chapter->end * av_q2d(chapter->time_base);
    AVDictionaryEntry *entry = table.av_dict_get(chapter->metadata, "title", NULL, 0);
    *title = entry ? entry->value : NULL;
}

const char *podline_av_container(const podline_av_input *input) { return input->format->iformat->name; }
