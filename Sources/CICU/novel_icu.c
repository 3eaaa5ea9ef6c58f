// Forwards the opaque facade in novel_icu.h to ICU's C API. Debian's ICU renames every symbol
// (ubrk_open -> ubrk_open_72) through macros in these headers, which Swift could not follow.

#include "novel_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucpmap.h>
#include <unicode/uset.h>
#include <unicode/ucsdet.h>
#include <unicode/uchar.h>
#include <unicode/uregex.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

void nicu_unicode_version(char *out, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getUnicodeVersion(version);
    u_versionToString(version, text);
    strncpy(out, text, (size_t)capacity);
    if (capacity > 0) out[capacity - 1] = '\0';
}

const char *nicu_error_name(int32_t error) { return u_errorName((UErrorCode)error); }

// MARK: Character properties

int32_t nicu_east_asian_width(int32_t codePoint) {
    return u_getIntPropertyValue(codePoint, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t nicu_has_property(int32_t codePoint, int32_t property) {
    UProperty which;
    switch (property) {
    case NICU_PROP_EMOJI: which = UCHAR_EMOJI; break;
    case NICU_PROP_EMOJI_PRESENTATION: which = UCHAR_EMOJI_PRESENTATION; break;
    case NICU_PROP_EMOJI_MODIFIER: which = UCHAR_EMOJI_MODIFIER; break;
    case NICU_PROP_EMOJI_MODIFIER_BASE: which = UCHAR_EMOJI_MODIFIER_BASE; break;
    case NICU_PROP_EXTENDED_PICTOGRAPHIC: which = UCHAR_EXTENDED_PICTOGRAPHIC; break;
    case NICU_PROP_REGIONAL_INDICATOR: which = UCHAR_REGIONAL_INDICATOR; break;
    case NICU_PROP_DEFAULT_IGNORABLE: which = UCHAR_DEFAULT_IGNORABLE_CODE_POINT; break;
    case NICU_PROP_WHITE_SPACE: which = UCHAR_WHITE_SPACE; break;
    case NICU_PROP_PREPENDED_CONCATENATION_MARK: which = UCHAR_PREPENDED_CONCATENATION_MARK; break;
    default: return 0;
    }
    return u_hasBinaryProperty(codePoint, which) ? 1 : 0;
}

int32_t nicu_general_category(int32_t codePoint) { return u_charType(codePoint); }

int32_t nicu_grapheme_cluster_break(int32_t codePoint) {
    return u_getIntPropertyValue(codePoint, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

int32_t nicu_line_break(int32_t codePoint) { return u_getIntPropertyValue(codePoint, UCHAR_LINE_BREAK); }

int32_t nicu_line_break_ranges(int32_t limit, int32_t *starts, int32_t *values, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    const UCPMap *map = u_getIntPropertyMap(UCHAR_LINE_BREAK, &status);
    int32_t count = 0;
    UChar32 start = 0;
    while (U_SUCCESS(status) && start < limit) {
        uint32_t value = 0;
        UChar32 end = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
        if (end < start) break;
        if (count < capacity) {
            starts[count] = start;
            values[count] = (int32_t)value;
        }
        count++;
        start = end + 1;
    }
    if (U_FAILURE(status)) *error = status;
    return count;
}

int32_t nicu_width_property_starts(int32_t *starts, int32_t capacity, int32_t *error) {
    static const UProperty maps[] = {UCHAR_GENERAL_CATEGORY, UCHAR_EAST_ASIAN_WIDTH, UCHAR_GRAPHEME_CLUSTER_BREAK};
    static const UProperty sets[] = {UCHAR_EMOJI, UCHAR_EMOJI_PRESENTATION, UCHAR_EXTENDED_PICTOGRAPHIC,
                                     UCHAR_REGIONAL_INDICATOR, UCHAR_DEFAULT_IGNORABLE_CODE_POINT,
                                     UCHAR_PREPENDED_CONCATENATION_MARK};
    UErrorCode status = U_ZERO_ERROR;
    uint8_t *isStart = calloc(0x110001, 1);
    if (!isStart) { *error = U_MEMORY_ALLOCATION_ERROR; return 0; }
    isStart[0] = 1;
    for (size_t i = 0; i < sizeof maps / sizeof maps[0] && U_SUCCESS(status); i++) {
        const UCPMap *map = u_getIntPropertyMap(maps[i], &status);
        UChar32 start = 0;
        while (U_SUCCESS(status) && start <= 0x10FFFF) {
            UChar32 end = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, NULL);
            if (end < start) break;
            isStart[start] = 1;
            start = end + 1;
        }
    }
    for (size_t i = 0; i < sizeof sets / sizeof sets[0] && U_SUCCESS(status); i++) {
        const USet *set = u_getBinaryPropertySet(sets[i], &status);
        if (U_FAILURE(status)) break;
        int32_t ranges = uset_getRangeCount(set);
        for (int32_t r = 0; r < ranges; r++) {
            UChar32 low, high;
            UErrorCode itemStatus = U_ZERO_ERROR;
            uset_getItem(set, r, &low, &high, NULL, 0, &itemStatus);
            isStart[low] = 1;
            isStart[high + 1] = 1;
        }
    }
    int32_t count = 0;
    for (int32_t c = 0; c <= 0x10FFFF; c++) {
        if (!isStart[c]) continue;
        if (count < capacity) starts[count] = c;
        count++;
    }
    free(isStart);
    *error = status;
    return count;
}

// MARK: Break iteration

struct nicu_break {
    UBreakIterator *iterator;
    UText *utf8; // set when iterating UTF-8
};

static UBreakIteratorType break_type(int32_t kind) {
    switch (kind) {
    case NICU_BREAK_WORD: return UBRK_WORD;
    case NICU_BREAK_LINE: return UBRK_LINE;
    case NICU_BREAK_SENTENCE: return UBRK_SENTENCE;
    default: return UBRK_CHARACTER;
    }
}

nicu_break *nicu_break_open(int32_t kind, const char *locale, const uint16_t *text, int32_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(break_type(kind), locale, (const UChar *)text, length, &status);
    *error = status;
    if (U_FAILURE(status)) return NULL;
    nicu_break *wrapper = calloc(1, sizeof(nicu_break));
    wrapper->iterator = iterator;
    return wrapper;
}

void nicu_break_set_text(nicu_break *b, const uint16_t *text, int32_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(b->iterator, (const UChar *)text, length, &status);
    *error = status;
}

nicu_break *nicu_break_open_utf8(int32_t kind, const char *locale, const uint8_t *text, int64_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(break_type(kind), locale, NULL, 0, &status);
    if (U_FAILURE(status)) { *error = status; return NULL; }
    nicu_break *wrapper = calloc(1, sizeof(nicu_break));
    wrapper->iterator = iterator;
    nicu_break_set_utf8(wrapper, text, length, error);
    if (*error > 0) { nicu_break_close(wrapper); return NULL; }
    return wrapper;
}

void nicu_break_set_utf8(nicu_break *b, const uint8_t *text, int64_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    b->utf8 = utext_openUTF8(b->utf8, (const char *)text, length, &status);
    if (U_SUCCESS(status)) ubrk_setUText(b->iterator, b->utf8, &status);
    *error = status;
}

int32_t nicu_break_first(nicu_break *b) { return ubrk_first(b->iterator); }
int32_t nicu_break_next(nicu_break *b) { return ubrk_next(b->iterator); }
int32_t nicu_break_following(nicu_break *b, int32_t offset) { return ubrk_following(b->iterator, offset); }
int32_t nicu_break_preceding(nicu_break *b, int32_t offset) { return ubrk_preceding(b->iterator, offset); }
int32_t nicu_break_is_boundary(nicu_break *b, int32_t offset) { return ubrk_isBoundary(b->iterator, offset) ? 1 : 0; }
int32_t nicu_break_rule_status(nicu_break *b) { return ubrk_getRuleStatus(b->iterator); }

void nicu_break_close(nicu_break *b) {
    if (!b) return;
    ubrk_close(b->iterator);
    if (b->utf8) utext_close(b->utf8);
    free(b);
}

// MARK: Charset conversion

int32_t nicu_converter_canonical_name(const char *name, char *out, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(name, &status);
    if (U_FAILURE(status)) { *error = status; return 0; }
    const char *canonical = ucnv_getName(converter, &status);
    int32_t length = (int32_t)strlen(canonical);
    if (capacity > 0) {
        strncpy(out, canonical, (size_t)capacity);
        out[capacity - 1] = '\0';
    }
    ucnv_close(converter);
    *error = U_SUCCESS(status) ? U_ZERO_ERROR : status;
    return length;
}

enum { PIVOT_CAPACITY = 16384 };

struct nicu_decoder {
    UConverter *source;
    UConverter *utf8;
    int64_t invalid;
    int started;
    UChar pivot[PIVOT_CAPACITY];
    UChar *pivotSource;
    UChar *pivotTarget;
};

static void count_and_substitute(const void *context, UConverterToUnicodeArgs *args, const char *codeUnits,
                                 int32_t length, UConverterCallbackReason reason, UErrorCode *error) {
    (void)codeUnits; (void)length;
    if (reason > UCNV_IRREGULAR) return; // reset, close, clone: nothing to replace
    nicu_decoder *decoder = (nicu_decoder *)context;
    decoder->invalid += 1;
    static const UChar replacement = 0xFFFD;
    *error = U_ZERO_ERROR;
    ucnv_cbToUWriteUChars(args, &replacement, 1, 0, error);
}

nicu_decoder *nicu_decoder_open(const char *charset, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    nicu_decoder *decoder = calloc(1, sizeof(nicu_decoder));
    decoder->source = ucnv_open(charset, &status);
    if (U_SUCCESS(status)) decoder->utf8 = ucnv_open("UTF-8", &status);
    if (U_SUCCESS(status)) {
        ucnv_setToUCallBack(decoder->source, count_and_substitute, decoder, NULL, NULL, &status);
    }
    *error = status;
    if (U_FAILURE(status)) { nicu_decoder_close(decoder); return NULL; }
    decoder->pivotSource = decoder->pivot;
    decoder->pivotTarget = decoder->pivot;
    return decoder;
}

int64_t nicu_decoder_convert(nicu_decoder *decoder, const uint8_t *source, int64_t sourceLength,
                             int64_t *sourceConsumed, uint8_t *target, int64_t targetCapacity,
                             int32_t flush, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    // ICU refuses a null source even when it is empty (a flush with nothing more to read).
    static const uint8_t nothing = 0;
    if (!source) { source = &nothing; sourceLength = 0; }
    const char *sourceCursor = (const char *)source;
    char *targetCursor = (char *)target;
    ucnv_convertEx(decoder->utf8, decoder->source, &targetCursor, (const char *)target + targetCapacity,
                   &sourceCursor, (const char *)source + sourceLength, decoder->pivot, &decoder->pivotSource,
                   &decoder->pivotTarget, decoder->pivot + PIVOT_CAPACITY, decoder->started ? 0 : 1,
                   flush ? 1 : 0, &status);
    decoder->started = 1;
    *sourceConsumed = (int64_t)(sourceCursor - (const char *)source);
    *error = status;
    return (int64_t)(targetCursor - (char *)target);
}

int64_t nicu_decoder_invalid_count(const nicu_decoder *decoder) { return decoder->invalid; }

int64_t nicu_decoder_pending(const nicu_decoder *decoder) {
    UErrorCode status = U_ZERO_ERROR;
    int64_t pending = ucnv_toUCountPending(decoder->source, &status);
    pending += ucnv_fromUCountPending(decoder->utf8, &status);
    pending += decoder->pivotTarget - decoder->pivotSource;
    // A converter that cannot say what it holds is taken to hold something.
    return U_SUCCESS(status) ? pending : 1;
}

int32_t nicu_decode_utf16_with_offsets(const char *charset, const uint8_t *source, int32_t length,
                                       uint16_t *target, int32_t *offsets, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    nicu_decoder counter; // only for count_and_substitute's count
    memset(&counter, 0, sizeof counter);
    UConverter *converter = ucnv_open(charset, &status);
    if (U_SUCCESS(status)) ucnv_setToUCallBack(converter, count_and_substitute, &counter, NULL, NULL, &status);
    int32_t written = 0;
    if (U_SUCCESS(status)) {
        UChar *targetCursor = (UChar *)target;
        const char *sourceCursor = (const char *)source;
        ucnv_toUnicode(converter, &targetCursor, (UChar *)target + capacity, &sourceCursor,
                       (const char *)source + length, offsets, 1, &status);
        written = (int32_t)(targetCursor - (UChar *)target);
    }
    if (converter) ucnv_close(converter);
    *error = status;
    return written;
}

void nicu_decoder_close(nicu_decoder *decoder) {
    if (!decoder) return;
    if (decoder->source) ucnv_close(decoder->source);
    if (decoder->utf8) ucnv_close(decoder->utf8);
    free(decoder);
}

// MARK: Charset detection

int32_t nicu_detect_charsets(const uint8_t *bytes, int32_t length, char *names, int32_t nameStride,
                             int32_t *confidences, int32_t maxMatches, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_FAILURE(status)) { *error = status; return 0; }
    ucsdet_setText(detector, (const char *)bytes, length, &status);
    int32_t found = 0;
    const UCharsetMatch **matches = ucsdet_detectAll(detector, &found, &status);
    int32_t written = 0;
    for (int32_t i = 0; U_SUCCESS(status) && i < found && written < maxMatches; i++) {
        const char *name = ucsdet_getName(matches[i], &status);
        int32_t confidence = ucsdet_getConfidence(matches[i], &status);
        if (U_FAILURE(status)) break;
        strncpy(names + (size_t)written * (size_t)nameStride, name, (size_t)nameStride);
        names[(size_t)written * (size_t)nameStride + (size_t)nameStride - 1] = '\0';
        confidences[written] = confidence;
        written++;
    }
    ucsdet_close(detector);
    *error = U_SUCCESS(status) ? U_ZERO_ERROR : status;
    return written;
}

// MARK: Regular expressions

struct nicu_regex {
    URegularExpression *regex;
    UText *text;
};

nicu_regex *nicu_regex_open(const char *pattern, int32_t flags, int32_t *errorLine, int32_t *errorOffset,
                            int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    memset(&parseError, 0, sizeof parseError);
    UText *patternText = utext_openUTF8(NULL, pattern, -1, &status);
    URegularExpression *regex = NULL;
    if (U_SUCCESS(status)) regex = uregex_openUText(patternText, (uint32_t)flags, &parseError, &status);
    utext_close(patternText);
    *errorLine = parseError.line;
    *errorOffset = parseError.offset;
    *error = status;
    if (U_FAILURE(status)) return NULL;
    nicu_regex *wrapper = calloc(1, sizeof(nicu_regex));
    wrapper->regex = regex;
    return wrapper;
}

nicu_regex *nicu_regex_clone(const nicu_regex *r, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *regex = uregex_clone(r->regex, &status);
    *error = status;
    if (U_FAILURE(status)) return NULL;
    nicu_regex *wrapper = calloc(1, sizeof(nicu_regex));
    wrapper->regex = regex;
    return wrapper;
}

void nicu_regex_set_utf8(nicu_regex *r, const uint8_t *text, int64_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    r->text = utext_openUTF8(r->text, (const char *)text, length, &status);
    if (U_SUCCESS(status)) uregex_setUText(r->regex, r->text, &status);
    *error = status;
}

int32_t nicu_regex_find(nicu_regex *r, int64_t start, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBool found = start < 0 ? uregex_findNext(r->regex, &status) : uregex_find64(r->regex, start, &status);
    *error = status;
    return found ? 1 : 0;
}

int32_t nicu_regex_matches_region(nicu_regex *r, int64_t start, int64_t end, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setRegion64(r->regex, start, end, &status);
    UBool matched = U_SUCCESS(status) ? uregex_matches64(r->regex, -1, &status) : 0;
    *error = status;
    return matched ? 1 : 0;
}

int32_t nicu_regex_find_in_region(nicu_regex *r, int64_t start, int64_t end, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setRegion64(r->regex, start, end, &status);
    UBool found = U_SUCCESS(status) ? uregex_findNext(r->regex, &status) : 0;
    *error = status;
    return found ? 1 : 0;
}

int32_t nicu_regex_find_next(nicu_regex *r, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBool found = uregex_findNext(r->regex, &status);
    *error = status;
    return found ? 1 : 0;
}

int64_t nicu_regex_group_start(nicu_regex *r, int32_t group, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int64_t value = uregex_start64(r->regex, group, &status);
    *error = status;
    return value;
}

int64_t nicu_regex_group_end(nicu_regex *r, int32_t group, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int64_t value = uregex_end64(r->regex, group, &status);
    *error = status;
    return value;
}

int32_t nicu_regex_group_count(nicu_regex *r, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t value = uregex_groupCount(r->regex, &status);
    *error = status;
    return value;
}

void nicu_regex_close(nicu_regex *r) {
    if (!r) return;
    uregex_close(r->regex);
    if (r->text) utext_close(r->text);
    free(r);
}
