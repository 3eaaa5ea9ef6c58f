import Synchronization

/// An engine's stop switch. Each utterance takes a ticket as it begins; `stop` ends every utterance begun
/// before it and refuses new ones until `reset`, which lets new ones begin without reviving the stopped
/// ones (a stop and a reset in quick succession must not let an old utterance run on).
final class SpeechStop: Sendable {
    private let isStopped = Atomic<Bool>(false)
    /// Counts the stops: a ticket is the count when its utterance began.
    private let stops = Atomic<Int>(0)

    /// A ticket for an utterance beginning now, or nil while stopped.
    func begin() -> Int? {
        // The count is read before the flag: a stop that sets the flag after this read also counts a stop
        // after it, so the ticket is stale either way.
        let ticket = stops.load(ordering: .sequentiallyConsistent)
        return isStopped.load(ordering: .sequentiallyConsistent) ? nil : ticket
    }

    /// Whether the utterance holding `ticket` has been stopped.
    func hasStopped(_ ticket: Int) -> Bool { stops.load(ordering: .sequentiallyConsistent) != ticket }

    func stop() {
        isStopped.store(true, ordering: .sequentiallyConsistent)
        stops.add(1, ordering: .sequentiallyConsistent)
    }

    func reset() { isStopped.store(false, ordering: .sequentiallyConsistent) }
}
