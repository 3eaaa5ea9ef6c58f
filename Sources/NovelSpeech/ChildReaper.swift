import CPosix
import Synchronization

/// Makes novel the reaper of the processes its speaking commands leave behind (Linux's child subreaper):
/// when a command's shell ends, what it started is re-parented to novel instead of init, so that
/// `CommandEngine` reaps it at once and knows that the command's whole group is gone. novel runs no other
/// command that leaves processes behind.
enum ChildReaper {
    private static let adopted = Atomic<Bool>(false)

    /// Asks once per process; where there is no subreaper (not Linux) orphans stay init's, as before.
    static func adopt() {
        guard !adopted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = nprocess_become_subreaper()
    }
}
