import Foundation
import NovelCore
import NovelTUI

/// Issue 18: the library overlay on a folder of 200 books once a first listing has cached what it
/// learned about each, and a live reload after chapters are appended to the big book.
enum ShelfBenchmarks {
    static let columns = 80
    static let rows = 24
    static let folderBooks = 200

    /// `L` to a drawn list (the shelf listed as the reader's host lists it, the screen built), on a
    /// folder of 200 copies of the sample books; the first listing, which opens every book, is the reference.
    static func libraryOverlay(_ context: Context, samples: [String]) throws -> Row {
        guard !samples.isEmpty else { throw BenchError("no sample books (--samples)") }
        let folder = try context.freshFolder("library/books")
        let home = try context.freshFolder("library/home")
        for index in 0..<folderBooks {
            try FileManager.default.copyItem(
                atPath: samples[index % samples.count], toPath: folder + String(format: "/book-%03d.txt", index))
        }
        let paths = NovelPaths.fromEnvironment(["NOVEL_HOME": home])
        var listed = 0
        let first = measure(warmups: 0, runs: 1) { listed = Shelf.books(folder: folder, paths: paths).books.count }
        guard listed == folderBooks else {
            throw BenchError("the first listing found \(listed) of \(folderBooks) books")
        }
        var settings = Settings()
        settings.libraryFolder = folder
        var reader = Reader(
            book: context.book, settings: settings, state: nil, columns: columns, rows: rows, start: .saved)
        var shown = 0
        let ours = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            shown = ReaderBenchmark.openLibrary(&reader, paths: paths)
        }
        guard shown == folderBooks else { throw BenchError("the overlay listed \(shown) of \(folderBooks) books") }
        return Row(
            work: "library overlay, \(folderBooks) books, after a first listing", ours: format(ours),
            reference: "first listing \(format(first))", ratio: "—", goal: "< 200 ms",
            verdict: ours.median < 0.2 ? .met : .notMet, note: "copies of the \(samples.count) sample books")
    }

    /// Two chapters appended to a copy of the big book while a reader shows its middle: what the reader's
    /// live reload runs (`ReadingSession.reloaded`: the appended bytes read on, the chapters split on from
    /// the heading scan, the state carried over in one write), against opening the grown file cold (no
    /// index cache); then page turns on the reloaded reader, measured as the page turn row measures them.
    static func reload(_ context: Context) throws -> [Row] {
        let folder = try context.freshFolder("reload/book")
        let book = folder + "/serial.txt"
        try FileManager.default.copyItem(atPath: context.bookPath, toPath: book)
        let paths = NovelPaths.fromEnvironment(["NOVEL_HOME": try context.freshFolder("reload/home")])
        // Opened as a book read before is: its index from the cache (the first open wrote it), so the first
        // reload reads the heading scan cached beside it.
        try ReadingSession.open(path: book, paths: paths).keepHeadingScan(paths: paths)
        var current = try ReadingSession.open(path: book, paths: paths)
        guard current.book.headingScan == nil else { throw BenchError("the second open did not read the index cache") }
        let session = current
        let middle = session.book.text.utf8.count / 2
        var reader = Reader(
            book: session.book, settings: Settings(), state: session.state, columns: columns, rows: rows,
            start: ReaderStart(offset: middle))
        var chapter = 0
        // Each run appends two more chapters first (not timed), as a downloader does.
        func append() throws {
            chapter += 2
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: book))
            try handle.seekToEnd()
            let body = String(repeating: "　　渡口又亮起了一盏灯，她回来了。\n\n", count: 40)
            try handle.write(
                contentsOf: Data("\n第\(90_000 + chapter)章　新灯\n\n\(body)第\(90_001 + chapter)章　归人\n\n\(body)".utf8))
            try handle.close()
        }
        let place = reader.firstVisibleOffset
        var reloads: [Double] = []
        // CPU seconds beside the wall clock: the machine is shared, and waiting for a core is not work.
        var reloadCPU: [Double] = []
        for _ in 0..<(context.plan.warmups + context.plan.runs) {
            try append()
            // What `ReaderApp` does: reload from the place on screen, hand the book to the reader.
            let (start, cpuStart) = (now(), cpuNow())
            current = try current.reloaded(at: reader.position, paths: paths) {
                try ReadingSession.open(path: book, paths: paths)
            }
            reader.reload(current.book, state: current.state)
            keep(reader.screen())
            reloads.append(now() - start)
            reloadCPU.append(cpuNow() - cpuStart)
        }
        guard reader.firstVisibleOffset == place else { throw BenchError("the reload moved the page on screen") }
        guard current.book.index == ChapterSplitter().split(current.book.text) else {
            throw BenchError("the reloaded chapters differ from a split of the grown file")
        }
        let ours = Sample(Array(reloads.dropFirst(context.plan.warmups)))
        // A cold open of the grown file to the same screen: no index cache, a new reader.
        var coldCPU: [Double] = []
        let cold = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            let home = try context.freshFolder("reload/cold")
            let (start, cpuStart) = (now(), cpuNow())
            let opened = try ReadingSession.open(path: book, paths: NovelPaths.fromEnvironment(["NOVEL_HOME": home]))
            let fresh = Reader(
                book: opened.book, settings: Settings(), state: opened.state, columns: columns, rows: rows,
                start: ReaderStart(offset: place))
            keep(fresh.screen())
            coldCPU.append(cpuNow() - cpuStart)
            return now() - start
        }
        let cpu = Sample(Array(reloadCPU.dropFirst(context.plan.warmups)))
        let coldCPUSample = Sample(Array(coldCPU.dropFirst(context.plan.warmups)))
        return [
            .timeRatio(
                "live reload after an append (\(megabytes(context.bookBytes.count)))", ours: ours, reference: cold,
                referenceName: "cold open to the same screen", limit: 1, goal: "< 1× a cold open",
                note: "the appended bytes read and split on, the state carried over, new screen; CPU "
                    + "\(duration(cpu.median)) against \(duration(coldCPUSample.median))"),
            try PagerBenchmarks.pageTurn(context, in: reader, what: " after a reload"),
        ]
    }
}
