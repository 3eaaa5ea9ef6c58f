import Foundation
import NovelCore

/// The whole-book layout rows' work done once, for an instruction count (`valgrind --tool=callgrind`):
/// a busy machine moves wall-clock ratios by more than a change to the layout does, an instruction count
/// does not move. `--reflow` forces the paragraphs transform on, as the row does; `--width` does the row's
/// reference instead (the width of the whole text measured alone). The book is opened first either way,
/// so that the difference between two counts is the work.
enum LayoutProbe {
    static func run(_ arguments: [String]) -> Int32 {
        guard let path = arguments.first else { usage() }
        let book: Book
        do { book = try BookOpener.open(path: path) } catch {
            FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
            return 1
        }
        if arguments.contains("--width") {
            let width = book.text.utf8.withUnsafeBufferPointer { DisplayWidth().totalWidth(of: $0) }
            print("width \(width)")
            return 0
        }
        var settings = LayoutSettings()
        if arguments.contains("--reflow") { settings.display.reflow = .on }
        let layouter = PageLayouter(settings: settings, viewport: LayoutBenchmarks.viewport)
        var pages = 0
        for entry in book.index.entries.indices { pages += layouter.layout(book, entry: entry).pages.count }
        print("\(book.index.entries.count) chapters, \(pages) pages")
        return 0
    }
}
