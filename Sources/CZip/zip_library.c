// Loads libzip with dlopen on first use or on a thread of its own (`nzip_load_beside`), once per process, and
// words libzip's failures.
//
// libzip is not linked at start-up: linking libzip.so costs about 1.3 ms at every process start (it pulls
// in libcrypto), which a reader of .txt books would pay for nothing. dlopen is invisible to dpkg-shlibdeps,
// so scripts/package-deb names libzip4 in the package's Depends itself.
#define _GNU_SOURCE  // pthread_setname_np, RTLD_DEEPBIND
#include "zip_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// The soname of the libzip whose ABI <zip.h> describes (libzip 1.x).
static const char *const library_name = "libzip.so.4";

nzip_functions nzip_lib;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_message[256];

void nzip_fail(nzip_error *error, int32_t kind, const char *message) {
    if (error == NULL) return;
    error->kind = kind;
    snprintf(error->message, sizeof error->message, "%s", message);
}

/// The class of a libzip error code.
static int32_t kind_of(int code) {
    switch (code) {
    case ZIP_ER_OK: return NZIP_OK;
    case ZIP_ER_NOZIP: return NZIP_NOT_ZIP;
    case ZIP_ER_NOPASSWD:
    case ZIP_ER_WRONGPASSWD:
    case ZIP_ER_ENCRNOTSUPP: return NZIP_ENCRYPTED;
    case ZIP_ER_COMPNOTSUPP: return NZIP_UNSUPPORTED;
    case ZIP_ER_OPEN:
    case ZIP_ER_MEMORY:
    case ZIP_ER_TMPOPEN:
    case ZIP_ER_WRITE:
    case ZIP_ER_CLOSE:
    case ZIP_ER_RENAME:
    case ZIP_ER_REMOVE:
    case ZIP_ER_RDONLY: return NZIP_SYSTEM;
    case ZIP_ER_NOENT:
    case ZIP_ER_INVAL: return NZIP_NO_SUCH_MEMBER;
    default: return NZIP_DAMAGED;
    }
}

void nzip_fail_zip(nzip_error *error, zip_error_t *zip_error) {
    nzip_fail(error, kind_of(nzip_lib.zip_error_code_zip(zip_error)), nzip_lib.zip_error_strerror(zip_error));
}

void nzip_fail_code(nzip_error *error, int code) {
    zip_error_t zip_error;
    nzip_lib.zip_error_init_with_code(&zip_error, code);
    nzip_fail_zip(error, &zip_error);
    nzip_lib.zip_error_fini(&zip_error);
}

/// How libzip is opened. RTLD_DEEPBIND makes the loader look a symbol up in libzip and the libraries it brings
/// (libcrypto, libbz2) before the process's own: nearly all of libcrypto's 4,000 symbol references are to
/// itself, and the global scope holds a dozen libraries to search first (docs/benchmarks.md). Nothing of
/// libzip's resolves differently: the libraries both scopes share (libc, zlib) are the same loaded copies.
/// AddressSanitizer refuses RTLD_DEEPBIND (it must see every malloc), so the fuzz build opens it plainly.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NZIP_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#endif
#endif
#if !defined(NZIP_OPEN_FLAGS) && defined(__SANITIZE_ADDRESS__)
#define NZIP_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#endif
#ifndef NZIP_OPEN_FLAGS
#define NZIP_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND)
#endif

/// Opens `name` and fills `functions`: the handle, or NULL with the loader's message in `message`.
static void *open_library(const char *name, nzip_functions *functions, char *message, size_t capacity) {
    void *handle = dlopen(name, NZIP_OPEN_FLAGS);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason != NULL ? reason : name);
        return NULL;
    }
#define NZIP_LOOK_UP(function)                                                                                 \
    functions->function = (__typeof__(&function))dlsym(handle, #function);                                     \
    if (functions->function == NULL) {                                                                         \
        snprintf(message, capacity, "%s has no %s", name, #function);                                          \
        dlclose(handle);                                                                                       \
        return NULL;                                                                                           \
    }
    NZIP_FUNCTIONS(NZIP_LOOK_UP)
#undef NZIP_LOOK_UP
    return handle;
}

static void load(void) {
    // The handle is kept for the process's life: libzip is never unloaded.
    loaded = open_library(library_name, &nzip_lib, load_message, sizeof load_message) != NULL;
}

int32_t nzip_load(nzip_error *error) {
    pthread_once(&load_once, load);
    if (!loaded) nzip_fail(error, NZIP_LIBRARY_MISSING, load_message);
    return loaded;
}

static void *load_on_its_thread(void *unused) {
    (void)unused;
    pthread_setname_np(pthread_self(), "libzip-load");  // for a debugger; a prctl, where another thread's is a file
    nzip_error error;
    nzip_load(&error);  // a failure is reported by the open that needs the library
    return NULL;
}

static pthread_once_t beside_once = PTHREAD_ONCE_INIT;

static void start_load_beside(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, load_on_its_thread, NULL) == 0) pthread_detach(thread);
    // Else the first open loads it.
}

void nzip_load_beside(void) { pthread_once(&beside_once, start_load_beside); }

int32_t nzip_probe(const char *name, nzip_error *error) {
    nzip_functions functions;
    char message[256];
    void *handle = open_library(name, &functions, message, sizeof message);
    if (handle == NULL) {
        nzip_fail(error, NZIP_LIBRARY_MISSING, message);
        return 0;
    }
    dlclose(handle);
    return 1;
}
