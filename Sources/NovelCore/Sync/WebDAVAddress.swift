import Foundation

/// A WebDAV collection's URL, checked once and split into what requests need: where the server is (the
/// origin), the collection's path, and URLs for paths inside it, each part percent-encoded.
struct WebDAVAddress: Sendable, Equatable {
    /// `https://host:port`, without a user, a password or a path.
    let origin: String
    /// The collection's path as sent, percent-encoded, ending with `/`.
    let encodedPath: String
    /// The same path decoded, for comparing with the hrefs a server answers.
    let decodedPath: String
    /// The URL as messages name it (it never holds a user or a password).
    let shown: String

    /// Checks `url`: http or https only, plain HTTP only to this machine, no user, password, query or
    /// fragment in it.
    init(_ url: String) throws(SyncError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .misconfigured(reason: "\(url) is not a WebDAV URL (https://host/folder/)") }
        guard scheme == "https" || scheme == "http" else {
            throw .misconfigured(reason: "\(url) is not a WebDAV URL: only https:// (or http:// to this machine)")
        }
        guard components.user == nil, components.password == nil else {
            throw .misconfigured(reason: "a WebDAV URL must not hold a user or a password; give them apart")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .misconfigured(reason: "a WebDAV URL must not have a query or a fragment: \(url)")
        }
        guard scheme == "https" || Self.isLoopback(host) else {
            throw .misconfigured(
                reason: "plain http:// is allowed only to this machine (127.0.0.1, ::1, localhost); use https://")
        }
        var originParts = URLComponents()
        originParts.scheme = scheme
        originParts.percentEncodedHost = components.percentEncodedHost
        originParts.port = components.port
        guard let origin = originParts.string else {
            throw .misconfigured(reason: "\(url) is not a WebDAV URL (https://host/folder/)")
        }
        var path = components.percentEncodedPath
        if !path.hasSuffix("/") { path += "/" }
        if !path.hasPrefix("/") { path = "/" + path }
        guard let decoded = path.removingPercentEncoding else {
            throw .misconfigured(reason: "\(url) is not a WebDAV URL: its path is not valid percent-encoded UTF-8")
        }
        self.origin = origin
        self.encodedPath = path
        self.decodedPath = decoded
        self.shown = origin + path
    }

    /// Whether `host` names this machine: `localhost`, an address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        if let address = IPv6Address(name) { return address.isLoopback }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) })
        else { return false }
        let values = octets.compactMap { UInt8($0) }
        return values.count == 4 && values[0] == 127
    }

    /// The URL of `parts` inside the collection; a collection's ends with `/`.
    func url(_ parts: [Substring], collection: Bool) -> String {
        origin + path(parts, collection: collection)
    }

    /// The encoded path of `parts` inside the collection, from the server's root.
    func path(_ parts: [Substring], collection: Bool) -> String {
        var path = encodedPath + parts.map(Self.encoded).joined(separator: "/")
        if collection && !parts.isEmpty { path += "/" }
        return path
    }

    /// One part of a path, every byte outside RFC 3986's unreserved characters percent-encoded (a space,
    /// `%`, `?`, `#` and CJK included), so a name never changes the URL's shape.
    static func encoded(_ part: Substring) -> String {
        var result = ""
        for byte in part.utf8 {
            let isUnreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if isUnreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }
}

/// An IPv6 address's text, read only far enough to tell the loopback address `::1` in any spelling.
private struct IPv6Address {
    let groups: [UInt16]

    init?(_ text: String) {
        guard text.contains(":"), text.allSatisfy({ $0.isHexDigit || $0 == ":" }) else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            if half.isEmpty { return [] }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            let values = parts.compactMap { $0.count <= 4 ? UInt16($0, radix: 16) : nil }
            return values.count == parts.count ? values : nil
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 {
            guard head.count == 8 else { return nil }
            self.groups = head
        } else {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            self.groups = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
    }

    var isLoopback: Bool { groups == [0, 0, 0, 0, 0, 0, 0, 1] }
}
