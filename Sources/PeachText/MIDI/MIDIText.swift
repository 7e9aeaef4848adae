// MIDIText: how `peach monitor` and `peach learn` show MIDI messages and actions, as text and as JSON.

import Foundation
import PeachCore
import PeachMIDI
import PeachTraining

/// Words and JSON for MIDI messages and controller actions. Channels are shown 1–16.
public enum MIDIText {
    /// `note-on  ch 1  C4 (60)  velocity 100`, the note named in `naming` (`H3 (59)` in German).
    public static func summary(_ message: MIDIMessage, naming: NoteNaming = .english) -> String {
        func note(_ number: UInt8) -> String {
            "\(naming.name(of: MIDINote(clamping: Int(number)))) (\(number))"
        }
        switch message {
        case .noteOn(let channel, let number, let velocity):
            return "note-on         ch \(channel + 1)  \(note(number))  velocity \(velocity)"
        case .noteOff(let channel, let number, let velocity):
            return "note-off        ch \(channel + 1)  \(note(number))  velocity \(velocity)"
        case .polyphonicKeyPressure(let channel, let number, let pressure):
            return "key pressure    ch \(channel + 1)  \(note(number))  pressure \(pressure)"
        case .controlChange(let channel, let controller, let value):
            return "control change  ch \(channel + 1)  CC\(controller)  value \(value)"
        case .programChange(let channel, let program):
            return "program change  ch \(channel + 1)  program \(program)"
        case .channelPressure(let channel, let pressure):
            return "channel press.  ch \(channel + 1)  pressure \(pressure)"
        case .pitchBend(let channel, let value):
            return "pitch bend      ch \(channel + 1)  \(value)"
        case .systemExclusive(let payload):
            let shown = payload.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
            return "sysex           \(payload.count) bytes: F0 \(shown)\(payload.count > 8 ? " …" : "") F7"
        case .timeCodeQuarterFrame(let value): return "MTC quarter frame \(value)"
        case .songPosition(let beats): return "song position   \(beats)"
        case .songSelect(let song): return "song select     \(song)"
        case .tuneRequest: return "tune request"
        case .realTime(let realTime): return "real-time       \(realTime)"
        }
    }

    /// `higher`, `tune +1.2 cents`.
    public static func summary(_ action: ControllerAction) -> String {
        switch action {
        case .press(let action, _): action.rawValue
        case .tune(let cents, _): "tune \(cents.formatted(decimals: 2)) cents"
        }
    }

    /// One JSON line of `peach monitor --json` (keys sorted, so the output is stable).
    public static func line(_ line: MonitorLine) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// One line of `peach monitor --json`: an event with its actions, a key, or a port connecting or going away.
public struct MonitorLine: Encodable, Sendable {
    /// `connected`, `disconnected` or `ended`; absent for MIDI events and keys.
    public var event: String?
    /// Seconds since the monitor started.
    public var time: Double?
    /// The source port (`20:0`), `raw` or `keyboard`.
    public var source: String?
    /// The MIDI message.
    public var message: MessageJSON?
    /// SysEx: the message's length in bytes.
    public var bytes: Int?
    /// The key typed.
    public var key: String?
    /// What the profile makes of it.
    public var actions: [ActionJSON]?
    /// The port (connected / disconnected).
    public var port: String?
    /// The port's client name.
    public var client: String?
    /// The port's name.
    public var name: String?

    /// An empty line to fill in.
    public init() {}

    /// A MIDI event at `time` from `source` with its actions.
    public init(_ event: MIDIEvent, actions: [ControllerAction], time: Double) {
        self.time = (time * 1000).rounded() / 1000
        source = event.source?.description ?? "raw"
        message = MessageJSON(event.message)
        if case .systemExclusive = event.message { bytes = event.message.bytes.count }
        self.actions = actions.map(ActionJSON.init)
    }

    /// A key typed at `time`.
    public init(_ key: KeyboardKey, time: Double) {
        self.time = (time * 1000).rounded() / 1000
        source = "keyboard"
        self.key = key.name
        actions = key.actions.map(ActionJSON.init)
    }

    /// A port that connected or went away (`event`).
    public init(_ event: String, port info: MIDIPortInfo) {
        self.event = event
        port = info.address.description
        client = info.clientName
        name = info.portName
    }
}

/// A MIDI message as JSON: `type` and the fields of that type (channels 1–16).
public struct MessageJSON: Encodable, Sendable {
    /// `noteOn`, `controlChange`, `pitchBend`, `sysex`, …
    public var type: String
    /// The channel, 1–16.
    public var channel: Int?
    /// The note number.
    public var note: Int?
    /// The velocity.
    public var velocity: Int?
    /// The pressure.
    public var pressure: Int?
    /// The controller number.
    public var controller: Int?
    /// A value (controller, bend, quarter frame).
    public var value: Int?
    /// The program.
    public var program: Int?
    /// SysEx payload bytes.
    public var bytes: [Int]?
    /// Song position in beats.
    public var beats: Int?
    /// Song number.
    public var song: Int?

    /// The JSON form of `message`.
    public init(_ message: MIDIMessage) {
        switch message {
        case .noteOn(let channel, let note, let velocity):
            type = "noteOn"
            (self.channel, self.note, self.velocity) = (Int(channel) + 1, Int(note), Int(velocity))
        case .noteOff(let channel, let note, let velocity):
            type = "noteOff"
            (self.channel, self.note, self.velocity) = (Int(channel) + 1, Int(note), Int(velocity))
        case .polyphonicKeyPressure(let channel, let note, let pressure):
            type = "keyPressure"
            (self.channel, self.note, self.pressure) = (Int(channel) + 1, Int(note), Int(pressure))
        case .controlChange(let channel, let controller, let value):
            type = "controlChange"
            (self.channel, self.controller, self.value) = (Int(channel) + 1, Int(controller), Int(value))
        case .programChange(let channel, let program):
            type = "programChange"
            (self.channel, self.program) = (Int(channel) + 1, Int(program))
        case .channelPressure(let channel, let pressure):
            type = "channelPressure"
            (self.channel, self.pressure) = (Int(channel) + 1, Int(pressure))
        case .pitchBend(let channel, let value):
            type = "pitchBend"
            (self.channel, self.value) = (Int(channel) + 1, Int(value))
        case .systemExclusive(let payload):
            type = "sysex"
            bytes = payload.map(Int.init)
        case .timeCodeQuarterFrame(let value):
            type = "quarterFrame"
            self.value = Int(value)
        case .songPosition(let beats):
            type = "songPosition"
            self.beats = Int(beats)
        case .songSelect(let song):
            type = "songSelect"
            self.song = Int(song)
        case .tuneRequest: type = "tuneRequest"
        case .realTime(let realTime): type = "\(realTime)"
        }
    }
}

/// A controller action as JSON: `action`, `input`, and `cents` for tune.
public struct ActionJSON: Encodable, Sendable {
    /// The action's name (`tune` for the continuous control).
    public var action: String
    /// The kind of input.
    public var input: String
    /// For tune: the move in cents, to 0.001.
    public var cents: Double?

    /// The JSON form of `action`.
    public init(_ action: ControllerAction) {
        switch action {
        case .press(let switchAction, let kind):
            self.action = switchAction.rawValue
            input = kind.rawValue
        case .tune(let delta, let kind):
            self.action = "tune"
            input = kind.rawValue
            cents = (delta.rawValue * 1000).rounded() / 1000
        }
    }
}
