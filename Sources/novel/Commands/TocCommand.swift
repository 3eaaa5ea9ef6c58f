import ArgumentParser
import Foundation
import NovelCore

struct TocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toc",
        abstract: "Print a book's table of contents.",
        discussion: """
            Chapters are found by built-in rules for Chinese (第十回, 第一百二十三章, 第一卷, 楔子, 番外 …) and \
            English (Chapter 12, CHAPTER XII, Part One, Prologue) headings. Chapters sit under their volume. \
            A pattern or encoding chosen for the book earlier (novel read --chapter-pattern …) applies here too; \
            --chapter-pattern '' uses the built-in rules once.

            Examples:
              novel toc book.txt
              novel toc book.txt --json | jq '.[] | select(.level == 1) | .title'
              novel toc book.txt --chapter-pattern '^卷[0-9]+'
              novel toc book.txt --explain      # why each heading-like line is or is not a chapter
            """)

    @Argument(help: "The book file.") var book: String
    @Flag(help: "Print JSON: an array of {index, level, title, number, offset, characters}.") var json = false
    @OptionGroup var bookOptions: BookOptions
    @Flag(help: "List every line that looks like a heading, with the decision taken on it and the reason.")
    var explain = false

    func run() throws {
        let paths = NovelPaths.fromEnvironment()
        let session = try bookOptions.openSession(book, paths: paths)
        KeptUntilExit.keep(session)
        let opened = session.book
        let setting = SettingsStore(paths: paths).load().settings.convert
        let conversion = ConversionChoice(given: bookOptions.convert, book: session.state?.convert, setting: setting)
            .value
        try ChineseConverter.check(conversion)
        if explain {
            try printExplanation(session)
            return
        }
        let entries = opened.index.entries
        // In the order the book lists its contents: an EPUB's navigation may list a page the spine holds
        // elsewhere; each row keeps its entry's index, which `novel print --chapter` and the reader use.
        let listed = opened.index.listed
        if json {
            // Characters are counted only for JSON: the table does not show them, and counting walks the book.
            // Each row is made as it is written: a million chapters are never a million rows in memory.
            let rows = listed.lazy.map { position in
                let entry = entries[position]
                return TOCRow(
                    index: position, level: entry.outlineLevel, title: conversion.apply(to: entry.title),
                    number: entry.number, offset: entry.range.lowerBound, characters: entry.characters(in: opened.text)
                ).object
            }
            try StandardOutput.writeJSONList(rows)
            return
        }
        // The table as bytes, written at once: an English book may have tens of thousands of entries, and
        // appending six Strings a row, then escaping the whole table again on its way out, cost a sixth of
        // `novel toc` on a dense book. Each title is escaped here; the rest is digits and spaces.
        let digits = String(entries.count).utf8.count
        var table: [UInt8] = []
        table.reserveCapacity(entries.reduce(0) { $0 + $1.title.utf8.count + digits + 3 + 2 * $1.nesting })
        for position in listed {
            let entry = entries[position]
            let number = String(position).utf8
            table.append(contentsOf: repeatElement(0x20, count: digits - number.count))
            table.append(contentsOf: number)
            table.append(contentsOf: repeatElement(0x20, count: 2 + 2 * entry.nesting))
            table.append(contentsOf: TerminalSafe.escaped(conversion.apply(to: entry.title)).utf8)
            table.append(0x0A)
        }
        StandardOutput.write(escaped: table)
    }
}

extension TocCommand {
    /// `LINE  DECISION  TEXT` then the reason, indented, for every line the splitter looked at; the rule
    /// in use is the one the table comes from (the book's remembered pattern included).
    func printExplanation(_ session: ReadingSession) throws {
        let book = session.book
        let pattern = bookOptions.chapterPattern ?? session.state?.chapterPattern
        let lines = try ChapterSplitter(customPattern: pattern).explain(book.text)
        var output = "rule: " + TerminalSafe.escaped(book.index.ruleName) + "\n"
        let digits = String(lines.last?.line ?? 0).count
        for line in lines {
            let number = String(line.line)
            output += String(repeating: " ", count: digits - number.count) + number + "  "
            output +=
                line.decision.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
                + TerminalSafe.escaped(line.text) + "\n"
            output += String(repeating: " ", count: digits + 2) + "  " + line.reason + "\n"
        }
        StandardOutput.write(output)
    }
}

/// One TOC entry as `novel toc --json` prints it.
struct TOCRow {
    var index: Int
    var level: Int
    var title: String
    var number: Int?
    var offset: Int
    var characters: Int

    var object: [String: Any] {
        [
            "index": index, "level": level, "title": title,
            "number": number ?? NSNull(),  // null when the heading has no number
            "offset": offset, "characters": characters,
        ]
    }
}
