// SettingsFile: settings.json: read with validation that names the key, written atomically with mode 0600.

import Foundation
import PeachCore
import PeachSystem

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
/// what is allowed; a syntax error names the line and column. The file is never rewritten behind the user's
/// back; `peach settings set` and `reset` repair a broken file keeping every setting that still reads (and a
/// copy of the broken file). Keys Peach does not know are kept when
/// Peach writes the file and listed by ``unknownKeys``.
public struct SettingsFile: Sendable {
    /// The file's path.
    public let path: String

    /// The settings file at `path`.
    public init(path: String) { self.path = path }

    /// The settings and the file's unknown keys.
    public struct Loaded: Sendable {
        /// The settings (defaults for missing keys, and for broken ones when repairing).
        public let settings: PeachSettings
        /// Keys Peach does not know, with their JSON text, in file order.
        public let unknownKeys: [(key: String, json: String)]
        /// What was wrong and left at its default (only when loaded for repair; empty otherwise).
        public let problems: [SettingsFileProblem]
        /// The settings the file sets with a value that reads (a key it leaves out follows the default, also
        /// when a later version of Peach changes that default).
        public var setKeys: Set<SettingKey> = []
    }

    /// Reads the file; a missing file gives the defaults.
    /// - Throws: ``StoreError/invalidSettings(path:problem:)`` for the first problem (a syntax error with its
    ///   line and column, a value that is not allowed), or ``StoreError/io(_:)``.
    public func load() throws(StoreError) -> Loaded {
        let loaded = try read(repairing: false)
        if let problem = loaded.problems.first { throw .invalidSettings(path: path, problem: problem) }
        return loaded
    }

    /// Reads the file keeping every setting that still reads, for `peach settings set` and `reset` to repair a
    /// broken file: a broken value is left at its default, and a file that is not valid JSON is read line by
    /// line (`"key": value` per line, as Peach writes it). ``Loaded/problems`` lists what was left out.
    /// - Throws: ``StoreError/io(_:)`` only.
    public func loadForRepair() throws(StoreError) -> Loaded {
        try read(repairing: true)
    }

    /// Copies the file as it is to `settings.json.broken-<time>` beside it, before a repair rewrites it.
    /// - Returns: the copy's path.
    public func keepBrokenCopy(at time: Date) throws(StoreError) -> String {
        let bytes = try Self.readRegularFile(path)
        let directory = (path as NSString).deletingLastPathComponent
        let copy = path + ".broken-" + Timestamp.fileName(time)
        try StoreFiles.writeAtomically(bytes, to: copy, directory: directory.isEmpty ? "." : directory)
        return copy
    }

    /// The largest settings file read, bytes: a real one is under 2 KiB; a larger one up to this is read and its
    /// odd values named, a larger one still is refused unread.
    static let sizeLimit = 16 << 20

    /// The bytes of `path`, which must be a regular file of at most ``sizeLimit`` bytes: opened non-blocking, so
    /// a FIFO or a device where the settings should be is refused at once instead of hanging every command.
    static func readRegularFile(_ path: String) throws(StoreError) -> [UInt8] {
        try StoreFiles.readRegularFile(path, limit: sizeLimit)
    }

