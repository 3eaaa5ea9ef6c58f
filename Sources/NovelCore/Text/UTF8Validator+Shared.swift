import Synchronization

/// The UTF-8 check of a long text and the search for its first byte to change, done in one pass
/// (`UTF8Validator.firstInvalidAndFirstChange`) cut into pieces that the threads of `SideBySide` share.
/// Two passes side by side, one on each core, took the time of the slower; one pass over half the text
/// on each core takes half of it (docs/benchmarks.md).
extension UTF8Validator {
    final class SharedCheck: Sendable {
        /// How much of the text one piece holds, about.
        static let pieceBytes = 1 << 20

        /// The pieces of the text, in order; each but the first starts where a character may start.
        let pieces: [Range<Int>]
        /// Raised by the first piece found not to be UTF-8: the pieces not yet checked are passed over,
        /// and a normalising pass running beside ends early.
        let notUTF8 = StopFlag()
        /// The number of the first piece found to hold a byte to change (`Int.max`: none yet).
        private let firstFound = Atomic(Int.max)

        init(_ bytes: UnsafeBufferPointer<UInt8>, pieceBytes: Int = UTF8Validator.SharedCheck.pieceBytes) {
            var pieces: [Range<Int>] = []
            var start = 0
            while start < bytes.count {
                let end = characterBoundary(bytes, atOrAfter: min(bytes.count, start + max(1, pieceBytes)))
                pieces.append(start..<end)
                start = end
            }
            self.pieces = pieces
        }

        /// What checking one piece found.
        enum Answer {
            /// The piece is not UTF-8, or another piece was found not to be (then this one was not checked).
            case notUTF8
            /// The piece is UTF-8; the first byte in it that changes, looked for only while no piece before
            /// it is known to hold one. So the text's first byte to change is the first answer in the
            /// pieces' order.
            case valid(firstChange: Int?)
        }

        /// Checks piece `number` of `bytes` (the text the pieces were cut from).
        func check(_ bytes: UnsafeBufferPointer<UInt8>, piece number: Int) -> Answer {
            guard !notUTF8.isRaised else { return .notUTF8 }
            let piece = pieces[number]
            let part = UnsafeBufferPointer(rebasing: bytes[piece])
            let found =
                firstFound.load(ordering: .relaxed) > number
                ? firstInvalidAndFirstChange(part) : (firstInvalid: firstInvalidOffset(part), firstChange: nil)
            guard found.firstInvalid == nil else {
                notUTF8.raise()
                return .notUTF8
            }
            guard let change = found.firstChange else { return .valid(firstChange: nil) }
            lowerFirstFound(to: number)
            return .valid(firstChange: piece.lowerBound + change)
        }

        /// Whether a piece was found not to be UTF-8 or to hold a byte to change: either way the text will
        /// not be the bytes as they are.
        var textIsNotTheBytes: Bool {
            notUTF8.isRaised || firstFound.load(ordering: .relaxed) != Int.max
        }

        private func lowerFirstFound(to number: Int) {
            var known = firstFound.load(ordering: .relaxed)
            while number < known {
                let exchange = firstFound.compareExchange(expected: known, desired: number, ordering: .relaxed)
                if exchange.exchanged { break }
                known = exchange.original
            }
        }
    }
}
