// glibc's memmem (a two-way search with a skip table), which Swift cannot see: its declaration needs
// _GNU_SOURCE. Used by TextSearch for case-sensitive needles; memchr on the first byte stalls on CJK
// text, where a needle's lead byte (E4–E9) starts almost every character.
#define _GNU_SOURCE
#include <string.h>

#include "novel_icu.h"

const void *nbytes_find(const void *haystack, size_t length, const void *needle, size_t needle_length) {
    return memmem(haystack, length, needle, needle_length);
}
