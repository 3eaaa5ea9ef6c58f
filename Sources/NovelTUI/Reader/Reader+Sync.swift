import Foundation
import NovelCore

/// Sync beside the reader (`BackgroundSync`, run by the app loop): what it brings is adopted like any
/// stored state, and another machine's newer place is said, never jumped to by itself: the
/// `synced-place` key goes there, as a jump (`C-o` comes back).
extension Reader {
    public var bookFingerprint: String? { book.fingerprint }

    public var legadoBook: LegadoBook? { settings.syncLegado ? LegadoBook(book: book) : nil }

    public mutating func synced(_ stored: BookState?, offer: SyncOffer?, now: Date) {
        if let stored { adopt(stored, added: nil) }
        guard let offer else { return }
        syncOffer = offer
        message = offer.message(now: now, key: keyName(.syncedPlace))
    }

    /// The first key bound to `command` as the help writes it (the command's name when none is).
    func keyName(_ command: ReaderCommand) -> String {
        keymap.keys[command]?.first.map(KeyName.name) ?? command.rawValue
    }

    mutating func goToSyncedPlace() {
        guard let offer = syncOffer else {
            message = "No newer place from another machine"
            return
        }
        syncOffer = nil
        jump(to: offer.position.offset)
    }
}
