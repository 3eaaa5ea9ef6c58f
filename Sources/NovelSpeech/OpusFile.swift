import Foundation
import Synchronization

/// An Opus file made by `opusenc` (opus-tools) from 16-bit mono samples streamed to it as they come, so
/// that a whole book needs no WAV file on the way. Safe to append to from the engine's callback thread.
public final class OpusFile: Sendable {
    public let path: String
    /// The program that encodes, found on PATH.
    public static let encoder = "opusenc"
    private let process: Process
    private let state: Mutex<State>

    private struct State {
        var input: Int32
        var failure: String?
    }

    /// `opusenc`'s path on PATH, or nil when it is not installed.
    public static var encoderPath: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(encoder)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `opusenc` writing `path` from raw samples at `sampleRate`; throws in one line when it is not
    /// installed or does not start.
    public init(path: String, sampleRate: Int) throws(SpeechError) {
        guard let encoder = Self.encoderPath else {
            throw SpeechError(
                "\(path): an Opus file needs \(Self.encoder), which is not installed (Debian: opus-tools); "
                    + "a .wav file needs nothing")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: encoder)
        process.arguments = [
            "--quiet", "--raw", "--raw-bits", "16", "--raw-rate", String(sampleRate), "--raw-chan", "1",
            "--raw-endianness", "0", "-", path,
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SpeechError("\(path): cannot run \(encoder): \(error.localizedDescription)")
        }
        // The write end is ours alone: a copy would keep opusenc from seeing the end of its input.
        let descriptor = dup(input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.path = path
        self.process = process
        state = Mutex(State(input: descriptor))
    }

    public func append(_ samples: UnsafeBufferPointer<Int16>) {
        // Raw samples are little-endian (--raw-endianness 0), as this machine's are.
        let bytes = UnsafeRawBufferPointer(samples)
        state.withLock { state in
            guard state.failure == nil, state.input >= 0, let base = bytes.baseAddress else { return }
            var written = 0
            while written < bytes.count {
                let count = write(state.input, base + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    state.failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
    }

    /// Ends the input and waits for `opusenc` to write the file.
    public func finish() throws(SpeechError) {
        let failure = state.withLock { state -> String? in
            if state.input >= 0 { close(state.input) }
            state.input = -1
            return state.failure
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, failure == nil else {
            throw SpeechError(
                "\(path): \(Self.encoder) failed (exit \(process.terminationStatus)\(failure.map { ", \($0)" } ?? ""))")
        }
    }
}
