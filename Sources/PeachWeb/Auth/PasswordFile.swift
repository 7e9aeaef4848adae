// PasswordFile: the dashboard's password, kept as a bcrypt hash in the settings folder.

import HummingbirdBcrypt
import PeachStore
import PeachSystem

/// The password that lets a browser change settings and import answers: only its bcrypt hash is kept
/// (HummingbirdBcrypt, cost ``cost``), in `web-password` in the settings folder, mode 0600, written atomically.
/// It is read at each sign-in, so `peach web --set-password` applies to a running dashboard at once. No file: no
/// one can sign in (the pages still show everything; nothing can be changed).
public struct PasswordFile: Sendable {
    /// The file's name in the settings folder.
    public static let fileName = "web-password"
    /// bcrypt's cost: 2^11 rounds, about 0.1 s a check on this machine's core and a few tenths on a Pi, so
    /// guessing is slow and a sign-in is not.
    public static let cost: UInt8 = 11
    /// The shortest password taken.
    public static let minimumLength = 8

    /// Where the hash is.
    public let path: String
    private let directory: String

    /// The password file of `locations`.
    public init(locations: DataLocations) {
        directory = locations.configDirectory
        path = locations.configDirectory + "/" + Self.fileName
    }

    /// Whether a password was set.
    public var isSet: Bool { hash != nil }

    /// Keeps `password`'s hash (making the settings folder if needed).
    /// - Throws: ``FileError`` when the file cannot be written (the old one stays as it was).
    public func set(_ password: String) throws(FileError) {
        if (try? FileSystem.exists(directory)) != true { try FileSystem.createDirectory(directory) }
        let hash = Bcrypt.hash(password, cost: Self.cost)
        try FileSystem.writeAtomically(Array((hash + "\n").utf8), to: path, directory: directory)
    }

    /// Whether `password` is the one set (false when none is).
    func verify(_ password: String) -> Bool {
        guard let hash else { return false }
        return Bcrypt.verify(password, hash: hash)
    }

    /// The stored hash, if the file holds one.
    private var hash: String? {
        guard let bytes = try? SystemFile.readRegularFile(path, limit: 1024) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("$2") ? text : nil
    }
}
