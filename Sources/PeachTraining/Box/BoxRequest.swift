// BoxRequest: what the dashboard's setup page asks of the running box (a test tone, watching the controller).

import Foundation
import PeachSystem

/// A request from the dashboard to the running practice box. The dashboard has no sound or MIDI device of its
/// own (its service is sandboxed from them); the box has. So the dashboard writes the request to
/// `box-request.json` in the data folder and sends the box SIGUSR1; the box reads it, does it if it may (a
/// test tone only on an output it listed itself), and says what came of it in its status
/// (``BoxStatus/answer``, by ``id``). SIGUSR2 asks the box to restart (it stops cleanly with a status that
/// makes systemd start it again). Nothing else of the system is reachable this way.
public struct BoxRequest: Sendable, Equatable, Codable {
    /// What is asked.
    public enum Action: String, Sendable, Codable {
        /// Play a short tone on ``BoxRequest/output`` (one of the box's ``BoxStatus/outputs``).
        case testTone
        /// Show the controller's key presses in the status for ``PracticeBox/watchSeconds`` instead of acting
        /// on them.
        case watchKeys
        /// List the sound outputs again.
        case listOutputs
    }

    /// Names the request in the box's answer.
    public var id: String
    /// What is asked.
    public var action: Action
    /// The output of a test tone: an ``BoxStatus/Output/setting``.
    public var output: String?

    /// A request.
    public init(id: String = UUID().uuidString, action: Action, output: String? = nil) {
        self.id = id
        self.action = action
        self.output = output
    }

    /// The file's name in the data folder.
    public static let fileName = "box-request.json"

    /// Writes `request` for the box in `directory`.
    /// - Throws: ``FileError`` when it cannot be written.
    public func write(in directory: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(self)).map(Array.init) ?? []
        try FileSystem.writeAtomically(
            bytes + [0x0A], to: directory + "/" + Self.fileName, directory: directory, permissions: 0o640,
            durable: false)
    }

    /// The request in `directory`, or nil when there is none or it does not read (a request of at most 4 KiB).
    public static func read(in directory: String) -> BoxRequest? {
        guard let bytes = try? SystemFile.readRegularFile(directory + "/" + fileName, limit: 4096) else {
            return nil
        }
        return try? JSONDecoder().decode(BoxRequest.self, from: Data(bytes))
    }
}
