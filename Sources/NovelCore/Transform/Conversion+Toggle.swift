/// The reader's `c` key: one press switches between no conversion and the one that suits the book.
extension Conversion {
    /// The script the conversion reads: s2t and its regional variants read Simplified text, the others
    /// Traditional.
    public var source: HanVariant? {
        switch self {
        case .none: nil
        case .s2t, .s2tw, .s2twp, .s2hk: .simplified
        case .t2s, .tw2s, .tw2sp, .hk2s: .traditional
        }
    }

    /// The plain conversion for text in `variant`: s2t for Simplified, t2s for Traditional.
    public static func suiting(_ variant: HanVariant) -> Conversion {
        variant == .simplified ? .s2t : .t2s
    }

    /// What the `c` key shows after `self`: nothing while a conversion is on; otherwise `chosen` (the
    /// conversion last chosen for the book in the settings) when it reads the book's script or the
    /// script is unknown, else the plain one for the script (s2t when nothing is known).
    public func toggled(chosen: Conversion?, script: HanVariant?) -> Conversion {
        guard self == .none else { return .none }
        if let chosen, chosen != .none, script == nil || chosen.source == script { return chosen }
        return script.map(Self.suiting) ?? .s2t
    }
}
