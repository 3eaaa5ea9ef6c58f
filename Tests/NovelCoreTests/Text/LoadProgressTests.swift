import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// How far the opening of a book has got: the passes report pieces of their work, the parts add up to
/// the whole, and reporting changes no pass's answer.
@Suite struct LoadProgressTests {
    /// Text a little over two pieces long, with a three-byte character across each piece's end.
    private func textAcrossPieces() -> [UInt8] {
        var bytes = [UInt8](repeating: 0x61, count: 2 * LoadStep.reportBytes + 1001)
        for end in [LoadStep.reportBytes, 2 * LoadStep.reportBytes] {
            bytes.replaceSubrange((end - 1)..<(end + 2), with: Array("灯".utf8))
        }
        return bytes
    }

    @Test func partsDivideTheWholeInProportionAndOnlyMoveForward() {
        let progress = LoadProgress()
        let parts = progress.whole.parts([1, 3])
        #expect(progress.fraction == 0)
        parts[0].reached(50, of: 100)
        #expect(abs(progress.fraction - 0.125) < 1e-9)
        parts[0].finish()
        #expect(abs(progress.fraction - 0.25) < 1e-9)
        parts[0].reached(10, of: 100)  // an earlier report cannot take it back
        #expect(abs(progress.fraction - 0.25) < 1e-9)
        let inner = parts[1].parts([1, 1])
        inner[0].finish()
        #expect(abs(progress.fraction - 0.625) < 1e-9)
        inner[1].reached(200, of: 100)  // beyond the count is the end of the part
        #expect(progress.fraction == 1)
        LoadStep.none.finish()  // reports nowhere
    }

    @Test func piecesCoverTheWholeRangeInOrderAndEndWhereTheBoundarySays() {
        let progress = LoadProgress()
        var pieces: [Range<Int>] = []
        let count = 2 * LoadStep.reportBytes + 5
        progress.whole.forEachPiece(count: count, boundary: { $0 + 2 }) { piece in
            pieces.append(piece)
            return true
        }
        #expect(
            pieces == [
                0..<(LoadStep.reportBytes + 2), (LoadStep.reportBytes + 2)..<(2 * LoadStep.reportBytes + 4),
                (2 * LoadStep.reportBytes + 4)..<count,
            ])
        #expect(progress.fraction == 1)
        // Stopping early leaves the rest unreported.
        let stopped = LoadProgress()
        stopped.whole.forEachPiece(count: count) { _ in false }
        #expect(stopped.fraction == 0)
    }

    @Test func validationByPiecesAgreesWithTheWholeBuffer() {
        var bytes = textAcrossPieces()
        let progress = LoadProgress()
        let valid = bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0, progress: progress.whole) }
        #expect(valid)
        #expect(progress.fraction == 1)
        // A character cut short at a piece's end is still found, as by the whole-buffer check.
        bytes[LoadStep.reportBytes + 1] = 0x61
        let broken = bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0, progress: LoadProgress().whole) }
        #expect(!broken)
        #expect(!UTF8Validator.isValid(bytes))
        // An extra continuation byte right after a piece's end too.
        var extra = textAcrossPieces()
        extra[LoadStep.reportBytes + 2] = 0x80
        #expect(!extra.withUnsafeBufferPointer { UTF8Validator.isValid($0, progress: LoadProgress().whole) })
    }

    @Test func theFingerprintIsTheSameWithProgress() {
        var bytes = textAcrossPieces()
        bytes.append(contentsOf: [0x62, 0x63, 0x64])  // not a whole word at the end
        let progress = LoadProgress()
        #expect(BookFingerprint.of(bytes, progress: progress.whole) == BookFingerprint.of(bytes))
        #expect(progress.fraction == 1)
    }

    @Test func normalisingWithProgressFindsWhatNeedsChangingInAnyPiece() {
        let clean = textAcrossPieces()
        let progress = LoadProgress()
        #expect(clean.withUnsafeBufferPointer { TextNormaliser.normalised($0, progress: progress.whole) } == nil)
        #expect(progress.fraction == 1)
        var late = clean
        late[2 * LoadStep.reportBytes + 500] = 0x0D  // a lone CR in the last piece
        let expected = late.withUnsafeBufferPointer { TextNormaliser.normalised($0) }
        #expect(expected != nil)
        #expect(
            late.withUnsafeBufferPointer { TextNormaliser.normalised($0, progress: LoadProgress().whole) } == expected)
    }

    @Test func openingABookReportsUpToTheWholeAndTheIndexIsTheSame() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = ""
        for number in 1...300 { text += "第\(number)章 灯下\n　　他提着灯走过长街。\n" }
        let path = try directory.write("book.txt", Array(text.utf8))
        let progress = LoadProgress()
        let book = try BookOpener.open(path: path, progress: progress.whole)
        #expect(progress.fraction == 1)
        #expect(book.index == (try BookOpener.open(path: path)).index)
    }
}
