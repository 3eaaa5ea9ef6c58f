#ifndef NOVEL_OPENCC_SHIM_H
#define NOVEL_OPENCC_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // dladdr
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <opencc/opencc.h>

// opencc_open reports failure as (opencc_t)-1, which Swift cannot compare with a pointer: NULL instead.
static inline opencc_t novel_opencc_open(const char *config) {
    opencc_t converter = opencc_open(config);
    return converter == (opencc_t)-1 ? NULL : converter;
}

// The file OpenCC's code was loaded from (its shared library, or this program when it is linked in),
// or NULL: its size and date stand for OpenCC's version in the conversion cache's keys.
static inline const char *novel_opencc_library_path(void) {
    Dl_info info;
    if (dladdr((void *)opencc_open, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}

#endif
