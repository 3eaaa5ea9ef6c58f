import Foundation

/// One shared value (a setting, a cleaning rule) as sync keeps it: its JSON value (`NSNull` for a value
/// removed, a tombstone) and when it was last edited. Settings and rules sync as many such values, one per
/// key, so that two machines that changed different keys both keep their change, and of one key the newest
/// edit wins (`merge`).
public struct KeyedEdit {
    /// The JSON value; `NSNull` where the key was removed (a rule deleted).
    public var value: Any
    public var edited: Date

    public init(value: Any, edited: Date) {
        self.value = value
        self.edited = edited
    }

    /// The value as canonical JSON text (keys sorted), to compare values and order ties.
    public var text: String { Self.text(of: value) }

    public var isRemoved: Bool { value is NSNull }

    static func text(of value: Any) -> String {
        JSONText.pretty(["v": value]).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether `self` wins over `other`: the later edit; at the same time, one fixed order of the values, so
    /// that every device keeps the same one whatever order it read the files in.
    func wins(over other: KeyedEdit) -> Bool {
        if edited != other.edited { return edited > other.edited }
        return text > other.text
    }

    /// Everyone's values merged: of each key, the winning edit.
    public static func merge(_ sets: [[String: KeyedEdit]]) -> [String: KeyedEdit] {
        var merged: [String: KeyedEdit] = [:]
        for set in sets {
            for (key, edit) in set where merged[key].map({ edit.wins(over: $0) }) ?? true {
                merged[key] = edit
            }
        }
        return merged
    }

    /// This device's values with their edit times: a value as it was last synced (`snapshot`) keeps that
    /// sync's time, a changed or new one is edited `now`, and one gone since is a removal made `now`. With
    /// no snapshot (the first sync), a value is dated by `firstTime`, so that a new machine's defaults
    /// never win over what another machine chose.
    public static func edits(
        current: [String: Any], snapshot: [String: KeyedEdit]?, now: Date, firstTime: (String) -> Date
    ) -> [String: KeyedEdit] {
        var edits: [String: KeyedEdit] = [:]
        for (key, value) in current {
            if let last = snapshot?[key], last.text == text(of: value) {
                edits[key] = last
            } else {
                edits[key] = KeyedEdit(value: value, edited: snapshot == nil ? firstTime(key) : now)
            }
        }
        for (key, last) in snapshot ?? [:] where current[key] == nil {
            edits[key] = last.isRemoved ? last : KeyedEdit(value: NSNull(), edited: now)
        }
        return edits
    }

    // MARK: - JSON

    /// The values as a file's object: key → `{ "value": …, "edited": … }`.
    public static func object(_ edits: [String: KeyedEdit]) -> [String: Any] {
        edits.mapValues { ["value": $0.value, "edited": StateJSON.string(from: $0.edited)] as [String: Any] }
    }

    /// The values of a file's object; entries of another shape are left out.
    public static func edits(of object: Any?) -> [String: KeyedEdit] {
        guard let object = object as? [String: Any] else { return [:] }
        var edits: [String: KeyedEdit] = [:]
        for (key, entry) in object {
            guard let entry = entry as? [String: Any], let value = entry["value"],
                let edited = StateValue.date(entry["edited"])
            else { continue }
            edits[key] = KeyedEdit(value: value, edited: edited)
        }
        return edits
    }
}
