import NovelCore

/// How a Simplified ⇄ Traditional conversion stands for the reader. The text is shown converted only
/// once its conversion is `ready`; until then, and when it failed, it is shown unconverted.
public enum ConversionReadiness: Sendable, Equatable {
    /// Loaded (or `none`, which needs nothing).
    case ready
    /// Its tables are being loaded on another thread; an event says when they are there.
    case loading
    /// It cannot be loaded: why, in OpenCC's words.
    case failed(String)
}

/// Where the reader learns how the conversions' tables stand, and asks for one to be loaded. The reader
/// asks only when it chooses a conversion (opening, the `c` key, the settings overlay); what it learns is
/// its own state (`Reader.conversionReadiness`), which changes only by an event the host delivers
/// (`Reader.conversionSettled`), never by another thread's timing while a screen is drawn.
public struct ConverterRegistry: Sendable {
    /// Begins loading a conversion (nothing when it is loaded or loading).
    public var begin: @Sendable (Conversion) -> Void
    /// How a conversion stands now, without waiting for a load another thread does.
    public var status: @Sendable (Conversion) -> ConversionReadiness

    public init(
        begin: @escaping @Sendable (Conversion) -> Void, status: @escaping @Sendable (Conversion) -> ConversionReadiness
    ) {
        self.begin = begin
        self.status = status
    }

    /// The process's loads, begun on a thread of their own (`ChineseConverter.preload`): a conversion
    /// chosen in the reader is `loading` until the host says it settled, and the keys go on meanwhile.
    public static let background = ConverterRegistry(
        begin: { ChineseConverter.preload($0) },
        status: { conversion in
            guard conversion != .none else { return .ready }
            return ChineseConverter.finishedLoad(conversion).map(readiness) ?? .loading
        })

    /// The process's loads, waited for where they are asked about: a reader never sees `loading` (the
    /// default for readers made outside the app loop, whose screens are then the same every time).
    public static let waiting = ConverterRegistry(
        begin: { _ in },
        status: { conversion in ChineseConverter.load(conversion).map(readiness) ?? .ready })

    private static func readiness(_ result: Result<ChineseConverter, ChineseConverter.LoadError>) -> ConversionReadiness
    {
        switch result {
        case .success: .ready
        case .failure(let error): .failed("\(error)")
        }
    }
}
