// Loads libespeak-ng with dlopen on first use, initialises it once per process, and runs its synthesizer one
// text at a time; plays the speech through libpcaudio (espeak-ng's own audio library) when asked.
//
// espeak-ng's API is global to the process (one voice, one callback), so every call that reaches it holds
// `synth_lock`. It is initialised once, in its synchronous mode, and never again: espeak-ng 1.51 does not
// survive espeak_Terminate and a second espeak_Initialize in one process (a later synthesis hangs).
// espeak-ng's own playback mode (AUDIO_OUTPUT_SYNCH_PLAYBACK) never calls the synth callback, so it would
// give no events and no way to stop: novel plays the samples itself, through the libpcaudio that
// libespeak-ng1 depends on, and reports each block's events as the block goes to the device.
//
// Neither library's development headers are needed to build: the few types and functions novel uses are
// declared here, as <espeak-ng/speak_lib.h> (API revision 12, espeak-ng 1.49 to 1.52) and
// <pcaudiolib/audio.h> (pcaudiolib 1.1) define them. Both ABIs are stable across those releases. dlopen is
// invisible to dpkg-shlibdeps: the package names libespeak-ng1 itself (as it names libzip4).
#include "novel_espeak.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

// --- What novel uses of <espeak-ng/speak_lib.h> ---

typedef enum {
    espeakEVENT_LIST_TERMINATED = 0,
    espeakEVENT_WORD = 1,
    espeakEVENT_SENTENCE = 2,
    espeakEVENT_END = 5,
    espeakEVENT_MSG_TERMINATED = 6,
} espeak_EVENT_TYPE;

typedef struct {
    espeak_EVENT_TYPE type;
    unsigned int unique_identifier;
    int text_position;
    int length;
    int audio_position;
    int sample;
    void *user_data;
    union {
        int number;
        const char *name;
        char string[8];
    } id;
} espeak_EVENT;

typedef struct {
    const char *name;
    const char *languages;
    const char *identifier;
    unsigned char gender;
    unsigned char age;
    unsigned char variant;
    unsigned char xx1;
    int score;
    void *spare;
} espeak_VOICE;

typedef int(t_espeak_callback)(short *, int, espeak_EVENT *);

enum { AUDIO_OUTPUT_SYNCHRONOUS = 2 };
enum { POS_CHARACTER = 1 };
enum { EE_OK = 0 };
enum { espeakRATE = 1 };
enum { espeakINITIALIZE_DONT_EXIT = 0x8000, espeakCHARS_UTF8 = 1, espeakENDPAUSE = 0x1000 };

typedef struct {
    int (*espeak_Initialize)(int output, int buffer_length, const char *path, int options);
    void (*espeak_SetSynthCallback)(t_espeak_callback *callback);
    int (*espeak_SetVoiceByName)(const char *name);
    int (*espeak_SetParameter)(int parameter, int value, int relative);
    int (*espeak_Synth)(const void *text, size_t size, unsigned int position, int position_type,
                        unsigned int end_position, unsigned int flags, unsigned int *unique_identifier,
                        void *user_data);
    const espeak_VOICE **(*espeak_ListVoices)(espeak_VOICE *voice_spec);
} espeak_functions;

#define NESPEAK_FUNCTIONS(X)                                                                                   \
    X(espeak_Initialize)                                                                                       \
    X(espeak_SetSynthCallback)                                                                                 \
    X(espeak_SetVoiceByName)                                                                                   \
    X(espeak_SetParameter)                                                                                     \
    X(espeak_Synth)                                                                                            \
    X(espeak_ListVoices)

// --- What novel uses of <pcaudiolib/audio.h> ---

struct audio_object;
enum { AUDIO_OBJECT_FORMAT_S16LE = 2 };

typedef struct {
    struct audio_object *(*create_audio_device_object)(const char *device, const char *application_name,
                                                       const char *description);
    int (*audio_object_open)(struct audio_object *object, int format, uint32_t rate, uint8_t channels);
    int (*audio_object_write)(struct audio_object *object, const void *data, size_t bytes);
    int (*audio_object_drain)(struct audio_object *object);
    int (*audio_object_flush)(struct audio_object *object);
    const char *(*audio_object_strerror)(struct audio_object *object, int error);
} pcaudio_functions;

