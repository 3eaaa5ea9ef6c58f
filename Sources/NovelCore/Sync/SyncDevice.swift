import Foundation

/// This home as sync knows it: an id made once (random, kept in the state folder, so that two homes on
/// one machine are two devices and a renamed machine stays one) and a name for people (`sync.device`, by
/// default the host name) that messages show: `At 第十二回 on laptop, 2 h ago`.
public struct SyncDevice: Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The file in the state folder that holds the id.
    public static func idFile(paths: NovelPaths) -> String {
        paths.stateDirectory + "/sync-device"
    }

    /// This home's device: its id, made and kept on first use, and the name the settings give.
    public static func ofThisHome(paths: NovelPaths, settings: Settings) throws(SyncError) -> SyncDevice {
        let file = idFile(paths: paths)
        let id: String
        do {
            id = try FileLock.withLock(file) {
                if let bytes = try? BookFile.read(file, limit: RandomID.longest + 1) {
                    let kept = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    if RandomID.isValid(kept) { return kept }
                }
                let made = RandomID.random()
                try AtomicFile.write(Data((made + "\n").utf8), to: file)
                return made
            }
        } catch {
            throw .io(path: file, reason: "cannot keep this device's id: \(error)")
        }
        return SyncDevice(id: id, name: name(settings: settings))
    }

    /// `sync.device`, or the host name where it is empty.
    public static func name(settings: Settings) -> String {
        let chosen = settings.syncDevice.trimmingCharacters(in: .whitespaces)
        return chosen.isEmpty ? hostName() : chosen
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this computer" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this computer" : name
    }
}
