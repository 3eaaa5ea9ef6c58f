import Foundation
import NovelCore
import NovelSpeech
import NovelTestSupport
import Synchronization
import Testing

@testable import NovelTUI

/// The host's side of reading aloud with a fake engine of our own: what the reader asks is what the engine
/// is given, the engine's events come back tagged with the request through the queue and wake the loop's
/// poll, a new request or silence stops the engine before `follow` returns, and a failed engine is news.
@Suite struct SpeechDriverTests {
    static func request(_ reader: inout Reader) throws -> SpeechRequest {
        reader.press("A")
        return try #require(reader.speechRequest)
    }

    /// Waits up to 5 s for the wake descriptor to be readable, then drains.
    static func news(_ driver: SpeechDriver) -> [SpeechNews] {
        var descriptor = pollfd(fd: driver.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 5000)
        return driver.drain()
    }

    @Test func theEngineSaysWhatTheReaderAsksAndItsEventsComeBack() throws {
        let engine = FakeSpeechEngine()
        let driver = SpeechDriver { _ in engine }
        var reader = makeReader(start: ReadAloudTests.chapterOne)
        let request = try Self.request(&reader)
        driver.follow(request)
        #expect(engine.waitUntilSaid(1))
        #expect(engine.said == [request.sentences[request.first].text])
        engine.emit(.started)
        let started = Self.news(driver)
        #expect(
            started == [
                .progress(generation: request.generation, SpeechProgress(sentence: request.first, event: .started))
            ])
        reader.speechReported(started)
        #expect(reader.spokenRange == request.sentences[request.first].range)
        engine.emit(.ended)
        #expect(engine.waitUntilSaid(2))
        #expect(engine.said.last == request.sentences[request.first + 1].text)
        driver.follow(request)
        #expect(engine.stops == 0, "the same request goes on")
        reader.press("`")
        driver.follow(reader.speechRequest)
        #expect(engine.stops == 1, "the boss key's silence stops the engine before follow returns")
    }

    @Test func aNewRequestStopsTheOldSpeechAndItsLateNewsIsDropped() throws {
        let engines = Engines()
        let driver = SpeechDriver { _ in
            let engine = FakeSpeechEngine()
            engines.made.withLock { $0.append(engine) }
            return engine
        }
        var reader = makeReader(start: ReadAloudTests.chapterOne)
        driver.follow(try Self.request(&reader))
        let first = try #require(waitForEngine(engines, count: 1))
        #expect(first.waitUntilSaid(1))
        reader.press("+")
        let faster = try #require(reader.speechRequest)
        driver.follow(faster)
        #expect(first.stops == 1)
        let second = try #require(waitForEngine(engines, count: 2))
        #expect(second.waitUntilSaid(1))
        second.emit(.started)
        let news = Self.news(driver)
        #expect(news.allSatisfy { $0.generation == faster.generation } && !news.isEmpty)
        reader.press("Esc")
        driver.follow(reader.speechRequest)
        #expect(second.stops == 1)
    }

    @Test func anEngineThatCannotBeMadeIsNews() throws {
        let driver = SpeechDriver { (_: SpeechVoiceChoice) throws(SpeechError) -> any SpeechEngine in
            throw SpeechError("speech: no audio device")
        }
        var reader = makeReader(start: ReadAloudTests.chapterOne)
        let request = try Self.request(&reader)
        driver.follow(request)
        let news = Self.news(driver)
        #expect(news == [.failed(generation: request.generation, message: "speech: no audio device")])
    }

    /// The engines a driver made, in order.
    final class Engines: Sendable {
        let made = Mutex<[FakeSpeechEngine]>([])
    }

    private func waitForEngine(_ engines: Engines, count: Int) -> FakeSpeechEngine? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let engine = engines.made.withLock({ $0.count >= count ? $0[count - 1] : nil }) { return engine }
            usleep(1000)
        }
        return nil
    }
}
