// MonitorFormat: the lines `peach monitor` prints, as text in the user's language or as JSON Lines.

import PeachMIDI
import PeachTraining

/// How `peach monitor` writes what arrives: a line of text (in `texts`' language) or a JSON object per line.
public struct MonitorFormat: Sendable {
    /// The language of the text lines.
    public let texts: Texts
    /// JSON Lines instead of text.
    public let json: Bool

    /// A format in `texts`' language, or JSON Lines.
    public init(texts: Texts, json: Bool) {
        self.texts = texts
        self.json = json
    }

    /// A MIDI event and the actions the profile makes of it, `time` seconds after the start.
    public func line(_ event: MIDIEvent, actions: [ControllerAction], time: Double) -> String {
        json
            ? MIDIText.line(MonitorLine(event, actions: actions, time: time))
            : texts.monitorLine(event, actions: actions, time: time)
    }

    /// A controller that connected or went away.
    public func line(port: MIDIPortInfo, connected: Bool) -> String {
        json
            ? MIDIText.line(MonitorLine(connected ? "connected" : "disconnected", port: port))
            : texts.monitorPort(port, connected: connected)
    }

    /// A key at the terminal, `time` seconds after the start.
    public func line(_ key: KeyboardKey, time: Double) -> String {
        json ? MIDIText.line(MonitorLine(key, time: time)) : texts.monitorLine(key, time: time)
    }

    /// The input ended: a JSON line saying so, nothing in text.
    public var ended: String? {
        guard json else { return nil }
        var line = MonitorLine()
        line.event = "ended"
        return MIDIText.line(line)
    }
}
