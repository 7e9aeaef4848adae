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
    /// - Throws: ``ProfileError/invalid(path:field:reason:)`` naming `path` and the field.
    public init(json data: Data, name: String, path: String) throws(ProfileError) {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .invalid(path: path, field: nil, reason: "not valid JSON")
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
        let encoded = (try? JSONEncoder().encode(text)).flatMap { String(data: $0, encoding: .utf8) }
        return encoded ?? "\"\""
    }
}

/// Reads the fields of a profile's JSON, naming the field of any error.
private struct ProfileReader {
    let path: String

    func fail(_ field: String?, _ reason: String) -> ProfileError {
        .invalid(path: path, field: field, reason: reason)
    }

    func object(
        _ value: JSONValue, _ field: String?, allowed: Set<String>
    ) throws(ProfileError) -> [String: JSONValue] {
        guard case .object(let object) = value else {
            throw fail(field, "must be an object, not \(value.typeName)")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            let known = allowed.sorted().joined(separator: ", ")
            throw fail(field.map { "\($0).\(unknown)" } ?? unknown, "is not a known field (known: \(known))")
        }
        return object
    }

    func string(_ value: JSONValue, _ field: String) throws(ProfileError) -> String {
        guard case .string(let text) = value else {
            throw fail(field, "must be a string, not \(value.typeName)")
        }
        return text
    }

    func number(
        _ value: JSONValue, _ field: String, in range: ClosedRange<Double>
    ) throws(ProfileError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw fail(field, "must be a number, not \(value.typeName)")
        }
        guard range.contains(number) else {
            throw fail(
                field,
                "must be \(Self.text(range.lowerBound))–\(Self.text(range.upperBound)), not \(Self.text(number))"
            )
        }
        return number
    }

    func byte(
        _ value: JSONValue, _ field: String, in range: ClosedRange<Int> = 0...127
    ) throws(ProfileError) -> UInt8 {
        let number = try number(value, field, in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw fail(field, "must be a whole number, not \(number)") }
        return UInt8(number)
    }

    func note(_ value: JSONValue, _ field: String) throws(ProfileError) -> UInt8 {
        if case .string(let name) = value {
            guard let note = try? MIDINote(parsing: name) else {
                throw fail(field, "'\(name)' is not a note name such as C4 or F#2, nor a MIDI number 0–127")
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
            let known = SwitchAction.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(field, "'\(name)' is not an action (\(known))")
        }
        return action
    }

    func bool(_ value: JSONValue?, _ field: String) throws(ProfileError) -> Bool {
        guard let value else { return false }
        guard case .bool(let flag) = value else {
            throw fail(field, "must be true or false, not \(value.typeName)")
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
                throw fail("devices", "must be a list of name patterns")
            }
            for (index, item) in items.enumerated() { devices.append(try string(item, "devices[\(index)]")) }
        }
        var switches: [SwitchMapping] = []
        if let value = object["actions"] {
            guard case .array(let items) = value else { throw fail("actions", "must be a list of actions") }
            for (index, item) in items.enumerated() {
                switches.append(try mapping(item, "actions[\(index)]"))
            }
        }
        let tune = try object["tune"].map { value throws(ProfileError) in try self.tune(value, "tune") }
        guard !switches.isEmpty || tune != nil else {
            throw fail("actions", "the profile maps nothing; give at least one action or a tune control")
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
                throw fail("\(field).gesture", "needs both \"short\" and \"long\"")
            }
            let shortAction = try action(short, "\(field).gesture.short")
            let longAction = try action(long, "\(field).gesture.long")
            guard shortAction != longAction else {
                throw fail("\(field).gesture", "short and long must be different actions")
            }
            response = .gesture(short: shortAction, long: longAction)
        case (nil, nil): throw fail(field, "needs \"action\" (or \"gesture\" for a single footswitch)")
        case (.some, .some): throw fail(field, "has both \"action\" and \"gesture\"; keep one")
        }
        let triggers = ["note", "notes", "controller", "program"].filter { object[$0] != nil }
        guard triggers.count == 1, let kind = triggers.first, let triggerValue = object[kind] else {
            throw fail(field, "needs exactly one of \"note\", \"notes\", \"controller\", \"program\"")
        }
        let trigger: SwitchTrigger
        switch kind {
        case "note": trigger = .note(try note(triggerValue, "\(field).note"))
        case "notes":
            let range = try self.object(triggerValue, "\(field).notes", allowed: ["from", "to"])
            guard let from = range["from"], let to = range["to"] else {
                throw fail("\(field).notes", "needs \"from\" and \"to\"")
            }
            let low = try note(from, "\(field).notes.from")
            let high = try note(to, "\(field).notes.to")
            guard low <= high else { throw fail("\(field).notes", "\"from\" must not be above \"to\"") }
            trigger = .notes(low...high)
        case "controller": trigger = .controller(try byte(triggerValue, "\(field).controller"))
        default:
            if case .string(let text) = triggerValue, text.lowercased() == "any" {
                trigger = .program(nil)
            } else {
                trigger = .program(try byte(triggerValue, "\(field).program"))
            }
            if case .gesture = response {
                throw fail("\(field).gesture", "a program change has no release, so it cannot make a gesture")
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
            throw fail("\(field).control", "is missing (pitchBend, controller, controller14 or encoder)")
        }
        let control = try string(controlValue, "\(field).control")
        func required(_ key: String) throws(ProfileError) -> JSONValue {
            guard let value = object[key] else { throw fail("\(field).\(key)", "is missing") }
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
                "\(field).control", "'\(control)' is not pitchBend, controller, controller14 or encoder")
        }
        if let extra = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail("\(field).\(extra)", "does not apply to a \(control) control")
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
                let known = RelativeEncoding.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("\(field).encoding", "'\(encodingName)' is not one of \(known)")
            }
            tuneControl = .encoder(
                try byte(required("controller"), "\(field).controller"), encoding: encoding,
                centsPerStep: try number(required("centsPerStep"), "\(field).centsPerStep", in: 0.01...100))
        }
        return TuneMapping(tuneControl, channel: try channel(object["channel"], "\(field).channel"))
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
