// A zip archive told by its first bytes, without libzip: the one home of that rule, for EpubFormat and for the
// check novel makes of its arguments before main (CLaunch).
#include "novel_zip.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int32_t nzip_starts_like_zip(const void *bytes, size_t count) {
    static const unsigned char local_header[4] = {'P', 'K', 3, 4};
    return count >= sizeof local_header && memcmp(bytes, local_header, sizeof local_header) == 0;
}

int32_t nzip_file_starts_like_zip(const char *path) {
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (descriptor < 0) return 0;
    struct stat status;
    unsigned char start[4];
    ssize_t count = 0;
    if (fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)) count = pread(descriptor, start, sizeof start, 0);
    close(descriptor);
    return count > 0 && nzip_starts_like_zip(start, (size_t)count);
}
