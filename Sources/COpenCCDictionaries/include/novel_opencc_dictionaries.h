#ifndef NOVEL_OPENCC_DICTIONARIES_H
#define NOVEL_OPENCC_DICTIONARIES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// An OpenCC configuration's dictionaries as OpenCC itself loads them, read out once so that novel can
// keep them in a form it maps from disk (OpenCC's C API only converts, and building its lexicons costs
// tens of milliseconds at every load). Stage 0 is the segmentation; stages 1… are the conversion chain in
// order. Each stage is a list of dictionaries, tried in order (OpenCC's dictionary groups, flattened).
typedef struct novel_opencc_dictionaries novel_opencc_dictionaries;

// Loads configuration `config` (a name in OpenCC's data folder, or a path). NULL on failure, with
// `*error` set to OpenCC's message (free it with free()).
novel_opencc_dictionaries *novel_opencc_dictionaries_open(const char *config, char **error);
void novel_opencc_dictionaries_close(novel_opencc_dictionaries *dictionaries);

// The distinct dictionaries (a dictionary used by several stages is listed once).
size_t novel_opencc_dictionaries_count(const novel_opencc_dictionaries *dictionaries);
size_t novel_opencc_dictionaries_entry_count(const novel_opencc_dictionaries *dictionaries, size_t dictionary);
// Entry `entry` of `dictionary`: its key and its default value (what OpenCC converts the key to), as
// UTF-8 bytes owned by `dictionaries`. Returns 0 when an index is out of range.
int novel_opencc_dictionaries_entry(
    const novel_opencc_dictionaries *dictionaries, size_t dictionary, size_t entry,
    const char **key, size_t *key_length, const char **value, size_t *value_length);

size_t novel_opencc_dictionaries_stage_count(const novel_opencc_dictionaries *dictionaries);
size_t novel_opencc_dictionaries_stage_size(const novel_opencc_dictionaries *dictionaries, size_t stage);
// The index (in 0..<count) of the `position`th dictionary of `stage`, or (size_t)-1 when out of range.
size_t novel_opencc_dictionaries_stage_dictionary(
    const novel_opencc_dictionaries *dictionaries, size_t stage, size_t position);

#ifdef __cplusplus
}
#endif

#endif
