// Loads libcurl with dlopen on first use, once per process, and makes one request with the options every
// request of novel's has: TLS verified, no redirect followed, HTTP(S) only, time and size limits.
//
// libcurl is not linked at start-up: it would load its TLS, HTTP/2 and IDN libraries at every start of a
// reader that may never sync. dlopen is invisible to dpkg-shlibdeps, so scripts/package-deb names libcurl4 in
// the package's Depends itself. curl_easy_setopt is variadic, which Swift cannot call: it is called here.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "novel_curl.h"

/// The soname of the libcurl whose ABI <curl/curl.h> describes (Debian's libcurl4, OpenSSL flavour).
static const char *const library_name = "libcurl.so.4";

#define NCURL_FUNCTIONS(X)                                                                                     \
    X(curl_global_init)                                                                                        \
    X(curl_easy_init)                                                                                          \
    X(curl_easy_setopt)                                                                                        \
    X(curl_easy_perform)                                                                                       \
    X(curl_easy_getinfo)                                                                                       \
    X(curl_easy_cleanup)                                                                                       \
    X(curl_easy_strerror)                                                                                      \
    X(curl_slist_append)                                                                                       \
    X(curl_slist_free_all)

#define NCURL_DECLARE_POINTER(name) __typeof__(&name) name;
typedef struct {
    NCURL_FUNCTIONS(NCURL_DECLARE_POINTER)
} ncurl_functions;
#undef NCURL_DECLARE_POINTER

static ncurl_functions lib;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_message[256];

static void fail(ncurl_error *error, int32_t kind, int32_t code, const char *message) {
    if (error == NULL) return;
    error->kind = kind;
    error->code = code;
    snprintf(error->message, sizeof error->message, "%s", message);
}

static void load(void) {
    // The handle is kept for the process's life: libcurl is never unloaded.
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_message, sizeof load_message, "%s", reason != NULL ? reason : library_name);
        return;
    }
#define NCURL_LOOK_UP(function)                                                                                \
    lib.function = (__typeof__(&function))dlsym(handle, #function);                                            \
    if (lib.function == NULL) {                                                                                \
        snprintf(load_message, sizeof load_message, "%s has no %s", library_name, #function);                  \
        return;                                                                                                \
    }
    NCURL_FUNCTIONS(NCURL_LOOK_UP)
#undef NCURL_LOOK_UP
    // Global set-up once, before any handle, as libcurl asks of a program with threads.
    CURLcode code = lib.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_message, sizeof load_message, "%s", lib.curl_easy_strerror(code));
        return;
    }
    loaded = 1;
}

int32_t ncurl_load(ncurl_error *error) {
    pthread_once(&load_once, load);
    if (!loaded) fail(error, NCURL_LIBRARY_MISSING, 0, load_message);
    return loaded;
}

/// The most bytes of an answer whose status is not a success (2xx), whatever the request's limit: such an
/// answer's body is never used, but a small limit (a 10-byte file) must not turn a 401 into "too large".
static const uint64_t error_answer_limit = 64 << 10;

/// The answer received so far, and whether it went past the limit.
typedef struct {
    CURL *curl;
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    uint64_t limit;
    int too_large;
    int out_of_memory;
} answer;

static size_t receive(char *data, size_t size, size_t count, void *context) {
    answer *received = context;
    size_t length = size * count;
    long status = 0;
    lib.curl_easy_getinfo(received->curl, CURLINFO_RESPONSE_CODE, &status);
    uint64_t limit = status >= 200 && status < 300 ? received->limit : error_answer_limit;
    if (length > limit || received->length > limit - length) {
        received->too_large = 1;
        return 0;  // stops the transfer: nothing past the limit is read
    }
    if (received->length + length > received->capacity) {
        size_t capacity = received->capacity > 0 ? received->capacity : 4096;
        while (capacity < received->length + length) capacity *= 2;
        uint8_t *grown = realloc(received->bytes, capacity);
        if (grown == NULL) {
            received->out_of_memory = 1;
            return 0;
        }
        received->bytes = grown;
        received->capacity = capacity;
    }
    memcpy(received->bytes + received->length, data, length);
    received->length += length;
    return length;
}

/// The class of a failed transfer's code.
static int32_t kind_of(CURLcode code) {
    switch (code) {
    case CURLE_OPERATION_TIMEDOUT: return NCURL_TIMED_OUT;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
    case CURLE_WEIRD_SERVER_REPLY: return NCURL_UNREACHABLE;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_USE_SSL_FAILED: return NCURL_INSECURE;
    case CURLE_FILESIZE_EXCEEDED: return NCURL_TOO_LARGE;
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT: return NCURL_REFUSED;
    default: return NCURL_FAILED;
    }
}

