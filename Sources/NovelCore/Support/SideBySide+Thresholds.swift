/// The sizes that decide when work on a text runs beside other work, shared by every pass that does:
/// the UTF-8 check beside the normaliser (`BookLoader`), the heading scan beside the fingerprint
/// (`ChapterSplitter+Beside`, `BookOpener`).
extension SideBySide {
    /// A text shorter than this is not worth a second thread: starting one costs about as much as the
    /// work it would take over.
    static let besideWorkBytes = 1 << 20
    /// How often a pass run beside another looks whether it was told to stop: a stopped pass ends within
    /// this many bytes (well under a millisecond), and looking costs nothing against the work between.
    static let stopCheckBytes = 1 << 20
}
