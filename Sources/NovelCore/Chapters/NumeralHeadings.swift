/// Roman numerals alone on their line (`IV`, `IV.`, `IV. THE STORM`) are chapter headings in many
/// English books, and stanza numbers, list items or a lone `I` of dialogue in others. The whole book
/// decides: when worded chapter headings (`Chapter 4`, `Letter 2`) are left, the numerals are parts of
/// chapters; otherwise the numerals that run in sequence (each one more than the last, starting again
/// at I after a volume) are the chapters, and those out of the sequence stay text.
enum NumeralHeadings {
    typealias FoundHeading = ChapterSplitter.FoundHeading

    struct Result {
        /// Whether each heading is kept.
        var keep: [Bool]
        /// The first worded chapter heading, when there is one (the numerals are then parts of chapters).
        var worded: Int?
        /// Whether a sequence of numerals heads the chapters.
        var hasSequence: Bool

        /// Why each numeral was dropped, by its line's first byte (for `novel toc --explain` only).
        func reasons(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> [Int: String] {
            var reasons: [Int: String] = [:]
            for index in found.indices where !keep[index] {
                reasons[found[index].lineStart] =
                    if let worded {
                        "numeral alone: the book's chapters are headed by words (\(found[worded].title(bytes))), "
                            + "so this is part of a chapter"
                    } else if hasSequence {
                        "numeral alone: out of the sequence of numerals that head the chapters"
                    } else {
                        "numeral alone: no sequence of numerals (I, II, III …) heads the book's chapters"
                    }
            }
            return reasons
        }
    }

    static func filter(_ found: [FoundHeading]) -> Result {
        var keep = [Bool](repeating: true, count: found.count)
        let numerals = found.indices.filter { found[$0].candidate.numeralOnly && found[$0].candidate.kind == .chapter }
        guard !numerals.isEmpty else { return Result(keep: keep, worded: nil, hasSequence: false) }
        if let worded = found.firstIndex(where: {
            $0.candidate.family == .english && $0.candidate.kind == .chapter && !$0.candidate.numeralOnly
        }) {
            for index in numerals { keep[index] = false }
            return Result(keep: keep, worded: worded, hasSequence: false)
        }
        let chain = longestSequence(found, numerals)
        for index in numerals where !chain.contains(index) { keep[index] = false }
        return Result(keep: keep, worded: nil, hasSequence: chain.count >= 2)
    }

    /// The numerals that head chapters. The numerals fall into runs, each one more than the one
    /// before (a volume heading ends a run); the first run starts the sequence, and a later run joins it
    /// when it starts with the next number (or with I after a volume). A run that does not (stanzas I, II,
    /// III inside chapter II) is passed over when a later run continues the sequence; otherwise its
    /// numerals from the next number on join (a lone `I` of dialogue before the real II). Empty when the
    /// sequence has fewer than two numerals.
    static func longestSequence(_ found: [FoundHeading], _ numerals: [Int]) -> Set<Int> {
        var volumesBefore: [Int] = []
        var volumes = 0
        for heading in found {
            if heading.candidate.kind == .volume { volumes += 1 }
            volumesBefore.append(volumes)
        }
        var runs: [[Int]] = []
        for index in numerals {
            if let last = runs.last?.last,
                found[index].candidate.number == found[last].candidate.number.map({ $0 + 1 }),
                volumesBefore[index] == volumesBefore[last]
            {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        guard var chain = runs.first else { return [] }
        for (position, run) in runs.enumerated().dropFirst() {
            guard let last = chain.last, let lastNumber = found[last].candidate.number else { break }
            let continues = { (index: Int) -> Bool in
                let number = found[index].candidate.number
                return number == lastNumber + 1 || (number == 1 && volumesBefore[index] > volumesBefore[last])
            }
            if let first = run.first, continues(first) {
                chain += run
            } else if runs[(position + 1)...].contains(where: { $0.first.map(continues) ?? false }) {
                continue
            } else if let joining = run.firstIndex(where: continues) {
                chain += run[joining...]
            }
        }
        return chain.count >= 2 ? Set(chain) : []
    }
}
