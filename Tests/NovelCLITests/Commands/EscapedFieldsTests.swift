import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Issue 38, item 10: a right-to-left override, a line feed or a tab in a note, a title, a file name or a
/// rule's pattern reaches the terminal escaped from every command that printed it raw, so that it can
/// neither forge a row nor reorder what a bidi-aware terminal shows after it.
@Suite final class EscapedFieldsTests {
    static let override = "\u{202E}"
    let home: TemporaryDirectory
    let book: String

    init() throws {
        home = try TemporaryDirectory("novel-escaped-fields")
        // A file name and chapter titles carrying the override; a body with one inside a line.
        book = try home.write(
            "evil\(Self.override)txt.txt",
            "第一章　开\(Self.override)始\n\n　　正文\(Self.override)abc，还有\u{2066}隔离\u{2069}。\n\n第二章　归来\n\n　　又是正文。\n")
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        let result = try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// No bidi control and no other format control reached stdout raw.
    func expectNoRawControls(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = output.unicodeScalars.filter { $0.properties.generalCategory == .format }
        #expect(
            raw.isEmpty, "raw format controls: \(raw.map { String($0.value, radix: 16) })",
            sourceLocation: sourceLocation)
    }

    @Test func aNoteWithALineFeedStaysOnItsRowOfBookmarks() throws {
        #expect(try novel("bookmarks", book, "--add", "--note", "mine\nb9\tforged\(Self.override)row").stdout == "b1\n")
        let listing = try novel("bookmarks", book).stdout
        let rows = listing.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 1)
        let fields = try #require(rows.first).split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 5)
        #expect(fields[0] == "b1")
        #expect(fields[1] == "第一章　开\\u{202E}始")
        #expect(fields[3] == "mine\\nb9\\tforged\\u{202E}row")
        expectNoRawControls(listing)
        // JSON keeps the data exact, the override as a JSON escape.
        let json = try novel("bookmarks", book, "--json").stdout
        #expect(json.contains(#""note" : "mine\nb9\tforged\u202erow""#))
        expectNoRawControls(json)
        let rows2 = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows2.first?["note"] as? String == "mine\nb9\tforged\(Self.override)row")
    }

    @Test func infoEscapesThePathAndTheTitle() throws {
        let info = try novel("info", book).stdout
        #expect(info.contains("/evil\\u{202E}txt.txt\n"))
        #expect(info.contains("title:") && info.contains("evil\\u{202E}txt\n"))
        expectNoRawControls(info)
        let json = try novel("info", book, "--json").stdout
        #expect(json.contains("evil\\u202etxt"))
        expectNoRawControls(json)
    }

    @Test func tocEscapesTitlesInTheTableAndTheExplanation() throws {
        let toc = try novel("toc", book).stdout
        #expect(toc == "0  第一章　开\\u{202E}始\n1  第二章　归来\n")
        expectNoRawControls(try novel("toc", book, "--explain").stdout)
        expectNoRawControls(try novel("toc", book, "--json").stdout)
    }

    @Test func rulesEscapeNamesPatternsAndSamples() throws {
        _ = try novel("rules", "--add", "ov\(Self.override)er", "--pattern", "正文\(Self.override)", "--replace", "x\ny")
        let listing = try novel("rules").stdout
        #expect(listing.contains("ov\\u{202E}er  '正文\\u{202E}' → 'x\\ny'"))
        expectNoRawControls(listing)
        let test = try novel("rules", "--test", book).stdout
        #expect(test.contains("正文\\u{202E}"))
        expectNoRawControls(test)
        expectNoRawControls(try novel("rules", "--json").stdout)
    }

    /// The body is printed as the reader shows it: a control of no width takes no cell there and is not
    /// written here, so the columns stay the reader's and nothing is reordered.
    @Test func printAndReadWithoutATerminalLeaveOutWhatTheReaderDoesNotDraw() throws {
        for arguments in [["print", book, "--width", "30"], ["read", book]] {
            let output = try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path]).stdout
            expectNoRawControls(output)
            #expect(output.contains("开始\n"))  // the heading, its override left out
            #expect(output.contains("正文abc，还有隔离。"))
        }
    }

    @Test func libraryEscapesTitlesAndPaths() throws {
        let library = try novel("library", home.path).stdout
        #expect(library.contains("evil\\u{202E}txt"))
        expectNoRawControls(library)
    }
}
