/// ICU's detector reads a Western 8-bit text as windows-1252 (or ISO-8859-1) but knows neither Mac Roman
/// nor ISO-8859-15, which share its ASCII and differ in the high bytes: a Mac Roman book shows `ÒWell,Ó`
/// and `RenŽe`, a Latin-9 one `¤` for `€`, and a windows-1252 book read as Mac Roman `chÈrie` and `‡ la`.
/// So a text detected as windows-1252 is read in all three, each high byte judged by its neighbours as
/// plausible (an accented small letter in a word, a capital starting one, a quote, dash or `™` where
/// punctuation goes), implausible (a capital after a small letter, a symbol inside a word, a control
/// character) or neither; a reading's evidence is its plausible bytes minus its implausible ones.
/// Windows-1252, what the web's decoders use where the three agree, wins unless another reading is clearly
/// better: rarer encodings get no credit for being rarer.
enum WesternEncoding {
    static let windows1252 = "windows-1252"
    static let macRoman = "macintosh"
    static let latin9 = "ISO-8859-15"
    /// Another reading's evidence must exceed windows-1252's by this many bytes, and by one in
    /// `leadShare` of the high bytes judged, so that a stray byte in a long book cannot decide.
    static let minimumLead = 2
    static let leadShare = 8

    /// The encoding to decode with: `detected`, or the Western encoding that reads `samples` clearly better.
    static func refine(_ detected: String, _ bytes: UnsafeBufferPointer<UInt8>, samples: [Range<Int>]) -> String {
        guard detected == windows1252 else { return detected }
        guard let baseline = evidence(bytes, samples, table: table(windows1252)) else { return detected }
        let judged = samples.reduce(0) { total, range in total + bytes[range].count(where: { $0 >= 0x80 }) }
        var best = (name: windows1252, evidence: baseline)
        for name in [macRoman, latin9] {
            guard let evidence = evidence(bytes, samples, table: table(name)) else { continue }
            let lead = evidence - baseline
            if evidence > best.evidence, lead >= minimumLead, lead * leadShare >= judged { best = (name, evidence) }
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

    /// Plausible minus implausible high bytes of the samples when read with `table` (nil without a table).
    static func evidence(
        _ bytes: UnsafeBufferPointer<UInt8>, _ samples: [Range<Int>], table: [Unicode.Scalar]
    ) -> Int? {
        guard table.count == 128 else { return nil }
        var total = 0
        for range in samples {
            for index in range where bytes[index] >= 0x80 {
                let before = index > range.lowerBound ? neighbour(bytes[index - 1], table) : " "
                let after = index + 1 < range.upperBound ? neighbour(bytes[index + 1], table) : " "
                total += fit(table[Int(bytes[index]) - 0x80], before: before, after: after).rawValue
            }
        }
        return total
    }

    private static func neighbour(_ byte: UInt8, _ table: [Unicode.Scalar]) -> Unicode.Scalar {
        byte < 0x80 ? Unicode.Scalar(byte) : table[Int(byte) - 0x80]
    }

    /// What one high byte says for a reading: its `rawValue` is added to the reading's evidence.
    enum Fit: Int {
        case implausible = -1
        case neither = 0
        case plausible = 1
    }

    /// How naturally `character` reads between `before` and `after` in a Latin-script text.
    static func fit(_ character: Unicode.Scalar, before: Unicode.Scalar, after: Unicode.Scalar) -> Fit {
        let properties = character.properties
        switch properties.generalCategory {
        case .control, .unassigned, .privateUse, .surrogate: return .implausible
        default: break
        }
        let letterBefore = before.properties.isAlphabetic
        let letterAfter = after.properties.isAlphabetic
        // A spacing accent (ˆ, ˇ: modifier letters) and an ordinal sign (ª, º) are no letters of a word.
        let isLetter =
            properties.isAlphabetic && properties.generalCategory != .modifierLetter
            && !"ªº".unicodeScalars.contains(character)
        // A symbol between two letters breaks a word (château read as ch‚teau, it´s as it¥s, sœur as s½ur).
        if !isLetter, letterBefore, letterAfter, !mayStandInsideWord(character) { return .implausible }
        let spaceBefore = before.properties.isWhitespace || "([—–".unicodeScalars.contains(before)
        let endAfter = after.properties.isWhitespace || ".,;:!?)—–".unicodeScalars.contains(after)
        func plausible(_ condition: Bool) -> Fit { condition ? .plausible : .neither }
        switch character {
        case "“", "‘", "„": return plausible(spaceBefore && !after.properties.isWhitespace)
        case "”": return plausible((letterBefore || ".,;:!?".unicodeScalars.contains(before)) && endAfter)
        case "’": return plausible(letterBefore && (letterAfter || endAfter))
        case "«", "‹": return plausible(!letterBefore)
        case "»", "›": return plausible(!letterAfter)
        case "–", "—": return plausible(letterBefore || letterAfter || before == " " || after == " ")
        case "…": return plausible(letterBefore || endAfter)
        case "¿", "¡": return plausible(!letterBefore && letterAfter)
        // A trademark sign follows the word it marks (Project Gutenberg™).
        case "™", "®": return plausible(letterBefore)
        // A footnote mark follows what it marks; standing after a space it marks nothing.
        case "†", "‡": return before.properties.isWhitespace ? .implausible : plausible(!letterAfter)
        case "€", "£", "¥", "¢":
            return plausible(
                [before, after].contains { $0.properties.numericType != nil || $0.properties.isWhitespace })
        case "ª", "º": return plausible(before.properties.numericType != nil)
        default: break
        }
        guard isLetter else { return .neither }
        if properties.isUppercase {
            // A capital never follows a small letter of its own word (chÈrie, itÕs).
            if before.properties.isLowercase { return .implausible }
            // A capital starts a word (Émile) or stands in a word in capitals (CAFÉ, not MŸller).
            let startsWord = !letterBefore && after.properties.isLowercase
            return plausible(startsWord || before.properties.isUppercase && !after.properties.isLowercase)
        }
        // Nor does a small letter come straight before a capital (a quote read as a letter: ìWell).
        if after.properties.isUppercase { return .implausible }
        return plausible(letterBefore || letterAfter)
    }

    /// Punctuation a real text puts between two letters: apostrophes and quotes (also misused as
    /// apostrophes: don‘t), dashes (word—word), an ellipsis, a middle dot (Catalan l·l), a soft hyphen
    /// and a no-break space.
    private static func mayStandInsideWord(_ character: Unicode.Scalar) -> Bool {
        "’‘“”–—…·\u{AD}".unicodeScalars.contains(character) || character.properties.isWhitespace
    }
}
