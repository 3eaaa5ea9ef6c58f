#ifndef NOVEL_OPENCC_SHIM_H
#define NOVEL_OPENCC_SHIM_H

#include <stddef.h>
#include <opencc/opencc.h>

// opencc_open reports failure as (opencc_t)-1, which Swift cannot compare with a pointer: NULL instead.
static inline opencc_t novel_opencc_open(const char *config) {
    opencc_t converter = opencc_open(config);
    return converter == (opencc_t)-1 ? NULL : converter;
}

#endif
