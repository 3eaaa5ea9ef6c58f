import NovelTestSupport
import Testing

/// Every suite that drives the real binary in tmux is nested here, so that they run one at a time: each
/// test starts a tmux server, a shell and the reader, and several at once on a small machine could miss
/// the polling timeouts for load alone. Suites outside this one (the core's corpus tests) still run
/// alongside. A tmux suite is declared in `extension EndToEnd` and inherits both traits.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
enum EndToEnd {}
