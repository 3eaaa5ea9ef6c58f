import CPosix

/// The SIGBUS guard that keeps a mapped book readable when its file is truncated (see `MappedFile`).
public enum TruncationGuard {
    /// Puts the guard back in front of a SIGBUS handler installed after it, such as the reader's terminal
    /// guard: a lost page of a book is then repaired before that handler could take the fault for a crash.
    public static func takeFirst() {
        nmap_guard_take_first()
    }
}
