import CZip
import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The C shim over libzip: loaded on first use or beside the caller, its error when the library is missing, a
/// read that never writes past the capacity it is given, and a zip told by its first bytes without libzip.
@Suite struct CZipTests {
    @Test func libzipLoadsWithEverySymbolNovelUses() {
        var error = nzip_error()
        #expect(nzip_load(&error) == 1)
        #expect(nzip_probe("libzip.so.4", &error) == 1)
    }

    @Test func aMissingLibraryIsWordedAsNotInstalled() {
        var error = nzip_error()
        #expect(nzip_probe("libzip-missing-for-a-test.so.9", &error) == 0)
        #expect(error.failure == NZIP_LIBRARY_MISSING)
        let reason = EpubArchive.message(error)
        #expect(reason.contains("libzip-missing-for-a-test.so.9"))
        let message = EpubError.libraryMissing(reason: reason).description
        #expect(message.hasPrefix("libzip is not installed: "))
        #expect(message.contains("libzip-missing-for-a-test.so.9"))
        #expect(!EpubError.libraryMissing(reason: reason).isBadInput)
    }

    @Test func aLibraryWithoutLibzipsFunctionsIsRefused() {
        var error = nzip_error()
        #expect(nzip_probe("libc.so.6", &error) == 0)
        #expect(EpubArchive.message(error) == "libc.so.6 has no zip_open")
    }

    @Test func aReadStopsAtItsCapacity() throws {
        let text = Array(String(repeating: "All work and no play. ", count: 200).utf8)
        let bytes = try EpubBuilder.bytes(of: [.init("a.txt", text), .init("b.txt", text, deflated: false)])
        var error = nzip_error()
        let archive = try #require(bytes.withUnsafeBytes { nzip_open_bytes($0.baseAddress, $0.count, &error) })
        defer { nzip_close(archive) }
        #expect(nzip_count(archive) == 2)
        #expect(nzip_locate(archive, "b.txt") == 1)
        #expect(nzip_locate(archive, "c.txt") == -1)
        for index in 0..<2 {
            var member = nzip_member()
            #expect(nzip_stat(archive, UInt64(index), &member, &error) == 1)
            #expect(member.size == UInt64(text.count))
            #expect(member.method == (index == 0 ? 8 : 0))
            for capacity in [0, 1, 100, text.count - 1, text.count, text.count + 1] {
                // A sentinel after the capacity must survive the read.
                var buffer = [UInt8](repeating: 0xEE, count: capacity + 16)
                let count = buffer.withUnsafeMutableBytes {
                    nzip_read(archive, UInt64(index), $0.baseAddress, UInt64(capacity), &error)
                }
                #expect(count == Int64(min(capacity, text.count)))
                #expect(Array(buffer[..<Int(count)]) == Array(text[..<Int(count)]))
                #expect(buffer[Int(count)...].allSatisfy { $0 == 0xEE })
            }
        }
        var member = nzip_member()
        #expect(nzip_stat(archive, 2, &member, &error) == 0)
        #expect(error.failure == NZIP_NO_SUCH_MEMBER)
    }

    @Test func theWriterKeepsTheOrderAndStoresWhatItIsTold() throws {
        let folder = try TemporaryDirectory("novel-czip")
        defer { folder.remove() }
        let path = folder.path + "/order.zip"
        try EpubBuilder.write(
            [.init("mimetype", "application/epub+zip", deflated: false), .init("z.txt", "last"), .init("a.txt", "")],
            to: path)
        let archive = try EpubArchive(path: path)
        #expect(archive.members.map(\.name) == ["mimetype", "z.txt", "a.txt"])
        #expect(archive.members[0].method == 0)
        #expect(try archive.read("a.txt") == [])
        // The stored mimetype sits where the OCF format asks: name at byte 30, the media type right after it.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[30..<38]) == Array("mimetype".utf8))
        #expect(Array(bytes[38..<58]) == Array("application/epub+zip".utf8))
    }

    @Test func aLoadBesideIsStartedOnceAndOpensWait() throws {
        for _ in 0..<3 { EpubArchive.loadLibraryBeside() }
        let bytes = try EpubBuilder.bytes(of: [.init("a.txt", "after the load")])
        let archive = try EpubArchive(bytes: bytes, path: "beside.zip")
        #expect(try archive.read("a.txt") == Array("after the load".utf8))
    }

    @Test func bytesStartLikeAZipWithALocalHeaderOnly() {
        func startsLikeZip(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { nzip_starts_like_zip($0.baseAddress, $0.count) } == 1
        }
        #expect(startsLikeZip([0x50, 0x4B, 3, 4, 20, 0]))
        #expect(startsLikeZip([0x50, 0x4B, 3, 4]))
        #expect(!startsLikeZip([0x50, 0x4B, 3]))
        #expect(!startsLikeZip([]))
        // An empty archive is only its end record: not a book.
        #expect(!startsLikeZip([0x50, 0x4B, 5, 6]))
        #expect(EpubFormat.startsLikeZip([0x50, 0x4B, 3, 4][...]))
        #expect(!EpubFormat.startsLikeZip(Array("PK\u{3}".utf8)))
    }

    /// What novel's start looks at in its arguments before main (CLaunch): regular files only, and never a
    /// wait (a named pipe with no writer would block an open that waits).
    @Test func aFileStartsLikeAZipWhenItIsARegularFileWithALocalHeader() throws {
        let folder = try TemporaryDirectory("novel-czip")
        defer { folder.remove() }
        let zip = folder.path + "/book.epub"
        try EpubBuilder.write([.init("mimetype", "application/epub+zip", deflated: false)], to: zip)
        let text = folder.path + "/book.txt"
        try Data("PK is not a zip".utf8).write(to: URL(fileURLWithPath: text))
        let short = folder.path + "/short"
        try Data([0x50, 0x4B, 3]).write(to: URL(fileURLWithPath: short))
        let empty = folder.path + "/empty"
        try Data().write(to: URL(fileURLWithPath: empty))
        let pipe = folder.path + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(nzip_file_starts_like_zip(zip) == 1)
        for path in [text, short, empty, pipe, folder.path, folder.path + "/missing"] {
            #expect(nzip_file_starts_like_zip(path) == 0, "\(path)")
        }
    }
}
