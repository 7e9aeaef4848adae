// MIDINotePlayer: the NotePlayer that plays an external synth over MIDI, tuned by pitch bend or MTS.

import PeachCore

/// Plays Peach's notes on an external synth (hardware, or FluidSynth) through a ``MIDIDestination``.
///
/// At creation it sets each channel up: the program if one was asked for, the bend range by RPN 0 (or the
/// MTS tuning program by RPN 4/3), bend at centre, expression at full. A note is the nearest key plus the
/// cent offset as 14-bit pitch bend (sent before the note-on, so the note starts in tune), or the key retuned
/// by MTS single-note tuning. Bends beyond the set range are clamped to it. Each note takes a channel of its
/// own while it sounds; when every channel is busy the oldest note is released. The gain in decibels goes to
/// expression (CC11) by the General MIDI volume curve.
///
/// ``silenceAll()`` is what every exit path calls: note-offs for sounding notes, then on each of its channels all
/// notes off (CC123) and bend to centre, and all notes off on the timing clicks' channel 10. At creation the
/// same channels get all sound off and all notes off first, for what a killed Peach left on.
@MainActor
public final class MIDINotePlayer: NotePlayer {
    /// The set-up.
    public let configuration: MIDISynthConfiguration
    /// Where the messages go.
    public let destination: any MIDIDestination

    private var sounding: [MIDIPlaybackHandle] = []
    private var nextChannel = 0
    private var expression: [UInt8: UInt8] = [:]
    /// Whether the keys' channel may be bent (a tuned note used it since a key last did).
    private var keysChannelBent = false

    /// Sets up the synth's channels and returns the player.
    /// - Throws: the destination's error when it cannot be written.
    public init(destination: any MIDIDestination, configuration: MIDISynthConfiguration) throws {
        self.destination = destination
        self.configuration = configuration
        var setup: [MIDIMessage] = []
        // First silence what an earlier Peach may have left sounding (after kill -9 nobody could): its notes'
        // channels and the timing clicks' percussion channel.
        for channel in Self.channelsToSilence(configuration) where !configuration.channels.contains(channel) {
            setup += [
                .controlChange(channel: channel, controller: 120, value: 0),
                .controlChange(channel: channel, controller: 123, value: 0),
            ]
        }
        for channel in configuration.channels {
            setup += [
                .controlChange(channel: channel, controller: 120, value: 0),
                .controlChange(channel: channel, controller: 123, value: 0),
            ]
            if let program = configuration.program {
                setup.append(.programChange(channel: channel, program: program))
            }
            switch configuration.tuning {
            case .pitchBend:
                setup += MIDITuningMessages.bendRange(
                    channel: channel, semitones: configuration.bendRangeSemitones)
            case .tuningStandard(let program):
                setup += MIDITuningMessages.selectTuning(channel: channel, program: program)
            }
            setup += [
                .pitchBend(channel: channel, value: 0),
                .controlChange(channel: channel, controller: 11, value: 127),
            ]
            expression[channel] = 127
        }
        try destination.send(setup)
    }

