import NovelCore

/// The rest of the book loading behind the first screen (`ReaderLaunch`): how far it has got, and how
/// many keys were pressed meanwhile. Those keys act once the whole book is there (a `G`, the contents,
/// a search, `:` need all of it), so the reader says they wait instead of seeming to ignore them.
public struct LoadingStatus: Equatable, Sendable {
    /// How much of the book is loaded, 0...100.
    public var percent = 0
    /// The names of the keys pressed meanwhile (`KeyName`), in order.
    public var held: [String] = []

    /// The status bar's note: "loading 42%".
    var label: String { "loading \(percent)%" }

    /// The bottom row's message once a key waits: the key by name when there is one, else how many.
    var waitingMessage: String? {
        guard let last = held.last else { return nil }
        let who = held.count == 1 ? "\(last) waits" : "\(held.count) keys wait"
        return "\(who) for the whole book: \(percent)% loaded"
    }
}

extension Reader {
    /// The load behind this screen has reached `fraction` (0...1) of the book.
    public mutating func showLoading(_ fraction: Double) {
        var status = loading ?? LoadingStatus()
        status.percent = max(status.percent, min(100, Int((fraction * 100).rounded(.down))))
        loading = status
    }

    /// `event` arrived during the load and is kept for the reader that takes over: a key or a click
    /// is said to wait; a resize is not a key and only waits silently.
    public mutating func holdWhileLoading(_ event: InputEvent) {
        if case .resize = event { return }
        var status = loading ?? LoadingStatus()
        if case .click = event {
            status.held.append("A click")
        } else {
            status.held.append(KeyName.name(event))
        }
        loading = status
    }
}

extension Reader {
    /// `offset` in `book.text` as an offset into the whole book's text (they differ on a preview of one
    /// chapter, `part`).
    func wholeOffset(_ offset: Int) -> Int {
        (part?.base ?? 0) + offset
    }

    /// The length in bytes of the whole book's text: what percentages are taken of.
    var wholeLength: Int {
        part?.wholeLength ?? book.text.utf8.count
    }
}
