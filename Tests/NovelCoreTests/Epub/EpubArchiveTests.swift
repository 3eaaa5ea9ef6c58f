import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Members read from a zip archive, and every archive that must be refused with its message.
@Suite struct EpubArchiveTests {
    static let text = Array(String(repeating: "It was a dark and stormy night. ", count: 40).utf8)

    static func archive(_ members: [EpubBuilder.Member]) throws -> [UInt8] {
        try EpubBuilder.bytes(of: members)
    }

    @Test func membersAndTheirBytesComeBackAsWritten() throws {
        let folder = try TemporaryDirectory("novel-epub-archive")
        defer { folder.remove() }
        let path = folder.path + "/書.epub"
        try EpubBuilder.sample().write(to: path)
        let archive = try EpubArchive(path: path)
        #expect(archive.members.first?.name == "mimetype")
        #expect(archive.members.map(\.name).contains("OEBPS/text/chapter2.xhtml"))
        #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
        let chapter = String(decoding: try archive.read("OEBPS/text/chapter2.xhtml"), as: UTF8.self)
        #expect(chapter.contains("The text of chapter 2."))
        #expect(throws: EpubError.memberMissing(path: path, member: "OEBPS/missing.xhtml")) {
            try archive.read("OEBPS/missing.xhtml")
        }
    }

    @Test func aZipBombIsRefusedBeforeItIsInflated() throws {
        // Ten million zeros deflate to about ten thousand bytes: more than 1000:1.
        let bytes = try Self.archive([.init("bomb.xhtml", [UInt8](repeating: 0, count: 10_000_000))])
        let archive = try EpubArchive(bytes: bytes, path: "bomb.epub")
        let member = try #require(archive.member("bomb.xhtml"))
        #expect(member.size == 10_000_000 && member.compressedSize * EpubArchive.ratioLimit < member.size)
        let expected = EpubError.zipBomb(
            path: "bomb.epub", member: "bomb.xhtml", size: member.size, compressedSize: member.compressedSize)
        #expect(throws: expected) { try archive.read(member) }
        #expect(expected.description.contains("a zip bomb") && expected.description.hasPrefix("bomb.epub: "))
        // The same zeros in a normal amount are read.
        let small = try EpubArchive(
            bytes: try Self.archive([.init("zeros", [UInt8](repeating: 0, count: 50_000))]), path: "small.epub")
        #expect(try small.read("zeros").count == 50_000)
    }

    @Test func aMemberDeclaringMoreThanTheLimitIsRefusedUnread() throws {
        let bytes = ZipForgery.declaringSize(
            try Self.archive([.init("big.xhtml", Self.text, deflated: false)]), member: "big.xhtml",
            size: 300_000_000)
        let archive = try EpubArchive(bytes: bytes, path: "big.epub")
        #expect(throws: EpubError.memberTooLarge(path: "big.epub", member: "big.xhtml", size: 300_000_000)) {
            try archive.read("big.xhtml")
        }
        #expect(
            EpubError.memberTooLarge(path: "big.epub", member: "big.xhtml", size: 300_000_000).description
                .contains("more than the 256 MB"))
    }

    /// The directory may lie: at most one byte past the declared size is ever inflated, and that byte refuses
    /// the member.
    @Test func aMemberInflatingPastItsDeclaredSizeIsRefused() throws {
        for deflated in [true, false] {
            let bytes = ZipForgery.declaringSize(
                try Self.archive([.init("lie.xhtml", Self.text, deflated: deflated)]), member: "lie.xhtml", size: 10)
            let archive = try EpubArchive(bytes: bytes, path: "lie.epub")
            #expect(throws: EpubError.memberOverflow(path: "lie.epub", member: "lie.xhtml", declared: 10)) {
                try archive.read("lie.xhtml")
            }
        }
    }

    @Test func aMemberShorterThanDeclaredIsACorruptZip() throws {
        let bytes = ZipForgery.declaringSize(
            try Self.archive([.init("short.xhtml", Self.text)]), member: "short.xhtml",
            size: UInt32(Self.text.count + 5))
        let archive = try EpubArchive(bytes: bytes, path: "short.epub")
        let error = try #require(throws: EpubError.self) { try archive.read("short.xhtml") }
        guard case .damaged(let path, _) = error else { Issue.record("\(error)"); return }
        #expect(path == "short.epub")
        #expect(error.description.hasPrefix("short.epub: is a cut or corrupt zip archive ("))
    }

    @Test func aCutArchiveIsRefused() throws {
        let bytes = try EpubBuilder.sample().bytes()
        for length in [40, bytes.count / 2, bytes.count - 10] {
            let error = try #require(throws: EpubError.self) {
                try EpubArchive(bytes: Array(bytes.prefix(length)), path: "cut.epub")
            }
            guard case .damaged = error else { Issue.record("cut at \(length): \(error)"); continue }
            #expect(error.description.contains("cut.epub: is a cut or corrupt zip archive"))
        }
    }

    @Test func corruptDataIsRefusedWhenTheMemberIsRead() throws {
        var bytes = try Self.archive([.init("a.xhtml", Self.text)])
        // The deflated data starts after the local header (30 bytes and the name).
        for offset in 30 + 7..<30 + 7 + 8 { bytes[offset] ^= 0x5A }
        let archive = try EpubArchive(bytes: bytes, path: "corrupt.epub")
        let error = try #require(throws: EpubError.self) { try archive.read("a.xhtml") }
        guard case .damaged = error else { Issue.record("\(error)"); return }
    }

    @Test func aZipEncryptedMemberIsRefused() throws {
        let bytes = ZipForgery.markingEncrypted(
            try Self.archive([.init("secret.xhtml", Self.text)]), member: "secret.xhtml")
        let archive = try EpubArchive(bytes: bytes, path: "locked.epub")
        #expect(archive.member("secret.xhtml")?.isEncrypted == true)
        #expect(throws: EpubError.encryptedMember(path: "locked.epub", member: "secret.xhtml")) {
            try archive.read("secret.xhtml")
        }
    }

    @Test func aFileThatIsNoZipIsNotAnEpub() throws {
        let folder = try TemporaryDirectory("novel-epub-archive")
        defer { folder.remove() }
        let path = try folder.write("book.epub", "第一章\n这不是压缩文件。\n")
        #expect(throws: EpubError.notZip(path: path)) { try EpubArchive(path: path) }
        let missing = folder.path + "/missing.epub"
        let error = try #require(throws: EpubError.self) { try EpubArchive(path: missing) }
        guard case .unreadable = error else { Issue.record("\(error)"); return }
    }

    @Test func memberNamesThatAreNotUTF8KeepTheirBytes() throws {
        // 青 in GBK, as a zip made on Chinese Windows names it.
        let raw = RawPath.string(fromBytes: [0xC7, 0xE0, 0x2E, 0x74, 0x78, 0x74].map { CChar(bitPattern: $0) })
        let folder = try TemporaryDirectory("novel-epub-archive")
        defer { folder.remove() }
        let writer = try ZipWriter(path: folder.path + "/gbk.zip")
        try writer.add(raw, Self.text)
        try writer.finish()
        let archive = try EpubArchive(path: folder.path + "/gbk.zip")
        #expect(archive.members.map(\.name) == [raw])
        #expect(try archive.read(raw) == Self.text)
    }

    /// A zip made on Chinese, Taiwanese or Japanese Windows names its members in the system's code page with
    /// no UTF-8 flag, while the package names them in UTF-8: each is found by its name in UTF-8.
    @Test func namesInALegacyCodePageAreFoundByTheirNamesInUTF8() throws {
        func raw(_ folder: String, _ bytes: [UInt8]) -> String {
            RawPath.string(fromBytes: (Array(folder.utf8) + bytes + Array(".xhtml".utf8)).map { CChar(bitPattern: $0) })
        }
        let gbk = raw("OEBPS/Text/", [0xB5, 0xDA, 0x31, 0xBB, 0xD8])  // 第1回 in GBK
        let big5 = raw("OEBPS/Text/", [0xB2, 0xC4, 0xA4, 0x47, 0xA6, 0x5E])  // 第二回 in Big5
        let sjis = raw("OEBPS/Text/", [0x97, 0x85, 0x90, 0xB6, 0x96, 0xE5])  // 羅生門 in Shift_JIS
        #expect(RawPath.hasRawBytes(gbk) && RawPath.hasRawBytes(big5) && RawPath.hasRawBytes(sjis))
        let folder = try TemporaryDirectory("novel-epub-archive")
        defer { folder.remove() }
        let writer = try ZipWriter(path: folder.path + "/cjk.epub")
        try writer.add(gbk, Array("one".utf8))
        try writer.add(big5, Array("two".utf8))
        try writer.add(sjis, Array("rashomon".utf8))
        try writer.finish()
        let archive = try EpubArchive(path: folder.path + "/cjk.epub")
        #expect(archive.members.map(\.name) == [gbk, big5, sjis])
        #expect(try archive.read("OEBPS/Text/第1回.xhtml") == Array("one".utf8))
        #expect(try archive.read("OEBPS/Text/第二回.xhtml") == Array("two".utf8))
        #expect(try archive.read("OEBPS/Text/羅生門.xhtml") == Array("rashomon".utf8))
        #expect(archive.member("OEBPS/Text/第1回.xhtml")?.name == gbk)
        #expect(try archive.read(gbk) == Array("one".utf8))
    }

    /// A member named in UTF-8 keeps its name when another member's legacy name reads the same.
    @Test func aMemberNamedInUTF8WinsOverALegacyReading() throws {
        // 青.txt in GBK
        let gbk = RawPath.string(fromBytes: [0xC7, 0xE0, 0x2E, 0x74, 0x78, 0x74].map { CChar(bitPattern: $0) })
        let folder = try TemporaryDirectory("novel-epub-archive")
        defer { folder.remove() }
        let writer = try ZipWriter(path: folder.path + "/both.epub")
        try writer.add(gbk, Array("legacy".utf8))
        try writer.add("青.txt", Array("unicode".utf8))
        try writer.finish()
        let archive = try EpubArchive(path: folder.path + "/both.epub")
        #expect(try archive.read("青.txt") == Array("unicode".utf8))
        #expect(try archive.read(gbk) == Array("legacy".utf8))
    }

    /// A name in another case finds the one member that differs from it only in case (a book made on a
    /// file system that ignores case); two members differing only in case leave no such name found.
    @Test func aNameInAnotherCaseFindsTheOneMemberSpelledSo() throws {
        let bytes = try Self.archive([
            .init("OEBPS/Text/Chapter03.xhtml", "three"), .init("OEBPS/a.xhtml", "lower"),
            .init("OEBPS/A.xhtml", "upper"),
        ])
        let archive = try EpubArchive(bytes: bytes, path: "case.epub")
        #expect(archive.member("OEBPS/text/chapter03.xhtml")?.name == "OEBPS/Text/Chapter03.xhtml")
        #expect(try archive.read("OEBPS/TEXT/CHAPTER03.XHTML") == Array("three".utf8))
        #expect(try archive.read("OEBPS/A.xhtml") == Array("upper".utf8))
        #expect(archive.member("OEBPS/a.XHTML") == nil)
    }
}