#define NESPEAK_AUDIO_FUNCTIONS(X)                                                                             \
    X(create_audio_device_object)                                                                              \
    X(audio_object_open)                                                                                       \
    X(audio_object_write)                                                                                      \
    X(audio_object_drain)                                                                                      \
    X(audio_object_flush)                                                                                      \
    X(audio_object_strerror)

/// The sonames of the libraries whose ABIs are declared above.
static const char *const library_name = "libespeak-ng.so.1";
static const char *const audio_library_name = "libpcaudio.so.0";

/// espeak-ng's block of samples per callback, in milliseconds (its smallest): a stop is seen within one.
static const int block_milliseconds = 60;

static espeak_functions lib;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_message[256];

static pthread_mutex_t synth_lock = PTHREAD_MUTEX_INITIALIZER;
/// The sample rate once espeak-ng is initialised (under synth_lock), else 0.
static int sample_rate;
static char initialize_message[256];
/// The audio device, once opened (under synth_lock).
static pcaudio_functions audio;
static struct audio_object *device;
static char device_message[256];

/// Events of one block handed to the sink at a time; a block holds a few at most.
#define NESPEAK_MAX_EVENTS 64

/// What one nespeak_synthesize passes through espeak's user_data to the callback.
typedef struct {
    void *context;
    nespeak_sink sink;
    int playing;
    int stopped;
    int device_failed;
} synth_call;

static void fail(nespeak_error *error, int32_t kind, const char *message) {
    if (error == NULL) return;
    error->kind = kind;
    snprintf(error->message, sizeof error->message, "%s", message);
}

/// Looks up `count` functions named `names` in `handle` into `table`; 0 with `message` when one is missing.
static int look_up(void *handle, const char *library, const char *const *names, void **table, size_t count,
                   char *message, size_t capacity) {
    for (size_t index = 0; index < count; index++) {
        table[index] = dlsym(handle, names[index]);
        if (table[index] == NULL) {
            snprintf(message, capacity, "%s has no %s", library, names[index]);
            return 0;
        }
    }
    return 1;
}

#define NESPEAK_NAME(function) #function,
static const char *const espeak_names[] = {NESPEAK_FUNCTIONS(NESPEAK_NAME)};
static const char *const audio_names[] = {NESPEAK_AUDIO_FUNCTIONS(NESPEAK_NAME)};
#undef NESPEAK_NAME

_Static_assert(sizeof(espeak_functions) == sizeof espeak_names / sizeof *espeak_names * sizeof(void *),
               "one name per espeak-ng function");
_Static_assert(sizeof(pcaudio_functions) == sizeof audio_names / sizeof *audio_names * sizeof(void *),
               "one name per pcaudiolib function");

static void *open_library(const char *name, const char *const *names, void **table, size_t count, char *message,
                          size_t capacity) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason != NULL ? reason : name);
        return NULL;
    }
    if (!look_up(handle, name, names, table, count, message, capacity)) {
        dlclose(handle);
        return NULL;
    }
    return handle;
}

static void load(void) {
    // The handle is kept for the process's life: espeak-ng is never unloaded.
    loaded = open_library(library_name, espeak_names, (void **)&lib, sizeof espeak_names / sizeof *espeak_names,
                          load_message, sizeof load_message) != NULL;
}

int32_t nespeak_load(nespeak_error *error) {
    pthread_once(&load_once, load);
    if (!loaded) fail(error, NESPEAK_LIBRARY_MISSING, load_message);
    return loaded;
}

int32_t nespeak_probe(const char *name, nespeak_error *error) {
    espeak_functions functions;
    char message[256];
    void *handle = open_library(name, espeak_names, (void **)&functions, sizeof espeak_names / sizeof *espeak_names,
                                message, sizeof message);
    if (handle == NULL) {
        fail(error, NESPEAK_LIBRARY_MISSING, message);
        return 0;
    }
    dlclose(handle);
    return 1;
}

