/// The conversion tables and their matcher as the `conversion-tables` fuzz target drives them: tables
/// from any file bytes, or made from lists of keys and values, converting any text. Not for the program.
@_spi(Fuzzing) public struct ConversionProbe {
    let tables: ConversionTables

    /// The tables in `file`, when it is a whole, well-formed tables file.
    public init?(file: [UInt8]) {
        guard let tables = ConversionTables.copying(file) else { return nil }
        self.tables = tables
    }

    /// Tables of `stages` (stage 0 segments), each a list of dictionaries of (key, value) pairs.
    public init?(stages: [[[(key: [UInt8], value: [UInt8])]]]) {
        self.init(file: Self.file(stages: stages))
    }

    /// The tables file of `stages`.
    public static func file(stages: [[[(key: [UInt8], value: [UInt8])]]]) -> [UInt8] {
        ConversionTables.encode(stamp: "", stages: stages)
    }

    /// `text` converted, and the steps that align it with `text` (`AlignedConversion`).
    public func convert(_ text: [UInt8]) -> (shown: [UInt8], steps: [(sourceEnd: Int, shownEnd: Int, replaced: Bool)]) {
        let aligned = text.withUnsafeBufferPointer { PhraseConversion(tables: tables).align($0) }
        return (aligned.shown, aligned.steps.map { ($0.sourceEnd, $0.shownEnd, $0.replaced) })
    }
}
