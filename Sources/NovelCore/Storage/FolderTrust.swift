import Foundation

/// Whether novel may use one of its own folders (the state folder, the cache folder): as ssh does with
/// `~/.ssh`, only a folder owned by the user (or root) that nobody else can write to. Anyone who can
/// write into it can plant a file novel trusts: conversion tables that change what a book shows, a
/// chapter index, a FIFO in place of a cache file, a state file.
///
/// Only the folder itself is judged, not its parents: a folder under a sticky, world-writable `/tmp`
/// is fine when it is the user's own and closed to others.
public enum FolderTrust {
    /// Why `folder` must not be used by `user`, in words that follow "it" ("is writable by its group"),
    /// or nil when it may be (also when it does not exist yet: novel makes it, private).
    public static func problem(_ folder: String, user: uid_t) -> String? {
        guard let status = RawPath.status(folder) else { return nil }
        return problem(status, user: user)
    }

    /// The rule on a folder's status (`stat`, links followed): what a link points to is what is used.
    static func problem(_ status: stat, user: uid_t) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFREG: return "is a file, not a folder"
        default: return "is \(FileKindCheck.kind(status.st_mode)), not a folder"
        }
        if status.st_uid != user, status.st_uid != 0 { return "is owned by another user (uid \(status.st_uid))" }
        if status.st_mode & S_IWOTH != 0 { return "is writable by everyone" }
        if status.st_mode & S_IWGRP != 0 { return "is writable by its group" }
        return nil
    }
}

/// One of novel's folders that is not used because others could write into it.
public struct UntrustedFolder: Sendable, Equatable, CustomStringConvertible {
    public enum Role: String, Sendable {
        case state, cache
    }

    public var role: Role
    public var path: String
    /// Why, following "it": "is writable by its group".
    public var reason: String

    public init(role: Role, path: String, reason: String) {
        self.role = role
        self.path = path
        self.reason = reason
    }

    /// The one warning for the folder: which, why, what novel does instead and how to fix it.
    public var description: String {
        let instead =
            switch role {
            case .state: "progress and bookmarks are neither read from it nor saved in it this time"
            case .cache: "caches are rebuilt elsewhere for this run"
            }
        return "not using the \(role.rawValue) folder \(path): it \(reason), and only a folder of your own that "
            + "nobody else can write to is trusted; \(instead)"
    }
}
