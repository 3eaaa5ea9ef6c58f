import Foundation
import NovelCore

/// Everything a benchmark needs: the inputs, the tools and how many runs to make.
final class Context {
    let plan: RunPlan
    let quick: Bool
    /// The big mostly-CJK UTF-8 book and its GB18030 form.
    let bookPath: String
    let gbPath: String
    /// The built `novel` executable.
    let novel: String
    /// A folder for scratch files (state homes, caches, captured output).
    let scratch: String
    let spawner: Spawner
    /// The big book's file bytes and its loaded text.
    let bookBytes: [UInt8]
    let bookText: BookText

    init(plan: RunPlan, quick: Bool, bookPath: String, gbPath: String, novel: String, scratch: String) throws {
        self.plan = plan
        self.quick = quick
        self.bookPath = bookPath
        self.gbPath = gbPath
        self.novel = novel
        self.scratch = scratch
        // Reference tools measure display width only under a UTF-8 locale.
        spawner = Spawner(scratch: scratch, environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        bookBytes = try readFile(bookPath)
        bookText = try BookLoader.load(path: bookPath)
        guard bookText.utf8 == bookBytes else {
            throw BenchError("\(bookPath) must be UTF-8 with LF line endings and no BOM")
        }
        // The width tables are built at first use (milliseconds); no figure should include that.
        keep(DisplayWidth().width(of: "汉a😀"))
    }

    /// The big book opened as the reader opens it (without a cache), built at first use.
    lazy var book: Book = Book(
        path: bookPath, title: BookOpener.title(of: bookPath), text: bookText,
        fingerprint: BookFingerprint.of(bookText.utf8), index: ChapterSplitter().split(bookText))

    /// A fresh empty folder under the scratch folder.
    func freshFolder(_ name: String) throws -> String {
        let path = scratch + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The `novel` sub-command is still the placeholder that says "not built yet".
    func commandIsBuilt(_ command: String) -> Bool {
        guard let result = try? spawner.run([novel, command, "--help"]) else { return false }
        let text = (result.output + result.errors).lowercased()
        return result.status == 0 && !text.contains("not built yet")
    }
}
