// RecordingMIDIDestination: a MIDI destination that keeps what was sent, and can fail on demand.

import PeachMIDI

/// A ``MIDIDestination`` that records every message, for byte-exact tests of the external-synth player.
public final class RecordingMIDIDestination: MIDIDestination {
    /// `recording`.
    public let name = "recording"
    /// Every message sent, in order.
    public private(set) var messages: [MIDIMessage] = []
    /// When set, `send` throws this.
    public var failure: (any Error)?

    /// An empty recording.
    public init() {}

    /// The bytes of everything sent.
    public var bytes: [UInt8] { messages.flatMap(\.bytes) }

    /// Records the messages, or throws ``failure``.
    public func send(_ messages: [MIDIMessage]) throws {
        if let failure { throw failure }
        self.messages += messages
    }

    /// Forgets what was recorded.
    public func clear() { messages.removeAll() }
}
