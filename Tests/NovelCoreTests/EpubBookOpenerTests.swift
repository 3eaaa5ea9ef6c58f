import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// An EPUB opened as a `Book` through the same engine as a .txt: the sample EPUBs of books/ against the
/// plain-text samples they were made from, and books made in the tests for what pandoc does not write.
@Suite struct EpubBookOpenerTests {
    static let chinese = Corpus.repositoryPath("books/青灯记.epub")
    static let english = Corpus.repositoryPath("books/the-lamplighter.epub")

    static func open(_ path: String, pattern: String? = nil) throws -> Book {
        try BookOpener.open(path: path, chapterPattern: pattern)
    }

    static func string(_ book: Book, _ range: Range<Int>) -> String {
        String(decoding: book.text.utf8[range], as: UTF8.self)
    }

    static func offset(of needle: String, in book: Book) throws -> Int {
        let text = string(book, 0..<book.text.utf8.count)
        let range = try #require(text.range(of: needle), "\(needle) in the book's text")
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// The nonblank lines of a plain-text sample after its first `skip` lines (the title block the EPUB's
    /// metadata holds instead).
    static func lines(ofSample name: String, skip: Int) throws -> [String] {
        let text = try String(contentsOfFile: Corpus.repositoryPath("books/\(name)"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst(skip).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// How many of `lines` the text holds, in order: each found after the one before.
    static func inOrder(_ lines: [String], in text: String) -> Int {
        var from = text.startIndex
        var found = 0
        for line in lines {
            guard let range = text.range(of: line, range: from..<text.endIndex) else { continue }
            found += 1
            from = range.upperBound
        }
        return found
    }

    @Test func theChineseSampleHasItsNavigationAsItsTableOfContents() throws {
        let book = try Self.open(Self.chinese)
        #expect(book.title == "青灯记")
        #expect(book.epub?.authors == ["无名氏"])
        #expect(book.epub?.language == "zh-CN")
        #expect(book.epub?.version == "3.0")
        #expect(book.profile.script == .cjk)
        #expect(!book.profile.isHardWrapped)
        #expect(book.index.ruleName == EpubBookOpener.navigationRule)
        #expect(book.index.partitions(length: book.text.utf8.count))
        let sampleHeadings = try Self.lines(ofSample: "青灯记.txt", skip: 2).filter {
            $0 == "序言" || $0 == "后记" || $0.hasPrefix("番外")
                || $0.range(of: #"^第.+[卷章]　"#, options: .regularExpression) != nil
        }
        let titles = book.index.entries.filter { $0.kind != .front }.map(\.title)
        #expect(titles == sampleHeadings)
        // Volumes hold their chapters; the chapters are fragments inside the volume's one file.
        let first = try #require(book.index.entries.first { $0.title == "第一章　雨夜来客" })
        #expect(first.nesting == 1)
        #expect(first.number == 1)
        #expect(Self.string(book, first.range).hasPrefix("第一章　雨夜来客"))
        #expect(Self.string(book, first.bodyStart..<first.range.upperBound).contains("那年的梅雨"))
        let volume = try #require(first.volumeIndex)
        #expect(book.index.entries[volume].title == "第一卷　山雨")
    }

    /// At least 99% of the text, in order: every paragraph of the plain-text sample the EPUB was made from.
    @Test func theSamplesTextIsAllThereInOrder() throws {
        for (epub, sample, skip) in [(Self.chinese, "青灯记.txt", 2), (Self.english, "the-lamplighter.txt", 1)] {
            let book = try Self.open(epub)
            // pandoc keeps "Mrs." and its name together with a no-break space.
            let text = Self.string(book, 0..<book.text.utf8.count).replacingOccurrences(of: "\u{A0}", with: " ")
            // The marks scripts/make-sample-epubs adds change a few words of three paragraphs.
            let lines = try Self.lines(ofSample: sample, skip: skip)
            let found = Self.inOrder(lines, in: text)
            #expect(found * 100 >= lines.count * 97, "\(epub): \(found) of \(lines.count) paragraphs in order")
            #expect(found >= lines.count - 4, "\(epub): \(found) of \(lines.count)")
        }
    }

    @Test func theEnglishSampleReadsItsNCX() throws {
        let book = try Self.open(Self.english)
        #expect(book.title == "The Lamplighter")
        #expect(book.profile.script == .latin)
        #expect(book.index.partitions(length: book.text.utf8.count))
        let chapters = book.index.entries.filter { $0.title.hasPrefix("Chapter") }
        #expect(chapters.map(\.title) == (1...6).map { "Chapter \($0)" })
        #expect(chapters.map(\.number) == (1...6).map { $0 })
    }

    @Test func emphasisFootnotesAndRubyReachTheBook() throws {
        let english = try Self.open(Self.english)
        let markup = try #require(english.markup)
        let anyway = try Self.offset(of: "anyway", in: english)
        #expect(markup.style(at: anyway).contains(.italic))
        #expect(markup.style(at: try Self.offset(of: "Only", in: english)).contains(.bold))
        let note = try #require(markup.links.first { $0.isNote })
        let noteText = try #require(english.noteRange(of: note))
        #expect(Self.string(english, noteText).contains("Coal gas"))

        let chinese = try Self.open(Self.chinese)
        let chineseNote = try #require(
            chinese.markup?.links.first { $0.isNote },
            "\(chinese.markup?.links.map { ($0.range, $0.target, Self.string(chinese, $0.range)) } ?? [])")
        let shown = Self.string(chinese, try #require(chinese.noteRange(of: chineseNote)))
        #expect(shown.contains("梅雨：初夏江南连绵的雨季"), "\(shown)")
        let text = Self.string(chinese, 0..<chinese.text.utf8.count)
        #expect(text.contains("顾守拙（gù shǒu zhuō）") || text.contains("顾守拙(gù shǒu zhuō)"))
    }

    /// Each offset of the text names the document and XHTML byte it came from.
    @Test func offsetsMapBackToTheirDocumentsBytes() throws {
        let book = try Self.open(Self.chinese)
        let sources = try #require(book.epub?.sources)
        let archive = try EpubArchive(path: Self.chinese)
        for needle in ["那年的梅雨", "第九章　顺流而下", "青溪是一条很小的河"] {
            let place = try #require(sources.place(of: try Self.offset(of: needle, in: book)))
            let xhtml = try archive.read(place.member)
            #expect(xhtml[place.offset...].starts(with: Array(needle.utf8)), "\(needle) at \(place)")
        }
    }

    /// A bookmark made at width 80 lands on the same text at width 40, with conversion on and off: the text
    /// and its offsets do not depend on the width or the transforms.
    @Test func aPlaceAtWidthEightyIsTheSameTextAtWidthForty() throws {
        let book = try Self.open(Self.chinese)
        let entry = try #require(book.index.entries.firstIndex { $0.title == "第三章　渡口灯火" })
        func layout(_ width: Int, _ convert: Conversion) -> ChapterLayout {
            let settings = TestBooks.layoutSettings(width: width, display: DisplayOptions(convert: convert))
            return PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 20)).layout(
                book, entry: entry)
        }
        let wide = layout(80, .none)
        #expect(wide.pages.count > 1)
        // A bookmark stands on the first character shown on its page.
        let bookmark = try #require(wide.lines[wide.pages[1].lines].lazy.flatMap(\.clusters).first).bytes.lowerBound
        let bookmarked = Self.string(book, bookmark..<min(bookmark + 12, book.text.utf8.count))
        for convert in [Conversion.none, .s2t] {
            for width in [40, 80] {
                let chapter = layout(width, convert)
                let page = chapter.pages[chapter.pageIndex(containing: bookmark)]
                let shown = chapter.lines[page.lines].flatMap(\.clusters).map(\.bytes.lowerBound)
                #expect(shown.contains(bookmark), "width \(width), \(convert): the bookmark's character is on its page")
            }
        }
        #expect(!bookmarked.isEmpty)
        // Reopened, the same offset holds the same text.
        let again = try Self.open(Self.chinese)
        #expect(again.fingerprint == book.fingerprint)
        #expect(Self.string(again, bookmark..<bookmark + bookmarked.utf8.count) == bookmarked)
    }

    /// `--chapter-pattern` splits the spine's text with the pattern instead of the navigation.
    @Test func aChapterPatternStillSplits() throws {
        let book = try Self.open(Self.chinese, pattern: "^第.+章")
        #expect(book.index.ruleName == "custom")
        #expect(book.index.entries.filter { $0.title.hasPrefix("第") }.count == 16)
    }

    /// A book with neither a navigation document nor an NCX is split by the chapter rules.
    @Test func aBookWithoutNavigationIsSplitByTheRules() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var builder = EpubBuilder(
            documents: (1...3).map {
                .init("c\($0).xhtml", body: "<h2>Chapter \($0)</h2><p>It was the \($0)th night of the storm.</p>")
            }, toc: [])
        builder.hasNavigationDocument = false
        builder.hasNCX = false
        let path = folder.path + "/plain.epub"
        try builder.write(to: path)
        let book = try Self.open(path)
        #expect(
            book.index.entries.map(\.title).filter { $0.hasPrefix("Chapter") } == [
                "Chapter 1", "Chapter 2", "Chapter 3",
            ])
        #expect(book.index.ruleName != EpubBookOpener.navigationRule)
    }

    /// Entries that point at fragments inside one file land on their elements; a link between documents
    /// is a jump to its target.
    @Test func fragmentsAndLinksLandOnTheirElements() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let body = (1...4).map { "<h2 id=\"c\($0)\">第\(["一", "二", "三", "四"][$0 - 1])回</h2><p>正文\($0)。</p>" }.joined()
        let builder = EpubBuilder(
            documents: [
                .init("all.xhtml", body: body),
                .init("end.xhtml", body: "<p>回到<a href=\"all.xhtml#c3\">第三回</a>。</p>"),
            ],
            toc: (1...4).map { .init("第\(["一", "二", "三", "四"][$0 - 1])回", href: "all.xhtml#c\($0)") })
        let path = folder.path + "/fragments.epub"
        try builder.write(to: path)
        let book = try Self.open(path)
        let chapters = book.index.entries.filter { $0.title.hasSuffix("回") }
        #expect(chapters.count == 4)
        for (number, entry) in chapters.enumerated() {
            #expect(Self.string(book, entry.range).contains("正文\(number + 1)。"))
        }
        let link = try #require(book.markup?.links.first)
        #expect(link.target == chapters[2].range.lowerBound)
    }

