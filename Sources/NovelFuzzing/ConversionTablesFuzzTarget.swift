@_spi(Fuzzing) import NovelCore

/// The conversion tables (`ConversionTables`) and their matcher. Odd first byte: the rest is a tables
/// file (its length in 16 bytes in the byte's top six bits, after the file's magic line when its second
/// bit is set) followed by a text; whatever the file
/// holds, a file that loads converts the text into steps that tile it. Even first byte: the rest is
/// dictionaries written as lines (`key=value`; `#` starts the stage's next dictionary, `##` the next
/// stage, the first stage segments) and, after an empty line, a text; tables made of them must convert
/// it exactly as OpenCC's algorithm written plainly here does (`plainConversion`).
enum ConversionTablesFuzzTarget {
    static let target = FuzzTarget(
        name: "conversion-tables",
        summary: "conversion tables (ConversionTables) from any file, and their matcher against a plain one",
        dictionaries: ["punctuation.dict"],
        run: { bytes in
            var input = FuzzInput(bytes)
            let mode = input.byte()
            let rest = input.rest
            if mode & 1 == 1 {
                let length = min(rest.count, Int(mode >> 2) * 16)
                let file = (mode & 2 != 0 ? Array("NOVELOCC1\n".utf8) : []) + rest.prefix(length)
                guard let probe = ConversionProbe(file: file) else { return }
                check(probe.convert(Array(rest.dropFirst(length))), sourceCount: rest.count - length)
                return
            }
            let (stages, text) = parse(rest)
            guard let probe = ConversionProbe(stages: stages) else {
                return FuzzCheck.require(false, "tables made from \(stages.count) stages do not load")
            }
            let converted = probe.convert(text)
            check(converted, sourceCount: text.count)
            guard let string = String(validating: text, as: UTF8.self) else { return }
            let plain = plainConversion(Array(string.unicodeScalars), stages: stages)
            FuzzCheck.require(
                converted.shown == plain, "tables: \(converted.shown) against the plain conversion's \(plain)")
        },
        seeds: { book in
            // Dictionaries from the book's own characters (pairs, and single characters, each shown
            // reversed or doubled) over three stages; as lines, and as a tables file.
            let scalars = Array(
                String(decoding: book.prefix(4096), as: UTF8.self).unicodeScalars.filter {
                    $0.value > 0x20 && $0 != "=" && $0 != "#"
                })
            func text(_ scalars: some Sequence<Unicode.Scalar>) -> [UInt8] {
                Array(String(String.UnicodeScalarView(scalars)).utf8)
            }
            let pairs = stride(from: 0, to: min(scalars.count - 1, 24), by: 3).map {
                (key: text(scalars[$0...($0 + 1)]), value: text(scalars[$0...($0 + 1)].reversed()))
            }
            let singles = stride(from: 1, to: min(scalars.count, 24), by: 4).map {
                (key: text([scalars[$0]]), value: text([scalars[$0], scalars[$0]]))
            }
            let stages = [[Array(pairs.prefix(4))], [pairs, singles], [Array(singles.prefix(3))]]
            var lines: [UInt8] = []
            for (number, stage) in stages.enumerated() {
                if number > 0 { lines += Array("##\n".utf8) }
                for (index, dictionary) in stage.enumerated() {
                    if index > 0 { lines += Array("#\n".utf8) }
                    for pair in dictionary { lines += pair.key + [0x3D] + pair.value + [0x0A] }
                }
            }
            let sample = Array(book.prefix(2048))
            let file = ConversionProbe.file(stages: stages)
            guard file.count <= 63 * 16 else { return [[0] + lines + [0x0A] + sample] }
            return [[0] + lines + [0x0A] + sample, [UInt8(file.count / 16) << 2 | 1] + file + sample]
        })

