import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Layout speed against the width engine (release builds only: debug code is ~15× slower).
/// Whole-book pagination of a ~30 MB book may take at most 3× the time of measuring its width in the
/// same run; one 10,000-character chapter must lay out in well under a millisecond.
@Suite(.serialized) struct LayoutSpeedTests {
    static var isRelease: Bool {
        #if DEBUG
            print("LayoutSpeedTests: skipped in a debug build (run scripts/test or swift test -c release)")
            return false
        #else
            return true
        #endif
    }

    /// The best of `runs` timings of `body` in seconds of this thread's CPU time, which a busy shared
    /// machine disturbs far less than wall-clock time.
    static func best(_ runs: Int, _ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
        }
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            body()
            best = min(best, now() - start)
        }
        return best
    }

    /// The real books decoded and concatenated, whole passes, until at least 30 MB (as make-big.sh does).
    static func bigBook() throws -> Book {
        let files = [
            "hongloumeng.utf8-crlf.txt", "xiyouji.gb18030-lf.txt", "sanguoyanyi.gb18030-lf.txt",
            "rulinwaishi.big5hkscs-crlf.txt", "ernvyingxiongzhuan.big5hkscs-crlf.txt", "niehaihua.big5hkscs-crlf.txt",
            "laocanyouji.big5hkscs-crlf.txt", "ahq-zhengzhuan.utf8-crlf.txt",
        ]
        let texts = try files.map { try BookLoader.load(path: Corpus.path("real/\($0)")).utf8 }
        var bytes: [UInt8] = []
        while bytes.count < 30_000_000 {
            for text in texts {
                bytes += text
                bytes.append(0x0A)
            }
        }
        let text = BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        return Book(path: "big.txt", title: "big", text: text, fingerprint: "big", index: ChapterSplitter().split(text))
    }

    @Test(.enabled(if: isRelease && Corpus.isAvailable, Comment(rawValue: "release build and corpus needed")))
    func wholeBookWithinThreeTimesTheWidthMeasurement() throws {
        let book = try Self.bigBook()
        let measure = DisplayWidth()
        var total = 0
        var pages = 0
        // Interleaved, best of five each, so both see the same load on a shared machine.
        var widthTime = Double.infinity
        var layoutTime = Double.infinity
        for _ in 0..<5 {
            widthTime = min(
                widthTime,
                Self.best(1) { total = book.text.utf8.withUnsafeBufferPointer { measure.totalWidth(of: $0) } })
            layoutTime = min(
                layoutTime,
                Self.best(1) {
                    pages = BookLayout(
                        book: book, settings: layoutSettings(), viewport: Viewport(columns: 80, rows: 24)
                    )
                    .layoutAll()
                })
        }
        let megabytes = Double(book.text.utf8.count) / 1e6
        print(
            String(
                format:
                    "LayoutSpeedTests: %.1f MB, %d entries, %d pages: width %.0f ms (%.0f MB/s), layout %.0f ms (%.0f MB/s), ratio %.2f",
                megabytes, book.index.entries.count, pages, widthTime * 1000, megabytes / widthTime, layoutTime * 1000,
                megabytes / layoutTime, layoutTime / widthTime))
        #expect(total > 0 && pages > book.index.entries.count)
        #expect(layoutTime <= 3 * widthTime, "layout \(layoutTime) s vs width \(widthTime) s")
    }

    @Test(.enabled(if: isRelease, Comment(rawValue: "release build needed")))
    func aTenThousandCharacterChapterInWellUnderAMillisecond() throws {
        let sample = try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt"))
        let body = sample.text.utf8[sample.index.entries[3].bodyStart...]
        // About 10,000 characters of the sample's text as one chapter.
        var bytes: [UInt8] = Array("第一章　测试\n".utf8)
        for byte in body {
            bytes.append(byte)
            if bytes.count >= 30_000, byte == 0x0A { break }
        }
        let text = BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let heading = "第一章　测试\n".utf8.count
        let entry = TOCEntry(
            level: .chapter, title: "第一章　测试", number: 1, range: 0..<bytes.count, bodyStart: heading, volumeIndex: nil)
        let book = Book(
            path: "ten-k.txt", title: "ten-k", text: text, fingerprint: "x",
            index: ChapterIndex(entries: [entry], ruleName: "chinese"))
        #expect(text.characters >= 10_000)
        let layouter = PageLayouter(settings: layoutSettings(), viewport: Viewport(columns: 80, rows: 24))
        var pages = 0
        let time = Self.best(20) { pages = layouter.layout(book, entry: 0).pages.count }
        print(
            String(format: "LayoutSpeedTests: %d characters, %d pages in %.3f ms", text.characters, pages, time * 1000))
        #expect(time < 0.0005, "\(time * 1000) ms")
    }
}
