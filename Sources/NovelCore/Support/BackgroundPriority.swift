import CPosix

/// Work a reader does beside the screen (opening the whole book behind the first screen, syncing) runs
/// nicer than the terminal's thread, so that on a busy machine what was just drawn is painted (by the
/// terminal or tmux) before the work takes the core. The one home of how much nicer.
public enum BackgroundPriority {
    /// Below anything interactive, not idle-only.
    public static let niceness: Int32 = 10

    /// Lowers the calling thread's priority by `niceness`; best effort: a refusal only costs the head start.
    public static func lowerThisThread() {
        _ = nthread_lower_priority(niceness)
    }
}