    /// Starts a note on the next free channel.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) throws -> any PlaybackHandle {
        let channel = try freeChannel()
        let key = UInt8(min(max(MIDITuningMessages.fractionalKey(of: frequency).rounded(), 0), 127))
        var messages: [MIDIMessage] = []
        let level = MIDITuningMessages.expression(for: amplitude)
        if expression[channel] != level {
            messages.append(.controlChange(channel: channel, controller: 11, value: level))
            expression[channel] = level
        }
        messages.append(tuningMessage(channel: channel, key: key, frequency: frequency))
        messages.append(.noteOn(channel: channel, note: key, velocity: velocity.rawValue))
        try destination.send(messages)
        if channel == keysChannel { keysChannelBent = true }
        let handle = MIDIPlaybackHandle(player: self, channel: channel, key: key)
        sounding.append(handle)
        return handle
    }

    /// The channel play-back's keys go to: the first of the set-up.
    public var keysChannel: UInt8 { configuration.channels.first ?? 0 }

    /// Plays `note` as the key itself, struck at `velocity`, on ``keysChannel`` (chords share it): the synth's
    /// own tuning and velocity curve, expression at full. After a tuned note used the channel, its bend goes back
    /// to centre (or, with MTS, the key gets its equal-tempered tuning on A4 = 440 Hz) first.
    public func playKey(
        _ note: MIDINote, velocity: MIDIVelocity, referencePitch: Frequency, gain: AmplitudeDB
    ) throws -> any PlaybackHandle {
        let channel = keysChannel
        let key = UInt8(note.rawValue)
        var messages: [MIDIMessage] = []
        if expression[channel] != 127 {
            messages.append(.controlChange(channel: channel, controller: 11, value: 127))
            expression[channel] = 127
        }
        switch configuration.tuning {
        case .pitchBend:
            if keysChannelBent { messages.append(.pitchBend(channel: channel, value: 0)) }
        case .tuningStandard(let program):
            messages.append(
                MIDITuningMessages.singleNoteTuning(key: key, frequency: note.frequency(), program: program))
        }
        keysChannelBent = false
        messages.append(.noteOn(channel: channel, note: key, velocity: velocity.rawValue))
        try destination.send(messages)
        let handle = MIDIPlaybackHandle(player: self, channel: channel, key: key)
        sounding.append(handle)
        return handle
    }

    /// Releases every sounding note and resets each of its channels: note-offs, all notes off (CC123), bend centre.
    /// - Throws: the destination's error (the notes count as released anyway).
    public func silenceAll() throws {
        var messages = sounding.map { MIDIMessage.noteOff(channel: $0.channel, note: $0.key, velocity: 0) }
        for handle in sounding { handle.isStopped = true }
        sounding.removeAll()
        for channel in configuration.channels {
            messages += [
                .controlChange(channel: channel, controller: 123, value: 0),
                .pitchBend(channel: channel, value: 0),
            ]
        }
        for channel in Self.channelsToSilence(configuration) where !configuration.channels.contains(channel) {
            messages.append(.controlChange(channel: channel, controller: 123, value: 0))
        }
        try destination.send(messages)
    }

    /// Every channel a Peach with `configuration` may leave sounding: its notes' and the timing clicks'
    /// (``MIDIClickPlayer/channel``).
    static func channelsToSilence(_ configuration: MIDISynthConfiguration) -> [UInt8] {
        configuration.channels
            + (configuration.channels.contains(MIDIClickPlayer.channel) ? [] : [MIDIClickPlayer.channel])
    }

    /// The message that puts `key` on `channel` at `frequency`.
    private func tuningMessage(channel: UInt8, key: UInt8, frequency: Frequency) -> MIDIMessage {
        switch configuration.tuning {
        case .pitchBend:
            let cents = (MIDITuningMessages.fractionalKey(of: frequency) - Double(key)) * 100
            return .pitchBend(
                channel: channel,
                value: MIDITuningMessages.bendValue(cents: cents, semitones: configuration.bendRangeSemitones)
            )
        case .tuningStandard(let program):
            return MIDITuningMessages.singleNoteTuning(key: key, frequency: frequency, program: program)
        }
    }

    /// The next channel in rotation with nothing sounding; when all are busy, the oldest note is released.
    private func freeChannel() throws -> UInt8 {
        let channels = configuration.channels
        for offset in 0..<channels.count {
            let channel = channels[(nextChannel + offset) % channels.count]
            if !sounding.contains(where: { $0.channel == channel }) {
                nextChannel = (nextChannel + offset + 1) % channels.count
                return channel
            }
        }
        let oldest = sounding[0]
        try release(oldest)
        nextChannel = ((channels.firstIndex(of: oldest.channel) ?? 0) + 1) % channels.count
        return oldest.channel
    }

    fileprivate func release(_ handle: MIDIPlaybackHandle) throws {
        guard !handle.isStopped else { return }
        handle.isStopped = true
        sounding.removeAll { $0 === handle }
        try destination.send([.noteOff(channel: handle.channel, note: handle.key, velocity: 0)])
    }

    fileprivate func retune(_ handle: MIDIPlaybackHandle, to frequency: Frequency) throws {
        guard !handle.isStopped else { return }
        try destination.send([tuningMessage(channel: handle.channel, key: handle.key, frequency: frequency)])
    }
}

/// A note sounding on the external synth.
@MainActor
private final class MIDIPlaybackHandle: PlaybackHandle {
    weak var player: MIDINotePlayer?
    let channel: UInt8
    let key: UInt8
    var isStopped = false

    init(player: MIDINotePlayer, channel: UInt8, key: UInt8) {
        self.player = player
        self.channel = channel
        self.key = key
    }

    func stop() throws { try player?.release(self) }

    func adjustFrequency(_ frequency: Frequency) throws { try player?.retune(self, to: frequency) }
}
