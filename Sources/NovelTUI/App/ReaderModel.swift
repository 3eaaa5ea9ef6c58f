import NovelCore

/// The pager as the app loop drives it: a pure state machine that renders a `Screen`.
/// `Reader` conforms; tests drive the loop with small fakes.
public protocol ReaderModel {
    mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction]
    /// Advances an animated transition.
    mutating func tick(now: Double)
    /// When the next animation frame is due (monotonic seconds), or nil when nothing moves.
    var nextDeadline: Double? { get }
    /// Shows a message such as a failed save in the status bar.
    mutating func report(_ message: String)
    func screen() -> Screen
    var position: ReadingPosition { get }
    var isFinished: Bool { get }
    /// The window title to set when the reader starts (nil: leave the terminal's own).
    var windowTitle: String? { get }
}

extension ReaderModel {
    public var windowTitle: String? { nil }
}
