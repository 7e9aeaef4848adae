// MIDIText: how `peach monitor` and `peach learn` show MIDI messages and actions, as text and as JSON.

import Foundation
import PeachCore
import PeachMIDI

/// Words and JSON for MIDI messages and controller actions. Channels are shown 1–16.
enum MIDIText {
    /// `note-on  ch 1  C4 (60)  velocity 100`.
    static func summary(_ message: MIDIMessage) -> String {
        func note(_ number: UInt8) -> String { "\(MIDINote(clamping: Int(number)).name) (\(number))" }
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
    static func summary(_ action: ControllerAction) -> String {
        switch action {
        case .press(let action, _): action.rawValue
        case .tune(let cents, _): "tune \(cents.formatted(decimals: 2)) cents"
        }
    }

    /// The message as a JSON object.
    static func json(_ message: MIDIMessage) -> [String: Any] {
        switch message {
        case .noteOn(let channel, let note, let velocity):
            ["type": "noteOn", "channel": Int(channel) + 1, "note": Int(note), "velocity": Int(velocity)]
        case .noteOff(let channel, let note, let velocity):
            ["type": "noteOff", "channel": Int(channel) + 1, "note": Int(note), "velocity": Int(velocity)]
        case .polyphonicKeyPressure(let channel, let note, let pressure):
            [
                "type": "keyPressure", "channel": Int(channel) + 1, "note": Int(note),
                "pressure": Int(pressure),
            ]
        case .controlChange(let channel, let controller, let value):
            [
                "type": "controlChange", "channel": Int(channel) + 1, "controller": Int(controller),
                "value": Int(value),
            ]
        case .programChange(let channel, let program):
            ["type": "programChange", "channel": Int(channel) + 1, "program": Int(program)]
        case .channelPressure(let channel, let pressure):
            ["type": "channelPressure", "channel": Int(channel) + 1, "pressure": Int(pressure)]
        case .pitchBend(let channel, let value):
            ["type": "pitchBend", "channel": Int(channel) + 1, "value": Int(value)]
        case .systemExclusive(let payload): ["type": "sysex", "bytes": payload.map(Int.init)]
        case .timeCodeQuarterFrame(let value): ["type": "quarterFrame", "value": Int(value)]
        case .songPosition(let beats): ["type": "songPosition", "beats": Int(beats)]
        case .songSelect(let song): ["type": "songSelect", "song": Int(song)]
        case .tuneRequest: ["type": "tuneRequest"]
        case .realTime(let realTime): ["type": "\(realTime)"]
        }
    }

    /// The action as a JSON object.
    static func json(_ action: ControllerAction) -> [String: Any] {
        switch action {
        case .press(let action, let input): ["action": action.rawValue, "input": input.rawValue]
        case .tune(let cents, let input):
            ["action": "tune", "cents": (cents.rawValue * 1000).rounded() / 1000, "input": input.rawValue]
        }
    }

    /// The port as a JSON object.
    static func json(_ port: MIDIPortInfo) -> [String: Any] {
        ["port": port.address.description, "client": port.clientName, "name": port.portName]
    }

    /// One JSON line (keys sorted, so the output is stable).
    static func line(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text
    }
}
