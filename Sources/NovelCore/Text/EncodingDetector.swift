import CICU

/// Guesses the encoding of text that is not valid UTF-8 with ICU's charset detector, run over samples
/// from the start, middle and end of the file so that a preface in one script cannot decide for the
/// whole book. Each sample's candidates vote with their confidence; the best total wins.
enum EncodingDetector {
    struct Guess: Equatable {
        var encoding: String
        /// The winner's mean confidence over the samples, 0–100.
        var confidence: Int
    }

    /// The decoder to use for `bytes` (never UTF-16/32, which are recognised before this runs).
    static func guess(_ bytes: UnsafeBufferPointer<UInt8>) -> Guess {
        // 32 KiB per sample is thousands of characters, and keeps detection a small part of an open.
        let samples = SampleRanges.of(count: bytes.count, length: 1 << 15)
        var votes: [String: Int] = [:]
        var order: [String] = []
        for range in samples {
            // One vote per decoder and sample: ISO-8859-1 and windows-1252 both mean windows-1252.
            var sampleVotes: [String: Int] = [:]
            for (name, confidence) in detect(UnsafeBufferPointer(rebasing: bytes[range])) {
                guard let decoder = EncodingNames.decoder(forDetected: name) else { continue }
                if votes[decoder] == nil && sampleVotes[decoder] == nil { order.append(decoder) }
                sampleVotes[decoder] = max(sampleVotes[decoder] ?? 0, confidence)
            }
            votes.merge(sampleVotes, uniquingKeysWith: +)
        }
        // The highest total wins; ties go to the candidate seen first, which ICU ranked higher.
        var best: (name: String, votes: Int)? = nil
        for candidate in order {
            let total = votes[candidate] ?? 0
            if best.map({ total > $0.votes }) ?? true { best = (candidate, total) }
        }
        guard let best, !samples.isEmpty else { return Guess(encoding: EncodingNames.fallback, confidence: 0) }
        // ICU does not know Mac Roman or ISO-8859-15: they read as windows-1252 and are told apart here.
        return Guess(
            encoding: WesternEncoding.refine(best.name, bytes, samples: samples), confidence: best.votes / samples.count
        )
    }

    /// ICU's candidates for one sample, best first, with confidences 0–100.
    static func detect(_ sample: UnsafeBufferPointer<UInt8>) -> [(String, Int)] {
        let stride = 64
        let capacity = 32
        var names = [CChar](repeating: 0, count: stride * capacity)
        var confidences = [Int32](repeating: 0, count: capacity)
        var error: Int32 = 0
        let found = nicu_detect_charsets(
            sample.baseAddress, Int32(sample.count), &names, Int32(stride), &confidences, Int32(capacity), &error)
        guard error <= 0 else { return [] }
        // Each name is NUL-terminated within its stride by the C side; never read past what was asked for.
        return (0..<min(max(Int(found), 0), capacity)).map { index in
            let name = names[(index * stride)..<((index + 1) * stride)].prefix { $0 != 0 }
            return (String(decoding: name.map { UInt8(bitPattern: $0) }, as: UTF8.self), Int(confidences[index]))
        }
    }
}

/// Names of the encodings novel decodes with, and the supersets it prefers.
enum EncodingNames {
    /// Used when detection finds nothing at all: most undetectable novels on disk are GBK.
    static let fallback = "GB18030"

    /// The decoder for a charset name reported by ICU's detector, or nil to ignore the candidate.
    /// GBK and GB2312 text is decoded as GB18030 (a superset), Big5 as Big5-HKSCS (a superset the
    /// classic e-texts need), ISO-8859-1 as windows-1252 (printable where Latin-1 has C1 controls).
    static func decoder(forDetected name: String) -> String? {
        switch name.uppercased() {
        case "GB18030", "GBK", "GB2312": "GB18030"
        case "BIG5", "BIG5-HKSCS": "Big5-HKSCS"
        case "UTF-8": "UTF-8"
        case "SHIFT_JIS", "EUC-JP", "EUC-KR": name
        case "ISO-8859-1": "windows-1252"
        case let upper where upper.hasPrefix("ISO-8859-") || upper.hasPrefix("WINDOWS-125") || upper == "KOI8-R":
            name
        default: nil  // UTF-16/32 (handled by BOM and UTF16Sniffer), ISO-2022 (7-bit), EBCDIC
        }
    }

    /// The decoder for a name the user forced, after ICU confirmed it exists (`canonical`):
    /// the GB family becomes GB18030 and Big5 becomes Big5-HKSCS, supersets that decode the same
    /// bytes the same way and also read what the smaller sets cannot.
    static func decoder(forForced name: String, canonical: String) -> String {
        switch canonical.lowercased() {
        case "gb18030", "windows-936-2000", "ibm-1386_p100-2001", "ibm-1383_p110-1999", "ibm-5478_p100-1995": "GB18030"
        case "windows-950-2000", "ibm-950_p110-1999", "ibm-1373_p100-2002", "ibm-1375_p100-2008": "Big5-HKSCS"
        default: name
        }
    }
}
