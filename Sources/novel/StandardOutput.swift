import Foundation
import NovelCore

/// Writes command output to stdout, with control characters and raw file-name bytes escaped
/// (`TerminalSafe`): titles, names, notes and snippets come from files novel does not control.
/// A reader that closed the pipe (`novel print … | head`) has all it
/// wanted, so a broken pipe ends the program quietly with exit 0 instead of a signal or an error.
enum StandardOutput {
    /// Call once at start-up: with SIGPIPE ignored, a closed pipe shows up as EPIPE from write.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func write(_ text: String) {
        var text = TerminalSafe.escaped(text, keepingLayout: true)
        text.withUTF8 { bytes in write(UnsafeRawBufferPointer(bytes)) }
    }

    static func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Text whose every part from a file was escaped already (`TerminalSafe.escaped`, as `write(_:)` would
    /// leave it), such as a long table: written without a second pass over the whole.
    static func write(escaped bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Pretty-printed JSON with sorted keys, of an `Encodable` value.
    static func writeJSON<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        writeJSONText(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Pretty-printed JSON with sorted keys, of a JSONSerialization object.
    static func writeJSON(object: Any) throws {
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        writeJSONText(String(decoding: data, as: UTF8.self))
    }

    /// A JSON list of objects too long to hold (`novel toc --json` of a million chapters), written as it
    /// is made, a piece at a time, each piece made safe as `writeJSON` does.
    static func writeJSONList<Objects: Sequence<[String: Any]>>(_ objects: Objects) throws {
        let complete = JSONText.prettyList(objects) { piece in
            let safe = terminalSafeJSON(String(decoding: piece, as: UTF8.self))
            write(safe)
        }
        guard complete else { throw JSONListError() }
        write("\n")
    }

    /// A value JSON cannot hold (a non-finite number) in a list being written.
    struct JSONListError: Error, CustomStringConvertible {
        var description: String { "cannot write the list as JSON: it holds a value JSON cannot" }
    }

    private static func writeJSONText(_ json: String) {
        write(terminalSafeJSON(json) + "\n")
    }

    /// The encoders escape C0 controls; C1 controls, format controls (U+202E …) and raw file-name bytes
    /// (private-use code points) are written as JSON escapes too, which keeps the data exact and the
    /// terminal safe. They can only occur inside JSON strings.
    private static func terminalSafeJSON(_ json: String) -> String {
        guard TerminalSafe.needsEscaping(json, keepingLayout: true) else { return json }
        var output = ""
        for scalar in json.unicodeScalars {
            if TerminalSafe.isUnsafe(scalar, keepingLayout: true) {
                for unit in String(scalar).utf16 { output += "\\u" + String(format: "%04x", unit) }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func write(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Foundation.write(STDOUT_FILENO, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                FileHandle.standardError.write(
                    Data("novel: cannot write to standard output: \(String(cString: strerror(errno)))\n".utf8))
                exit(1)
            }
            remaining -= written
            base += written
        }
    }
}

/// Messages for the person at the terminal: `novel: ` and one line on stderr, escaped as stdout is.
enum StandardError {
    static func write(_ message: String, prefixed: Bool = true) {
        let line = (prefixed ? "novel: " : "") + TerminalSafe.escaped(message, keepingLayout: true) + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Each warning, one line each.
    static func warn(_ warnings: [String]) {
        for warning in warnings { write(warning) }
    }
}
