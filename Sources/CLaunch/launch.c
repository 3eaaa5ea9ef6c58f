// What novel starts before main. An EPUB's first screen cannot open its archive before libzip is loaded
// (libcrypto most of it), and from here to the first line of `novel read` the Swift runtime, libdispatch
// and Foundation set themselves up and the command line is read: libzip's load started here is done that
// much sooner (docs/benchmarks.md). Only a look at the arguments, never their meaning: any that names a
// regular file starting like a zip starts the load on a thread of its own; the command line's parse still
// decides everything. A load nobody uses costs a thread's time on another core, and a command that ends
// while it runs waits for it at exit (the dynamic loader's lock).
#include "novel_launch.h"

#include "novel_zip.h"

/// Run by the C library before main, given main's arguments (glibc passes them to an executable's
/// constructors).
__attribute__((constructor)) static void start_libzip_load_for_a_zip_argument(int count, char **arguments) {
    for (int index = 1; index < count; index++) {
        if (arguments[index][0] == '-') continue;  // a flag (a book named `-…` is left to `novel read`'s start)
        if (nzip_file_starts_like_zip(arguments[index])) {
            nzip_load_beside();
            return;
        }
    }
}
