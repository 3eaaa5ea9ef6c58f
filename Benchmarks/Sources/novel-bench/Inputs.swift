import Foundation

/// Reads a whole file into memory with plain read(2) calls.
func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw BenchError("cannot stat \(path)") }
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    try bytes.withUnsafeMutableBytes { buffer in
        while done < size {
            let count = read(descriptor, buffer.baseAddress! + done, size - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))") }
            done += count
        }
    }
    return bytes
}

/// Writes a big mostly-CJK book by repeating a sample book until it reaches `minimumBytes`, renumbering
/// the `第…章` and `第…卷` headings of each pass so that numbers keep rising through the whole file
/// (used when the shared corpus's make-big.sh is not beside the clone, and for the quick mode).
enum BookGenerator {
    static func write(source: String, to output: String, minimumBytes: Int) throws {
        let text = String(decoding: try readFile(source), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw BenchError("\(source) is empty") }
        let chapterHeading = #/^第([〇零一二两三四五六七八九十百千万]+)章(.*)$/#
        let volumeHeading = #/^第([〇零一二两三四五六七八九十百千万]+)卷(.*)$/#
        var out = ""
        out.reserveCapacity(minimumBytes + text.utf8.count)
        var chapter = 0
        var volume = 0
        var pass = 0
        while out.utf8.count < minimumBytes {
            pass += 1
            for line in lines {
                if let match = line.wholeMatch(of: chapterHeading) {
                    chapter += 1
                    out += "第\(chineseNumeral(chapter))章\(match.2)\n"
                } else if let match = line.wholeMatch(of: volumeHeading) {
                    volume += 1
                    out += "第\(chineseNumeral(volume))卷\(match.2)\n"
                } else if pass > 1 && (line == lines.first! || line.hasPrefix("作者")) {
                    continue  // one title page only
                } else {
                    out += line + "\n"
                }
            }
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(out.utf8)) else {
            throw BenchError("cannot write \(output)")
        }
    }

    /// 1 → 一, 10 → 十, 12 → 十二, 105 → 一百零五, 1234 → 一千二百三十四, up to 99,999,999.
    static func chineseNumeral(_ number: Int) -> String {
        precondition(number > 0 && number < 100_000_000)
        if number >= 10_000 {
            let high = number / 10_000
            let low = number % 10_000
            guard low > 0 else { return chineseNumeral(high) + "万" }
            return chineseNumeral(high) + "万" + (low < 1000 ? "零" : "") + chineseNumeral(low)
        }
        let digits = Array("零一二三四五六七八九")
        let units = ["千", "百", "十", ""]
        let parts = [number / 1000, number / 100 % 10, number / 10 % 10, number % 10]
        var out = ""
        var pendingZero = false
        for (position, digit) in parts.enumerated() {
            if digit == 0 {
                if !out.isEmpty { pendingZero = true }
                continue
            }
            if pendingZero { out.append("零") }
            pendingZero = false
            if !(digit == 1 && position == 2 && out.isEmpty) { out.append(digits[digit]) }
            out += units[position]
        }
        return out
    }
}
