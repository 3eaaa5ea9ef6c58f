import CICU
import Foundation
import Testing

@testable import NovelCore

/// ICU through the C wrapper, from a module that also imports Foundation.
@Suite struct ICUSmokeTests {
    @Test func graphemeBoundaryKeepsAZWJFamilyTogether() {
        let family = "a👨‍👩‍👧‍👦b"
        var ranges: [Range<Int>] = []
        var bytes = Array(family.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            DisplayWidth().forEachCluster(in: UnsafeBufferPointer(buffer)) { range, _ in ranges.append(range) }
        }
        #expect(ranges.count == 3)
        #expect(ranges[1] == 1..<(bytes.count - 1))
    }

    @Test func eastAsianWidthLookup() {
        #expect(nicu_east_asian_width(0x6C49) == Int32(NICU_EAW_WIDE))  // 汉
        #expect(nicu_east_asian_width(0x201C) == Int32(NICU_EAW_AMBIGUOUS))  // “
        #expect(nicu_east_asian_width(0x0041) == Int32(NICU_EAW_NARROW))
        #expect(nicu_east_asian_width(0xFF21) == Int32(NICU_EAW_FULLWIDTH))
    }

    @Test func foundationStillWorksBesideSystemICU() throws {
        let data = try JSONEncoder().encode(["书": "青灯记"])
        #expect(String(decoding: data, as: UTF8.self) == #"{"书":"青灯记"}"#)
    }
}
