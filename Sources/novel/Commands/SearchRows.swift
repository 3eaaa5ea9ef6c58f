import Foundation
import NovelCore

/// `novel search`'s hits as lines or JSON, written as they are found (64 KB at a time), so that the
/// first hits of a long book reach a pipe before the search has gone through it.
struct SearchRows {
    var search: BookSearch
    /// The conversion the book is shown with: chapter titles are shown converted, as `novel toc` does.
    var conversion: Conversion
    var limit: Int

    /// One line a hit: offset, percent, chapter title, the text around it; each field escaped
    /// (`TerminalSafe`) so that nothing in the book can forge a row. Returns the number of hits.
    func writeLines() -> Int {
        var found = 0
        var lines = ""
        var titles = ConvertedTitles(book: search.book, conversion: conversion)
        search.forEachHit { hit in
            let fields = [
                String(hit.range.lowerBound), Self.percent(hit, of: search.book) + "%", titles[hit.entry],
                hit.before + hit.match + hit.after,
            ]
            lines += fields.map { TerminalSafe.escaped($0) }.joined(separator: "\t") + "\n"
            if lines.utf8.count >= 1 << 16 {
                StandardOutput.write(lines)
                lines = ""
            }
            found += 1
            return found < limit
        }
        StandardOutput.write(lines)
        return found
    }

    /// A JSON list of {offset, length, percent, chapterIndex, chapterTitle, before, match, after}.
    /// Returns the number of hits.
    func writeJSON() throws -> Int {
        var titles = ConvertedTitles(book: search.book, conversion: conversion)
        var rows: [[String: Any]] = []
        search.forEachHit { hit in
            rows.append([
                "offset": hit.range.lowerBound, "length": hit.range.count,
                "percent": ReadingPosition.percent(hit.range.lowerBound, of: search.book.text.utf8.count),
                "chapterIndex": hit.entry, "chapterTitle": titles[hit.entry], "before": hit.before,
                "match": hit.match, "after": hit.after,
            ])
            return rows.count < limit
        }
        try StandardOutput.writeJSONList(rows)
        return rows.count
    }

    /// The percentage `novel search` prints for `hit`, to one decimal.
    static func percent(_ hit: SearchHit, of book: Book) -> String {
        String(format: "%.1f", ReadingPosition.percent(hit.range.lowerBound, of: book.text.utf8.count))
    }
}
