import CPosix
import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The SIGBUS guard goes back in front of a handler installed after it (the reader's terminal guard)
/// while other threads map books: the loaded tables and the reader's terminal set-up do this at the same
/// moment when a book opens with a conversion on.
struct TruncationGuardTests {
    @Test func theGuardIsBackInFrontWhileOtherThreadsMapBooks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let size = 1 << 16
        let path = try directory.write("book.txt", Array(repeating: UInt8(ascii: "a"), count: size))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // A mapping installs the guard; from then on it is the handler to keep in front.
        _ = MappedFile(descriptor: descriptor, size: size)
        TruncationGuard.takeFirst()
        sigaction(SIGBUS, nil, LaterHandler.guardAction)
        let guardHandler = LaterHandler.address(LaterHandler.guardAction.pointee)
        try #require(guardHandler != nil && guardHandler != LaterHandler.laterAddress)
        for round in 0..<20 {
            LaterHandler.installInFront()
            #expect(LaterHandler.current() == LaterHandler.laterAddress)
            let done = allAtOnce(6) { thread -> Bool in
                if thread.isMultiple(of: 2) {
                    TruncationGuard.takeFirst()
                    return true
                }
                return (0..<40).allSatisfy { _ in MappedFile(descriptor: descriptor, size: size) != nil }
            }
            #expect(done == Array(repeating: true, count: 6), "round \(round)")
            #expect(LaterHandler.current() == guardHandler, "round \(round): the guard is in front again")
        }
    }
}

/// A SIGBUS handler installed after the guard. While it is in front (before the guard is put back) it
/// hands each fault to the guard, so that a page lost by a book another test truncates meanwhile is
/// still repaired; a fault the guard does not repair ends the process with the default action, as the
/// reader's terminal guard ends it, so that a real crash behind the guard still crashes.
private enum LaterHandler {
    /// The guard's action, as it was in front before this handler.
    nonisolated(unsafe) static let guardAction: UnsafeMutablePointer<sigaction> = {
        let action = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        action.initialize(to: sigaction())
        return action
    }()

    static var laterAddress: UnsafeRawPointer {
        unsafeBitCast(
            laterHandler as @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void,
            to: UnsafeRawPointer.self)
    }

    static func installInFront() {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = laterHandler
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }

    /// The SIGBUS handler now in front.
    static func current() -> UnsafeRawPointer? {
        var action = sigaction()
        sigaction(SIGBUS, nil, &action)
        return address(action)
    }

    static func address(_ action: sigaction) -> UnsafeRawPointer? {
        guard action.sa_flags & SA_SIGINFO != 0, let handler = action.__sigaction_handler.sa_sigaction else {
            return nil
        }
        return unsafeBitCast(handler, to: UnsafeRawPointer.self)
    }
}

private func laterHandler(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    let repaired = nmap_repaired_pages()
    LaterHandler.guardAction.pointee.__sigaction_handler.sa_sigaction?(number, info, context)
    if nmap_repaired_pages() == repaired { signal(number, SIG_DFL) }
}
