/// Checks of the core's invariants inside fuzz targets: a broken one stops the process, which is how
/// libFuzzer learns of it and keeps the input as a reproducer. Used only by the fuzz targets.
enum FuzzCheck {
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("fuzz check failed: \(message())") }
    }
}
