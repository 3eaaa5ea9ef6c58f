/// Why a book could not be opened. Messages name the file and the problem in words a reader understands.
public enum BookError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    /// The file cannot be opened or examined (permissions): bad input, as a missing file is.
    case unreadable(path: String, reason: String)
    /// Reading failed after the file was opened (an I/O error): a failure at run time.
    case readFailed(path: String, reason: String)
    case empty(path: String)
    case binary(path: String, reason: String)
    case unknownEncoding(name: String)
    case undecodable(path: String, encoding: String, reason: String)
    /// A device, socket or the like: only regular files (and, for a book, a FIFO being written) are read.
    case notRegularFile(path: String, kind: String)
    /// A FIFO that nothing wrote to within `FileKindCheck.fifoWriterWait`.
    case noWriter(path: String, seconds: Int)
    /// Larger than a file of its kind can sanely be (a settings or state file of gigabytes).
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .isDirectory(let path): "\(path): is a directory, not a text file"
        case .unreadable(let path, let reason), .readFailed(let path, let reason): "\(path): cannot be read (\(reason))"
        case .empty(let path): "\(path): the file is empty"
        case .binary(let path, let reason): "\(path): looks like a binary file, not text (\(reason))"
        case .unknownEncoding(let name):
            "unknown encoding '\(name)'; try one of: utf-8, gb18030, gbk, big5, big5-hkscs, utf-16le, utf-16be, shift_jis, windows-1252"
        case .undecodable(let path, let encoding, let reason): "\(path): cannot decode as \(encoding) (\(reason))"
        case .notRegularFile(let path, let kind): "\(path): is \(kind), not a regular file"
        case .noWriter(let path, let seconds):
            "\(path): is a FIFO (named pipe) that nothing wrote to within \(seconds) seconds"
        case .tooLarge(let path, let limit): "\(path): is larger than \(limit / 1_000_000) MB, too large for its kind"
        }
    }
}

extension BookError: NovelError {
    public var isBadInput: Bool {
        switch self {
        case .readFailed: false
        default: true
        }
    }
}
