import ArgumentParser
import NovelCore

/// The options of every command that opens a book: how to decode it and how to find its chapters.
/// One declaration, so that the commands word them alike; options the next features add for opening a
/// book go here too.
struct BookOptions: ParsableArguments {
    @Option(help: "Decode with this encoding (gb18030, big5, utf-16le …) instead of detecting it.")
    var encoding: String?
    @Option(
        help: """
            An ICU regular expression that matches heading lines, instead of the built-in rules \
            ('' uses the built-in rules once).
            """)
    var chapterPattern: String?
    @Option(
        help: """
            Join hard-wrapped lines: auto (when the book is found hard-wrapped), on or off, for this \
            book instead of the reflow setting (novel read remembers it).
            """)
    var reflow: DisplayOptions.Reflow?
    @Option(
        help: """
            Show the text converted by OpenCC: \(Conversion.names) (s2t: Simplified → Traditional, \
            t2s: the reverse, tw/hk: regional forms, s2twp/tw2sp: regional phrases too), for this book \
            instead of the convert setting (novel read remembers it).
            """)
    var convert: Conversion?
}

extension DisplayOptions.Reflow: ExpressibleByArgument {}
extension Conversion: ExpressibleByArgument {}

extension BookOptions {
    /// Opens `book` with its state as the reader does, so that the book's remembered pattern and encoding
    /// give the same chapters (nothing given here is remembered); a progress line on a terminal while it
    /// reads, and the state's warnings on stderr. `trustingStamp`: a book read before whose file is as its
    /// state last saw it is opened from its bytes and cached index (`ReadingSession.open(trustingStamp:)`).
    func openSession(_ book: String, paths: NovelPaths, trustingStamp: Bool = false) throws -> ReadingSession {
        let session = try TerminalProgress.run("reading \(BookOpener.fileName(of: book))") { progress in
            try ReadingSession.open(
                path: book, encoding: encoding, chapterPattern: chapterPattern, paths: paths,
                trustingStamp: trustingStamp, progress: progress)
        }
        StandardError.warn(session.warnings)
        return session
    }

    /// The display transforms as the reader shows `book`: the settings, the book's own choices (`state`),
    /// these flags, and the book's cleaning rules; the conversion's converter checked (loaded) here.
    func display(for book: Book, state: BookState?, paths: NovelPaths) throws -> DisplayOptions {
        let saved = SettingsStore(paths: paths).load().settings
        var display = saved.forBook(reflow: reflow ?? state?.reflow, convert: convert ?? state?.convert).display
        try ChineseConverter.check(display.convert)
        let rules = RulesStore(paths: paths).load()
        StandardError.warn(rules.warnings)
        display.cleaning = rules.rules.forBook(title: book.title, path: book.path)
        return display
    }
}
