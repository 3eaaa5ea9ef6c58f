#ifndef NOVEL_ICU_H
#define NOVEL_ICU_H

// An opaque facade over ICU. Only <stdint.h> here: Swift modules that import Foundation
// cannot also see the system ICU headers (the toolchain ships its own ICU).
// Errors are ICU UErrorCode values; > 0 means failure.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The Unicode version ICU implements, such as "15.0".
void nicu_unicode_version(char *out, int32_t capacity);
const char *nicu_error_name(int32_t error);

// MARK: Character properties

enum {
    NICU_EAW_NEUTRAL = 0, NICU_EAW_AMBIGUOUS = 1, NICU_EAW_HALFWIDTH = 2,
    NICU_EAW_FULLWIDTH = 3, NICU_EAW_NARROW = 4, NICU_EAW_WIDE = 5
};
int32_t nicu_east_asian_width(int32_t codePoint);

enum {
    NICU_PROP_EMOJI = 0, NICU_PROP_EMOJI_PRESENTATION, NICU_PROP_EMOJI_MODIFIER,
    NICU_PROP_EMOJI_MODIFIER_BASE, NICU_PROP_EXTENDED_PICTOGRAPHIC, NICU_PROP_REGIONAL_INDICATOR,
    NICU_PROP_DEFAULT_IGNORABLE, NICU_PROP_WHITE_SPACE, NICU_PROP_PREPENDED_CONCATENATION_MARK
};
int32_t nicu_has_property(int32_t codePoint, int32_t property);

/// General category as ICU's UCharCategory number (U_NON_SPACING_MARK = 6, U_ENCLOSING_MARK = 7,
/// U_COMBINING_SPACING_MARK = 8, U_CONTROL_CHAR = 15, U_FORMAT_CHAR = 16, U_UNASSIGNED = 0, ...).
int32_t nicu_general_category(int32_t codePoint);
/// Grapheme_Cluster_Break as ICU's UGraphemeClusterBreak number (0 OTHER, 1 CONTROL, 2 CR, 3 EXTEND,
/// 4 L, 5 LF, 6 LV, 7 LVT, 8 T, 9 V, 10 SPACINGMARK, 11 PREPEND, 12 REGIONAL_INDICATOR, ..., 17 ZWJ).
int32_t nicu_grapheme_cluster_break(int32_t codePoint);
/// Line_Break as ICU's ULineBreak number.
int32_t nicu_line_break(int32_t codePoint);

/// Writes, in ascending order, the first code point of every range over which General_Category,
/// East_Asian_Width, Grapheme_Cluster_Break, Emoji, Emoji_Presentation, Extended_Pictographic,
/// Regional_Indicator, Default_Ignorable_Code_Point and Prepended_Concatenation_Mark are all constant
/// (what the width table depends on). Returns how many there are; writes at most `capacity`.
int32_t nicu_width_property_starts(int32_t *starts, int32_t capacity, int32_t *error);

// MARK: Break iteration over UTF-16

enum { NICU_BREAK_CHARACTER = 0, NICU_BREAK_WORD = 1, NICU_BREAK_LINE = 2, NICU_BREAK_SENTENCE = 3 };
typedef struct nicu_break nicu_break;
/// The text must outlive the iterator. `locale` may be NULL for the root locale.
nicu_break *nicu_break_open(int32_t kind, const char *locale, const uint16_t *text, int32_t length, int32_t *error);
void nicu_break_set_text(nicu_break *iterator, const uint16_t *text, int32_t length, int32_t *error);
int32_t nicu_break_first(nicu_break *iterator);
/// The next boundary, or -1 at the end.
int32_t nicu_break_next(nicu_break *iterator);
int32_t nicu_break_following(nicu_break *iterator, int32_t offset);
int32_t nicu_break_preceding(nicu_break *iterator, int32_t offset);
int32_t nicu_break_is_boundary(nicu_break *iterator, int32_t offset);
/// The rule status of the boundary last returned (line breaks: >= 100 means a mandatory break).
int32_t nicu_break_rule_status(nicu_break *iterator);
void nicu_break_close(nicu_break *iterator);

