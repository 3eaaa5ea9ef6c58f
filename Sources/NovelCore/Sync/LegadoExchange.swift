import Foundation

/// The place exchanged with legado (`sync.legado`) as one more device's: legado's progress file is read
/// and its place offered like any other device's newer place ("on legado"); novel's newest place is
/// written back into it when it is newer than legado's, with every field novel does not know kept. Only
/// the place is exchanged. legado's file is shared, not one per device, so it is written only over an
/// older place: a newer one from the phone is never lost.
public enum LegadoExchange {
    /// The device legado's place is said to come from.
    public static let deviceID = "legado"
    public static let deviceName = "legado"

    /// legado's progress file for the book, and its place as novel's (nil where legado has no file, or
    /// its chapter is not found among novel's).
    public static func read(
        _ book: LegadoBook, from store: some SyncStore, storeName: String
    ) throws(SyncError) -> (progress: LegadoProgress?, position: SyncedPosition?) {
        guard
            let progress = try LegadoProgress.read(
                from: store, storeName: storeName, name: book.name, author: book.author)
        else { return (nil, nil) }
        return (progress, position(of: progress, in: book))
    }

    /// legado's place as a device's position in novel's text.
    public static func position(of progress: LegadoProgress, in book: LegadoBook) -> SyncedPosition? {
        guard let offset = LegadoPlace.byteOffset(of: progress, chapters: book.chapters, text: book.text) else {
            return nil
        }
        let chapter = book.chapters.lastIndex { $0.range.lowerBound <= offset }.map { book.chapters[$0].title }
        return SyncedPosition(
            offset: offset, chapterTitle: chapter ?? progress.chapterTitle ?? "",
            percent: ReadingPosition.percent(offset, of: book.text.count),
            saved: Date(timeIntervalSince1970: Double(progress.time) / 1000), deviceID: deviceID,
            deviceName: deviceName)
    }

    /// The progress file to write for novel's newest place `position`, built on the file read (`read`, its
    /// unknown fields kept); nil where there is nothing to write: legado's place is as new or newer, or
    /// `position` lies before the first chapter.
    public static func progress(
        for position: SyncedPosition, in book: LegadoBook, over read: LegadoProgress?
    ) -> LegadoProgress? {
        let time = Int64((position.saved.timeIntervalSince1970 * 1000).rounded(.down))
        if let read, read.time >= time { return nil }
        guard let place = LegadoPlace.place(at: position.offset, chapters: book.chapters, text: book.text) else {
            return nil
        }
        var progress =
            read
            ?? LegadoProgress(
                name: book.name, author: book.author, chapterIndex: 0, chapterPosition: 0, time: 0, chapterTitle: nil)
        progress.chapterIndex = place.chapterIndex
        progress.chapterPosition = place.chapterPosition
        progress.chapterTitle = place.chapterTitle
        progress.time = time
        return progress
    }
}