    /// The folder the file is in.
    private var directory: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private func read(repairing: Bool) throws(StoreError) -> Loaded {
        try StoreFiles.requireTrustedSettingsDirectory(directory)
        guard try StoreFiles.exists(path) else {
            return Loaded(settings: .defaults, unknownKeys: [], problems: [])
        }
        var bytes = try Self.readRegularFile(path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // an editor's byte-order mark
        var problems: [SettingsFileProblem] = []
        let pairs: [(String, SettingsJSONValue)]
        switch SettingsJSONValue.parseObject(bytes) {
        case .success(let object): pairs = object
        case .failure(let problem):
            problems.append(problem)
            guard repairing else { return Loaded(settings: .defaults, unknownKeys: [], problems: problems) }
            pairs = SettingsJSONValue.parseLines(bytes)
        }
        var settings = PeachSettings.defaults
        var unknown: [(String, String)] = []
        var setKeys: Set<SettingKey> = []
        for (name, value) in pairs {
            guard let key = SettingKey(rawValue: name) else {
                unknown.append((name, value.json))
                continue
            }
            guard let text = value.settingText else {
                problems.append(.wrongType(key: name))
                continue
            }
            do {
                settings = try settings.setting(key, toText: text)
                setKeys.insert(key)
            } catch {
                problems.append(.value(error))
            }
            if !repairing, !problems.isEmpty { break }
        }
        return Loaded(settings: settings, unknownKeys: unknown, problems: problems, setKeys: setKeys)
    }

    /// Writes `settings` (and the `unknownKeys` to keep) atomically: a temporary file, fsync, rename. Creates the
    /// folder when missing. An existing file keeps its permission bits; a new one gets 0600. Only the keys in
    /// `only` are written when it is given, so a setting the user never set keeps following Peach's default.
    public func save(
        _ settings: PeachSettings, keeping unknownKeys: [(key: String, json: String)] = [],
        only keys: Set<SettingKey>? = nil
    ) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        try StoreFiles.createDirectory(directory.isEmpty ? "." : directory)
        var lines: [String] = []
        for key in SettingKey.allCases where keys?.contains(key) ?? true {
            let text = settings.text(of: key)
            // By what the key holds: numbers as they are, on/off as a JSON boolean, everything else a string.
            let json: String
            switch key.allowed {
            case .number, .wholeNumber: json = text
            case .onOff: json = text == "on" ? "true" : "false"
            default: json = RecordCodec.quoted(text)
            }
            lines.append("  " + RecordCodec.quoted(key.rawValue) + ": " + json)
        }
        for (key, json) in unknownKeys { lines.append("  " + RecordCodec.quoted(key) + ": " + json) }
        let text = lines.isEmpty ? "{\n}\n" : "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        // A settings.json that is a symbolic link (a dotfile manager's) is written through: the link's target
        // is replaced atomically, the link stays.
        let target = Self.linkTarget(path) ?? path
        let targetDirectory = (target as NSString).deletingLastPathComponent
        // An existing file keeps its permissions (a practice box's /etc/peach/settings.json stays readable by
        // the service user); a new one is the owner's only.
        let permissions = StoreFiles.permissions(target) ?? 0o600
        try StoreFiles.writeAtomically(
            Array(text.utf8), to: target, directory: targetDirectory.isEmpty ? "." : targetDirectory,
            permissions: permissions)
    }

    /// The name of the lock file beside the settings (``withWriteLock(_:)``).
    public static let lockSuffix = ".lock"

    /// Runs `body`, a read-modify-write of the file, holding the settings' write lock: an exclusive `flock` on
    /// `settings.json.lock` beside the file the settings are written to (a link's target). Every writer takes it
    /// (`peach settings set` and `reset`, the dashboard), so two writers at the same moment each keep the
    /// other's change instead of the later rename dropping it. The lock is held for the moment of one edit, so a
    /// second writer waits for it; the kernel releases it if a writer dies. Readers take no lock: the file is
    /// replaced atomically, so they always read a whole one.
    /// - Throws: ``StoreError/io(_:)`` when the folder or the lock file cannot be made or locked; whatever
    ///   `body` throws.
    public func withWriteLock<T>(_ body: () throws -> T) throws -> T {
        let target = Self.linkTarget(path) ?? path
        let directory = (target as NSString).deletingLastPathComponent
        try StoreFiles.createDirectory(directory.isEmpty ? "." : directory)
        let lockPath = target + Self.lockSuffix
        var opened = Result { () throws(StoreError) in try Self.openLock(lockPath) }
        if case .failure(.io(let error)) = opened, error.code == EACCES {
            // A private lock file another user made (root's `peach settings set` before Peach made it readable):
            // the folder lets this writer replace it (a box's /etc/peach is the dashboard's too).
            FileSystem.removeQuietly(lockPath)
            opened = Result { () throws(StoreError) in try Self.openLock(lockPath) }
        }
        let lock = try opened.get()
        do { try lock.file.lockExclusivelyWaiting() } catch { throw StoreError.io(error) }
        return try body()  // the lock goes with `lock`'s descriptor, closed when it is released
    }

    /// The lock file, opened to read only (made readable to all, 0644): `flock` needs no more, so every writer
    /// who may change the settings can take it, whoever made the file (root's `peach settings set` on a box, the
    /// dashboard as the user `peach`).
    private static func openLock(_ path: String) throws(StoreError) -> StoreFile {
        try StoreFile(path: path, flags: O_RDONLY | O_CREAT | O_NOFOLLOW, mode: 0o644)
    }

