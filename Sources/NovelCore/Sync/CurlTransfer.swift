import CCurl
import Foundation

/// One HTTP request made with libcurl (`CCurl`, loaded on first use): the only way novel speaks HTTP. Every
/// request verifies TLS (peer and host), follows no redirect, speaks only HTTP(S), and is held to a time
/// limit and an answer size limit; the answer's status comes back whatever it is, for the caller to judge.
struct CurlTransfer: Sendable {
    /// Basic authentication's user and password; nil sends none.
    var user: String?
    var password: String?
    /// A PEM file of certificates trusted besides the system's.
    var caFile: String?
    /// Limits in seconds for making the connection (with TLS) and for the whole request.
    var connectTimeout: Double
    var timeout: Double

    struct Request {
        var method: String
        var url: String
        var headers: [String] = []
        var body: Data?
        /// The most bytes of answer accepted.
        var responseLimit: Int
    }

    struct Response: Equatable {
        var status: Int
        var body: Data
    }

    /// Why a request got no answer, in libcurl's own words where it has them.
    enum Failure: Error, Equatable {
        case libraryMissing(String)
        case timedOut
        case unreachable(String)
        case insecure(String)
        case tooLarge
        case refused(String)
        case failed(String)
    }

    func perform(_ request: Request) throws(Failure) -> Response {
        var response = ncurl_response()
        var error = ncurl_error()
        let succeeded = withCStrings([request.method, request.url, user, password, caFile] + request.headers) {
            strings in
            let headers = Array(strings.dropFirst(5))
            return headers.withUnsafeBufferPointer { headerPointers in
                let body = request.body ?? Data()
                return body.withUnsafeBytes { bodyBytes in
                    var call = ncurl_request()
                    call.method = strings[0]
                    call.url = strings[1]
                    call.user = strings[2]
                    call.password = strings[3]
                    call.ca_file = strings[4]
                    call.headers = headerPointers.baseAddress.map { UnsafePointer($0) }
                    call.header_count = headerPointers.count
                    call.body = bodyBytes.baseAddress
                    call.body_length = bodyBytes.count
                    call.has_body = request.body == nil ? 0 : 1
                    call.connect_timeout_ms = Self.milliseconds(connectTimeout)
                    call.timeout_ms = Self.milliseconds(timeout)
                    call.response_limit = UInt64(max(0, request.responseLimit))
                    return ncurl_perform(&call, &response, &error) != 0
                }
            }
        }
        guard succeeded else { throw Self.failure(error) }
        defer { ncurl_free_response(&response) }
        let body = response.body.map { Data(bytes: $0, count: response.length) } ?? Data()
        return Response(status: Int(response.status), body: body)
    }

    /// A positive count of milliseconds (libcurl takes 0 to mean no limit, which novel never wants).
    private static func milliseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 1 }
        return max(1, Int64((seconds * 1000).rounded(.up)))
    }

    private static func failure(_ error: ncurl_error) -> Failure {
        let message = withUnsafeBytes(of: error.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(error.kind) {
        case Int(NCURL_LIBRARY_MISSING.rawValue): return .libraryMissing(message)
        case Int(NCURL_TIMED_OUT.rawValue): return .timedOut
        case Int(NCURL_UNREACHABLE.rawValue): return .unreachable(message)
        case Int(NCURL_INSECURE.rawValue): return .insecure(message)
        case Int(NCURL_TOO_LARGE.rawValue): return .tooLarge
        case Int(NCURL_REFUSED.rawValue): return .refused(message)
        default: return .failed(message)
        }
    }
}

/// Calls `body` with C copies of `strings` (NULL for nil), valid only during the call.
private func withCStrings<Result>(
    _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result
) -> Result {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}