/// Sets the options every request has; CURLE_OK or the first option refused.
static CURLcode set_options(CURL *curl, const ncurl_request *request, struct curl_slist *headers, answer *received,
                            char *message) {
    CURLcode code = CURLE_OK;
#define SET(option, value)                                                                                     \
    if ((code = lib.curl_easy_setopt(curl, option, value)) != CURLE_OK) return code;
    SET(CURLOPT_ERRORBUFFER, message)
    SET(CURLOPT_URL, request->url)
    // Only HTTP and HTTPS, never a redirect: a 3xx comes back as a status the caller refuses.
#if LIBCURL_VERSION_NUM >= 0x075500
    if (lib.curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_UNKNOWN_OPTION)
#endif
    {
        // libcurl before 7.85 (at build or at run time) knows only the older bit mask.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS))
#pragma GCC diagnostic pop
    }
    SET(CURLOPT_FOLLOWLOCATION, 0L)
    // HTTP/1.1, which every WebDAV server speaks: over TLS libcurl would otherwise offer HTTP/2, whose stream
    // resets (seen from rclone's Go server on a loaded machine) end a request that HTTP/1.1 completes.
    SET(CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1)
    // TLS always verified, peer and host; a CA file adds to the system's trust (CAPATH stays the default).
    SET(CURLOPT_SSL_VERIFYPEER, 1L)
    SET(CURLOPT_SSL_VERIFYHOST, 2L)
    if (request->ca_file != NULL) SET(CURLOPT_CAINFO, request->ca_file)
    // No ~/.netrc or proxy surprises from libcurl itself: the caller decided the credentials.
    SET(CURLOPT_NETRC, (long)CURL_NETRC_IGNORED)
    // No signals: the request runs on a thread beside the reader (libcurl's resolver timeout uses SIGALRM).
    SET(CURLOPT_NOSIGNAL, 1L)
    SET(CURLOPT_CONNECTTIMEOUT_MS, (long)request->connect_timeout_ms)
    SET(CURLOPT_TIMEOUT_MS, (long)request->timeout_ms)
    // A declared length past every limit is refused before the body comes; `receive` holds the exact one.
    uint64_t largest = request->response_limit > error_answer_limit ? request->response_limit : error_answer_limit;
    SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)largest)
    SET(CURLOPT_WRITEFUNCTION, receive)
    SET(CURLOPT_WRITEDATA, received)
    if (request->user != NULL) {
        SET(CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC)
        SET(CURLOPT_USERNAME, request->user)
        SET(CURLOPT_PASSWORD, request->password != NULL ? request->password : "")
    }
    if (request->has_body) {
        // The body is sent as given (a POST's machinery with the method's own name); no Expect: 100-continue.
        SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length)
        SET(CURLOPT_POSTFIELDS, request->body_length > 0 ? request->body : "")
    } else {
        SET(CURLOPT_HTTPGET, 1L)
    }
    if (strcmp(request->method, "GET") != 0) SET(CURLOPT_CUSTOMREQUEST, request->method)
    SET(CURLOPT_HTTPHEADER, headers)
#undef SET
    return code;
}

int32_t ncurl_perform(const ncurl_request *request, ncurl_response *response, ncurl_error *error) {
    memset(response, 0, sizeof *response);
    if (!ncurl_load(error)) return 0;
    CURL *curl = lib.curl_easy_init();
    if (curl == NULL) {
        fail(error, NCURL_FAILED, 0, "libcurl could not make a request");
        return 0;
    }
    struct curl_slist *headers = NULL;
    int ok = 1;
    for (size_t index = 0; index < request->header_count && ok; index++) {
        struct curl_slist *longer = lib.curl_slist_append(headers, request->headers[index]);
        if (longer == NULL) ok = 0;
        else headers = longer;
    }
    if (ok && request->has_body) {
        struct curl_slist *longer = lib.curl_slist_append(headers, "Expect:");
        if (longer == NULL) ok = 0;
        else headers = longer;
    }
    answer received = {.curl = curl, .limit = request->response_limit};
    char message[CURL_ERROR_SIZE] = "";
    int32_t result = 0;
    if (!ok) {
        fail(error, NCURL_FAILED, 0, "out of memory");
    } else {
        CURLcode code = set_options(curl, request, headers, &received, message);
        if (code == CURLE_OK) code = lib.curl_easy_perform(curl);
        if (code == CURLE_OK) {
            long status = 0;
            lib.curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
            response->status = status;
            response->body = received.bytes;
            response->length = received.length;
            received.bytes = NULL;
            result = 1;
        } else if (received.too_large) {
            fail(error, NCURL_TOO_LARGE, code, "the answer is larger than the limit");
        } else if (received.out_of_memory) {
            fail(error, NCURL_FAILED, code, "out of memory");
        } else {
            fail(error, kind_of(code), code, message[0] != '\0' ? message : lib.curl_easy_strerror(code));
        }
    }
    free(received.bytes);
    lib.curl_slist_free_all(headers);
    lib.curl_easy_cleanup(curl);
    return result;
}

void ncurl_free_response(ncurl_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
