#ifndef NOVEL_CURL_H
#define NOVEL_CURL_H

// One HTTP request through libcurl, for the WebDAV sync store. libcurl is not linked: it is loaded with dlopen
// on first use (curl_library.c), because linking it would load libcurl and its TLS and HTTP/2 libraries at
// every process start, which a reader who never syncs would pay for (the launch is held to twice `less`'s).
// Only <stdint.h>/<stddef.h> here, like CZip's header: <curl/curl.h> is seen by the C files alone.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong, in classes the caller words for the reader.
typedef enum {
    NCURL_OK = 0,
    /// libcurl could not be loaded (the message is the dynamic loader's).
    NCURL_LIBRARY_MISSING = 1,
    /// The connection or the whole request took longer than allowed.
    NCURL_TIMED_OUT = 2,
    /// The host did not resolve, the connection was refused, or it broke while sending or receiving.
    NCURL_UNREACHABLE = 3,
    /// TLS failed: the server's certificate was not verified, or the handshake or the CA file failed.
    NCURL_INSECURE = 4,
    /// The answer was larger than the request's limit; the transfer stopped there.
    NCURL_TOO_LARGE = 5,
    /// The request cannot be made as asked (a URL libcurl refuses, a protocol other than HTTP(S)).
    NCURL_REFUSED = 6,
    /// Anything else (out of memory, an internal error).
    NCURL_FAILED = 7,
} ncurl_error_kind;

/// A failure's class, libcurl's code and its own words (which never contain the password: it is not in
/// the URL, and libcurl does not repeat credentials in its messages).
typedef struct {
    int32_t kind;
    int32_t code;
    char message[256];
} ncurl_error;

/// One request. Strings are NUL-terminated; optional ones may be NULL.
typedef struct {
    /// The HTTP method (GET, PUT, PROPFIND, MKCOL, MOVE, DELETE).
    const char *method;
    /// The whole URL, without a user or password in it.
    const char *url;
    /// Basic authentication, sent only when `user` is not NULL.
    const char *user;
    const char *password;
    /// A PEM file of certificates trusted besides the system's, or NULL.
    const char *ca_file;
    /// Extra header lines (`Depth: 1`).
    const char *const *headers;
    size_t header_count;
    /// The body sent, when `has_body` is 1 (it may be empty).
    const void *body;
    size_t body_length;
    int32_t has_body;
    /// Limits in milliseconds: for the connection (with TLS), and for the whole request.
    int64_t connect_timeout_ms;
    int64_t timeout_ms;
    /// The most bytes of a successful (2xx) answer accepted; a longer one stops the transfer with
    /// NCURL_TOO_LARGE. Any other answer is held to 64 KiB.
    uint64_t response_limit;
} ncurl_request;

/// What the server answered: its status and the body (malloc'd; free with `ncurl_free_response`).
typedef struct {
    int64_t status;
    uint8_t *body;
    size_t length;
} ncurl_response;

/// Loads libcurl if it is not loaded yet (once per process, thread-safe): 1 when it is there, else 0 with
/// the loader's message.
int32_t ncurl_load(ncurl_error *error);

/// Makes the request, never following a redirect and always verifying TLS (peer and host): 1 with the
/// answer in `response` (whatever its status), or 0 with the error (and nothing to free).
int32_t ncurl_perform(const ncurl_request *request, ncurl_response *response, ncurl_error *error);

/// Frees the answer's body.
void ncurl_free_response(ncurl_response *response);

#ifdef __cplusplus
}
#endif

#endif
