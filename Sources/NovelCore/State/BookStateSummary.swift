import Foundation

/// What a book's state file says that the first screen needs (`BookPreview`): where reading stopped, the
/// file it was saved for, and the book's own encoding, chapter pattern, reflow and conversion. Anything missing or of the
/// wrong shape reads as nil; the full open then reads and reports the file properly.
public struct BookStateSummary: Sendable, Equatable {
    public var fingerprint: String
    public var offset: Int?
    public var source: SourceStamp?
    public var encoding: String?
    public var chapterPattern: String?
    public var reflow: DisplayOptions.Reflow?
    public var convert: Conversion?

    init(object: [String: Any], fingerprint: String) {
        self.fingerprint = object["fingerprint"] as? String ?? fingerprint
        offset = (object["position"] as? [String: Any])?["offset"] as? Int
        encoding = object["encoding"] as? String
        chapterPattern = object["chapterPattern"] as? String
        reflow = (object["reflow"] as? String).flatMap(DisplayOptions.Reflow.init(rawValue:))
        convert = (object["convert"] as? String).flatMap(Conversion.init(rawValue:))
        if let source = object["source"] as? [String: Any], let file = source["file"] as? [String: Any],
            let bytes = file["bytes"] as? Int, let modified = (file["modified"] as? NSNumber)?.int64Value,
            let encoding = source["encoding"] as? String, let textBytes = source["textBytes"] as? Int
        {
            self.source = SourceStamp(
                file: FileIdentity(bytes: bytes, modified: modified), encoding: encoding, textBytes: textBytes,
                verbatim: source["verbatim"] as? Bool ?? false)
        }
    }
}
