/// A shown text decoded once into scalars, with the byte offset where each starts (and the text's end).
struct ScalarText {
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []

    init(_ utf8: [UInt8]) {
        scalars.reserveCapacity(utf8.count / 2)
        offsets.reserveCapacity(utf8.count / 2 + 1)
        var offset = 0
        // The shown text is valid UTF-8: the book text is, and every transform writes whole scalars.
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
    }

    /// The index of the first scalar starting at or after byte `offset` (the count past the end).
    func scalarIndex(atByte offset: Int) -> Int {
        var low = 0
        var high = scalars.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
