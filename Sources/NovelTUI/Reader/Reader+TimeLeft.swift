import NovelCore

extension Reader {
    /// This session's measured reading, saved with the book when the reader closes.
    public var sessionReading: ReadingTime? {
        var session = meter.measured
        session.sessions = 1
        return session
    }

    /// The screen moved on by reading (a page turn, a scrolled line): the meter counts the page left behind.
    mutating func meterReading(now: Double) {
        let text = book.text
        meter.turned(to: anchor, now: now) { text.characters(in: $0) }
    }

    /// The speed to estimate with: this book's (with this session's) once it has one, else the one over
    /// all books; nil until enough reading was measured anywhere.
    var readingSpeed: ReadingTime? {
        let session = meter.measured
        let mine = bookReading + session
        if mine.charactersPerMinute != nil { return mine }
        let overall = overallReading + session
        return overall.charactersPerMinute != nil ? overall : nil
    }

    /// "chapter: 6 min left · book: 14 h left", for the status bar.
    var timeLeftText: String {
        guard let speed = readingSpeed, canLayout, entries.indices.contains(currentEntry) else {
            return "time left: measuring"
        }
        let offset = firstVisibleOffset
        let entry = entries[currentEntry].range
        let chapterCharacters = book.text.characters(in: offset..<entry.upperBound)
        // The rest of the book is not counted character by character (a page turn must stay fast): its
        // bytes are taken at this chapter's characters per byte.
        let sample = entry.lowerBound..<min(entry.upperBound, entry.lowerBound + 65_536)
        let perByte = sample.isEmpty ? 1 : Double(book.text.characters(in: sample)) / Double(sample.count)
        let bytesAfter = max(0, wholeLength - wholeOffset(entry.upperBound))
        let bookCharacters = chapterCharacters + Int(Double(bytesAfter) * perByte)
        let chapter = speed.minutes(toRead: chapterCharacters).map(ReadingTime.words) ?? "?"
        let whole = speed.minutes(toRead: bookCharacters).map(ReadingTime.words) ?? "?"
        return "chapter: \(chapter) left · book: \(whole) left"
    }
}
