/// Read-aloud's sleep timer (legado's 定时): reading aloud stops after a number of minutes, or at the end of
/// the chapter being read, or not at all. The choices, in the order the settings overlay steps through
/// them, are the setting's whole range (`SettingsKey.speechSleep`).
public enum SpeechSleep: String, CaseIterable, Sendable {
    case off
    case chapter
    case minutes15 = "15"
    case minutes30 = "30"
    case minutes45 = "45"
    case minutes60 = "60"
    case minutes90 = "90"

    /// The minutes after which reading aloud stops; nil when it stops by no clock.
    public var minutes: Int? {
        switch self {
        case .off, .chapter: nil
        case .minutes15: 15
        case .minutes30: 30
        case .minutes45: 45
        case .minutes60: 60
        case .minutes90: 90
        }
    }
}
