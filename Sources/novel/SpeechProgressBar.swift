import Foundation

/// `novel speak`'s progress on stderr, when it is a terminal: the chapter and a bar of its sentences,
/// redrawn at each sentence's end (the engine's event), cleared at the end.
struct SpeechProgressBar {
    let chapters: Int
    private let isShown = isatty(STDERR_FILENO) == 1
    /// Cells of the bar itself.
    static let width = 30

    init(chapters: Int) { self.chapters = chapters }

    func show(chapter: Int, done: Int, of total: Int) {
        guard isShown, total > 0 else { return }
        let filled = Self.width * min(done, total) / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        write("\rnovel: chapter \(chapter + 1)/\(chapters) [\(bar)] \(done)/\(total)\u{1B}[K")
    }

    func clear() {
        if isShown { write("\r\u{1B}[K") }
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
