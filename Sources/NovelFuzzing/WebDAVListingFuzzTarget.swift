import Foundation
import NovelCore

/// A WebDAV server's folder listing (`WebDAVListing`: a PROPFIND `DAV:multistatus`), which comes from a
/// server sync does not trust. What must hold: the parser never traps, and every name it gives is one part
/// of a path inside the folder (`SyncPath` accepts it, with no `/`), given once.
enum WebDAVListingFuzzTarget {
    static let collectionPath = "/dav/novel/"

    static let target = FuzzTarget(
        name: "webdav-listing",
        summary: "a WebDAV server's folder listing (PROPFIND multistatus, WebDAVListing)",
        dictionaries: ["webdav.dict"],
        run: { bytes in
            guard let names = WebDAVListing.names(in: Data(bytes), collectionPath: collectionPath) else { return }
            FuzzCheck.require(Set(names).count == names.count, "a name listed twice: \(names)")
            for name in names {
                FuzzCheck.require(
                    SyncPath.isValid(name) && !name.isEmpty && !name.contains("/"),
                    "a listed name that is not one part of a path inside the folder: \(name.debugDescription)")
            }
        },
        seeds: { file in
            // A listing as rclone and Nextcloud write it, its names cut from the seed's text (escaped, so that
            // the seed is well formed; the fuzzer then breaks it).
            let text = String(decoding: file.prefix(600), as: UTF8.self)
            let words = text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).prefix(6)
            let responses = ([""] + words.map { String($0) + ".json" } + ["devices/", "../x", "%2e%2e/y"]).map { name in
                let escaped = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "x"
                return "<D:response><D:href>\(collectionPath)\(escaped)</D:href>"
                    + "<D:propstat><D:prop><D:resourcetype/></D:prop><D:status>HTTP/1.1 200 OK</D:status>"
                    + "</D:propstat></D:response>"
            }
            let answer =
                "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\">"
                + responses.joined() + "</D:multistatus>\n"
            return [Array(answer.utf8)]
        })
}
