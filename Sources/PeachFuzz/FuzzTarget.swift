// FuzzTarget: the parsers of hostile input that libFuzzer drives (MIDI bytes, imports, settings, profiles).

import Foundation
import PeachMIDI
import PeachStore

/// One parser of outside input, fed arbitrary bytes. Each must return or throw its typed error for any input:
/// a crash, a hang or a leak is a bug (libFuzzer with AddressSanitizer finds them; see `scripts/fuzz`).
enum FuzzTarget: String, CaseIterable {
    /// The raw-MIDI byte-stream parser (running status, real-time bytes inside messages, SysEx).
    case midi
    /// `peach data import`: JSON array, JSON Lines (the record decoder) or CSV, chosen by the first byte.
    case `import`
    /// `settings.json`.
    case settings
    /// A controller profile.
    case profile

    /// A scratch folder for the targets that read files (the parsers take paths, as Peach does).
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "peach-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// Feeds `bytes` to the target's parser and throws away the result.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .midi:
            // The whole-message fast path must agree with byte-by-byte feeding.
            var parser = MIDIByteParser(maximumSysExLength: 256)
            let messages = parser.parse(bytes)
            var byByte = MIDIByteParser(maximumSysExLength: 256)
            let expected = bytes.compactMap { byByte.feed($0) }
            precondition(messages == expected && parser.droppedByteCount == byByte.droppedByteCount)
        case .import:
            let path = Self.write(bytes, name: "import")
            _ = try? RecordTransfer.readImport(path: path)
        case .settings:
            let path = Self.write(bytes, name: "settings.json")
            _ = try? SettingsFile(path: path).load()
        case .profile:
            _ = try? ControllerProfile(json: Data(bytes), name: "fuzz", path: "fuzz.json")
        }
    }

    private static func write(_ bytes: [UInt8], name: String) -> String {
        let path = scratch + "/" + name
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(file >= 0, "cannot write \(path)")
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            precondition(count > 0, "cannot write \(path)")
            written += count
        }
        close(file)
        return path
    }
}