    /// Steps contiguous from the start to both ends, same steps as long on both sides.
    static func check(
        _ converted: (shown: [UInt8], steps: [(sourceEnd: Int, shownEnd: Int, replaced: Bool)]), sourceCount: Int
    ) {
        var source = 0
        var shown = 0
        for step in converted.steps {
            FuzzCheck.require(step.sourceEnd >= source && step.shownEnd >= shown, "steps go back")
            FuzzCheck.require(
                step.replaced || step.sourceEnd - source == step.shownEnd - shown, "a same step of two lengths")
            source = step.sourceEnd
            shown = step.shownEnd
        }
        FuzzCheck.require(
            source == sourceCount && shown == converted.shown.count,
            "steps end at \(source), \(shown) of \(sourceCount), \(converted.shown.count)")
    }

    static func parse(_ bytes: [UInt8]) -> (stages: [[[(key: [UInt8], value: [UInt8])]]], text: [UInt8]) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var stages: [[[(key: [UInt8], value: [UInt8])]]] = [[[]]]
        var index = 0
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            index += 1
            if line.elementsEqual("##".utf8) {
                if stages.count < 5 { stages.append([[]]) }
            } else if line.elementsEqual("#".utf8) {
                if stages[stages.count - 1].count < 4 { stages[stages.count - 1].append([]) }
            } else if let equals = line.firstIndex(of: 0x3D) {
                let last = stages[stages.count - 1].count - 1
                stages[stages.count - 1][last].append((Array(line[..<equals]), Array(line[(equals + 1)...])))
            }
        }
        return (stages, Array(lines.dropFirst(index + 1).joined(separator: [0x0A])))
    }

    /// OpenCC's algorithm as plainly as it can be written, over scalars (see `PhraseConversion`): pairs
    /// whose key or value is not valid UTF-8 without NUL are left out, and the first value of a key is kept.
    static func plainConversion(_ text: [Unicode.Scalar], stages: [[[(key: [UInt8], value: [UInt8])]]]) -> [UInt8] {
        let dictionaries: [[[[Unicode.Scalar]: [Unicode.Scalar]]]] = stages.map { stage in
            stage.map { pairs in
                var dictionary: [[Unicode.Scalar]: [Unicode.Scalar]] = [:]
                for (key, value) in pairs where !key.isEmpty && !key.contains(0) && !value.contains(0) {
                    guard let key = String(validating: key, as: UTF8.self),
                        let value = String(validating: value, as: UTF8.self)
                    else {
                        continue
                    }
                    let scalars = Array(key.unicodeScalars)
                    if dictionary[scalars] == nil { dictionary[scalars] = Array(value.unicodeScalars) }
                }
                return dictionary
            }
        }
        func longest(_ group: [[[Unicode.Scalar]: [Unicode.Scalar]]], _ text: ArraySlice<Unicode.Scalar>) -> (
            length: Int, value: [Unicode.Scalar]
        )? {
            for dictionary in group {
                let longestKey = dictionary.keys.map(\.count).max() ?? 0
                for length in stride(from: min(text.count, longestKey), through: 1, by: -1) {
                    if let value = dictionary[Array(text.prefix(length))] { return (length, value) }
                }
            }
            return nil
        }
        var segments: [[Unicode.Scalar]] = []
        var run: [Unicode.Scalar] = []
        var index = 0
        while index < text.count {
            if let match = longest(dictionaries[0], text[index...]) {
                if !run.isEmpty { segments.append(run) }
                run = []
                segments.append(Array(text[index..<(index + match.length)]))
                index += match.length
            } else {
                run.append(text[index])
                index += 1
            }
        }
        if !run.isEmpty { segments.append(run) }
        for group in dictionaries.dropFirst() {
            segments = segments.map { segment in
                var converted: [Unicode.Scalar] = []
                var index = 0
                while index < segment.count {
                    if let match = longest(group, segment[index...]) {
                        converted += match.value
                        index += match.length
                    } else {
                        converted.append(segment[index])
                        index += 1
                    }
                }
                return converted
            }
        }
        return Array(String(String.UnicodeScalarView(segments.joined())).utf8)
    }
}
