// AudioOutputSpec: where the internal synth plays, as the user writes it: alsa:DEVICE, jack:, wav:PATH or null.

/// Where the internal synth plays: `alsa:DEVICE` (e.g. `alsa:default`, `alsa:hw:1,0`), `jack:` (Peach's own
/// client of the running JACK server, its ports connected to the sound card's, or `jack:CLIENT` to another
/// client's), `wav:PATH` (a WAV file written in real time) or `null` (nothing, in real time).
public enum AudioOutputSpec: Hashable, Sendable, CustomStringConvertible {
    /// An ALSA PCM device by its ALSA name (`default`, `hw:1,0`, `plughw:CARD=Device`, …).
    case alsa(device: String)
    /// A client of the JACK server, connected to `target`'s input ports (nil: the sound card's).
    case jack(target: String?)
    /// A WAV file at this path.
    case wav(path: String)
    /// Discards the sound.
    case null

    /// Why a text is not an output.
    public struct ParseError: Error, Hashable, Sendable {
        /// The text as given.
        public let text: String
    }

    /// Reads `alsa:DEVICE`, `jack` (or `jack:`), `jack:CLIENT`, `wav:PATH` or `null`.
    /// - Throws: ``ParseError`` for anything else (including an empty device or path).
    public init(parsing text: String) throws(ParseError) {
        if text == "null" {
            self = .null
        } else if text.hasPrefix("alsa:"), text.count > 5 {
            self = .alsa(device: String(text.dropFirst(5)))
        } else if text == "jack" || text.hasPrefix("jack:") {
            self = .jack(target: text.count > 5 ? String(text.dropFirst(5)) : nil)
        } else if text.hasPrefix("wav:"), text.count > 4 {
            self = .wav(path: String(text.dropFirst(4)))
        } else {
            throw ParseError(text: text)
        }
    }

    /// The WAV file's path, for `wav:PATH`.
    public var wavPath: String? {
        if case .wav(let path) = self { return path }
        return nil
    }

    /// The text form, as ``init(parsing:)`` reads it.
    public var description: String {
        switch self {
        case .alsa(let device): "alsa:\(device)"
        case .jack(let target): target.map { "jack:" + $0 } ?? "jack"
        case .wav(let path): "wav:\(path)"
        case .null: "null"
        }
    }
}
