/// Whether a Chinese text is written in Simplified or Traditional characters, guessed from frequent
/// characters the two scripts write differently (这/這, 说/說, 们/們 …): what a conversion starts from.
public enum HanVariant: Sendable, Equatable {
    case simplified, traditional

    /// Frequent characters written one way in each script (Simplified, Traditional).
    static let pairs: [(simplified: Unicode.Scalar, traditional: Unicode.Scalar)] = [
        ("这", "這"), ("说", "說"), ("们", "們"), ("为", "為"), ("个", "個"), ("来", "來"), ("时", "時"), ("会", "會"),
        ("国", "國"), ("对", "對"), ("过", "過"), ("还", "還"), ("见", "見"), ("没", "沒"), ("开", "開"), ("问", "問"),
        ("门", "門"), ("听", "聽"), ("话", "話"), ("两", "兩"), ("边", "邊"), ("将", "將"), ("与", "與"), ("无", "無"),
        ("爷", "爺"), ("马", "馬"), ("东", "東"), ("气", "氣"), ("长", "長"), ("头", "頭"),
    ]

    private static let simplifiedOnly = Set(pairs.map(\.simplified.value))
    private static let traditionalOnly = Set(pairs.map(\.traditional.value))

    /// How many of the pairs' characters a text must hold before its script is named.
    static let enoughEvidence = 8

    /// How much of a book is looked at: its first chapters say enough.
    static let sampleBytes = 1 << 18

    /// The script of the book's text; nil when its start holds too few of the characters to tell (an
    /// English book, a very short text).
    public static func of(_ text: BookText) -> HanVariant? {
        text.utf8.withUnsafeBufferPointer { of($0) }
    }

    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> HanVariant? {
        guard let base = bytes.baseAddress else { return nil }
        let end = min(bytes.count, sampleBytes)
        var counts = (simplified: 0, traditional: 0)
        var index = 0
        while index < end {
            // Every character of the pairs takes three bytes in UTF-8.
            guard bytes[index] >= 0xE0 else {
                index += utf8SequenceLength(bytes[index])
                continue
            }
            let (scalar, next) = decodeScalar(base, at: index, count: end)
            if simplifiedOnly.contains(scalar) {
                counts.simplified += 1
            } else if traditionalOnly.contains(scalar) {
                counts.traditional += 1
            }
            index = next
        }
        guard counts.simplified + counts.traditional >= enoughEvidence else { return nil }
        return counts.simplified >= counts.traditional ? .simplified : .traditional
    }
}
