import NovelTestSupport
import Testing

@testable import NovelCore

/// Each OpenCC configuration is loaded once per process, whichever threads ask for it at the same time
/// (the reader's first screen, the preload begun with the command, the layout of the next chapter), and
/// kept alignments are shared by every thread that converts.
struct ConverterLoadTests {
    /// Every thread that asks for one configuration at once, some through `preload` first, gets the one
    /// converter. `s2hk` is a configuration other tests do not ask for, so that the load is still to
    /// come when the threads start (when it is not, they all find it loaded: the answer is the same).
    @Test func threadsThatAskAtOnceShareOneLoad() throws {
        let converters = allAtOnce(8) { thread -> ChineseConverter? in
            if thread.isMultiple(of: 3) { ChineseConverter.preload(.s2hk) }
            if thread == 1 { ChineseConverter.waitForLoads() }
            return ChineseConverter.loaded(.s2hk)
        }
        #expect(converters.count == 8)
        let first = try #require(converters.first ?? nil, "OpenCC's s2hk configuration must load")
        #expect(converters.allSatisfy { $0 === first })
        ChineseConverter.waitForLoads()
        #expect(try ChineseConverter.settledLoad(.s2hk)?.get() === first)
        #expect(first.convert("头发") == "頭髮")
    }

    /// Threads converting different texts through one store of recent alignments each get their own
    /// text's alignment, and the store keeps no more than its limit.
    @Test func recentConversionsSharedByThreadsGiveEachItsOwnText() throws {
        try #require(ChineseConverter.loaded(.t2s) != nil, "OpenCC's t2s configuration must load")
        let texts = (0..<40).map { "第\($0)回 這裡的頭髮與發展，後來\(String(repeating: "們", count: $0))。" }
        let alone = texts.map { text in
            Array(text.utf8).withUnsafeBufferPointer {
                ChineseConversion.aligned($0, .t2s, recent: RecentConversions())?.shown
            }
        }
        #expect(alone.allSatisfy { $0 != nil })
        let recent = RecentConversions(limit: 16)
        let wrong = allAtOnce(8) { thread in
            (0..<400).filter { round in
                let index = (thread * 7 + round * 3) % texts.count
                let shown = Array(texts[index].utf8).withUnsafeBufferPointer {
                    ChineseConversion.aligned($0, .t2s, recent: recent)?.shown
                }
                return shown != alone[index]
            }
        }
        #expect(wrong.count == 8 && wrong.allSatisfy(\.isEmpty))
        #expect(recent.count <= 16)
    }
}
