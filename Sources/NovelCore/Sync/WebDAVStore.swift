import Foundation

/// A WebDAV collection as a sync store (Nextcloud, 坚果云, rclone, any RFC 4918 server), spoken to through
/// libcurl (`CurlTransfer`). It knows no setting: the URL, the user, the password, a CA file and the time
/// limit come as plain values (synccore reads them from the settings and `SyncCredentials`).
///
/// Every answer is untrusted: size-limited while it arrives, a redirect refused (never followed), a listing
/// parsed strictly and its names checked by `SyncPath`. A write uploads to a temporary name in the same
/// collection and then MOVEs it over the file, so a write cut short leaves the old file as it was.
public struct WebDAVStore: SyncStore {
    /// The most bytes of a PROPFIND answer: about 250 bytes a name, so some 16,000 names.
    public static let listingLimit = 4 << 20
    /// The most bytes of the answer to a PUT, MKCOL, MOVE or DELETE (only its status is read).
    static let statusAnswerLimit = 64 << 10
    /// The longest time a connection (with its TLS handshake) may take, within the request's own limit.
    static let connectTimeoutLimit = 10.0

    let address: WebDAVAddress
    let transfer: CurlTransfer

    /// The store at `url` (`https://host/folder/`), with Basic authentication when `user` is given. `caFile`
    /// is a PEM file of certificates trusted besides the system's; `timeout` (seconds) bounds every request.
    public init(url: String, user: String?, password: String?, caFile: String? = nil, timeout: Double = 10)
        throws(SyncError)
    {
        address = try WebDAVAddress(url)
        guard timeout.isFinite, timeout > 0 else {
            throw .misconfigured(reason: "the sync time limit must be a positive number of seconds")
        }
        if user != nil && password == nil {
            throw .misconfigured(reason: "no password for the WebDAV user at \(address.shown)")
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw .io(path: caFile, reason: "the CA file cannot be read")
        }
        transfer = CurlTransfer(
            user: user, password: password, caFile: caFile,
            connectTimeout: min(timeout, Self.connectTimeoutLimit), timeout: timeout)
    }

    /// The store as messages name it: its URL, never a user or a password.
    public var name: String { address.shown }