    /// The file a symbolic link at `path` resolves to, nil when `path` is not a link (or dangles).
    static func linkTarget(_ path: String) -> String? {
        guard FileSystem.status(path, followingLinks: false)?.kind == .symbolicLink else { return nil }
        return FileSystem.realPath(path)
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

    /// Parses a JSON object with the store's scanner, keeping its keys in file order; the problem (with the
    /// line and column of a syntax error) when the text is not one well-formed object.
    static func parseObject(_ bytes: [UInt8]) -> Result<[(String, SettingsJSONValue)], SettingsFileProblem> {
        bytes.withUnsafeBufferPointer {
            buffer -> Result<[(String, SettingsJSONValue)], SettingsFileProblem> in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var fields: [JSONField] = []
            scanner.skipWhitespace()
            if let first = scanner.peek, first != 0x7B, first == 0x5B || first == 0x22 || first == 0x74 {
                return .failure(.notAnObject)  // an array, a string, true: JSON, but not an object
            }
            guard scanner.scanObject(into: &fields) else { return .failure(position(buffer, scanner.index)) }
            scanner.skipWhitespace()
            guard scanner.peek == nil else { return .failure(position(buffer, scanner.index)) }
            var result: [(String, SettingsJSONValue)] = []
            for field in fields {
                guard let key = JSONString.unescape(UnsafeBufferPointer(rebasing: buffer[field.keyRange]))
                else {
                    return .failure(position(buffer, field.keyRange.lowerBound))
                }
                guard !result.contains(where: { $0.0 == key }) else { return .failure(.duplicateKey(key)) }
                guard let value = value(buffer, field.value) else {
                    return .failure(position(buffer, field.value.range.lowerBound))
                }
                result.append((key, value))
            }
            return .success(result)
        }
    }

    /// Reads a broken file line by line, keeping every pair that still reads: each line is cut at its commas
    /// (those outside strings, arrays and objects), and each piece of the form `"key": value` whose value is a
    /// JSON string, number or boolean is a setting; a brace opening or closing the object is passed over. So a
    /// file written on one line and cut short (`{"noteRange": "C3-C5", "tempo": 8`) keeps all but the piece that
    /// broke, as a file of a pair a line keeps all but its broken line. The first of a key twice is kept.
    static func parseLines(_ bytes: [UInt8]) -> [(String, SettingsJSONValue)] {
        var result: [(String, SettingsJSONValue)] = []
        for line in bytes.split(separator: 0x0A) {
            for piece in pieces(of: line) {
                let wrapped = [0x7B] + piece + [0x7D]  // { piece }
                if case .success(let pairs) = parseObject(wrapped), pairs.count == 1,
                    !result.contains(where: { $0.0 == pairs[0].0 })
                {
                    result.append(pairs[0])
                }
            }
        }
        return result
    }

    /// `line` cut at its commas outside strings, arrays and objects, each piece without the blanks around it;
    /// the object's own braces (a `{` opening the line, a `}` closing more than the line opened) are not part of
    /// any piece.
    private static func pieces(of line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        func trimmed(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var piece = piece
            while let first = piece.first, isBlank(first) { piece.removeFirst() }
            while let last = piece.last, isBlank(last) { piece.removeLast() }
            return piece
        }
        var line = trimmed(line)
        if line.first == 0x7B { line.removeFirst() }
        var pieces: [ArraySlice<UInt8>] = []
        var start = line.startIndex
        var depth = 0
        var inString = false
        var escaped = false
        for index in line.indices {
            let byte = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D:
                depth -= 1
                // The object's closing brace: what follows it is no setting.
                if depth < 0 {
                    pieces.append(trimmed(line[start..<index]))
                    return pieces.filter { !$0.isEmpty }
                }
            case 0x2C where depth == 0:
                pieces.append(trimmed(line[start..<index]))
                start = index + 1
            default: break
            }
        }
        pieces.append(trimmed(line[start...]))
        return pieces.filter { !$0.isEmpty }
    }

    private static func value(
        _ buffer: UnsafeBufferPointer<UInt8>, _ span: JSONValueSpan
    ) -> SettingsJSONValue? {
        switch span.kind {
        case .string:
            return JSONString.unescape(UnsafeBufferPointer(rebasing: buffer[span.range])).map { .string($0) }
        case .number: return NumberParser.double(buffer, span.range).map { .number($0) }
        case .boolean(let flag): return .bool(flag)
        case .null: return .null
        case .composite: return .composite(RecordCodec.text(buffer, span.range))
        }
    }

    /// The line and column (1-based) of byte `index`.
    private static func position(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> SettingsFileProblem {
        var line = 1
        var column = 1
        for byte in buffer[0..<min(index, buffer.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .syntax(line: line, column: column)
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