/// Hands a block's samples and events to the call's sink, playing the samples first when the call plays.
static int synth_callback(short *samples, int count, espeak_EVENT *events) {
    nespeak_event converted[NESPEAK_MAX_EVENTS];
    int32_t converted_count = 0;
    // Every event carries the call, the list's terminator too: a block with no events still finds it.
    synth_call *call = NULL;
    for (espeak_EVENT *event = events; event != NULL; event++) {
        if (event->user_data != NULL) call = event->user_data;
        if (event->type == espeakEVENT_LIST_TERMINATED) break;
        if (converted_count == NESPEAK_MAX_EVENTS) continue;
        // espeak-ng also reports words of no length at a stray place (before `Mr.`'s period, at a comma);
        // its own playback mode drops them, and so does novel.
        if (event->type == espeakEVENT_WORD && event->length == 0) continue;
        switch (event->type) {
        case espeakEVENT_WORD:
        case espeakEVENT_SENTENCE:
        case espeakEVENT_END:
        case espeakEVENT_MSG_TERMINATED:
            // espeak counts text positions from 1.
            converted[converted_count++] = (nespeak_event){
                .type = (int32_t)event->type,
                .text_position = event->text_position > 0 ? event->text_position - 1 : 0,
                .length = event->length,
                .audio_position = event->audio_position,
            };
            break;
        default: break;
        }
    }
    if (call == NULL || call->stopped) return 1;
    int32_t sample_count = samples != NULL ? count : 0;
    if (call->playing && sample_count > 0) {
        // The device takes the block when it has room: the events below are reported as it is played.
        int result = audio.audio_object_write(device, samples, (size_t)sample_count * 2);
        if (result != 0) {
            snprintf(device_message, sizeof device_message, "%s", audio.audio_object_strerror(device, result));
            call->device_failed = 1;
            call->stopped = 1;
            return 1;
        }
    }
    if (call->sink(call->context, samples, sample_count, converted, converted_count) != 0) call->stopped = 1;
    return call->stopped;
}

/// Initialises espeak-ng once (under synth_lock): its sample rate, or 0.
static int initialize(void) {
    if (sample_rate > 0) return sample_rate;
    if (initialize_message[0] != 0) return 0;
    int rate = lib.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, block_milliseconds, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
        snprintf(initialize_message, sizeof initialize_message, "espeak-ng cannot find its voice data");
        return 0;
    }
    lib.espeak_SetSynthCallback(synth_callback);
    sample_rate = rate;
    return rate;
}

/// ALSA's error handler that says nothing: libasound writes every failed step of opening a device to stderr,
/// over the reader's screen, where novel says what failed in one line of its own.
static void alsa_quiet(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file, (void)line, (void)function, (void)error, (void)format;
}

/// Silences libasound when pcaudiolib brought it in (its ALSA output).
static void quiet_alsa(void) {
    void *alsa = dlopen("libasound.so.2", RTLD_NOW | RTLD_NOLOAD);
    if (alsa == NULL) return;
    typedef void (*handler)(const char *, int, const char *, int, const char *, ...);
    int (*set_handler)(handler) = (int (*)(handler))dlsym(alsa, "snd_lib_error_set_handler");
    if (set_handler != NULL) set_handler(alsa_quiet);
    dlclose(alsa);
}

/// Opens the audio device once (under synth_lock): 1 when it is open.
static int open_device(void) {
    if (device != NULL) return 1;
    if (device_message[0] != 0) return 0;
    char message[256];
    if (open_library(audio_library_name, audio_names, (void **)&audio, sizeof audio_names / sizeof *audio_names,
                     message, sizeof message) == NULL) {
        snprintf(device_message, sizeof device_message, "no audio library (%s)", message);
        return 0;
    }
    quiet_alsa();
    struct audio_object *object = audio.create_audio_device_object(NULL, "novel", "Read aloud");
    if (object == NULL) {
        snprintf(device_message, sizeof device_message, "no audio device");
        return 0;
    }
    int result = audio.audio_object_open(object, AUDIO_OBJECT_FORMAT_S16LE, (uint32_t)sample_rate, 1);
    if (result != 0) {
        snprintf(device_message, sizeof device_message, "no audio device can be opened (%s)",
                 audio.audio_object_strerror(object, result));
        return 0;
    }
    device = object;
    return 1;
}

