extension BookState {
    /// Minutes left to read from the saved position, at this book's measured speed or, before it has
    /// one, at `overall`'s; nil without a saved position, the book's size or a speed.
    ///
    /// The state holds no count of characters, and a list of books must not open each one to count
    /// them, so the characters left are the bytes left at the saved snippet's characters per byte (a
    /// sample of the book's own script: about 1/3 for Chinese, 1 for English).
    public func minutesLeft(overall: ReadingTime) -> Double? {
        guard let position, let textBytes = source?.textBytes else { return nil }
        let speed = reading.charactersPerMinute != nil ? reading : overall
        let sample = position.snippet
        let perByte = sample.utf8.isEmpty ? 1 : Double(sample.unicodeScalars.count) / Double(sample.utf8.count)
        let bytesLeft = max(0, textBytes - position.offset)
        return speed.minutes(toRead: Int(Double(bytesLeft) * perByte))
    }
}
