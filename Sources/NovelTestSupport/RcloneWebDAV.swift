import Foundation

/// A real WebDAV server for the sync tests: `rclone serve webdav` (Debian package `rclone`, installed by
/// `scripts/setup --testing`) serving a folder on 127.0.0.1 with a user and a password, over HTTP or over
/// HTTPS with a certificate the test made. Tests that need it skip with a visible message where it is absent.
public final class RcloneWebDAV {
    /// rclone's path on `PATH`, or nil.
    public static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return folders.map { "\($0)/rclone" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static let absentMessage = "rclone is not installed: tests against a real WebDAV server skipped"

    public static var isAvailable: Bool {
        if path == nil { print("note: \(absentMessage)") }
        return path != nil
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The served folder on disk.
    public let folder: String
    /// The server's URL (`http://127.0.0.1:<port>/` or `https://…`).
    public let url: String
    private let process: Process

    /// Serves `folder` with `user` and `password`; over HTTPS when a certificate and its key are given.
    /// Returns once the server accepts connections.
    public init(folder: String, user: String, password: String, certificate: (cert: String, key: String)? = nil)
        throws
    {
        guard let path = Self.path else { throw Failure(description: Self.absentMessage) }
        let port = try LocalPort.free()
        var arguments = [
            "serve", "webdav", folder, "--addr", "127.0.0.1:\(port)", "--user", user, "--pass", password,
        ]
        if let certificate { arguments += ["--cert", certificate.cert, "--key", certificate.key] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // No rclone configuration of the person running the tests is read (nor one written).
        var environment = ProcessInfo.processInfo.environment
        environment["RCLONE_CONFIG"] = folder + "/../rclone.conf"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        self.folder = folder
        self.url = (certificate == nil ? "http" : "https") + "://127.0.0.1:\(port)/"
        guard LocalPort.waitUntilAccepting(port, seconds: 20) else {
            stop()
            throw Failure(description: "rclone serve webdav did not start listening on port \(port)")
        }
    }

    /// Stops the server (and waits for it).
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// Makes a self-signed certificate for 127.0.0.1 and localhost with `openssl` in `folder`: the
    /// certificate (also the CA file that trusts it) and its key.
    public static func selfSignedCertificate(in folder: String) throws -> (cert: String, key: String) {
        let cert = folder + "/cert.pem"
        let key = folder + "/key.pem"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
            "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-addext", "basicConstraints=critical,CA:TRUE",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "openssl could not make a certificate") }
        return (cert, key)
    }
}