    /// Entries whose id the document never gives keep the navigation's order: each lands where the next
    /// entry found does (empty, taking no other entry's text), inside its own document, never before the
    /// entry above it.
    @Test func entriesWhoseIdIsMissingKeepTheNavigationsOrder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = EpubBuilder(
            documents: [
                .init(
                    "c1.xhtml",
                    body: #"<h1>Chapter</h1><h2 id="s1">One</h2><p>text one</p><h2>Two</h2><p>text two</p>"#
                        + #"<h2 id="s3">Three</h2><p>text three</p><h2>Four</h2><p>text four</p>"#),
                .init("c2.xhtml", body: #"<h1 id="next">Next</h1><p>text next</p>"#),
            ],
            toc: [
                .init(
                    "Chapter", href: "c1.xhtml",
                    children: ["One", "Two", "Three", "Four"].enumerated().map {
                        .init($0.element, href: "c1.xhtml#s\($0.offset + 1)")
                    }),
                .init("Next", href: "c2.xhtml#next"),
            ])
        let path = folder.path + "/missing-ids.epub"
        try builder.write(to: path)
        let book = try Self.open(path)
        let entries = book.index.entries
        #expect(entries.map(\.title) == ["Chapter", "One", "Two", "Three", "Four", "Next"])
        #expect(book.index.partitions(length: book.text.utf8.count))
        func text(_ title: String) throws -> String {
            Self.string(book, try #require(entries.first { $0.title == title }).range)
        }
        #expect(try text("One").hasPrefix("One") && text("One").contains("text two"))
        #expect(try text("Two").isEmpty)
        #expect(try text("Three").hasPrefix("Three") && text("Three").contains("text four"))
        // The last entry of its document stays in it: at its end, before the next document's entry.
        let four = try #require(entries.first { $0.title == "Four" })
        #expect(!Self.string(book, four.range).contains("Next"))
        #expect(four.range.lowerBound > (try Self.offset(of: "text four", in: book)))
        #expect(try text("Next").hasPrefix("Next"))
    }

    /// The entries' depths are the navigation's, from the EPUB 3 navigation document and from the NCX
    /// alike: `outlineLevel` (what `novel toc --json` calls `level`) is the depth the table indents by.
    @Test(arguments: [EpubBuilder.Version.epub3, .epub2])
    func theOutlineLevelIsTheNavigationsDepth(version: EpubBuilder.Version) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = EpubBuilder(
            version: version,
            documents: [
                .init(
                    "c1.xhtml",
                    body: #"<h1 id="a">Front</h1><p>f</p><h1 id="b">Part</h1><h2 id="c">Chapter</h2>"#
                        + #"<h3 id="d">Section</h3><p>s</p><h2 id="e">Chapter Two</h2><p>t</p>"#)
            ],
            toc: [
                .init("Front", href: "c1.xhtml#a"),
                .init(
                    "Part", href: "c1.xhtml#b",
                    children: [
                        .init("Chapter", href: "c1.xhtml#c", children: [.init("Section", href: "c1.xhtml#d")]),
                        .init("Chapter Two", href: "c1.xhtml#e"),
                    ]),
            ])
        let path = folder.path + "/levels.epub"
        try builder.write(to: path)
        let book = try Self.open(path)
        #expect(book.index.entries.map(\.title) == ["Front", "Part", "Chapter", "Section", "Chapter Two"])
        #expect(book.index.entries.map(\.outlineLevel) == [0, 0, 1, 2, 1])
        #expect(book.index.entries.map(\.outlineLevel) == book.index.entries.map(\.nesting))
    }

    /// A spine document or a navigation target the archive lacks is left out and named in the session's
    /// warnings; the rest of the book is read, and the entry that points at it keeps its place.
    @Test func membersTheArchiveLacksAreNamed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = EpubBuilder(
            documents: (1...3).map { .init("c\($0).xhtml", body: "<h1>Part \($0)</h1><p>text \($0)</p>") },
            toc: (1...3).map { .init("Part \($0)", href: "c\($0).xhtml") } + [.init("Notes", href: "notes.xhtml")])
        let path = folder.path + "/missing.epub"
        try EpubBuilder.write(builder.members.filter { $0.name != "OEBPS/c2.xhtml" }, to: path)
        let book = try Self.open(path)
        #expect(book.epub?.missingMembers == ["OEBPS/c2.xhtml", "OEBPS/notes.xhtml"])
        #expect(book.index.entries.map(\.title) == ["Part 1", "Part 2", "Part 3", "Notes"])
        #expect(Self.string(book, 0..<book.text.utf8.count).contains("text 3"))
        let paths = NovelPaths.fromEnvironment(["NOVEL_HOME": folder.path + "/home"])
        let session = try ReadingSession.open(path: path, paths: paths)
        let warnings = session.warnings.filter { $0.contains("missing from the archive") }
        #expect(warnings.count == 2, "\(session.warnings)")
        #expect(warnings.first?.contains("OEBPS/c2.xhtml") == true)
        #expect(warnings.allSatisfy { $0.hasPrefix(path) })
    }

    /// Typography leaves code and preformatted text as written: their quotes stay straight and `--` stays,
    /// while the prose around them gets curly quotes.
    @Test func codeAndPreformattedTextKeepStraightQuotes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let body =
            #"<p>Set <code>dir="rtl"</code> and "quoted" here -- <kbd>a--b</kbd>.</p><pre>x = "a" -- 'b'</pre>"#
            + #"<p>Then "after".</p>"#
        try EpubBuilder(documents: [.init("c1.xhtml", body: body)], toc: [.init("Code", href: "c1.xhtml")])
            .write(to: folder.path + "/code.epub")
        let book = try Self.open(folder.path + "/code.epub")
        #expect(book.markup?.style(at: try Self.offset(of: "rtl", in: book)).contains(.code) == true)
        let display = try #require(DisplayTransform.display(book, entry: 0, options: DisplayOptions()))
        let shown = String(decoding: display.utf8, as: UTF8.self)
        #expect(shown.contains(#"Set dir="rtl" and “quoted” here — a--b."#), "\(shown)")
        #expect(shown.contains(#"x = "a" -- 'b'"#), "\(shown)")
        #expect(shown.contains("Then “after”."), "\(shown)")
    }

