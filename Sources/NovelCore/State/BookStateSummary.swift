import Foundation

/// What a book's state file says that the first screen needs (`BookPreview`): where reading stopped, the
/// file it was saved for, and the book's own title, encoding, chapter pattern, reflow and conversion. Anything missing or of the
/// wrong shape reads as nil; the full open then reads and reports the file properly.
public struct BookStateSummary: Sendable, Equatable {
    public var fingerprint: String
    public var offset: Int?
    public var source: SourceStamp?
    /// The title the last full open found (`BookTitle`), for a preview that reads one chapter only.
    public var title: String?
    public var encoding: String?
    public var chapterPattern: String?
    public var reflow: DisplayOptions.Reflow?
    public var convert: Conversion?

    init(object: [String: Any], fingerprint: String) {
        self.fingerprint = object["fingerprint"] as? String ?? fingerprint
        offset = StateValue.int((object["position"] as? [String: Any])?["offset"])
        encoding = object["encoding"] as? String
        title = (object["title"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        chapterPattern = object["chapterPattern"] as? String
        reflow = (object["reflow"] as? String).flatMap(DisplayOptions.Reflow.init(rawValue:))
        convert = (object["convert"] as? String).flatMap(Conversion.init(rawValue:))
        source = object["source"].flatMap(SourceStamp.init(stateObject:))
    }
}
