import Foundation

/// An English book of our own writing, hard-wrapped the way real books are: a seeded greedy wrapper
/// breaks each line where the next word does not fit, at a width that differs from paragraph to
/// paragraph around the book's own (different tools, different editors), so line lengths are ragged.
/// Between the prose paragraphs come what must keep its lines: verse (indented and not), a letter's
/// salutation and signature, a list and a table. `paragraphs` is each prose paragraph as one line, and
/// `keptLines` every line that must stay a line of its own.
struct RaggedBook {
    /// The text, with LF line ends.
    private(set) var text = ""
    /// The prose paragraphs, their words joined with one space.
    private(set) var paragraphs: [String] = []
    /// Blocks whose lines must each stay a line: verse, signatures, lists, tables.
    private(set) var keptBlocks: [[String]] = []

    static let words = [
        "the", "wind", "had", "turned", "before", "morning", "and", "every", "shutter", "along", "harbour", "street",
        "rattled", "against", "its", "frame", "while", "fishermen", "argued", "about", "whether", "weather", "would",
        "hold", "long", "enough", "for", "boats", "to", "reach", "outer", "banks", "nobody", "remembered", "such",
        "a", "quiet", "winter", "at", "of", "in", "it", "was", "said", "that", "with", "her", "his", "by", "on",
        "unquestionably", "notwithstanding", "extraordinarily", "café", "naïve", "fiancée", "well-known",
        "circumstances", "correspondence", "particularly", "himself", "mother's", "o'clock",
    ]
    /// Capitalised words that may start a wrapped line in the middle of a sentence.
    static let names = ["Martha", "Greaves", "Hale", "Penrose", "London", "Tuesday", "Mr.", "Mrs.", "I", "God"]

    /// A book of `paragraphs` prose paragraphs wrapped around `width` columns, with a verse stanza, a
    /// letter, a list or a table after every few of them.
    init(seed: UInt64, width: Int, paragraphs count: Int = 60) {
        var random = SeededGenerator(seed: seed)
        for index in 0..<count {
            let paragraph = Self.prose(&random)
            // Each paragraph wrapped a little narrower than the book's width, or exactly at it.
            let lineWidth = width - Int.random(in: 0...6, using: &random)
            appendBlock(Self.wrap(paragraph, width: lineWidth))
            paragraphs.append(paragraph)
            switch index % 9 {
            case 2: appendKept(Self.verse(&random, indented: false, width: width))
            case 4: appendKept(Self.verse(&random, indented: true, width: width))
            case 5: appendLetter(&random, width: width)
            case 7: appendKept(["1. A cask of salt herring", "2. Two coils of tarred rope", "3. The vicar's lantern"])
            case 8:
                appendKept(["Boat        Crew    Catch", "Providence  4       Herring", "Good Intent  3       Cod"])
            default: break
            }
        }
    }

    private mutating func appendBlock(_ lines: [String]) {
        text += lines.joined(separator: "\n") + "\n\n"
    }

    private mutating func appendKept(_ lines: [String]) {
        appendBlock(lines)
        keptBlocks.append(lines.map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// A salutation alone, a paragraph of the letter, then a closing and a name in one block.
    private mutating func appendLetter(_ random: inout SeededGenerator, width: Int) {
        appendKept(["My dear Hale,"])
        let body = Self.prose(&random)
        appendBlock(Self.wrap(body, width: width))
        paragraphs.append(body)
        appendKept(["Yours ever,", "Arthur Penrose"])
    }

    /// Three to six sentences of words and names, some of them spoken.
    static func prose(_ random: inout SeededGenerator) -> String {
        var sentences: [String] = []
        for _ in 0..<Int.random(in: 3...6, using: &random) {
            var sentence: [String] = []
            for position in 0..<Int.random(in: 6...22, using: &random) {
                let word =
                    Int.random(in: 0..<7, using: &random) == 0
                    ? names.randomElement(using: &random)! : words.randomElement(using: &random)!
                sentence.append(position == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word)
            }
            var joined = sentence.joined(separator: " ")
            if Int.random(in: 0..<4, using: &random) == 0 {
                joined = "\"" + joined + ",\" said Martha."
            } else {
                joined += [".", ".", "!", "?", ";"].randomElement(using: &random)!
            }
            sentences.append(joined)
        }
        return sentences.joined(separator: " ")
    }

    /// Four short lines, each starting with a capital.
    static func verse(_ random: inout SeededGenerator, indented: Bool, width: Int) -> [String] {
        (0..<4).map { line in
            var words = ["When", "Where", "And", "O", "Upon"].randomElement(using: &random)!
            while words.count < min(width / 2, 18 + line * 3) {
                words += " " + Self.words.randomElement(using: &random)!
            }
            return (indented ? "    " : "") + words + (line == 3 ? "." : ",")
        }
    }

    /// Greedy wrapping: a line ends where the next word would not fit within `width` columns.
    static func wrap(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