// MARK: Break iteration over UTF-8 (indexes are byte offsets)

/// Like nicu_break_open but over UTF-8 bytes; boundaries are byte offsets.
nicu_break *nicu_break_open_utf8(int32_t kind, const char *locale, const uint8_t *text, int64_t length, int32_t *error);
void nicu_break_set_utf8(nicu_break *iterator, const uint8_t *text, int64_t length, int32_t *error);

// MARK: Charset conversion

/// Canonical ICU name for a converter name or alias, or an error when ICU has no such converter.
int32_t nicu_converter_canonical_name(const char *name, char *out, int32_t capacity, int32_t *error);

typedef struct nicu_decoder nicu_decoder;
/// A streaming decoder from `charset` to UTF-8 that writes U+FFFD for every illegal or unmappable
/// sequence and counts them. State carries across calls, so no byte is lost at buffer boundaries.
nicu_decoder *nicu_decoder_open(const char *charset, int32_t *error);
/// Converts `*source` forward into `*target`. Set `flush` on the last chunk. Returns the bytes written;
/// on U_BUFFER_OVERFLOW_ERROR (15) call again with more room: `*sourceConsumed` tells how far it read.
int64_t nicu_decoder_convert(nicu_decoder *decoder, const uint8_t *source, int64_t sourceLength,
                             int64_t *sourceConsumed, uint8_t *target, int64_t targetCapacity,
                             int32_t flush, int32_t *error);
int64_t nicu_decoder_invalid_count(const nicu_decoder *decoder);
void nicu_decoder_close(nicu_decoder *decoder);

// MARK: Charset detection

/// Runs ICU's detector over `bytes`. Writes up to `maxMatches` names (each `nameStride` bytes,
/// NUL-terminated) and confidences (0-100); returns the number of matches written.
int32_t nicu_detect_charsets(const uint8_t *bytes, int32_t length, char *names, int32_t nameStride,
                             int32_t *confidences, int32_t maxMatches, int32_t *error);

// MARK: Regular expressions over UTF-8 (indexes are byte offsets)

enum { NICU_REGEX_CASE_INSENSITIVE = 2, NICU_REGEX_MULTILINE = 8, NICU_REGEX_DOTALL = 32 };
typedef struct nicu_regex nicu_regex;
/// Compiles a UTF-8 pattern. On a syntax error `*errorOffset` is the offset (in UTF-16 units)
/// of the mistake within its line and `*errorLine` the 1-based line, or -1 when unknown.
nicu_regex *nicu_regex_open(const char *pattern, int32_t flags, int32_t *errorLine,
                            int32_t *errorOffset, int32_t *error);
/// The text must outlive the search.
void nicu_regex_set_utf8(nicu_regex *regex, const uint8_t *text, int64_t length, int32_t *error);
/// Finds the next match at or after the previous one; `start` < 0 continues from the last match.
int32_t nicu_regex_find(nicu_regex *regex, int64_t start, int32_t *error);
/// Whether the regex matches the whole of the region [start, end).
int32_t nicu_regex_matches_region(nicu_regex *regex, int64_t start, int64_t end, int32_t *error);
/// Like nicu_regex_find, confined to the region [start, end).
int32_t nicu_regex_find_in_region(nicu_regex *regex, int64_t start, int64_t end, int32_t *error);
int32_t nicu_regex_find_next(nicu_regex *regex, int32_t *error);
int64_t nicu_regex_group_start(nicu_regex *regex, int32_t group, int32_t *error);
int64_t nicu_regex_group_end(nicu_regex *regex, int32_t group, int32_t *error);
int32_t nicu_regex_group_count(nicu_regex *regex, int32_t *error);
void nicu_regex_close(nicu_regex *regex);

#ifdef __cplusplus
}
#endif

#endif
