import Foundation
import NovelCore
import NovelTestSupport

/// Issue 35: sync against a real WebDAV server on this machine (`rclone serve webdav`, as the sync tests
/// use): `novel sync` of 200 books from two homes, and the reader's first screen with sync on against the
/// same reopen with it off and against `less`.
enum SyncBenchmarks {
    static let books = 200
    static let user = "bench"
    static let password = "bench-password"
    static let syncGoal = "< 2 s"

    /// The password reaches `novel` as a person's shell would give it, never through settings.
    static func environment(_ home: String) -> [String: String] {
        ["NOVEL_HOME": home, SyncCredentials.environmentVariable: password]
    }

    /// A fresh home syncing through `url` as the device `name`.
    static func home(_ context: Context, _ name: String, url: String) throws -> String {
        let home = try context.freshFolder("sync/\(name)")
        let settings = SettingsStore(paths: NovelPaths.fromEnvironment(["NOVEL_HOME": home]))
        try settings.set(SettingsKey.syncURL.rawValue, to: url)
        try settings.set(SettingsKey.syncUser.rawValue, to: user)
        try settings.set(SettingsKey.syncDevice.rawValue, to: name)
        return home
    }

    /// `books` books read in `home`, each with a place and three bookmarks, one with a note; `round` moves
    /// every `step`th book's place on, as a reader there would between two syncs.
    static func read(_ home: String, round: Int, step: Int = 1) throws {
        let states = BookStateStore(paths: NovelPaths.fromEnvironment(["NOVEL_HOME": home]))
        let now = Date()
        for book in stride(from: 0, to: books, by: step) {
            let fingerprint = String(format: "%016x", 0xB00C_0000 + book)
            try states.update(fingerprint: fingerprint, title: "第\(book + 1)本书", path: "/books/\(book).txt") { state in
                let offset = 10_000 * (book + 1) + 1_000 * round
                state.position = ReadingPosition(
                    offset: offset, chapterIndex: 1 + round, chapterTitle: "第\(1 + round)章", snippet: "",
                    percent: Double(book % 100), saved: now)
                state.lastRead = now
                guard state.bookmarks.isEmpty else { return }
                for mark in 0..<3 {
                    _ = state.insert(
                        Bookmark(
                            id: "\(mark + 1)", offset: offset + mark * 500, chapterIndex: 1, chapterTitle: "第一章",
                            snippet: "青灯黄卷", note: mark == 0 ? "再读一遍" : nil, created: now))
                }
            }
        }
    }

    /// Records this run's two devices left on the server: every book of each, or the sync did nothing.
    static func records(in folder: String) -> Int {
        let devices = folder + "/" + SyncRecord.devicesFolder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []
        return names.reduce(0) { count, device in
            count + ((try? FileManager.default.contentsOfDirectory(atPath: devices + "/" + device))?.count ?? 0)
        }
    }

    static func librarySync(_ context: Context) throws -> [Row] {
        let names = [
            "`novel sync`, \(books) books, first sync of a second home", "`novel sync`, \(books) books, 20 moved on",
            "`novel sync`, \(books) books, nothing new",
        ]
        guard RcloneWebDAV.path != nil else {
            return names.map { Row(work: $0, goal: syncGoal, verdict: .notBuilt(RcloneWebDAV.absentMessage)) }
        }
        let folder = try context.freshFolder("sync/server")
        var server = try RcloneWebDAV(folder: folder, user: user, password: password)
        defer { server.stop() }
        let output = context.scratch + "/sync.out"
        func sync(_ home: String) throws -> Double {
            try context.spawner.time([context.novel, "sync"], stdout: output, extraEnvironment: environment(home))
        }
        let laptop = try home(context, "laptop", url: server.url)
        try read(laptop, round: 0)
        _ = try sync(laptop)  // the server holds the laptop's 200 records
        // A first sync uploads every record of the second home: a fresh desk each run, the last run's
        // forgotten on the server first.
        let laptopPaths = NovelPaths.fromEnvironment(["NOVEL_HOME": laptop])
        let laptopID = try SyncDevice.ofThisHome(
            paths: laptopPaths, settings: SettingsStore(paths: laptopPaths).load().settings
        ).id
        let devices = folder + "/" + SyncRecord.devicesFolder
        var round = 0
        let first = try collect(warmups: 0, runs: context.plan.slowRuns) {
            // rclone keeps its own view of the folder: the last desk is forgotten with the server stopped.
            server.stop()
            for device in try FileManager.default.contentsOfDirectory(atPath: devices) where device != laptopID {
                try FileManager.default.removeItem(atPath: devices + "/" + device)
            }
            server = try RcloneWebDAV(folder: folder, user: user, password: password)
            let desk = try home(context, "desk", url: server.url)
            try read(desk, round: 0)
            return try sync(desk)
        }
        guard records(in: folder) == 2 * books else {
            throw BenchError("the server holds \(records(in: folder)) records, not \(2 * books)")
        }
        let desk = context.scratch + "/sync/desk"
        try SettingsStore(paths: laptopPaths).set(SettingsKey.syncURL.rawValue, to: server.url)
        // The laptop reads on in 20 books and syncs; the desk's sync then takes their places.
        let movedOn = try collect(warmups: 0, runs: context.plan.runs) {
            round += 1
            try read(laptop, round: round, step: books / 20)
            _ = try sync(laptop)
            return try sync(desk)
        }
        // What the desk holds came from the laptop: its bookmarks beside the desk's own, and the laptop's
        // place of the last round in the laptop's record the desk read.
        let firstBook = String(format: "%016x", 0xB00C_0000)
        let deskState = BookStateStore(paths: NovelPaths.fromEnvironment(["NOVEL_HOME": desk])).load(
            fingerprint: firstBook)
        let shared = FileManager.default.contents(
            atPath: folder + "/" + SyncRecord.path(deviceID: laptopID, fingerprint: firstBook)
        ).map { [UInt8]($0) }
        let laptopRecord = try shared.map { try SyncRecord.read($0, deviceID: laptopID, fingerprint: firstBook).record }
        guard deskState?.bookmarks.count == 6, laptopRecord?.position?.offset == 10_000 + 1_000 * round else {
            throw BenchError("the desk's sync did not bring the laptop's bookmarks and place")
        }
        let settled = try collect(warmups: 1, runs: context.plan.runs) { try sync(desk) }
        func row(_ name: String, _ sample: Sample, _ note: String) -> Row {
            Row(
                work: name, ours: format(sample), goal: syncGoal, verdict: sample.median < 2 ? .met : .notMet,
                note: note)
        }
        return [
            row(names[0], first, "rclone serve webdav on 127.0.0.1; uploads 200 records"),
            row(names[1], movedOn, "after the other home's sync; whole process"),
            row(names[2], settled, "one request a book"),
        ]
    }

