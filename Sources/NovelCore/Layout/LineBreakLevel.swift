/// How strictly lines break around Chinese and Japanese punctuation: CSS's `line-break` levels, with
/// ICU's `@lb=strict`, `@lb=normal` and `@lb=loose` line iterators for `zh` as the reference.
public enum LineBreakLevel: String, Sendable, CaseIterable, Codable {
    /// Small kana, ー, iteration marks, centred punctuation, postfix signs and hyphens never start a line.
    case strict
    /// As strict, but small kana, ー, 〜 and ゠ may start a line.
    case normal
    /// As normal, and iteration marks, centred punctuation (・：；！？‼), postfix signs (％ ° ℃), the
    /// hyphens ‐ – may start a line and full-width prefix signs (＄ ￥) may end one: the fullest lines.
    case loose
}
