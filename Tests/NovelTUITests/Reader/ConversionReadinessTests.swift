import NovelCore
import Synchronization
import Testing

@testable import NovelTUI

/// The reader's screen is a function of its state and the events it received: a conversion still
/// loading is part of that state (`conversionReadiness`), and only the event that the load settled
/// (`conversionSettled`) shows the text converted, whatever another thread's load did meanwhile.
@Suite struct ConversionReadinessTests {
    /// Loads under the test's control: a conversion stands as the test sets it (`loading` until then).
    final class ScriptedLoads: Sendable {
        private let states = Mutex<[Conversion: ConversionReadiness]>([:])
        private let begun = Mutex<[Conversion]>([])

        func set(_ conversion: Conversion, _ readiness: ConversionReadiness) {
            states.withLock { $0[conversion] = readiness }
        }

        var begins: [Conversion] { begun.withLock { $0 } }

        var registry: ConverterRegistry {
            ConverterRegistry(
                begin: { conversion in self.begun.withLock { $0.append(conversion) } },
                status: { conversion in
                    conversion == .none ? .ready : self.states.withLock { $0[conversion] ?? .loading }
                })
        }
    }

    static let book = ConversionKeyTests.traditional

    static func reader(convert: Conversion, converters: ConverterRegistry) -> Reader {
        var settings = Settings()
        settings.convert = convert
        return Reader(
            book: book, settings: settings, state: nil, columns: 37, rows: 12, start: .saved, converters: converters)
    }

    /// The text rows, without the status bar (which shows messages).
    static func text(_ reader: Reader) -> [String] {
        Array(reader.screen().textRows.dropLast())
    }

    @Test func aConversionStillLoadingShowsTheTextUnconvertedUntilTheReadyEvent() {
        let loads = ScriptedLoads()
        var reader = Self.reader(convert: .t2s, converters: loads.registry)
        #expect(loads.begins == [.t2s])
        #expect(reader.conversionReadiness == .loading)
        #expect(reader.awaitedConversion == .t2s)
        let unconverted = Self.text(Self.reader(convert: .none, converters: .waiting))
        let converted = Self.text(Self.reader(convert: .t2s, converters: .waiting))
        #expect(unconverted != converted)
        #expect(Self.text(reader) == unconverted)
        // The load finishing elsewhere changes nothing by itself: the screen follows the reader's state.
        loads.set(.t2s, .ready)
        #expect(Self.text(reader) == unconverted)
        #expect(!reader.hasWorkAhead, "nothing is converted ahead while the conversion is not shown")
        reader.conversionSettled(.t2s, .ready)
        #expect(reader.conversionReadiness == .ready)
        #expect(reader.awaitedConversion == nil)
        #expect(Self.text(reader) == converted)
        #expect(reader.firstVisibleOffset == 0, "the place is kept")
    }

    @Test func aFailedLoadShowsTheTextUnconvertedAndSaysWhy() {
        let loads = ScriptedLoads()
        var reader = Self.reader(convert: .t2s, converters: loads.registry)
        let before = Self.text(reader)
        reader.conversionSettled(.t2s, .failed("cannot convert with t2s: no data"))
        #expect(reader.conversionReadiness == .failed("cannot convert with t2s: no data"))
        #expect(reader.awaitedConversion == nil)
        #expect(Self.text(reader) == before)
        #expect(reader.message?.hasSuffix("shown unconverted") == true)
        // A late event for the same load changes nothing any more.
        reader.conversionSettled(.t2s, .ready)
        #expect(Self.text(reader) == before)
    }

    @Test func theConvertKeyWaitsForItsLoadThroughAnEvent() {
        let loads = ScriptedLoads()
        var reader = Self.reader(convert: .none, converters: loads.registry)
        let unconverted = Self.text(reader)
        // The book is in Traditional characters: `c` turns on t2s.
        #expect(reader.press("c") == [.saveBookConvert(.t2s)])
        #expect(reader.conversionReadiness == .loading)
        // Said as loading, not as the conversion shown: that is said when the text is converted.
        #expect(reader.message == "Loading the tables of t2s…")
        #expect(Self.text(reader) == unconverted)
        // An event for a conversion no longer chosen is ignored.
        reader.conversionSettled(.s2t, .ready)
        #expect(reader.conversionReadiness == .loading)
        reader.conversionSettled(.t2s, .ready)
        #expect(reader.conversionReadiness == .ready)
        #expect(reader.message == "Conversion: \(Conversion.t2s.summary)")
        #expect(reader.layout.settings.display.convert == .t2s)
    }

    @Test func theSameStateAndEventsMakeTheSameScreenWhateverTheLoadsDid() {
        // Two readers of one book, one whose registry says the load is done at once, one that learns it
        // by the event: after the event, their screens are the same.
        let early = ScriptedLoads()
        early.set(.t2s, .ready)
        let late = ScriptedLoads()
        let ready = Self.reader(convert: .t2s, converters: early.registry)
        var waiting = Self.reader(convert: .t2s, converters: late.registry)
        #expect(ready.conversionReadiness == .ready)
        #expect(Self.text(waiting) != Self.text(ready))
        waiting.conversionSettled(.t2s, .ready)
        #expect(waiting.screen().textRows.dropLast() == ready.screen().textRows.dropLast())
    }
}

/// Copies of a reader do not share what one of them changes: a copy laid out anew (another font scale)
/// leaves the original's layout and screen as they were.
@Suite struct ReaderCopyTests {
    @Test func aCopyChangingItsSettingsLeavesTheOriginalAlone() {
        let original = makeReader(start: ReaderStart(offset: sampleBook.index.entries[1].range.lowerBound))
        let screen = original.screen()
        let settings = original.layout.settings
        var copy = original
        copy.press("+")
        copy.press("Space")
        #expect(copy.layout.settings != settings)
        #expect(original.layout.settings == settings)
        #expect(original.screen() == screen)
    }
}