    /// A spine item and an entry naming their member in another case than the archive (a book made on a
    /// file system that ignores case) are read: the document's text is in the book, its entry lands on it.
    @Test func aMemberNamedInAnotherCaseIsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = EpubBuilder(
            version: .epub2,
            documents: (1...3).map {
                .init("Text/chapter\($0).xhtml", body: "<h1 id=\"h\">Part \($0)</h1><p>text \($0)</p>")
            },
            toc: (1...3).map { .init("Part \($0)", href: "Text/chapter\($0).xhtml#h") })
        let members = builder.members.map { member in
            var member = member
            member.name = member.name.replacingOccurrences(of: "chapter2", with: "Chapter2")
            return member
        }
        let path = folder.path + "/case.epub"
        try EpubBuilder.write(members, to: path)
        let book = try Self.open(path)
        #expect(book.epub?.missingMembers == [])
        let two = try #require(book.index.entries.first { $0.title == "Part 2" })
        #expect(Self.string(book, two.range).contains("text 2"))
        #expect(two.range.lowerBound == (try Self.offset(of: "Part 2", in: book)))
    }

    /// An entry whose id its document never gives, the first entry into that document, lands at the
    /// document's start (where a browser shows it), so the entry above keeps only its own document.
    @Test func theFirstEntryIntoADocumentWhoseIdIsMissingLandsAtItsStart() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = EpubBuilder(
            documents: (1...3).map { .init("c\($0).xhtml", body: "<h1 id=\"h\">Part \($0)</h1><p>text \($0)</p>") },
            toc: [
                .init("Part 1", href: "c1.xhtml"), .init("Part 2", href: "c2.xhtml#nowhere"),
                .init("Part 3", href: "c3.xhtml#h"),
            ])
        let path = folder.path + "/missing-id.epub"
        try builder.write(to: path)
        let book = try Self.open(path)
        let entries = book.index.entries
        #expect(entries.map(\.title) == ["Part 1", "Part 2", "Part 3"])
        #expect(!Self.string(book, entries[0].range).contains("text 2"))
        #expect(Self.string(book, entries[1].range).contains("Part 2"))
        #expect(Self.string(book, entries[1].range).contains("text 2"))
    }
}
