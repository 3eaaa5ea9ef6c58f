/// The espeak-ng voice a book is read in when no setting names one: from an EPUB's language tag when it
/// has one (Cantonese for Hong Kong and Macau, and for `yue`), else from the script of its text
/// (Mandarin for Chinese, English for Latin letters).
public enum SpeechVoice {
    public static let mandarin = "cmn"
    public static let cantonese = "yue"
    public static let english = "en"

    public static func espeakVoice(for book: Book) -> String {
        espeakVoice(languageTag: book.epub?.language, script: book.profile.script)
    }

    static func espeakVoice(languageTag: String?, script: TextProfile.Script) -> String {
        let subtags = (languageTag ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(
            String.init)
        guard let primary = subtags.first, primary.count >= 2, primary.count <= 3,
            primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return script == .cjk ? mandarin : english }
        switch primary {
        case "zh":
            return subtags.contains(where: { ["hk", "mo", "yue"].contains($0) }) ? cantonese : mandarin
        case "yue": return cantonese
        case "cmn": return mandarin
        case "en": return subtags.contains("us") ? "en-us" : english
        // espeak-ng names most voices by the language's own code (`fr`, `de`, `ja`).
        default: return primary
        }
    }
}
