import ArgumentParser
import Foundation
import NovelCore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a book's size, encoding, text statistics, chapters and reading progress.",
        discussion: """
            Reports the file's size, the encoding and how it was chosen (BOM, valid UTF-8, detected with a \
            confidence, or forced), characters, lines and invalid byte sequences (shown as U+FFFD); then the \
            table of contents' size, the chapter rule that split the book, how far you have read, how \
            many bookmarks the book has, the time read in how many sessions and your measured reading speed. A pattern, encoding, \
            reflow or conversion remembered for the book applies (the chapter's title is shown converted, as \
            the reader shows it); nothing given here is remembered.

            Examples:
              novel info books/青灯记.txt
              novel info old-gbk-novel.txt --encoding gbk
              novel info books/the-lamplighter.txt --json | jq .progress
            """)

    @Argument(help: "The book file.") var book: String
    @OptionGroup var bookOptions: BookOptions
    @Flag(
        help: """
            Print JSON (keys: path, title, author, bytes, encoding, encodingSource, characters, lines, invalidSequences, \
            reflow, convert, chapters, numberedChapters, chapterRule, progress, progressChapter, bookmarks, secondsRead, \
            sessions, charactersPerMinute).
            """)
    var json = false

    func run() throws {
        let session = try bookOptions.openSession(book, paths: NovelPaths.fromEnvironment())
        let (settings, settingsWarnings) = SettingsStore(paths: NovelPaths.fromEnvironment()).load()
        StandardError.warn(settingsWarnings)
        let reflow = ReflowChoice(given: bookOptions.reflow, book: session.state?.reflow, setting: settings.reflow)
        let conversion = ConversionChoice(
            given: bookOptions.convert, book: session.state?.convert, setting: settings.convert)
        try ChineseConverter.check(conversion.value)
        let info = BookInfo(
            path: book, book: session.book, state: session.state, reflow: reflow, conversion: conversion)
        if json {
            try StandardOutput.writeJSON(InfoJSON(info: info))
        } else {
            StandardOutput.writeLine(Self.text(info))
        }
    }

    /// `label: value` rows for a person, aligned, in a fixed order.
    static func text(_ info: BookInfo) -> String {
        var rows: [(label: String, value: String)] = [
            ("path", info.path), ("title", info.title),
        ]
        if let author = info.author { rows.append(("author", author)) }
        rows += [
            ("bytes", String(info.bytes)), ("encoding", info.encoding),
            ("encoding source", info.encodingSource), ("characters", String(info.characters)),
            ("lines", String(info.lines)), ("invalid sequences", String(info.invalidSequences)),
            ("reflow", info.reflow), ("convert", info.convert),
        ]
        if let chapters = info.chapters, let numbered = info.numberedChapters, let rule = info.chapterRule {
            let progress = info.progress.map { percent in
                String(format: "%.1f%%", percent) + (info.progressChapter.map { " (\($0))" } ?? "")
            }
            rows += [
                ("chapters", "\(chapters) (\(numbered) numbered)"), ("chapter rule", rule),
                ("progress", progress ?? "not started"), ("bookmarks", String(info.bookmarks ?? 0)),
            ]
            let reading = info.reading ?? ReadingTime()
            rows += [
                ("time read", "\(ReadingTime.words(minutes: reading.seconds / 60)) in \(reading.sessions) sessions"),
                (
                    "reading speed",
                    reading.charactersPerMinute.map { "\(Int($0.rounded())) characters a minute" }
                        ?? "not measured yet (a few minutes of page turns)"
                ),
            ]
        }
        let width = rows.map(\.label.count).max() ?? 0
        return rows.map { row in
            // Each value on its one line: a title, path or pattern with a line feed cannot forge a row.
            row.label + ":" + String(repeating: " ", count: width - row.label.count + 1)
                + TerminalSafe.escaped(row.value)
        }.joined(separator: "\n")
    }
}

/// `novel info --json`: the report's keys, in JSON.
struct InfoJSON: Encodable {
    let info: BookInfo

    enum CodingKeys: String, CodingKey {
        case path, title, author, bytes, encoding, encodingSource, characters, lines, invalidSequences, reflow, convert
        case chapters, numberedChapters, chapterRule, progress, progressChapter, bookmarks
        case secondsRead, sessions, charactersPerMinute
    }

    /// The reading keys are all written, `progress` and `progressChapter` as null for an unread book,
    /// when the book was opened with its state; none of them when only the text was read.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info.path, forKey: .path)
        try container.encode(info.title, forKey: .title)
        try container.encode(info.author, forKey: .author)
        try container.encode(info.bytes, forKey: .bytes)
        try container.encode(info.encoding, forKey: .encoding)
        try container.encode(info.encodingSource, forKey: .encodingSource)
        try container.encode(info.characters, forKey: .characters)
        try container.encode(info.lines, forKey: .lines)
        try container.encode(info.invalidSequences, forKey: .invalidSequences)
        try container.encode(info.reflow, forKey: .reflow)
        try container.encode(info.convert, forKey: .convert)
        guard let chapters = info.chapters else { return }
        try container.encode(chapters, forKey: .chapters)
        try container.encode(info.numberedChapters, forKey: .numberedChapters)
        try container.encode(info.chapterRule, forKey: .chapterRule)
        try container.encode(info.progress, forKey: .progress)
        try container.encode(info.progressChapter, forKey: .progressChapter)
        try container.encode(info.bookmarks ?? 0, forKey: .bookmarks)
        let reading = info.reading ?? ReadingTime()
        try container.encode(reading.seconds, forKey: .secondsRead)
        try container.encode(reading.sessions, forKey: .sessions)
        try container.encode(reading.charactersPerMinute.map { $0.rounded() }, forKey: .charactersPerMinute)
    }
}
