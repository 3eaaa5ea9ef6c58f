#ifndef NOVEL_ZIP_H
#define NOVEL_ZIP_H

// A small C API over libzip for EPUB archives. libzip is not linked: it is loaded with dlopen on first use
// (zip_library.c), because linking libzip.so costs about 1.3 ms at every process start (it loads libcrypto)
// and the reader's launch is held to twice `less`'s. Only <stdint.h>/<stddef.h> here, like CICU's header.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong, in classes the caller words for the reader.
typedef enum {
    NZIP_OK = 0,
    /// libzip could not be loaded (the message is the dynamic loader's).
    NZIP_LIBRARY_MISSING = 1,
    /// The bytes are not a zip archive (no end of central directory).
    NZIP_NOT_ZIP = 2,
    /// A zip archive that is cut or corrupt: inconsistent directory, bad CRC, data that ends early.
    NZIP_DAMAGED = 3,
    /// A member encrypted by the zip format itself (a password is needed).
    NZIP_ENCRYPTED = 4,
    /// A member compressed by a method libzip cannot inflate.
    NZIP_UNSUPPORTED = 5,
    /// The system refused (a file that cannot be opened or read, memory).
    NZIP_SYSTEM = 6,
    /// A member index past the end, or a name that is not there.
    NZIP_NO_SUCH_MEMBER = 7,
} nzip_error_kind;

/// A failure's class and libzip's (or the loader's) own words.
typedef struct {
    int32_t kind;
    char message[256];
} nzip_error;

/// One member's directory entry.
typedef struct {
    /// Inflated size, as the directory declares it (never trusted alone: reads stop at the caller's capacity).
    uint64_t size;
    uint64_t compressed_size;
    /// The zip compression method (0 stored, 8 deflated).
    uint16_t method;
    /// The zip encryption method (0 none).
    uint16_t encryption;
    /// The CRC-32 of the inflated bytes, as the directory declares it (0 where the directory gives none).
    uint32_t crc;
} nzip_member;

/// Loads libzip if it is not loaded yet (once per process, thread-safe): 1 when it is there, else 0 with
/// the loader's message.
int32_t nzip_load(nzip_error *error);

/// Starts `nzip_load` on a thread of its own and returns at once; only the first call starts one. A thread of
/// the C library's, not Foundation's: a Foundation thread started while libzip loads was seen waiting for the
/// load to end (docs/benchmarks.md), and the load may be in flight already when the first screen asks.
void nzip_load_beside(void);

/// Whether `count` bytes at `bytes` start with a zip member's local header (`PK\3\4`), as every non-empty zip
/// archive does: 1 or 0.
int32_t nzip_starts_like_zip(const void *bytes, size_t count);

/// Whether the file at `path` is a regular file that starts like a zip (`nzip_starts_like_zip`): 1 or 0, and 0
/// when it cannot be opened or read. Opened without blocking, so a named pipe is turned away at once.
int32_t nzip_file_starts_like_zip(const char *path);

/// Whether the library called `name` can be loaded with every symbol novel uses (dlopen, dlsym, dlclose),
/// without touching the process's own loaded copy: for tests of the missing-library message.
int32_t nzip_probe(const char *name, nzip_error *error);

typedef struct nzip_archive nzip_archive;

/// Opens the zip archive at `path` read-only; NULL with the error on failure.
nzip_archive *nzip_open(const char *path, nzip_error *error);
/// Opens a zip archive held in memory (the bytes are copied); NULL with the error on failure.
nzip_archive *nzip_open_bytes(const void *bytes, size_t length, nzip_error *error);
void nzip_close(nzip_archive *archive);

/// The number of members.
int64_t nzip_count(nzip_archive *archive);
/// The member's name as stored (raw bytes, NUL-terminated; valid until the archive is closed), or NULL.
const char *nzip_name(nzip_archive *archive, uint64_t index, nzip_error *error);
/// The member's directory entry: 1, or 0 with the error.
int32_t nzip_stat(nzip_archive *archive, uint64_t index, nzip_member *member, nzip_error *error);
/// The index of the member named exactly `name` (raw bytes), or -1.
int64_t nzip_locate(nzip_archive *archive, const char *name);
/// Inflates the member into `buffer`, writing at most `capacity` bytes: the count written (a count equal to
/// `capacity` means the member may hold more), or -1 with the error.
int64_t nzip_read(nzip_archive *archive, uint64_t index, void *buffer, uint64_t capacity, nzip_error *error);

/// A zip archive being written (for tests and benchmarks).
typedef struct nzip_writer nzip_writer;

/// Creates (or truncates) the archive at `path`; nothing is written until `nzip_finish`.
nzip_writer *nzip_create(const char *path, nzip_error *error);
/// Adds a member with a copy of `bytes`, stored or deflated, after those added before: 1, or 0 with the error.
int32_t nzip_add(nzip_writer *writer, const char *name, const void *bytes, size_t length, int32_t deflate,
                 nzip_error *error);
/// Writes the archive and frees the writer: 1, or 0 with the error (the file is then not written).
int32_t nzip_finish(nzip_writer *writer, nzip_error *error);
/// Frees the writer without writing anything.
void nzip_discard(nzip_writer *writer);

#ifdef __cplusplus
}
#endif

#endif