int32_t nespeak_open(int32_t playback, nespeak_error *error) {
    if (!nespeak_load(error)) return 0;
    pthread_mutex_lock(&synth_lock);
    int rate = initialize();
    int device_ready = rate > 0 && (!playback || open_device());
    pthread_mutex_unlock(&synth_lock);
    if (rate <= 0) {
        fail(error, NESPEAK_INITIALIZE_FAILED, initialize_message);
        return 0;
    }
    if (!device_ready) {
        fail(error, NESPEAK_NO_AUDIO_DEVICE, device_message);
        return 0;
    }
    return rate;
}

int32_t nespeak_set_voice(const char *name, nespeak_error *error) {
    pthread_mutex_lock(&synth_lock);
    int result = lib.espeak_SetVoiceByName(name);
    pthread_mutex_unlock(&synth_lock);
    if (result != EE_OK) {
        char message[256];
        snprintf(message, sizeof message, "espeak-ng has no voice \"%s\"", name);
        fail(error, NESPEAK_NO_SUCH_VOICE, message);
        return 0;
    }
    return 1;
}

int32_t nespeak_synthesize(const char *text, const char *voice, int32_t words_per_minute, int32_t playback,
                           void *context, nespeak_sink sink, nespeak_error *error) {
    synth_call call = {.context = context, .sink = sink, .playing = playback != 0};
    pthread_mutex_lock(&synth_lock);
    // The voice and rate are the synthesizer's, shared by every engine in the process: set for each text.
    int result = lib.espeak_SetVoiceByName(voice);
    if (result == EE_OK) {
        lib.espeak_SetParameter(espeakRATE, words_per_minute, 0);
        // Synchronous: espeak_Synth returns when the text is made, or at the block whose callback said stop.
        result = lib.espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakENDPAUSE,
                                  NULL, &call);
    }
    if (call.playing && !call.device_failed) {
        // A stopped utterance is cut off at once; a finished one is heard to its end before the next.
        if (call.stopped) {
            audio.audio_object_flush(device);
        } else {
            audio.audio_object_drain(device);
        }
    }
    pthread_mutex_unlock(&synth_lock);
    if (call.device_failed) {
        fail(error, NESPEAK_NO_AUDIO_DEVICE, device_message);
        return 0;
    }
    // espeak-ng 1.51 answers a stopped synthesis with an error code of its own: stopping is not a failure.
    if (result != EE_OK && !call.stopped) {
        char message[256];
        snprintf(message, sizeof message, "espeak-ng refused the text (voice \"%s\")", voice);
        fail(error, NESPEAK_SYNTHESIS_FAILED, message);
        return 0;
    }
    return 1;
}

int32_t nespeak_list_voices(void *context, nespeak_voice_visitor visit, nespeak_error *error) {
    if (!nespeak_load(error)) return 0;
    pthread_mutex_lock(&synth_lock);
    // The voice list needs the synthesizer's data path, which initialising finds.
    int rate = initialize();
    const espeak_VOICE **voices = rate > 0 ? lib.espeak_ListVoices(NULL) : NULL;
    for (int index = 0; voices != NULL && voices[index] != NULL; index++) {
        const espeak_VOICE *voice = voices[index];
        // `languages` is a priority byte, then a NUL-terminated name, repeated; the first name is the main one.
        const char *language = voice->languages != NULL && voice->languages[0] != 0 ? voice->languages + 1 : "";
        visit(context, voice->name, language, voice->identifier);
    }
    pthread_mutex_unlock(&synth_lock);
    if (rate <= 0) {
        fail(error, NESPEAK_INITIALIZE_FAILED, initialize_message);
        return 0;
    }
    return 1;
}
