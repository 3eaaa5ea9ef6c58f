import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The splitter against the corpus ground truth: every real book in every encoding, every synthetic trap.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
struct ChapterCorpusTests {
    /// One row of `groundtruth/<book>.chapters.tsv`.
    struct GroundTruthRow {
        var line: Int
        var kind: String
        /// The volume the chapter belongs to (上卷), or empty.
        var volume: String
        var number: Int?
        var heading: String
    }

    static func groundTruth(_ tsv: String) throws -> [GroundTruthRow] {
        let text = try String(contentsOfFile: Corpus.path("groundtruth/\(tsv)"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            if line.hasPrefix("#") || line.hasPrefix("seq\t") { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6, let lineNumber = Int(fields[1]) else { return nil }
            return GroundTruthRow(
                line: lineNumber, kind: fields[2], volume: fields[3], number: Int(fields[4]), heading: fields[5])
        }
    }

    /// Every real file and variant with the ground truth of the book it was made from.
    static let books: [(file: String, truth: String, sameText: Bool)] = {
        guard Corpus.isAvailable else {
            print("ChapterCorpusTests: \(Corpus.absentMessage)")
            return []
        }
        var books: [(String, String, Bool)] = []
        let truths = (try? FileManager.default.contentsOfDirectory(atPath: Corpus.path("groundtruth"))) ?? []
        for folder in ["real", "variants"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder))) ?? []
            for file in files.sorted() {
                let stem = String(file.prefix { $0 != "." })
                guard let truth = truths.first(where: { $0.hasPrefix(stem) && $0.hasSuffix(".chapters.tsv") }) else {
                    continue
                }
                books.append(("\(folder)/\(file)", truth, !file.contains("trad-")))
            }
        }
        return books
    }()

    /// The 1-based line each offset starts, for comparing with the ground truth.
    static func lineNumbers(_ text: BookText, _ offsets: [Int]) -> [Int] {
        var result: [Int] = []
        var line = 1
        var index = 0
        for offset in offsets {
            while index < offset {
                if text.utf8[index] == 0x0A { line += 1 }
                index += 1
            }
            result.append(line)
        }
        return result
    }

    /// Real sections the ground truth does not list (it lists chapters, prefaces and prologues), by line.
    static let extraSections: [String: Set<Int>] = [
        // `上卷 附录　陈光蕊赴任逢灾　江流僧复仇报本`: this edition's appendix between 回 8 and 9.
        "xiyouji": [406]
    ]

    @Test(arguments: books.map(\.file))
    func realBookChaptersMatchTheGroundTruth(file: String) throws {
        let book = try #require(Self.books.first { $0.file == file })
        let text = try BookLoader.load(path: Corpus.path(file))
        let index = ChapterSplitter().split(text)
        let expected = try Self.groundTruth(book.truth).filter { $0.kind == "chapter" }
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.count == expected.count, "\(file): \(chapters.count) chapters, expected \(expected.count)")
        #expect(chapters.map(\.number) == expected.map(\.number), "\(file): chapter numbers differ")
        #expect(
            Self.lineNumbers(text, chapters.map(\.range.lowerBound)) == expected.map(\.line),
            "\(file): chapter lines differ")
        if book.sameText {
            #expect(chapters.first?.title == expected.first?.heading)
            #expect(chapters.last?.title == expected.last?.heading)
            // Each chapter sits under the volume the ground truth names, or under none.
            let volumes = chapters.map { chapter in chapter.volumeIndex.map { index.entries[$0].title } ?? "" }
            #expect(volumes == expected.map(\.volume), "\(file): volumes differ")
        }
        // Prefaces and prologues (序, 緣起首回) have entries of their own, at their lines, and nothing else
        // does except the sections listed in `extraSections`.
        let units = try Self.groundTruth(book.truth)
        let extra = Self.extraSections.first { book.truth.hasPrefix($0.key) }?.value ?? []
        let found = index.entries.filter { $0.level == .chapter && $0.kind != .front && $0.kind != .section }.filter {
            !extra.contains(Self.lineNumbers(text, [$0.range.lowerBound])[0])
        }
        #expect(
            Self.lineNumbers(text, found.map(\.range.lowerBound)) == units.map(\.line), "\(file): section lines differ")
        #expect(found.map { $0.kind == .chapter } == units.map { $0.kind == "chapter" }, "\(file): kinds differ")
    }

    @Test func xiyoujiHasItsTwoVolumes() throws {
        let text = try BookLoader.load(path: Corpus.path("real/xiyouji.gb18030-lf.txt"))
        let index = ChapterSplitter().split(text)
        let volumes = index.entries.enumerated().filter { $0.element.level == .volume }
        #expect(volumes.map(\.element.title) == ["上卷", "下卷"])
        let underFirst = index.entries.filter { $0.kind == .chapter && $0.volumeIndex == volumes.first?.offset }
        let underSecond = index.entries.filter { $0.kind == .chapter && $0.volumeIndex == volumes.last?.offset }
        #expect(underFirst.compactMap(\.number) == Array(1...49))
        #expect(underSecond.compactMap(\.number) == Array(50...100))
    }

    struct SyntheticCase: Sendable, CustomTestStringConvertible {
        var file: String
        var lines: [Int]
        var testDescription: String { file }
    }

    static let syntheticCases: [SyntheticCase] = {
        guard Corpus.isAvailable,
            let data = FileManager.default.contents(atPath: Corpus.path("groundtruth/synthetic.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        else { return [] }
        return object.keys.sorted().compactMap { file in
            guard let headings = object[file]?["headings"] as? [[String: Any]], !headings.isEmpty else { return nil }
            return SyntheticCase(file: file, lines: headings.compactMap { $0["line"] as? Int })
        }
    }()

    @Test(arguments: syntheticCases)
    func syntheticTrapsGiveExactlyTheExpectedHeadings(_ trap: SyntheticCase) throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/\(trap.file)"))
        let index = ChapterSplitter().split(text)
        let headings = index.entries.filter { $0.kind != .front && $0.kind != .section && !$0.range.isEmpty }
        #expect(Self.lineNumbers(text, headings.map(\.range.lowerBound)) == trap.lines)
    }

    /// The table of contents of one synthetic file: (level, kind, number, title) of every entry after
    /// the front matter.
    func table(_ file: String) throws -> [TOCEntry] {
        let text = try BookLoader.load(path: Corpus.path("synthetic/\(file)"))
        return ChapterSplitter().split(text).entries.filter { $0.kind != .front }
    }

    @Test func volumeStructureIsATwoLevelTree() throws {
        let entries = try table("volume-structure.utf8.txt")
        #expect(
            entries.map(\.title) == [
                "楔子　一封旧信", "第一卷　春", "第一章　桃花", "第二章　柳絮", "第三章　清明", "第二卷　夏", "第一章　蝉鸣", "第二章　荷塘",
                "卷三　秋", "第六章　桂子", "第七章　重阳", "第四卷 冬", "第八章 初雪", "番外　灯下", "番外二　归途", "后记",
            ])
        let volumes = entries.indices.filter { entries[$0].level == .volume }
        #expect(volumes.count == 4)
        #expect(entries.filter { $0.kind == .chapter }.count == 8)
        #expect(entries.filter { $0.level == .chapter }.count == 12)  // leaf sections
        #expect(volumes.map { entries[$0].number } == [1, 2, 3, 4])
        // The two 第一章 are told apart by their volumes.
        let firsts = entries.filter { $0.kind == .chapter && $0.number == 1 }
        #expect(firsts.count == 2)
        #expect(Set(firsts.compactMap(\.volumeIndex)).count == 2)
        // Chapters point at the volume above them; 楔子, 番外 and 后记 stand outside any volume.
        let all = try BookLoader.load(path: Corpus.path("synthetic/volume-structure.utf8.txt"))
        let index = ChapterSplitter().split(all)
        for entry in index.entries where entry.kind == .chapter {
            let volume = try #require(entry.volumeIndex)
            #expect(index.entries[volume].level == .volume)
            #expect(index.entries[volume].range.lowerBound < entry.range.lowerBound)
        }
        #expect(index.entries.filter { $0.kind == .special }.allSatisfy { $0.volumeIndex == nil })
    }

    @Test func specialSectionsKeepTheirOrderAndKind() throws {
        let entries = try table("special-sections.utf8.txt")
        #expect(
            entries.map(\.title) == [
                "序", "序章　风起之前", "引子", "楔子　旧梦", "第一回　入城", "第二回　出城", "尾声", "番外一　少年时", "番外二", "后记", "附录　人物表",
            ])
        #expect(entries.filter { $0.kind == .chapter }.map(\.number) == [1, 2])
        #expect(entries.filter { $0.kind == .special }.count == 9)
    }

    @Test func fullWidthNumbersAndSpacingGiveNumbersOneToTwelve() throws {
        let chapters = try table("fullwidth-numbers.utf8.txt").filter { $0.kind == .chapter }
        #expect(chapters.map(\.number) == Array(1...12))
        #expect(chapters.first?.title == "第１章　开端")
        #expect(chapters.last?.title == "第１２章　终局")
    }

    @Test func mixedChapterUnitsAreNumberedInFileOrder() throws {
        let chapters = try table("mixed-zhang-hui.utf8.txt").filter { $0.kind == .chapter }
        #expect(chapters.map(\.number) == Array(1...6))
        #expect(chapters.map(\.title) == ["第一章　出门", "第二回　遇雨", "第3章 借宿", "第四回　夜谈", "第五章 分别", "第6回　归来"])
    }

    @Test func falsePositivesLeaveExactlyThreeChapters() throws {
        let entries = try table("false-positive-headings.utf8.txt")
        #expect(entries.map(\.title) == ["第一章　雨夜", "第二章 旧信", "第三章"])
    }

    @Test func aListOfContentsBeforeTheBodyGivesNoChapters() throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/toc-then-body.utf8.txt"))
        let index = ChapterSplitter().split(text)
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.number) == [1, 2, 3, 4, 5])
        #expect(Self.lineNumbers(text, chapters.map(\.range.lowerBound)) == [12, 18, 24, 30, 36])
        // The list itself stays readable: it is in the front entry, before the first chapter.
        #expect(index.entries.first?.kind == .front)
    }

    @Test func emptyTextHasNoChapters() {
        for bytes in [[], [0x20, 0x0A, 0xE3, 0x80, 0x80, 0x0A]] as [[UInt8]] {
            let text = BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
            let index = ChapterSplitter().split(text)
            #expect(index.entries.filter { $0.kind == .chapter }.isEmpty)
            #expect(index.entries.first?.range == 0..<bytes.count)
        }
    }

    /// The ~30 MB book of `make-big.sh`: three passes of the eight books, with their lists of contents
    /// and traps, give every chapter in order and nothing else (its speed is measured by scripts/bench, rows "chapter index" and "toc process").
    @Test func theBigBookHasEveryChapterOfEveryPass() throws {
        let directory = try TemporaryDirectory("novel-big")
        defer { directory.remove() }
        let path = directory.path + "/big-novel.txt"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Corpus.path("make-big.sh"), path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "make-big.sh could not build the big book")
        let index = ChapterSplitter().split(try BookLoader.load(path: path))
        let onePass =
            Array(1...120) + Array(1...100) + Array(1...120) + Array(1...56) + Array(1...40) + Array(1...35)
            + Array(1...20) + Array(1...9)
        #expect(index.entries.filter { $0.kind == .chapter }.compactMap(\.number) == onePass + onePass + onePass)
        // 501 units a pass, as the manifest counts them: the 500 chapters and 儿女英雄传's 緣起首回.
        #expect(index.entries.filter { $0.title.hasPrefix("緣起首回") }.count == 3)
    }

    @Test func fiveThousandChaptersAreNumberedInOrder() throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/many-chapters-5000.utf8.txt"))
        let chapters = ChapterSplitter().split(text).entries.filter { $0.kind == .chapter }
        #expect(chapters.compactMap(\.number) == Array(1...5000))
    }

    @Test(arguments: ["no-headings.utf8.txt", "single-line-2mib.txt", "whitespace-only.txt", "width-cases.utf8.txt"])
    func filesWithoutHeadingsHaveNone(file: String) throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/\(file)"))
        let index = ChapterSplitter().split(text)
        #expect(index.ruleName == "none")
        #expect(index.entries.allSatisfy { $0.kind == .section })
        #expect(index.entries.first?.range.lowerBound == 0)
        #expect(index.entries.last?.range.upperBound == text.utf8.count)
    }
}
