/// What finds a search's matches in a stretch of UTF-8: a literal query (`TextSearch`, with its
/// typographic alternatives) or an ICU regular expression (`RegexSearch`). `BookSearch` runs either over
/// the book text or over the chapters as a conversion shows them.
public protocol SearchMatcher {
    /// Every non-empty match lying wholly inside `from..<to` of `bytes`, in order and not overlapping;
    /// `body` returns false to stop. Returns false when `body` stopped it.
    func forEachMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ body: (Range<Int>) -> Bool
    ) -> Bool
}
