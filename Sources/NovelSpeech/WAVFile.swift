import Foundation
import Synchronization

/// A WAV file of 16-bit mono samples, written as they come: the header's sizes and rate are filled in by
/// `finish` (an engine knows its rate once it is open). Safe to append to from the engine's callback thread.
public final class WAVFile: Sendable {
    public let path: String
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        var samples = 0
        var failure: String?
    }

    /// The bytes before the samples: RIFF header, fmt chunk, data chunk header.
    static let headerSize = 44

    public init(path: String) throws(SpeechError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SpeechError("\(path): cannot write: \(String(cString: strerror(errno)))", isBadInput: true)
        }
        self.path = path
        state = Mutex(State(descriptor: descriptor))
        let header = Self.header(sampleRate: 0, samples: 0)
        state.withLock { Self.write(header, at: 0, &$0) }
    }

    /// The samples written so far.
    public var sampleCount: Int { state.withLock { $0.samples } }

    public func append(_ samples: UnsafeBufferPointer<Int16>) {
        // WAV samples are little-endian, as this machine's are.
        let bytes = UnsafeRawBufferPointer(samples)
        state.withLock { state in
            Self.write(Array(bytes), at: Self.headerSize + state.samples * 2, &state)
            state.samples += samples.count
        }
    }

    /// Writes the final sizes and the rate, and closes the file.
    public func finish(sampleRate: Int) throws(SpeechError) {
        let failure = state.withLock { state -> String? in
            Self.write(Self.header(sampleRate: sampleRate, samples: state.samples), at: 0, &state)
            if close(state.descriptor) != 0, state.failure == nil { state.failure = String(cString: strerror(errno)) }
            state.descriptor = -1
            return state.failure
        }
        if let failure { throw SpeechError("\(path): cannot write: \(failure)") }
    }

    private static func write(_ bytes: [UInt8], at offset: Int, _ state: inout State) {
        guard state.failure == nil, state.descriptor >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(state.descriptor, $0.baseAddress! + written, $0.count - written, off_t(offset + written))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                state.failure = String(cString: strerror(errno))
                return
            }
            written += count
        }
    }

    /// The 44-byte header of a PCM WAV file of `samples` 16-bit mono samples.
    static func header(sampleRate: Int, samples: Int) -> [UInt8] {
        let dataSize = UInt32(clamping: samples * 2)
        var header: [UInt8] = []
        func append(_ text: String) { header += Array(text.utf8) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { header += $0 } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { header += $0 } }
        append("RIFF")
        append32(36 &+ dataSize)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))  // bytes per second
        append16(2)  // bytes per frame
        append16(16)  // bits per sample
        append("data")
        append32(dataSize)
        return header
    }
}
