#ifndef NOVEL_ZIP_LIBRARY_H
#define NOVEL_ZIP_LIBRARY_H

// libzip's functions as loaded by zip_library.c; only the types and prototypes of <zip.h> are used, nothing is
// linked against them.
#include <zip.h>

#include "novel_zip.h"

#define NZIP_FUNCTIONS(X)                                                                                      \
    X(zip_open)                                                                                                \
    X(zip_open_from_source)                                                                                    \
    X(zip_source_buffer_create)                                                                                \
    X(zip_source_buffer)                                                                                       \
    X(zip_source_free)                                                                                         \
    X(zip_error_init_with_code)                                                                                \
    X(zip_error_strerror)                                                                                      \
    X(zip_error_fini)                                                                                          \
    X(zip_error_code_zip)                                                                                      \
    X(zip_get_error)                                                                                           \
    X(zip_get_num_entries)                                                                                     \
    X(zip_get_name)                                                                                            \
    X(zip_stat_index)                                                                                          \
    X(zip_name_locate)                                                                                         \
    X(zip_fopen_index)                                                                                         \
    X(zip_fread)                                                                                               \
    X(zip_fclose)                                                                                              \
    X(zip_file_get_error)                                                                                      \
    X(zip_close)                                                                                               \
    X(zip_discard)                                                                                             \
    X(zip_file_add)                                                                                            \
    X(zip_set_file_compression)

#define NZIP_DECLARE_POINTER(name) __typeof__(&name) name;
typedef struct {
    NZIP_FUNCTIONS(NZIP_DECLARE_POINTER)
} nzip_functions;
#undef NZIP_DECLARE_POINTER

/// The loaded functions (after a successful `nzip_load`).
extern nzip_functions nzip_lib;

/// Sets `error` (when not NULL) to `kind` with `message`.
void nzip_fail(nzip_error *error, int32_t kind, const char *message);
/// Sets `error` from libzip's error value.
void nzip_fail_zip(nzip_error *error, zip_error_t *zip_error);
/// Sets `error` from a libzip error code alone.
void nzip_fail_code(nzip_error *error, int code);

#endif
