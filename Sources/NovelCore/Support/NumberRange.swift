/// A numeric setting's bounds, the values allowed between them and how far one press of the settings
/// overlay moves it. The one home of a numeric setting's rule: settings.json, `novel settings`,
/// `novel print`, the layouter and the overlay all ask it.
public struct NumberRange: Sendable, Equatable {
    public let lower: Double
    public let upper: Double
    /// Allowed values are `lower + k × granularity`; 1 with whole bounds means integers.
    public let granularity: Double
    /// How far the settings overlay moves the value per key press (a multiple of `granularity`).
    public let step: Double

    public init(_ bounds: ClosedRange<Double>, granularity: Double = 1, step: Double? = nil) {
        lower = bounds.lowerBound
        upper = bounds.upperBound
        self.granularity = granularity
        self.step = step ?? granularity
    }

    /// Whole numbers only.
    public var isInteger: Bool { granularity == 1 && lower.rounded() == lower }

    /// Finite, within the bounds and on the grid.
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, value >= lower, value <= upper else { return false }
        let steps = (value - lower) / granularity
        return steps.rounded() == steps
    }

    /// The nearest allowed value (the lower bound for NaN): what the layouter uses for a value that never
    /// went through validation.
    public func clamped(_ value: Double) -> Double {
        guard !value.isNaN else { return lower }
        let inside = min(max(value, lower), upper)
        return lower + ((inside - lower) / granularity).rounded() * granularity
    }

    /// `value` moved `steps` overlay steps up (or down when negative), kept within the bounds.
    public func stepped(_ value: Double, by steps: Int) -> Double {
        clamped(clamped(value) + step * Double(steps))
    }

    /// The allowed values in words, for error messages and help.
    public var description: String {
        if isInteger {
            let (low, high) = (Int(lower), Int(upper))
            return high == low + 1 ? "\(low) or \(high)" : "an integer from \(low) to \(high)"
        }
        return "\(lower) to \(upper) in steps of \(granularity)"
    }
}
