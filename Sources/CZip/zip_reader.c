// Reading a zip archive through the loaded libzip: its directory, and members inflated into the caller's
// buffer up to the capacity the caller chose (the caller decides how much it trusts a declared size).
#include "zip_library.h"

#include <stdlib.h>
#include <string.h>

struct nzip_archive {
    zip_t *zip;
};

static nzip_archive *wrap(zip_t *zip, nzip_error *error) {
    nzip_archive *archive = malloc(sizeof *archive);
    if (archive == NULL) {
        nzip_lib.zip_discard(zip);
        nzip_fail(error, NZIP_SYSTEM, "out of memory");
        return NULL;
    }
    archive->zip = zip;
    return archive;
}

nzip_archive *nzip_open(const char *path, nzip_error *error) {
    if (!nzip_load(error)) return NULL;
    int code = 0;
    zip_t *zip = nzip_lib.zip_open(path, ZIP_RDONLY, &code);
    if (zip == NULL) {
        nzip_fail_code(error, code);
        return NULL;
    }
    return wrap(zip, error);
}

nzip_archive *nzip_open_bytes(const void *bytes, size_t length, nzip_error *error) {
    if (!nzip_load(error)) return NULL;
    // libzip reads the source for as long as the archive is open: it owns a copy, freed with the source.
    void *copy = malloc(length > 0 ? length : 1);
    if (copy == NULL) {
        nzip_fail(error, NZIP_SYSTEM, "out of memory");
        return NULL;
    }
    if (length > 0) memcpy(copy, bytes, length);
    zip_error_t zip_error;
    nzip_lib.zip_error_init_with_code(&zip_error, ZIP_ER_OK);
    zip_source_t *source = nzip_lib.zip_source_buffer_create(copy, length, 1, &zip_error);
    if (source == NULL) {
        free(copy);
        nzip_fail_zip(error, &zip_error);
        nzip_lib.zip_error_fini(&zip_error);
        return NULL;
    }
    zip_t *zip = nzip_lib.zip_open_from_source(source, ZIP_RDONLY, &zip_error);
    if (zip == NULL) {
        nzip_lib.zip_source_free(source);
        nzip_fail_zip(error, &zip_error);
        nzip_lib.zip_error_fini(&zip_error);
        return NULL;
    }
    nzip_lib.zip_error_fini(&zip_error);
    return wrap(zip, error);
}

void nzip_close(nzip_archive *archive) {
    if (archive == NULL) return;
    nzip_lib.zip_discard(archive->zip);
    free(archive);
}

int64_t nzip_count(nzip_archive *archive) { return nzip_lib.zip_get_num_entries(archive->zip, 0); }

const char *nzip_name(nzip_archive *archive, uint64_t index, nzip_error *error) {
    const char *name = nzip_lib.zip_get_name(archive->zip, index, ZIP_FL_ENC_RAW);
    if (name == NULL) nzip_fail_zip(error, nzip_lib.zip_get_error(archive->zip));
    return name;
}

int32_t nzip_stat(nzip_archive *archive, uint64_t index, nzip_member *member, nzip_error *error) {
    zip_stat_t stat;
    if (nzip_lib.zip_stat_index(archive->zip, index, ZIP_FL_ENC_RAW, &stat) != 0) {
        nzip_fail_zip(error, nzip_lib.zip_get_error(archive->zip));
        return 0;
    }
    const zip_uint64_t needed = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_ENCRYPTION_METHOD;
    if ((stat.valid & needed) != needed) {
        nzip_fail(error, NZIP_DAMAGED, "the member's directory entry is incomplete");
        return 0;
    }
    member->size = stat.size;
    member->compressed_size = stat.comp_size;
    member->method = stat.comp_method;
    member->encryption = stat.encryption_method;
    member->crc = (stat.valid & ZIP_STAT_CRC) ? stat.crc : 0;
    return 1;
}

int64_t nzip_locate(nzip_archive *archive, const char *name) {
    return nzip_lib.zip_name_locate(archive->zip, name, ZIP_FL_ENC_RAW);
}

int64_t nzip_read(nzip_archive *archive, uint64_t index, void *buffer, uint64_t capacity, nzip_error *error) {
    zip_file_t *file = nzip_lib.zip_fopen_index(archive->zip, index, 0);
    if (file == NULL) {
        nzip_fail_zip(error, nzip_lib.zip_get_error(archive->zip));
        return -1;
    }
    uint64_t total = 0;
    while (total < capacity) {
        zip_int64_t count = nzip_lib.zip_fread(file, (char *)buffer + total, capacity - total);
        if (count < 0) {
            nzip_fail_zip(error, nzip_lib.zip_file_get_error(file));
            nzip_lib.zip_fclose(file);
            return -1;
        }
        if (count == 0) break;
        total += (uint64_t)count;
    }
    // A member read to its end has had its CRC checked by zip_fread; one cut short at the capacity has not,
    // and is refused by the caller anyway.
    nzip_lib.zip_fclose(file);
    return (int64_t)total;
}
