/// `TextNormaliser` over text that arrives in pieces (a decoder's output), appended to one buffer as it
/// comes, so that a decoded book is never held twice. The result is the same as normalising the whole
/// text at once: the two changes that look at a following byte are carried across a piece's end — a CR
/// whose LF starts the next piece, and the lead byte C2 of a C1 control whose second byte does.
struct StreamingNormaliser {
    /// The last piece ended with a CR, already written as LF: an LF starting this piece belongs to it.
    private var afterCR = false
    /// The last piece ended with the byte C2, not yet written: it needs the next byte to be judged.
    private var heldC2 = false

    /// `plain`: the piece is known to need no change (`StreamingDecoder` says so of what its table
    /// decoded): only characters the normaliser leaves alone, no CR, ending at a character's end.
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>, plain: Bool = false, to output: inout [UInt8]) {
        if plain, !afterCR, !heldC2 {
            output.append(contentsOf: piece)
            return
        }
        var rest = piece
        if afterCR, rest.first == 0x0A { rest = UnsafeBufferPointer(rebasing: rest.dropFirst()) }
        afterCR = false
        if heldC2, let next = rest.first {
            heldC2 = false
            let pair: [UInt8] = [0xC2, next]
            // A C1 control (C2 80…C2 9F) is replaced as a whole; any other pair is written as it is.
            let judged = pair.withUnsafeBufferPointer { TextNormaliser.normalised($0) } ?? pair
            output.append(contentsOf: judged)
            rest = UnsafeBufferPointer(rebasing: rest.dropFirst())
        }
        guard let last = rest.last else { return }
        if last == 0xC2 {
            heldC2 = true
            rest = UnsafeBufferPointer(rebasing: rest.dropLast())
        }
        afterCR = last == 0x0D
        if let changed = TextNormaliser.normalised(rest) {
            output.append(contentsOf: changed)
        } else {
            output.append(contentsOf: rest)
        }
    }

    /// Writes what is still held once the text has ended.
    mutating func finish(to output: inout [UInt8]) {
        if heldC2 { output.append(0xC2) }
        heldC2 = false
        afterCR = false
    }
}
