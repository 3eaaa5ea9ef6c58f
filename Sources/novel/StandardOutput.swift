import Foundation

/// Writes command output to stdout. A reader that closed the pipe (`novel print … | head`) has all it
/// wanted, so a broken pipe ends the program quietly with exit 0 instead of a signal or an error.
enum StandardOutput {
    /// Call once at start-up: with SIGPIPE ignored, a closed pipe shows up as EPIPE from write.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in write(UnsafeRawBufferPointer(bytes)) }
    }

    static func writeLine(_ text: String) {
        write(text + "\n")
    }

    static func write(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Foundation.write(STDOUT_FILENO, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                FileHandle.standardError.write(Data("novel: cannot write to standard output: \(String(cString: strerror(errno)))\n".utf8))
                exit(1)
            }
            remaining -= written
            base += written
        }
    }
}
