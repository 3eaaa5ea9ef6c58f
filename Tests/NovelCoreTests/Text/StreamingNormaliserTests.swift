import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Normalising decoded text as it comes, piece by piece, gives what normalising it whole gives: CR LF,
/// a lone CR and a C1 control may fall across a piece's end.
@Suite struct StreamingNormaliserTests {
    /// `bytes` normalised in pieces cut at `cuts`.
    private func streamed(_ bytes: [UInt8], cuts: [Int]) -> [UInt8] {
        var normaliser = StreamingNormaliser()
        var output: [UInt8] = []
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            bytes[start..<end].withUnsafeBufferPointer { normaliser.append($0, to: &output) }
            start = end
        }
        normaliser.finish(to: &output)
        return output
    }

    private func whole(_ bytes: [UInt8]) -> [UInt8] { TextNormaliser.normalise(bytes) }

    @Test(arguments: [
        "a\r\nb", "a\r\rb", "a\rb", "ab\r", "\r\n\r\n", "x\u{85}y", "x\u{9B}31m", "é\u{80}", "\u{1B}[0m\u{7F}",
        "末\u{C2}",
    ])
    func everyCutGivesTheWholeTextsResult(text: String) {
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            #expect(streamed(bytes, cuts: [cut]) == whole(bytes), "\(text.debugDescription) cut at \(cut)")
        }
        // Every byte a piece of its own.
        #expect(streamed(bytes, cuts: Array(0...bytes.count)) == whole(bytes), "\(text.debugDescription)")
    }

    @Test func randomTextInRandomPiecesGivesTheWholeTextsResult() {
        var generator = SeededGenerator(seed: 19)
        let specials = ["\r", "\r\n", "\u{85}", "\u{1B}", "\u{7F}", "\u{9F}", "\u{A0}", "\n"]
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<40 {
                text +=
                    Bool.random(using: &generator)
                    ? specials.randomElement(using: &generator)! : randomText(length: 3, using: &generator)
            }
            let bytes = Array(text.utf8)
            var cuts = (0..<4).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
            cuts.sort()
            #expect(streamed(bytes, cuts: cuts) == whole(bytes), "\(text.debugDescription) cuts \(cuts)")
        }
    }

    /// The decoder normalises as it decodes: the same text as decoding, then normalising.
    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func theDecoderNormalisesAsItDecodes(chunkSize: Int) throws {
        let text = "第一章\r\n　　他说：\u{85}“走吧。”\r\n\u{1B}[31m红字\r末行\r"
        let bytes = Array(try #require(text.data(using: .init(rawValue: 0x8000_0632))))  // GB18030
        let plain = try StreamingDecoder.decode(bytes, encoding: "GB18030", chunkSize: chunkSize).utf8
        let normalised = try bytes.withUnsafeBufferPointer {
            try StreamingDecoder.decode($0, encoding: "GB18030", chunkSize: chunkSize, normalising: true).utf8
        }
        #expect(normalised == TextNormaliser.normalise(plain))
        #expect(!normalised.contains(0x0D))
    }

    /// Pages of a mapped file let go behind the decoder read the file again if touched.
    @Test func releasedPagesOfAMappedFileReadTheFileAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = (0..<(300_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = try directory.write("pages.bin", bytes)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let mapped = try #require(MappedFile(descriptor: descriptor, size: bytes.count))
        let buffer = UnsafeBufferPointer(start: mapped.base, count: mapped.count)
        #expect(Array(buffer) == bytes)
        MappedFile.release(UnsafeBufferPointer(rebasing: buffer[100..<250_000]))
        #expect(Array(buffer) == bytes)
    }
}
