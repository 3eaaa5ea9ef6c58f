/// An error whose description is a complete message for the reader, naming the file or key and the problem.
public protocol NovelError: Error, CustomStringConvertible {
    /// True when the input was at fault (a bad file, encoding name, pattern or value): exit code 2.
    /// False for failures at run time (a file vanished, a write failed): exit code 1.
    var isBadInput: Bool { get }
}
