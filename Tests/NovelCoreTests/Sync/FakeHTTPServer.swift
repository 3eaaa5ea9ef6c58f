import Foundation
import NovelTestSupport
import Synchronization

/// A tiny HTTP server on 127.0.0.1 that misbehaves on purpose, for the faults a real server will not make
/// on demand: an error status, a redirect, silence, a huge answer, a connection dropped mid-upload. It speaks
/// just enough HTTP/1.1 by hand (the product never does: it uses libcurl), one thread per connection, and
/// records every request it was sent.
final class FakeHTTPServer: Sendable {
    /// What the server does with one request.
    enum Reply: Sendable {
        /// Answers with a status, extra header lines and a body (with its Content-Length when `sized`, else
        /// ended by closing the connection).
        case answer(status: Int, headers: [String] = [], body: Data = Data(), sized: Bool = true)
        /// Reads the request and never answers (until the server stops).
        case silence
        /// Reads the head and `bytes` of the body, then closes the connection.
        case drop(afterBodyBytes: Int)
    }

    struct Request: Sendable, Equatable {
        let method: String
        let path: String
    }

    let port: Int
    var url: String { "http://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let reply: @Sendable (Request) -> Reply
    private let seen = Mutex<[Request]>([])
    private let stopped = Atomic<Bool>(false)

    init(_ reply: @escaping @Sendable (Request) -> Reply) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LocalPort.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard socket >= 0, bound else { throw RcloneWebDAV.Failure(description: "the fake server cannot listen") }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        self.reply = reply
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The requests received so far, in order.
    var requests: [Request] { seen.withLock { $0 } }

    /// Stops accepting and ends silent connections.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let (request, contentLength, bodyStart) = readHead(connection) else { return }
        seen.withLock { $0.append(request) }
        switch reply(request) {
        case .answer(let status, let headers, let body, let sized):
            _ = readBody(connection, length: contentLength - bodyStart.count)
            var head = "HTTP/1.1 \(status) Fake\r\nConnection: close\r\n"
            for header in headers { head += header + "\r\n" }
            if sized { head += "Content-Length: \(body.count)\r\n" }
            head += "\r\n"
            send(connection, Data(head.utf8) + body)
        case .silence:
            _ = readBody(connection, length: contentLength - bodyStart.count)
            while !stopped.load(ordering: .sequentiallyConsistent) { usleep(20_000) }
        case .drop(let bytes):
            _ = readBody(connection, length: min(bytes, contentLength) - bodyStart.count)
        }
    }

    /// The request line's method and path, the declared body length, and body bytes read with the head.
    private func readHead(_ connection: Int32) -> (Request, Int, Data)? {
        var buffer = Data()
        let end = Data("\r\n\r\n".utf8)
        while buffer.range(of: end) == nil {
            guard let chunk = receive(connection), buffer.count < 1 << 20 else { return nil }
            buffer += chunk
        }
        let headEnd = buffer.range(of: end)!
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count >= 2 else { return nil }
        var length = 0
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return (Request(method: String(words[0]), path: String(words[1])), length, Data(buffer[headEnd.upperBound...]))
    }

    /// Reads and drops `length` bytes (fewer where the peer closes first).
    private func readBody(_ connection: Int32, length: Int) -> Int {
        var read = 0
        while read < length, let chunk = receive(connection) { read += chunk.count }
        return read
    }

    private func receive(_ connection: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = recv(connection, &bytes, bytes.count, 0)
        return count > 0 ? Data(bytes[..<count]) : nil
    }

    private func send(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(
                    connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