    /// The reader's first screen on a reopen with sync on (another home's record of the book waiting on the
    /// server) against the same reopen with it off and against `less`, launches taken in turn.
    static func firstScreen(_ context: Context) throws -> [Row] {
        let names = [
            "launch to first screen, reopen, sync on (WebDAV on this machine)",
            "launch to first screen, reopen, sync on against off",
        ]
        guard context.commandIsBuilt("read"), RcloneWebDAV.path != nil else {
            return names.map {
                Row(work: $0, goal: "≤ 2× the time", verdict: .notBuilt("`novel read` or rclone is missing"))
            }
        }
        let folder = try context.freshFolder("sync/launch-server")
        let server = try RcloneWebDAV(folder: folder, user: user, password: password)
        defer { server.stop() }
        let book = context.bookPath
        // Another home read the book a little and shared its place.
        let laptop = try home(context, "launch-laptop", url: server.url)
        _ = try context.spawner.check([context.novel, "line", book, "--next"], extraEnvironment: environment(laptop))
        _ = try context.spawner.check([context.novel, "sync"], extraEnvironment: environment(laptop))
        let on = try home(context, "launch-on", url: server.url)
        let off = try context.freshFolder("sync/launch-off")
        func reader(_ home: String) -> String {
            let variables = environment(home).sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
            return "exec env \(variables.joined(separator: " ")) '\(context.novel)' read '\(book)'"
        }
        let tmux = try TmuxBench(context)
        let marker = TerminalBenchmarks.marker(context)
        // Each home opens the book once and leaves it (q), so that the runs below are reopens; the sync on
        // leaving puts this home's record beside the laptop's.
        for home in [on, off] {
            _ = try tmux.launch(reader(home), until: marker)
            usleep(1_500_000)  // the whole book opened beside the first screen: a state to leave
            try tmux.sendKeys(["q"])
            try tmux.waitForExit()
            tmux.finish()
        }
        guard records(in: folder) == 2 else {
            throw BenchError("the reader with sync on did not share its record (\(records(in: folder)) on the server)")
        }
        var lessTimes: [Double] = []
        var offTimes: [Double] = []
        var onTimes: [Double] = []
        for _ in 0..<max(1, context.plan.slowRuns) {
            defer { tmux.finish() }
            lessTimes.append(try tmux.launch("exec env LESSHISTFILE=- LESS= less -- '\(book)'", until: marker))
            tmux.finish()
            offTimes.append(try tmux.launch(reader(off), until: marker))
            tmux.finish()
            onTimes.append(try tmux.launch(reader(on), until: marker))
        }
        let lessSample = Sample(lessTimes)
        let onSample = Sample(onTimes)
        return [
            .timeRatio(
                names[0], ours: onSample, reference: lessSample, referenceName: "`less`", limit: 2,
                goal: "≤ 2× the time", note: "sync runs beside the first screen"),
            .timeRatio(
                names[1], ours: onSample, reference: Sample(offTimes), referenceName: "sync off", limit: 1.25,
                goal: "≤ 1.25× (as fast)", note: "launches taken in turn"),
        ]
    }
}
