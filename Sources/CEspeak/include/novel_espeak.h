#ifndef NOVEL_ESPEAK_H
#define NOVEL_ESPEAK_H

// A small C API over espeak-ng for read-aloud. libespeak-ng is not linked: it is loaded with dlopen on first
// use (espeak_library.c), as CZip loads libzip, so that the reader's launch (held to twice `less`'s) never
// pays for it. Only <stdint.h> here, like CICU's and CZip's headers.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong, in classes the caller words for the reader.
typedef enum {
    NESPEAK_OK = 0,
    /// libespeak-ng could not be loaded (the message is the dynamic loader's).
    NESPEAK_LIBRARY_MISSING = 1,
    /// espeak_Initialize failed (no voice data).
    NESPEAK_INITIALIZE_FAILED = 2,
    /// No voice of that name or language.
    NESPEAK_NO_SUCH_VOICE = 3,
    /// espeak_Synth refused the text.
    NESPEAK_SYNTHESIS_FAILED = 4,
    /// No audio device could be opened or written to (the message names the problem).
    NESPEAK_NO_AUDIO_DEVICE = 5,
} nespeak_error_kind;

typedef struct {
    int32_t kind;
    char message[256];
} nespeak_error;

/// espeak's event types as novel uses them (the values of espeak_EVENT_TYPE).
enum {
    NESPEAK_EVENT_WORD = 1,
    NESPEAK_EVENT_SENTENCE = 2,
    NESPEAK_EVENT_END = 5,
    /// The whole text given to one nespeak_synthesize is done (espeakEVENT_MSG_TERMINATED).
    NESPEAK_EVENT_DONE = 6,
};

typedef struct {
    int32_t type;
    /// For words: where the word starts in the text, in characters from 0, and its length in characters.
    int32_t text_position;
    int32_t length;
    /// Where in the utterance's audio the event falls, in milliseconds.
    int32_t audio_position;
} nespeak_event;

/// Receives each block of 16-bit mono samples with the events that fall in it, in order (when playing, after
/// the block went to the device); returns nonzero to stop the synthesis.
typedef int32_t (*nespeak_sink)(void *context, const int16_t *samples, int32_t count, const nespeak_event *events,
                                int32_t event_count);

/// Loads libespeak-ng if it is not loaded yet (once per process, thread-safe): 1 when it is there, else 0.
int32_t nespeak_load(nespeak_error *error);

/// Whether the library called `name` loads with every symbol novel uses, without touching the process's
/// own copy: for tests of the missing-library message.
int32_t nespeak_probe(const char *name, nespeak_error *error);

/// Initialises the synthesizer (once per process) and, for `playback`, opens the audio device (once too).
/// Returns the sample rate, or 0 on failure.
int32_t nespeak_open(int32_t playback, nespeak_error *error);

/// Whether espeak-ng has a voice of this name or language (`cmn`, `yue`, `en`, `en-us`); selects it.
int32_t nespeak_set_voice(const char *name, nespeak_error *error);

/// Speaks `text` (UTF-8) in `voice` at `words_per_minute` to the end or until the sink asks to stop, calling
/// `sink` on this thread; with `playback`, plays it on the device opened by nespeak_open(1, …) and returns
/// when it has been heard (at once when stopped). Returns 1 when it ran (stopped or not), else 0 with
/// `error`. One synthesis at a time in the process.
int32_t nespeak_synthesize(const char *text, const char *voice, int32_t words_per_minute, int32_t playback,
                           void *context, nespeak_sink sink, nespeak_error *error);

/// Calls `visit` with each installed voice's name, first language and file (identifier).
typedef void (*nespeak_voice_visitor)(void *context, const char *name, const char *language,
                                      const char *identifier);
int32_t nespeak_list_voices(void *context, nespeak_voice_visitor visit, nespeak_error *error);

#ifdef __cplusplus
}
#endif

#endif
