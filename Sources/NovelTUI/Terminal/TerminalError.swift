import NovelCore

/// Why the terminal could not be set up for the reader.
public enum TerminalError: Error, Sendable, CustomStringConvertible {
    case notATerminal
    case cannotInitialise(term: String)

    public var description: String {
        switch self {
        case .notATerminal:
            "the reader needs a terminal, and there is none here (novel print writes text to a pipe or file)"
        case .cannotInitialise(let term):
            "cannot set up the terminal (TERM=\(term)); check that TERM names a known terminal"
        }
    }
}

extension TerminalError: NovelError {
    public var isBadInput: Bool { false }
}
