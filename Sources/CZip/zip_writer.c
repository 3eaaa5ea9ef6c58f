// Writing zip archives through the loaded libzip, for tests and benchmarks that make EPUB books.
#include "zip_library.h"

#include <stdlib.h>
#include <string.h>

struct nzip_writer {
    zip_t *zip;
};

nzip_writer *nzip_create(const char *path, nzip_error *error) {
    if (!nzip_load(error)) return NULL;
    int code = 0;
    zip_t *zip = nzip_lib.zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (zip == NULL) {
        nzip_fail_code(error, code);
        return NULL;
    }
    nzip_writer *writer = malloc(sizeof *writer);
    if (writer == NULL) {
        nzip_lib.zip_discard(zip);
        nzip_fail(error, NZIP_SYSTEM, "out of memory");
        return NULL;
    }
    writer->zip = zip;
    return writer;
}

int32_t nzip_add(nzip_writer *writer, const char *name, const void *bytes, size_t length, int32_t deflate,
                 nzip_error *error) {
    // libzip reads the data only when the archive is written: it owns a copy until then.
    void *copy = NULL;
    if (length > 0) {
        copy = malloc(length);
        if (copy == NULL) {
            nzip_fail(error, NZIP_SYSTEM, "out of memory");
            return 0;
        }
        memcpy(copy, bytes, length);
    }
    zip_source_t *source = nzip_lib.zip_source_buffer(writer->zip, copy, length, 1);
    if (source == NULL) {
        free(copy);
        nzip_fail_zip(error, nzip_lib.zip_get_error(writer->zip));
        return 0;
    }
    // libzip marks a UTF-8 name as UTF-8 and stores any other name's bytes as they are (tests need both).
    zip_int64_t index = nzip_lib.zip_file_add(writer->zip, name, source, ZIP_FL_ENC_GUESS);
    if (index < 0) {
        nzip_lib.zip_source_free(source);
        nzip_fail_zip(error, nzip_lib.zip_get_error(writer->zip));
        return 0;
    }
    if (nzip_lib.zip_set_file_compression(writer->zip, (zip_uint64_t)index,
                                          deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, deflate ? 9 : 0) != 0) {
        nzip_fail_zip(error, nzip_lib.zip_get_error(writer->zip));
        return 0;
    }
    return 1;
}

int32_t nzip_finish(nzip_writer *writer, nzip_error *error) {
    int32_t written = nzip_lib.zip_close(writer->zip) == 0;
    if (!written) {
        nzip_fail_zip(error, nzip_lib.zip_get_error(writer->zip));
        nzip_lib.zip_discard(writer->zip);
    }
    free(writer);
    return written;
}

void nzip_discard(nzip_writer *writer) {
    if (writer == NULL) return;
    nzip_lib.zip_discard(writer->zip);
    free(writer);
}
