import Synchronization

/// The search for a text's first byte to change, cut into pieces that the threads of `SideBySide` share.
/// Beside the UTF-8 check it makes the check's thread, once done, search pieces too: on an English book
/// the check takes a quarter of the search's time (docs/benchmarks.md), which the search alone then
/// waited out.
extension TextNormaliser {
    final class SharedSearch: Sendable {
        /// How much of the text one piece holds.
        static let pieceBytes = 1 << 20

        /// The pieces of the text, in order.
        let pieces: [Range<Int>]
        /// The number of the first piece found to hold a byte to change (`Int.max`: none yet).
        private let firstFound = Atomic(Int.max)

        init(count: Int) {
            pieces = stride(from: 0, to: count, by: Self.pieceBytes).map { $0..<min(count, $0 + Self.pieceBytes) }
        }

        /// The first byte of piece `number` of `input` that changes; nil when none does, and nil unsearched
        /// when a piece before it was found to hold one. So every piece before the first that holds one is
        /// searched, and the text's first byte to change is the first answer in the pieces' order. A 0xC2
        /// that leads no C1 control changes nothing (`·` is C2 B7) and is passed over, so that a book with
        /// nothing to change (as the big corpus book) has no piece with an answer.
        func first(in input: UnsafeBufferPointer<UInt8>, piece number: Int) -> Int? {
            guard firstFound.load(ordering: .relaxed) > number else { return nil }
            let piece = pieces[number]
            var from = piece.lowerBound
            while let offset = firstSpecial(UnsafeBufferPointer(rebasing: input[from..<piece.upperBound]), from: 0) {
                let found = from + offset
                if changes(input, at: found) {
                    lowerFirstFound(to: number)
                    return found
                }
                from = found + 1
            }
            return nil
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
