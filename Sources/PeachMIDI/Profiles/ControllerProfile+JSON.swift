// ControllerProfile+JSON: reading a profile from its JSON file (errors name the field) and writing one.

import Foundation
import PeachCore

extension ControllerProfile {
    /// Reads a profile.
    ///
    /// ```json
    /// {
    ///   "description": "Two footswitches: left (CC67) Lower, right (CC64) Higher.",
    ///   "devices": ["FS-*"],
    ///   "actions": [
    ///     { "action": "higher", "controller": 64, "threshold": 64, "hysteresis": 10 },
    ///     { "action": "lower", "controller": 67, "inverted": true },
    ///     { "action": "commit", "note": "C3", "channel": 10 },
    ///     { "action": "replay", "notes": { "from": "C4", "to": "B4" } },
    ///     { "gesture": { "short": "higher", "long": "lower" }, "controller": 66 },
    ///     { "action": "startComparison", "program": 0 }
    ///   ],
    ///   "tune": { "control": "pitchBend", "cents": 200, "commitOnCentre": false }
    /// }
    /// ```
    ///
    /// Each action names exactly one of `note`, `notes`, `controller`, `program` (a number, or omitted value
    /// `"any"`); notes are MIDI numbers or names (`C4` = 60). `channel` is 1–16 or `"any"` (the default).
    /// `tune.control` is `pitchBend` (`cents`: full deflection, `commitOnCentre`), `controller` or
    /// `controller14` (`controller`, `cents`: full travel) or `encoder` (`controller`, `encoding`:
    /// `twosComplement`, `binaryOffset` or `signMagnitude`, `centsPerStep`). Unknown fields are errors, so a
    /// typo does not pass silently.
    /// - Throws: ``ProfileError/invalid(path:field:problem:)`` naming `path` and the field.
    public init(json data: Data, name: String, path: String) throws(ProfileError) {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .invalid(path: path, field: nil, problem: .notJSON)
        }
        let reader = ProfileReader(path: path)
        self = try reader.profile(root, name: name)
    }

    /// The profile as JSON text in the documented format, keys in a fixed order.
    public var jsonText: String {
        var lines = ["{"]
        lines.append("  \"description\": \(Self.quoted(description)),")
        lines.append("  \"devices\": [\(devices.map(Self.quoted).joined(separator: ", "))],")
        lines.append("  \"actions\": [")
        lines.append(switches.map { "    " + Self.json($0) }.joined(separator: ",\n"))
        lines.append("  ]" + (tune == nil ? "" : ","))
        if let tune { lines.append("  \"tune\": " + Self.json(tune)) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(_ mapping: SwitchMapping) -> String {
        var fields: [String] = []
        switch mapping.response {
        case .action(let action): fields.append("\"action\": \"\(action.rawValue)\"")
        case .gesture(let short, let long):
            fields.append("\"gesture\": { \"short\": \"\(short.rawValue)\", \"long\": \"\(long.rawValue)\" }")
        }
        switch mapping.trigger {
        case .note(let note): fields.append("\"note\": \(note)")
        case .notes(let range):
            fields.append("\"notes\": { \"from\": \(range.lowerBound), \"to\": \(range.upperBound) }")
        case .controller(let controller): fields.append("\"controller\": \(controller)")
        case .program(let program): fields.append("\"program\": " + (program.map(String.init) ?? "\"any\""))
        }
        if let channel = mapping.channel { fields.append("\"channel\": \(channel + 1)") }
        let usual: PressRule = if case .controller = mapping.trigger { .controller } else { .note }
        if mapping.press.threshold != usual.threshold {
            fields.append("\"threshold\": \(mapping.press.threshold)")
        }
        if mapping.press.hysteresis != usual.hysteresis {
            fields.append("\"hysteresis\": \(mapping.press.hysteresis)")
        }
        if mapping.press.inverted { fields.append("\"inverted\": true") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    private static func json(_ tune: TuneMapping) -> String {
        var fields: [String] = []
        switch tune.control {
        case .pitchBend(let cents, let commitOnCentre):
            fields += [
                "\"control\": \"pitchBend\"", "\"cents\": \(number(cents))",
                "\"commitOnCentre\": \(commitOnCentre)",
            ]
        case .controller(let controller, let cents):
            fields += [
                "\"control\": \"controller\"", "\"controller\": \(controller)", "\"cents\": \(number(cents))",
            ]
        case .controller14(let controller, let cents):
            fields += [
                "\"control\": \"controller14\"", "\"controller\": \(controller)",
                "\"cents\": \(number(cents))",
            ]
        case .encoder(let controller, let encoding, let centsPerStep):
            fields += [
                "\"control\": \"encoder\"", "\"controller\": \(controller)",
                "\"encoding\": \"\(encoding.rawValue)\"",
                "\"centsPerStep\": \(number(centsPerStep))",
            ]
        }
        if let channel = tune.channel { fields.append("\"channel\": \(channel + 1)") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes  // `rawmidi:/dev/…`, not `rawmidi:\/dev\/…`
        let encoded = (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) }
        return encoded ?? "\"\""
    }
}

/// Reads the fields of a profile's JSON, naming the field of any error.
private struct ProfileReader {
    let path: String

    func fail(_ field: String?, _ problem: ProfileProblem) -> ProfileError {
        .invalid(path: path, field: field, problem: problem)
    }

    func object(
        _ value: JSONValue, _ field: String?, allowed: Set<String>
    ) throws(ProfileError) -> [String: JSONValue] {
        guard case .object(let object) = value else {
            throw fail(field, .wrongType(expected: .object, found: value.type))
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(field.map { "\($0).\(unknown)" } ?? unknown, .unknownField(known: allowed.sorted()))
        }
        return object
    }

    func string(_ value: JSONValue, _ field: String) throws(ProfileError) -> String {
        guard case .string(let text) = value else {
            throw fail(field, .wrongType(expected: .string, found: value.type))
        }
        return text
    }

    func number(
        _ value: JSONValue, _ field: String, in range: ClosedRange<Double>
    ) throws(ProfileError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw fail(field, .wrongType(expected: .number, found: value.type))
        }
        guard range.contains(number) else {
            throw fail(field, .outOfRange(number, allowed: range))
        }
        return number
    }

    func byte(
        _ value: JSONValue, _ field: String, in range: ClosedRange<Int> = 0...127
    ) throws(ProfileError) -> UInt8 {
        let number = try number(value, field, in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw fail(field, .notWholeNumber(number)) }
        return UInt8(number)
    }

    func note(_ value: JSONValue, _ field: String) throws(ProfileError) -> UInt8 {
        if case .string(let name) = value {
            guard let note = try? MIDINote(parsing: name) else {
                throw fail(field, .notNoteName(name))
            }
            return UInt8(note.rawValue)
        }
        return try byte(value, field)
    }

    func channel(_ value: JSONValue?, _ field: String) throws(ProfileError) -> UInt8? {
        guard let value else { return nil }
        if case .string(let text) = value, text.lowercased() == "any" { return nil }
        return try byte(value, field, in: 1...16) - 1
    }

    func action(_ value: JSONValue, _ field: String) throws(ProfileError) -> SwitchAction {
        let name = try string(value, field)
        guard let action = SwitchAction(rawValue: name) else {
            throw fail(field, .notOneOf(name, known: SwitchAction.allCases.map(\.rawValue)))
        }
        return action
    }

    func bool(_ value: JSONValue?, _ field: String) throws(ProfileError) -> Bool {
        guard let value else { return false }
        guard case .bool(let flag) = value else {
            throw fail(field, .wrongType(expected: .boolean, found: value.type))
        }
        return flag
    }

    func profile(_ root: JSONValue, name: String) throws(ProfileError) -> ControllerProfile {
        let object = try self.object(root, nil, allowed: ["description", "devices", "actions", "tune"])
        var description = ""
        if let value = object["description"] { description = try string(value, "description") }
        var devices: [String] = []
        if let value = object["devices"] {
            guard case .array(let items) = value else {
                throw fail("devices", .wrongType(expected: .list, found: value.type))
            }
            for (index, item) in items.enumerated() { devices.append(try string(item, "devices[\(index)]")) }
        }
        var switches: [SwitchMapping] = []
        if let value = object["actions"] {
            guard case .array(let items) = value else {
                throw fail("actions", .wrongType(expected: .list, found: value.type))
            }
            for (index, item) in items.enumerated() {
                switches.append(try mapping(item, "actions[\(index)]"))
            }
        }
        let tune = try object["tune"].map { value throws(ProfileError) in try self.tune(value, "tune") }
        guard !switches.isEmpty || tune != nil else {
            throw fail("actions", .mapsNothing)
        }
        return ControllerProfile(
            name: name, description: description, devices: devices, switches: switches, tune: tune)
    }

    func mapping(_ value: JSONValue, _ field: String) throws(ProfileError) -> SwitchMapping {
        let object = try self.object(
            value, field,
            allowed: [
                "action", "gesture", "note", "notes", "controller", "program", "channel", "threshold",
                "hysteresis",
                "inverted",
            ])
        let response: SwitchResponse
        switch (object["action"], object["gesture"]) {
        case (let action?, nil): response = .action(try self.action(action, "\(field).action"))
        case (nil, let gesture?):
            let gestureObject = try self.object(gesture, "\(field).gesture", allowed: ["short", "long"])
            guard let short = gestureObject["short"], let long = gestureObject["long"] else {
                throw fail("\(field).gesture", .needsBoth("short", "long"))
            }
            let shortAction = try action(short, "\(field).gesture.short")
            let longAction = try action(long, "\(field).gesture.long")
            guard shortAction != longAction else {
                throw fail("\(field).gesture", .sameGestureActions)
            }
            response = .gesture(short: shortAction, long: longAction)
        case (nil, nil): throw fail("\(field).action", .missing(alternatives: ["action", "gesture"]))
        case (.some, .some): throw fail(field, .conflicting("action", "gesture"))
        }
        let triggers = ["note", "notes", "controller", "program"].filter { object[$0] != nil }
        guard triggers.count == 1, let kind = triggers.first, let triggerValue = object[kind] else {
            throw fail(field, .needsExactlyOne(["note", "notes", "controller", "program"]))
        }
        let trigger: SwitchTrigger
        switch kind {
        case "note": trigger = .note(try note(triggerValue, "\(field).note"))
        case "notes":
            let range = try self.object(triggerValue, "\(field).notes", allowed: ["from", "to"])
            guard let from = range["from"], let to = range["to"] else {
                throw fail("\(field).notes", .needsBoth("from", "to"))
            }
            let low = try note(from, "\(field).notes.from")
            let high = try note(to, "\(field).notes.to")
            guard low <= high else { throw fail("\(field).notes", .fromAboveTo) }
            trigger = .notes(low...high)
        case "controller": trigger = .controller(try byte(triggerValue, "\(field).controller"))
        default:
            if case .string(let text) = triggerValue, text.lowercased() == "any" {
                trigger = .program(nil)
            } else {
                trigger = .program(try byte(triggerValue, "\(field).program"))
            }
            if case .gesture = response {
                throw fail("\(field).gesture", .gestureOnProgramChange)
            }
        }
        var press: PressRule = if case .controller = trigger { .controller } else { .note }
        if let threshold = object["threshold"] {
            press.threshold = try byte(threshold, "\(field).threshold", in: 1...127)
        }
        if let hysteresis = object["hysteresis"] {
            press.hysteresis = try byte(hysteresis, "\(field).hysteresis", in: 0...126)
        }
        press.inverted = try bool(object["inverted"], "\(field).inverted")
        return SwitchMapping(
            trigger, channel: try channel(object["channel"], "\(field).channel"), response: response,
            press: press)
    }

    func tune(_ value: JSONValue, _ field: String) throws(ProfileError) -> TuneMapping {
        let object = try self.object(
            value, field,
            allowed: [
                "control", "channel", "cents", "commitOnCentre", "controller", "encoding", "centsPerStep",
            ])
        guard let controlValue = object["control"] else {
            throw fail(
                "\(field).control",
                .missing(alternatives: ["pitchBend", "controller", "controller14", "encoder"]))
        }
        let control = try string(controlValue, "\(field).control")
        func required(_ key: String) throws(ProfileError) -> JSONValue {
            guard let value = object[key] else { throw fail("\(field).\(key)", .missing(alternatives: [])) }
            return value
        }
        func cents() throws(ProfileError) -> Double {
            try number(required("cents"), "\(field).cents", in: 1...2400)
        }
        let allowedByControl: [String: Set<String>] = [
            "pitchBend": ["control", "channel", "cents", "commitOnCentre"],
            "controller": ["control", "channel", "cents", "controller"],
            "controller14": ["control", "channel", "cents", "controller"],
            "encoder": ["control", "channel", "controller", "encoding", "centsPerStep"],
        ]
        guard let allowed = allowedByControl[control] else {
            throw fail(
                "\(field).control",
                .notOneOf(control, known: ["pitchBend", "controller", "controller14", "encoder"]))
        }
        if let extra = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail("\(field).\(extra)", .doesNotApply(control: control))
        }
        let tuneControl: TuneControl
        switch control {
        case "pitchBend":
            tuneControl = .pitchBend(
                cents: try cents(),
                commitOnCentre: try bool(object["commitOnCentre"], "\(field).commitOnCentre"))
        case "controller":
            tuneControl = .controller(
                try byte(required("controller"), "\(field).controller"), cents: try cents())
        case "controller14":
            tuneControl = .controller14(
                try byte(required("controller"), "\(field).controller", in: 0...31), cents: try cents())
        default:
            let encodingName = try string(required("encoding"), "\(field).encoding")
            guard let encoding = RelativeEncoding(rawValue: encodingName) else {
                throw fail(
                    "\(field).encoding",
                    .notOneOf(encodingName, known: RelativeEncoding.allCases.map(\.rawValue)))
            }
            tuneControl = .encoder(
                try byte(required("controller"), "\(field).controller"), encoding: encoding,
                centsPerStep: try number(required("centsPerStep"), "\(field).centsPerStep", in: 0.01...100))
        }
        return TuneMapping(tuneControl, channel: try channel(object["channel"], "\(field).channel"))
    }
}
