@testable import NovelCore

/// The text `DisplayTransform` shows for `string` taken as one chapter body (the string itself when
/// nothing changes), with the profile of the string itself unless one is given.
func shown(_ string: String, profile: TextProfile? = nil, options: DisplayOptions = DisplayOptions()) -> String {
    let bytes = Array(string.utf8)
    let used = profile ?? bytes.withUnsafeBufferPointer { TextProfile.analyse($0) }
    guard let display = DisplayTransform.display(bytes, profile: used, options: options) else { return string }
    return String(decoding: display.utf8, as: UTF8.self)
}

/// A CJK profile hard-wrapped at `width` columns.
func cjkWrapped(_ width: Int) -> TextProfile {
    TextProfile(script: .cjk, isHardWrapped: true, wrapWidth: width, reason: "test")
}

/// A Latin profile hard-wrapped at `width` columns.
func latinWrapped(_ width: Int) -> TextProfile {
    TextProfile(script: .latin, isHardWrapped: true, wrapWidth: width, reason: "test")
}

/// A CJK profile that is not hard-wrapped.
let cjkPlain = TextProfile(script: .cjk, isHardWrapped: false, wrapWidth: nil, reason: "test")

/// `count` distinct CJK characters cycling through a fixed phrase, without punctuation.
func hanzi(_ count: Int, from phrase: String = "春山夜雨江城灯火行人远客归来旧事新愁") -> String {
    let characters = Array(phrase)
    return String((0..<count).map { characters[$0 % characters.count] })
}
