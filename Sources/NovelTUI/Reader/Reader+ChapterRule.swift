import NovelCore

/// Switching the book's chapter rule from the reader, when the automatic table of contents is wrong:
/// the built-in rules, a family of heading-like lines the splitter found, or a custom pattern. The
/// choice is remembered with the book like `--chapter-pattern` (`ReaderAction.saveChapterPattern`).
extension Reader {
    mutating func openChapterRules() {
        // A preview holds only part of the book: its rules are chosen once the whole book is open.
        guard part == nil else {
            message = "The book is still opening"
            return
        }
        let choices = ChapterSplitter.ruleChoices(book.text)
        let current = choices.firstIndex { $0.pattern == chapterPattern } ?? choices.count
        overlay = .chapterRule(ChapterRuleOverlay(choices: choices, selected: current))
    }

    mutating func handleChapterRule(_ rules: ChapterRuleOverlay, _ event: InputEvent) -> [ReaderAction] {
        var rules = rules
        let count = rules.choices.count + 1
        if let moved = Self.moved(rules.selected, count: count, page: textRows - 1, by: event, letters: true) {
            rules.selected = moved
            overlay = .chapterRule(rules)
            return []
        }
        switch event {
        case .key(.enter):
            if rules.choices.indices.contains(rules.selected) {
                overlay = nil
                return applyChapterPattern(rules.choices[rules.selected].pattern)
            }
            overlay = .prompt(Prompt(kind: .chapterPattern, text: chapterPattern ?? ""))
        default:
            break
        }
        return []
    }

    /// Splits the book with `pattern` (nil: the built-in rules), lays it out again at the same place and
    /// asks for the choice to be saved; an invalid pattern leaves everything as it was.
    mutating func applyChapterPattern(_ pattern: String?) -> [ReaderAction] {
        let splitter: ChapterSplitter
        do {
            splitter = try ChapterSplitter(customPattern: pattern)
        } catch {
            message = "\(error)"
            return []
        }
        let offset = firstVisibleOffset
        var resplit = Book(
            path: book.path, title: book.title, text: book.text, fingerprint: book.fingerprint,
            index: splitter.split(book.text))
        // The text is the same, so its markup's ranges still hold.
        resplit.markup = book.markup
        book = resplit
        chapterPattern = pattern
        layout = BookLayout(book: book, settings: frame.layout, viewport: frame.viewport)
        anchor = offset
        relocate()
        keepHitsCurrent()
        message = "Chapters: \(entries.count) entries (\(pattern.map { "pattern \($0)" } ?? "built-in rules"))"
        return [.saveChapterPattern(pattern)]
    }
}
