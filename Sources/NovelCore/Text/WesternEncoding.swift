/// ICU's detector reads a Western 8-bit text as windows-1252 (or ISO-8859-1) but knows neither Mac Roman
/// nor ISO-8859-15, which share its ASCII and differ in the high bytes: a Mac Roman book shows `ÒWell,Ó`
/// and `RenŽe`, a Latin-9 one `¤` for `€`. So a text detected as windows-1252 is read in all three, each
/// high byte judged by its neighbours (an accented small letter inside a word, a capital starting one, an
/// opening quote before a word, a closing quote or an apostrophe after one, a dash between words, a
/// currency sign by a number), and another reading wins only when clearly more of its bytes make sense.
enum WesternEncoding {
    static let windows1252 = "windows-1252"
    static let macRoman = "macintosh"
    static let latin9 = "ISO-8859-15"
    /// Another reading must make sense of this many more high bytes, and a quarter more of them.
    static let minimumLead = 2

    /// The encoding to decode with: `detected`, or the Western encoding that reads `samples` better.
    static func refine(_ detected: String, _ bytes: UnsafeBufferPointer<UInt8>, samples: [Range<Int>]) -> String {
        guard detected == windows1252 else { return detected }
        var best = (name: windows1252, score: score(bytes, samples, table: table(windows1252)))
        for name in [macRoman, latin9] {
            let score = score(bytes, samples, table: table(name))
            if score >= best.score + minimumLead, score * 4 >= best.score * 5 { best = (name, score) }
        }
        return best.name
    }

    /// The characters of bytes 0x80–0xFF in `encoding`, from ICU's converter (empty when it has none).
    static func table(_ encoding: String) -> [Unicode.Scalar] {
        let bytes = (0x80...0xFF).map { UInt8($0) }
        guard let decoded = try? StreamingDecoder.decode(bytes, encoding: encoding) else { return [] }
        let scalars = Array(String(decoding: decoded.utf8, as: UTF8.self).unicodeScalars)
        return scalars.count == bytes.count ? scalars : []
    }

    /// How many high bytes of the samples make sense where they stand when read with `table`.
    static func score(_ bytes: UnsafeBufferPointer<UInt8>, _ samples: [Range<Int>], table: [Unicode.Scalar]) -> Int {
        guard table.count == 128 else { return 0 }
        var total = 0
        for range in samples {
            for index in range where bytes[index] >= 0x80 {
                let before = index > range.lowerBound ? neighbour(bytes[index - 1], table) : " "
                let after = index + 1 < range.upperBound ? neighbour(bytes[index + 1], table) : " "
                if makesSense(table[Int(bytes[index]) - 0x80], before: before, after: after) { total += 1 }
            }
        }
        return total
    }

    private static func neighbour(_ byte: UInt8, _ table: [Unicode.Scalar]) -> Unicode.Scalar {
        byte < 0x80 ? Unicode.Scalar(byte) : table[Int(byte) - 0x80]
    }

    /// Whether `character` reads naturally between `before` and `after` in a Latin-script text.
    static func makesSense(_ character: Unicode.Scalar, before: Unicode.Scalar, after: Unicode.Scalar) -> Bool {
        let properties = character.properties
        let letterBefore = before.properties.isAlphabetic
        let letterAfter = after.properties.isAlphabetic
        let spaceBefore = before.properties.isWhitespace || "([—–".unicodeScalars.contains(before)
        let endAfter = after.properties.isWhitespace || ".,;:!?)—–".unicodeScalars.contains(after)
        switch character {
        case "“", "‘", "„": return spaceBefore && !after.properties.isWhitespace
        case "”": return (letterBefore || ".,;:!?".unicodeScalars.contains(before)) && endAfter
        case "’": return letterBefore && (letterAfter || endAfter)
        case "–", "—": return letterBefore || letterAfter || before == " " || after == " "
        case "…": return letterBefore || endAfter
        case "€", "£", "¥":
            return [before, after].contains { $0.properties.numericType != nil || $0.properties.isWhitespace }
        default: break
        }
        guard properties.isAlphabetic else { return false }
        if properties.isLowercase { return letterBefore || letterAfter }
        // A capital starts a word (Émile) or stands in a word in capitals (CAFÉ).
        return (!letterBefore && after.properties.isLowercase) || before.properties.isUppercase
            || (after.properties.isUppercase && letterBefore)
    }
}
