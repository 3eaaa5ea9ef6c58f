import Foundation
import NovelTestSupport
import Testing

/// `novel info` run as a user would: the built binary, its output and its exit codes.
@Suite struct InfoCommandTests {
    @Test func textReportNamesEveryFact() throws {
        let path = Corpus.repositoryPath("books/青灯记.txt")
        let result = try NovelBinary.run(["info", path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let expected = [
            "path:": path, "bytes:": String(bytes), "encoding:": "UTF-8", "encoding source:": "valid UTF-8",
            "invalid sequences:": "0",
        ]
        for (label, value) in expected {
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix(label) }
            #expect(line.map { $0.hasSuffix(" " + value) } == true, "\(label) in \(result.stdout)")
        }
    }

    @Test func jsonHasTheDocumentedKeysAndTrueCounts() throws {
        let path = Corpus.repositoryPath("books/the-lamplighter.txt")
        let result = try NovelBinary.run(["info", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "path", "bytes", "encoding", "encodingSource", "characters", "lines", "invalidSequences",
            ])
        let raw = try #require(FileManager.default.contents(atPath: path))
        let text = String(decoding: raw, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(object["path"] as? String == path)
        #expect(object["bytes"] as? Int == raw.count)
        #expect(object["encoding"] as? String == "UTF-8")
        #expect(object["encodingSource"] as? String == "valid UTF-8")
        #expect(object["characters"] as? Int == text.unicodeScalars.count)
        #expect(
            object["lines"] as? Int == text.split(separator: "\n", omittingEmptySubsequences: false).count
                - (text.hasSuffix("\n") ? 1 : 0))
        #expect(object["invalidSequences"] as? Int == 0)
        // Sorted keys: the output is stable for scripts and diffs.
        let keyOrder = ["bytes", "characters", "encoding", "encodingSource", "invalidSequences", "lines", "path"]
        let positions = keyOrder.map { result.stdout.range(of: "\"\($0)\"")!.lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func forcedAndDetectedSources() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 第一回 灵根育孕源流出 in GBK, repeated so the detector has something to go on.
        let line: [UInt8] = [
            0xB5, 0xDA, 0xD2, 0xBB, 0xBB, 0xD8, 0xA1, 0xA1, 0xC1, 0xE9, 0xB8, 0xF9, 0xD3, 0xFD, 0xD4, 0xD0, 0xD4, 0xB4,
            0xC1, 0xF7, 0xB3, 0xF6, 0x0A,
        ]
        let path = try directory.write("gbk.txt", Array([[UInt8]](repeating: line, count: 50).joined()))
        let detected = try NovelBinary.run(["info", "--json", path])
        #expect(detected.status == 0, "\(detected.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(detected.stdout.utf8)) as? [String: Any])
        #expect(object["encoding"] as? String == "GB18030")
        #expect((object["encodingSource"] as? String)?.hasPrefix("detected (confidence ") == true)
        #expect(object["characters"] as? Int == 50 * 12)
        let forced = try NovelBinary.run(["info", path, "--encoding", "gbk"])
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("encoding source:   forced"))
    }

    @Test func missingDirectoryEmptyAndBinaryFilesExitWithTwo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try directory.write("empty.txt", [])
        var generator = SystemRandomNumberGenerator()
        let binary = try directory.write(
            "photo.txt",
            [0x89, 0x50, 0x4E, 0x47] + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                + [UInt8](repeating: 0, count: 64))
        let cases: [(path: String, words: String)] = [
            (directory.path + "/missing.txt", "no such file"), (directory.path, "is a directory"),
            (empty, "empty"), (binary, "binary"),
        ]
        for item in cases {
            let result = try NovelBinary.run(["info", item.path])
            #expect(result.status == 2, "\(item.path)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("novel: \(item.path): "), "\(result.stderr)")
            #expect(result.stderr.contains(item.words), "\(result.stderr)")
        }
    }

    @Test func unknownEncodingExitsWithTwoAndListsNames() throws {
        let result = try NovelBinary.run(["info", Corpus.repositoryPath("books/青灯记.txt"), "--encoding", "martian-7"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown encoding 'martian-7'"))
        for name in ["gb18030", "gbk", "big5", "utf-16le"] { #expect(result.stderr.contains(name)) }
    }
}
