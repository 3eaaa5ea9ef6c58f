/// How fast read-aloud speaks: espeak-ng's rate, in words per minute (for Chinese text espeak-ng counts a
/// few characters a word). The one home of the range and the default that `speech.rate`, `novel speak
/// --rate` and the espeak-ng engine use.
public enum SpeechRate {
    /// espeak-ng's range.
    public static let wordsPerMinute = 80...450
    /// espeak-ng's own default.
    public static let defaultWordsPerMinute = 175
    /// One step faster or slower (the settings' stepping): about a seventh of the default, a change one hears.
    public static let step = 25

    /// `rate` brought into the range.
    public static func clamped(_ rate: Int) -> Int {
        min(max(rate, wordsPerMinute.lowerBound), wordsPerMinute.upperBound)
    }
}
