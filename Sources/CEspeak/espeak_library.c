// Loads libespeak-ng with dlopen on first use, once per process, and runs its synthesizer one text at a time.
//
// espeak-ng's API is global to the process (one voice, one callback, one mode), so every call that reaches it
// holds `synth_lock`. dlopen is invisible to dpkg-shlibdeps: a package that offers read-aloud names
// libespeak-ng1 itself (as it names libzip4).
#include "novel_espeak.h"

#include <dlfcn.h>
#include <espeak-ng/speak_lib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// The soname of the libespeak-ng whose ABI <espeak-ng/speak_lib.h> describes.
static const char *const library_name = "libespeak-ng.so.1";

#define NESPEAK_FUNCTIONS(X)                                                                                   \
    X(espeak_Initialize)                                                                                       \
    X(espeak_Terminate)                                                                                        \
    X(espeak_SetSynthCallback)                                                                                 \
    X(espeak_SetVoiceByName)                                                                                   \
    X(espeak_SetParameter)                                                                                     \
    X(espeak_Synth)                                                                                            \
    X(espeak_ListVoices)

#define NESPEAK_DECLARE_POINTER(name) __typeof__(&name) name;
typedef struct {
    NESPEAK_FUNCTIONS(NESPEAK_DECLARE_POINTER)
} nespeak_functions;
#undef NESPEAK_DECLARE_POINTER

static nespeak_functions lib;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_message[256];

static pthread_mutex_t synth_lock = PTHREAD_MUTEX_INITIALIZER;
/// -1 before the first nespeak_open, else the playback flag it was opened with.
static int open_mode = -1;

/// Events of one block handed to the sink at a time; a block holds a few at most.
#define NESPEAK_MAX_EVENTS 64

/// What one nespeak_synthesize passes through espeak's user_data to the callback.
typedef struct {
    void *context;
    nespeak_sink sink;
} synth_call;

static void fail(nespeak_error *error, int32_t kind, const char *message) {
    if (error == NULL) return;
    error->kind = kind;
    snprintf(error->message, sizeof error->message, "%s", message);
}

static void *open_library(const char *name, nespeak_functions *functions, char *message, size_t capacity) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason != NULL ? reason : name);
        return NULL;
    }
#define NESPEAK_LOOK_UP(function)                                                                              \
    functions->function = (__typeof__(&function))dlsym(handle, #function);                                     \
    if (functions->function == NULL) {                                                                         \
        snprintf(message, capacity, "%s has no %s", name, #function);                                          \
        dlclose(handle);                                                                                       \
        return NULL;                                                                                           \
    }
    NESPEAK_FUNCTIONS(NESPEAK_LOOK_UP)
#undef NESPEAK_LOOK_UP
    return handle;
}

static void load(void) {
    // The handle is kept for the process's life: espeak-ng is never unloaded.
    loaded = open_library(library_name, &lib, load_message, sizeof load_message) != NULL;
}

int32_t nespeak_load(nespeak_error *error) {
    pthread_once(&load_once, load);
    if (!loaded) fail(error, NESPEAK_LIBRARY_MISSING, load_message);
    return loaded;
}

int32_t nespeak_probe(const char *name, nespeak_error *error) {
    nespeak_functions functions;
    char message[256];
    void *handle = open_library(name, &functions, message, sizeof message);
    if (handle == NULL) {
        fail(error, NESPEAK_LIBRARY_MISSING, message);
        return 0;
    }
    dlclose(handle);
    return 1;
}

/// espeak's synth callback: hands the block's samples and events to the call's sink.
static int synth_callback(short *samples, int count, espeak_EVENT *events) {
    nespeak_event converted[NESPEAK_MAX_EVENTS];
    int32_t converted_count = 0;
    synth_call *call = NULL;
    for (espeak_EVENT *event = events; event != NULL && event->type != espeakEVENT_LIST_TERMINATED; event++) {
        if (event->user_data != NULL) call = event->user_data;
        if (converted_count == NESPEAK_MAX_EVENTS) continue;
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
    if (call == NULL) return 0;
    return call->sink(call->context, samples, samples != NULL ? count : 0, converted, converted_count) != 0;
}

int32_t nespeak_open(int32_t playback, nespeak_error *error) {
    if (!nespeak_load(error)) return 0;
    pthread_mutex_lock(&synth_lock);
    if (open_mode != -1) lib.espeak_Terminate();
    open_mode = -1;
    int rate = lib.espeak_Initialize(playback ? AUDIO_OUTPUT_SYNCH_PLAYBACK : AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL,
                                     espeakINITIALIZE_DONT_EXIT);
    if (rate > 0) {
        open_mode = playback ? 1 : 0;
        lib.espeak_SetSynthCallback(synth_callback);
    }
    pthread_mutex_unlock(&synth_lock);
    if (rate <= 0) {
        fail(error, NESPEAK_INITIALIZE_FAILED,
             playback ? "espeak-ng cannot open the audio device" : "espeak-ng cannot find its voice data");
        return 0;
    }
    return rate;
}

int32_t nespeak_set_voice(const char *name, nespeak_error *error) {
    pthread_mutex_lock(&synth_lock);
    espeak_ERROR result = lib.espeak_SetVoiceByName(name);
    pthread_mutex_unlock(&synth_lock);
    if (result != EE_OK) {
        char message[256];
        snprintf(message, sizeof message, "espeak-ng has no voice \"%s\"", name);
        fail(error, NESPEAK_NO_SUCH_VOICE, message);
        return 0;
    }
    return 1;
}

void nespeak_set_rate(int32_t words_per_minute) {
    pthread_mutex_lock(&synth_lock);
    lib.espeak_SetParameter(espeakRATE, words_per_minute, 0);
    pthread_mutex_unlock(&synth_lock);
}

int32_t nespeak_synthesize(const char *text, void *context, nespeak_sink sink, nespeak_error *error) {
    synth_call call = {.context = context, .sink = sink};
    pthread_mutex_lock(&synth_lock);
    espeak_ERROR result = lib.espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                           espeakCHARS_UTF8 | espeakENDPAUSE, NULL, &call);
    // Both modes novel opens are synchronous: espeak_Synth returns when the text is spoken. (espeak_Synchronize
    // would wait forever here: it waits for the asynchronous modes' thread.)
    pthread_mutex_unlock(&synth_lock);
    if (result != EE_OK) {
        fail(error, NESPEAK_SYNTHESIS_FAILED, "espeak-ng refused the text");
        return 0;
    }
    return 1;
}

int32_t nespeak_list_voices(void *context, nespeak_voice_visitor visit, nespeak_error *error) {
    if (!nespeak_load(error)) return 0;
    pthread_mutex_lock(&synth_lock);
    const espeak_VOICE **voices = lib.espeak_ListVoices(NULL);
    for (int index = 0; voices != NULL && voices[index] != NULL; index++) {
        const espeak_VOICE *voice = voices[index];
        // `languages` is a priority byte, then a NUL-terminated name, repeated; the first name is the main one.
        const char *language = voice->languages != NULL && voice->languages[0] != 0 ? voice->languages + 1 : "";
        visit(context, voice->name, language, voice->identifier);
    }
    pthread_mutex_unlock(&synth_lock);
    return 1;
}
