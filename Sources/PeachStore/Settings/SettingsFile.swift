// SettingsFile: settings.json: read with validation that names the key, written atomically with mode 0600.

import Foundation
import PeachCore

/// `settings.json`: a JSON object of setting keys to values, e.g.
///
///     {
///       "noteRange": "C3-C5",
///       "noteDuration": 0.8,
///       "referencePitch": 442,
///       "wrongAnswerTick": false
///     }
///
/// A missing file or key means the default. Numbers may be written as numbers or strings, the tick as
/// `true`/`false` or `"on"`/`"off"`. A value that is not allowed is an error naming the file, the key and
/// what is allowed; the file is never rewritten behind the user's back. Keys Peach does not know are kept when
/// Peach writes the file and listed by ``unknownKeys``.
public struct SettingsFile: Sendable {
    /// The file's path.
    public let path: String

    /// The settings file at `path`.
    public init(path: String) { self.path = path }

    /// The settings and the file's unknown keys.
    public struct Loaded: Sendable {
        /// The settings (defaults for missing keys).
        public let settings: PeachSettings
        /// Keys Peach does not know, with their JSON text, in file order.
        public let unknownKeys: [(key: String, json: String)]
    }

    /// Reads the file; a missing file gives the defaults.
    /// - Throws: ``StoreError/invalidSettings(path:key:reason:)`` or ``StoreError/io(path:operation:errno:)``.
    public func load() throws(StoreError) -> Loaded {
        try load(ignoring: nil)
    }

    /// Reads the file as ``load()`` does but leaves `key` at its default, so a broken value of that key does not
    /// stop `peach settings reset KEY` from repairing it.
    public func loadIgnoring(key: String) throws(StoreError) -> Loaded {
        try load(ignoring: key)
    }

    private func load(ignoring ignoredKey: String?) throws(StoreError) -> Loaded {
        guard FileSystem.exists(path) else { return Loaded(settings: .defaults, unknownKeys: []) }
        let bytes = try POSIXFile(path: path, flags: O_RDONLY).readAll()
        guard let object = SettingsJSONValue.parseObject(bytes) else {
            throw .invalidSettings(path: path, key: nil, reason: "not a JSON object of settings")
        }
        var settings = PeachSettings.defaults
        var unknown: [(String, String)] = []
        for (key, value) in object where key != ignoredKey {
            guard PeachSettings.keys.contains(key) else {
                unknown.append((key, value.json))
                continue
            }
            guard let text = value.settingText else {
                throw .invalidSettings(
                    path: path, key: key, reason: "\(key) must be a number, a string or true/false")
            }
            do {
                settings = try settings.setting(key, toText: text)
            } catch {
                throw .invalidSettings(path: path, key: key, reason: error.message(naming: key))
            }
        }
        return Loaded(settings: settings, unknownKeys: unknown)
    }

    /// Writes `settings` (and the `unknownKeys` to keep) atomically: a temporary file, fsync, rename. Creates the
    /// folder when missing.
    public func save(
        _ settings: PeachSettings, keeping unknownKeys: [(key: String, json: String)] = []
    ) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        try FileSystem.createDirectory(directory.isEmpty ? "." : directory)
        var lines: [String] = []
        for key in PeachSettings.keys {
            guard let text = settings.text(of: key) else { continue }
            let json: String
            switch key {
            case "noteRange", "timbre", "controllerProfile", "audioOutput", "midiOutput":
                json = RecordCodec.quoted(text)
            case "wrongAnswerTick": json = settings.wrongAnswerTick ? "true" : "false"
            default: json = text
            }
            lines.append("  " + RecordCodec.quoted(key) + ": " + json)
        }
        for (key, json) in unknownKeys { lines.append("  " + RecordCodec.quoted(key) + ": " + json) }
        let text = "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        try FileSystem.writeAtomically(
            Array(text.utf8), to: path, directory: directory.isEmpty ? "." : directory)
    }
}

/// A top-level value of the settings file.
enum SettingsJSONValue {
    case bool(Bool)
    case number(Double)
    case string(String)
    case null
    /// An object or array, kept as its JSON text.
    case composite(String)

    /// Parses a JSON object with the store's scanner, keeping its keys in file order; nil when the text is not
    /// one well-formed object (or a key appears twice).
    static func parseObject(_ bytes: [UInt8]) -> [(String, SettingsJSONValue)]? {
        bytes.withUnsafeBufferPointer { buffer -> [(String, SettingsJSONValue)]? in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var fields: [JSONField] = []
            guard scanner.scanObject(into: &fields) else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek == nil else { return nil }
            var result: [(String, SettingsJSONValue)] = []
            for field in fields {
                guard let key = JSONString.unescape(UnsafeBufferPointer(rebasing: buffer[field.keyRange])),
                    !result.contains(where: { $0.0 == key })
                else { return nil }
                let value: SettingsJSONValue
                switch field.value.kind {
                case .string:
                    guard
                        let text = JSONString.unescape(
                            UnsafeBufferPointer(rebasing: buffer[field.value.range]))
                    else { return nil }
                    value = .string(text)
                case .number:
                    guard let number = NumberParser.double(buffer, field.value.range) else { return nil }
                    value = .number(number)
                case .boolean(let flag): value = .bool(flag)
                case .null: value = .null
                case .composite: value = .composite(RecordCodec.text(buffer, field.value.range))
                }
                result.append((key, value))
            }
            return result
        }
    }

    /// The value as a setting's text, or nil for null, arrays and objects.
    var settingText: String? {
        switch self {
        case .bool(let value): value ? "on" : "off"
        case .number(let value): RecordCodec.number(value)
        case .string(let value): value
        case .null, .composite: nil
        }
    }

    /// The value as JSON text.
    var json: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .number(let value): RecordCodec.number(value)
        case .string(let value): RecordCodec.quoted(value)
        case .null: "null"
        case .composite(let text): text
        }
    }
}