    public func list(_ folder: String) throws(SyncError) -> [String] {
        let parts = try Self.parts(of: folder)
        let body = Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>
            """.utf8)
        let response = try send(
            "PROPFIND", parts, collection: true, path: folder,
            headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"], body: body,
            limit: Self.listingLimit)
        if response.status == 404 { return [] }
        try check(response.status, path: folder)
        let collectionPath = address.decodedPath + parts.joined(separator: "/") + (parts.isEmpty ? "" : "/")
        guard let names = WebDAVListing.names(in: response.body, collectionPath: collectionPath) else {
            throw .malformed(store: name, path: folder, reason: "the folder's listing is not a WebDAV multistatus")
        }
        return names
    }

    public func read(_ path: String, limit: Int) throws(SyncError) -> Data? {
        let parts = try Self.parts(of: path, file: true)
        let response: CurlTransfer.Response
        do {
            response = try send("GET", parts, collection: false, path: path, limit: limit)
        } catch .unreachable {
            // Another device's MOVE can replace the file while the server sends it, and the server then cuts
            // the answer short of the length it announced; a GET can be asked again, once.
            response = try send("GET", parts, collection: false, path: path, limit: limit)
        }
        if response.status == 404 || response.status == 410 { return nil }
        try check(response.status, path: path)
        return response.body
    }

    public func write(_ data: Data, to path: String) throws(SyncError) {
        let parts = try Self.parts(of: path, file: true)
        let folder = Array(parts.dropLast())
        let temporary = folder + [Substring(Self.temporaryName(for: parts[parts.count - 1]))]
        var put = try send("PUT", temporary, collection: false, path: path, body: data)
        if put.status == 404 || put.status == 409 {
            // RFC 4918 §9.7.1: a PUT into a collection that does not exist fails with 409 (some servers 404).
            try makeCollections(folder, path: path)
            put = try send("PUT", temporary, collection: false, path: path, body: data)
        }
        do {
            try check(put.status, path: path)
            let moveHeaders = ["Destination: " + address.url(parts, collection: false), "Overwrite: T"]
            var move = try send("MOVE", temporary, collection: false, path: path, headers: moveHeaders)
            // A server locks a MOVE's destination while it runs (RFC 4918 §9.9.4, §11.3): another device's
            // MOVE onto the same file just then is answered 423 Locked, and is asked again after a moment.
            for wait in Self.lockedWaits where move.status == 423 {
                usleep(UInt32(wait * 1_000_000))
                move = try send("MOVE", temporary, collection: false, path: path, headers: moveHeaders)
            }
            try check(move.status, path: path)
        } catch {
            // Best effort: the temporary file is not the store's, and a failure to remove it changes nothing;
            // a server that did not answer in time is not asked again.
            if case .timedOut = error {} else { _ = try? send("DELETE", temporary, collection: false, path: path) }
            throw error
        }
    }

    /// The waits, in seconds, before a MOVE answered 423 Locked is asked again: about three seconds in all,
    /// far longer than another device's MOVE of one small file holds its lock on a server that is not starved
    /// (on a loaded two-core machine, two syncs of one test were seen locked for more than the second the
    /// waits first added up to).
    static let lockedWaits = [0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6]

    /// A name beside the file for its upload, unique to this write, which no reader takes for the file.
    static func temporaryName(for name: Substring) -> String {
        ".\(name).\(UInt64.random(in: 0...UInt64.max).hexadecimal).part"
    }

    /// MKCOL of each collection from the top down to `parts`; one that exists already (405) is fine.
    private func makeCollections(_ parts: [Substring], path: String) throws(SyncError) {
        for depth in parts.indices {
            let response = try send("MKCOL", Array(parts[...depth]), collection: true, path: path)
            if response.status == 405 { continue }
            try check(response.status, path: path)
        }
    }

    private func send(
        _ method: String, _ parts: [Substring], collection: Bool, path: String, headers: [String] = [],
        body: Data? = nil, limit: Int = statusAnswerLimit
    ) throws(SyncError) -> CurlTransfer.Response {
        let request = CurlTransfer.Request(
            method: method, url: address.url(parts, collection: collection), headers: headers, body: body,
            responseLimit: limit)
        do {
            return try transfer.perform(request)
        } catch {
            switch error {
            case .libraryMissing(let reason):
                throw .misconfigured(reason: "libcurl (Debian package libcurl4) could not be loaded: \(reason)")
            case .timedOut: throw .timedOut(store: name, seconds: transfer.timeout)
            case .unreachable(let reason), .failed(let reason): throw .unreachable(store: name, reason: reason)
            case .insecure(let reason): throw .insecure(store: name, reason: reason)
            case .tooLarge: throw .tooLarge(store: name, path: path, limit: limit)
            case .refused(let reason): throw .misconfigured(reason: reason)
            }
        }
    }

    /// A status that is not a success, as its error.
    private func check(_ status: Int, path: String) throws(SyncError) {
        switch status {
        case 200..<300: return
        case 401, 403: throw .unauthorized(store: name)
        case 300..<400: throw .redirected(store: name, status: status)
        default: throw .server(store: name, status: status)
        }
    }

    /// The path's parts, or a refusal of a path outside the rule (a file needs at least one part).
    private static func parts(of path: String, file: Bool = false) throws(SyncError) -> [Substring] {
        guard let parts = SyncPath.parts(of: path), !(file && parts.isEmpty) else {
            throw .misconfigured(reason: "not a path in a sync store: \(path.debugDescription)")
        }
        return parts
    }
}

extension UInt64 {
    fileprivate var hexadecimal: String { String(self, radix: 16) }
}
