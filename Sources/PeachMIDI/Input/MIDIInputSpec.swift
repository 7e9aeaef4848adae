// MIDIInputSpec: the value of --midi-in: the sequencer (all controllers, one port, a name), raw bytes, keyboard.

import Foundation
import PeachSystem

/// Where MIDI input comes from, as `--midi-in` names it.
public enum MIDIInputSpec: Hashable, Sendable, CustomStringConvertible {
    /// The ALSA sequencer.
    case sequencer(ControllerSelection)
    /// Raw MIDI bytes from a device, FIFO, file or stdin (`-`).
    case raw(path: String)
    /// A client of the JACK server, connected to the physical MIDI sources (or to those whose names contain
    /// `target`).
    case jack(target: String?)
    /// Only the terminal keyboard.
    case keyboard

    /// Reads `seq`, `seq:CLIENT:PORT`, `seq:NAME`, `jack:`, `jack:NAME`, `rawmidi:PATH`, `keyboard`, a path (anything with a `/`, an
    /// existing file's name such as `notes.mid`, or `-` for stdin: raw bytes), or a bare client name.
    /// `fileExists` says whether a name is a file here (the file system by default; a test's fake).
    public init?(
        parsing text: String, fileExists: (String) -> Bool = { FileSystem.status($0) != nil }
    ) {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value == "seq" {
            self = .sequencer(.controllers)
        } else if value.hasPrefix("seq:") {
            let rest = String(value.dropFirst(4))
            guard !rest.isEmpty else { return nil }
            self = .sequencer(Self.selection(rest))
        } else if value == "jack" || value.hasPrefix("jack:") {
            self = .jack(target: value.count > 5 ? String(value.dropFirst(5)) : nil)
        } else if value.hasPrefix("rawmidi:") {
            let path = String(value.dropFirst(8))
            guard !path.isEmpty else { return nil }
            self = .raw(path: path)
        } else if value == "-" || value.contains("/") || (value != "keyboard" && fileExists(value)) {
            self = .raw(path: value)  // a path (a FIFO, a file, /dev/snd/midiC1D0) is raw MIDI bytes
        } else if value == "keyboard" {
            self = .keyboard
        } else if value.isEmpty {
            return nil
        } else {
            self = .sequencer(Self.selection(value))
        }
    }

    /// `CLIENT:PORT` as an address, anything else as a name.
    private static func selection(_ text: String) -> ControllerSelection {
        MIDIAddress(parsing: text).map(ControllerSelection.address) ?? .named(text)
    }

    /// The text form, as the option takes it.
    public var description: String {
        switch self {
        case .sequencer(let selection): selection.description
        case .raw(let path): "rawmidi:\(path)"
        case .jack(let target): target.map { "jack:" + $0 } ?? "jack"
        case .keyboard: "keyboard"
        }
    }
}
