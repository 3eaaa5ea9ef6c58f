import ArgumentParser
import Foundation
import NovelCore

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync places, bookmarks and reading time with your other machines.",
        discussion: """
            Syncs every book you have read (private books are left out) through the folder in sync.folder \
            or the WebDAV server in sync.url; see docs/sync.md. The reader syncs a book by itself when it \
            opens and leaves it. --status shows the last sync, the devices seen and any error.

            Examples:
              novel settings --set sync.folder=$HOME/Sync/novel
              novel sync
              novel sync --status
            """)

    @Flag(help: "Show the last sync, the devices seen and the last error; sync nothing.") var status = false

    func run() throws {
        let paths = NovelPaths.fromEnvironment()
        let (settings, warnings) = SettingsStore(paths: paths).load()
        StandardError.warn(warnings)
        if status {
            showStatus(paths: paths, settings: settings)
            return
        }
        guard
            let store = try SyncStoreFactory.store(
                settings: settings, paths: paths, environment: ProcessInfo.processInfo.environment)
        else {
            throw SyncError.misconfigured(reason: "sync is off; set sync.folder or sync.url (see docs/sync.md)")
        }
        let device = try SyncDevice.ofThisHome(paths: paths, settings: settings)
        let sync = BookSync(
            store: store, storeName: SyncStoreFactory.storeName(settings: settings), device: device,
            states: BookStateStore(paths: paths))
        let summary = try LibrarySync(sync: sync, paths: paths).syncAll()
        StandardError.warn(summary.warnings)
        let others = summary.devices.filter { $0.key != device.id }.values.sorted()
        let with =
            others.isEmpty
            ? "no other device yet"
            : "\(others.count) other device\(others.count == 1 ? "" : "s") (\(others.joined(separator: ", ")))"
        var line = "Synced \(summary.books) book\(summary.books == 1 ? "" : "s") with \(with)"
        let changes = [(summary.added, "added"), (summary.changed, "changed"), (summary.removed, "removed")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !changes.isEmpty { line += "; bookmarks: " + changes.joined(separator: ", ") }
        StandardOutput.writeLine(line + ".")
    }

    func showStatus(paths: NovelPaths, settings: Settings) {
        let status = SyncStatus.load(paths: paths)
        let store = SyncStoreFactory.isConfigured(settings) ? SyncStoreFactory.storeName(settings: settings) : "off"
        var lines = "Store: \(store)\n"
        guard let lastSync = status.lastSync else {
            StandardOutput.write(lines + "Last sync: never\n")
            return
        }
        lines += "Last sync: \(RecentCommand.localDate(lastSync))"
        lines += status.lastError == nil ? " (\(status.books) book\(status.books == 1 ? "" : "s"))\n" : "\n"
        if let error = status.lastError { lines += "Error: \(error)\n" }
        let thisDevice = (try? SyncDevice.ofThisHome(paths: paths, settings: settings))?.id
        lines += "Devices seen:\n"
        for (id, device) in status.devices.sorted(by: {
            $0.value.seen > $1.value.seen || ($0.value.seen == $1.value.seen && $0.key < $1.key)
        }) {
            let mark = id == thisDevice ? " (this one)" : ""
            lines += "  \(device.name)\(mark)  \(id)  last seen \(RecentCommand.localDate(device.seen))\n"
        }
        StandardOutput.write(lines)
    }
}
