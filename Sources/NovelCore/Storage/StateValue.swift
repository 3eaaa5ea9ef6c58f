import Foundation

/// Typed reads of a state file's JSON values (JSONSerialization's numbers are NSNumbers; true and false
/// are NSNumbers too, told apart by their type code).
enum StateValue {
    static func int(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9e15 else { return nil }
        return number.intValue
    }

    /// A whole number that fits `Int64`; nil for a fraction or a number past it (never wrapped).
    static func int64(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        guard String(cString: number.objCType) == "d" else { return number.int64Value }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9.2e18 else { return nil }
        return Int64(double)
    }

    static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number.doubleValue
    }

    static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, isBoolean(number) else { return nil }
        return number.boolValue
    }

    /// JSON's true and false arrive as NSNumbers too; their type code tells them from 1 and 0.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
