/// Which OpenCC configuration the text is shown through (setting `convert`, `--convert`): Simplified ⇄
/// Traditional at phrase level, with Taiwan and Hong Kong variants. The file is never changed.
public enum Conversion: String, Sendable, CaseIterable, Hashable {
    case none
    /// Simplified → Traditional (OpenCC standard).
    case s2t
    /// Traditional → Simplified.
    case t2s
    /// Simplified → Traditional, Taiwan standard characters.
    case s2tw
    /// Simplified → Traditional, Taiwan characters and vocabulary (出租车 → 計程車).
    case s2twp
    /// Traditional (Taiwan) → Simplified.
    case tw2s
    /// Traditional (Taiwan) → Simplified, with mainland vocabulary.
    case tw2sp
    /// Simplified → Traditional, Hong Kong characters.
    case s2hk
    /// Traditional (Hong Kong) → Simplified.
    case hk2s

    /// OpenCC's configuration file for it, found in OpenCC's data folder.
    public var configFile: String? {
        self == .none ? nil : "\(rawValue).json"
    }

    /// The names, for messages and help: "none, s2t, t2s, …".
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// "s2t (Simplified → Traditional)", for the reader's messages.
    public var summary: String {
        switch self {
        case .none: "none (as the file has it)"
        case .s2t: "s2t (Simplified → Traditional)"
        case .t2s: "t2s (Traditional → Simplified)"
        case .s2tw: "s2tw (Simplified → Traditional, Taiwan)"
        case .s2twp: "s2twp (Simplified → Traditional, Taiwan phrases)"
        case .tw2s: "tw2s (Taiwan Traditional → Simplified)"
        case .tw2sp: "tw2sp (Taiwan Traditional → Simplified, mainland phrases)"
        case .s2hk: "s2hk (Simplified → Traditional, Hong Kong)"
        case .hk2s: "hk2s (Hong Kong Traditional → Simplified)"
        }
    }
}
