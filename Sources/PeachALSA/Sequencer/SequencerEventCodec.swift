// SequencerEventCodec: converts ALSA sequencer events to Peach's MIDIMessage and back, at the edge.

import CALSA
import PeachMIDI

/// Converts between `snd_seq_event_t` and ``MIDIMessage``. Sequencer clients get events already parsed;
/// a note-on with velocity 0 becomes a note-off, and SysEx that arrives in pieces is put back together.
struct SequencerEventCodec {
    private var sysEx: [UInt8]?

    /// The event's type constant as the event's `type` byte.
    static func type(_ constant: snd_seq_event_type) -> UInt8 { UInt8(truncatingIfNeeded: constant.rawValue) }

    /// The MIDI message an event carries, or nil for events that are not MIDI (or an unfinished SysEx).
    mutating func message(from event: snd_seq_event_t) -> MIDIMessage? {
        let data = event.data
        let note = data.note
        let control = data.control
        let channel = note.channel & 0x0F
        switch event.type {
        case Self.type(SND_SEQ_EVENT_NOTEON):
            return note.velocity == 0
                ? .noteOff(channel: channel, note: note.note & 0x7F, velocity: 0)
                : .noteOn(channel: channel, note: note.note & 0x7F, velocity: note.velocity & 0x7F)
        case Self.type(SND_SEQ_EVENT_NOTEOFF):
            // A note-off's release velocity travels in `velocity` (`off_velocity` belongs to NOTE events).
            return .noteOff(channel: channel, note: note.note & 0x7F, velocity: note.velocity & 0x7F)
        case Self.type(SND_SEQ_EVENT_KEYPRESS):
            return .polyphonicKeyPressure(
                channel: channel, note: note.note & 0x7F, pressure: note.velocity & 0x7F)
        case Self.type(SND_SEQ_EVENT_CONTROLLER):
            return .controlChange(
                channel: control.channel & 0x0F, controller: UInt8(truncatingIfNeeded: control.param & 0x7F),
                value: Self.seven(control.value))
        case Self.type(SND_SEQ_EVENT_PGMCHANGE):
            return .programChange(channel: control.channel & 0x0F, program: Self.seven(control.value))
        case Self.type(SND_SEQ_EVENT_CHANPRESS):
            return .channelPressure(channel: control.channel & 0x0F, pressure: Self.seven(control.value))
        case Self.type(SND_SEQ_EVENT_PITCHBEND):
            return .pitchBend(
                channel: control.channel & 0x0F, value: Int16(min(max(control.value, -8192), 8191)))
        case Self.type(SND_SEQ_EVENT_QFRAME):
            return .timeCodeQuarterFrame(Self.seven(control.value))
        case Self.type(SND_SEQ_EVENT_SONGPOS):
            return .songPosition(UInt16(min(max(control.value, 0), 16383)))
        case Self.type(SND_SEQ_EVENT_SONGSEL):
            return .songSelect(Self.seven(control.value))
        case Self.type(SND_SEQ_EVENT_TUNE_REQUEST): return .tuneRequest
        case Self.type(SND_SEQ_EVENT_CLOCK): return .realTime(.timingClock)
        case Self.type(SND_SEQ_EVENT_START): return .realTime(.start)
        case Self.type(SND_SEQ_EVENT_CONTINUE): return .realTime(.continue)
        case Self.type(SND_SEQ_EVENT_STOP): return .realTime(.stop)
        case Self.type(SND_SEQ_EVENT_SENSING): return .realTime(.activeSensing)
        case Self.type(SND_SEQ_EVENT_RESET): return .realTime(.systemReset)
        case Self.type(SND_SEQ_EVENT_SYSEX):
            let ext = data.ext
            guard let pointer = ext.ptr, ext.len > 0 else { return nil }
            let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: Int(ext.len)))
            return collectSysEx(bytes)
        default:
            return nil
        }
    }

    /// Puts SysEx pieces together: a piece starting with F0 starts a message, one ending with F7 ends it.
    private mutating func collectSysEx(_ bytes: [UInt8]) -> MIDIMessage? {
        var piece = bytes[...]
        if piece.first == 0xF0 {
            sysEx = []
            piece = piece.dropFirst()
        }
        guard sysEx != nil else { return nil }
        let ends = piece.last == 0xF7
        if ends { piece = piece.dropLast() }
        sysEx?.append(contentsOf: piece.map { $0 & 0x7F })
        if (sysEx?.count ?? 0) > 1 << 20 { sysEx = nil }
        guard ends, let payload = sysEx else { return nil }
        sysEx = nil
        return .systemExclusive(payload)
    }

    private static func seven(_ value: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(max(value, 0), 127)) }

    /// Fills `event` with `message` (everything but addressing). SysEx is not handled here (it needs a
    /// buffer that outlives the call): the caller sets it with `peach_seq_ev_set_sysex`.
    static func fill(_ event: inout snd_seq_event_t, with message: MIDIMessage) {
        switch message {
        case .noteOn(let channel, let note, let velocity):
            peach_seq_ev_set_noteon(&event, Int32(channel & 0x0F), Int32(note & 0x7F), Int32(velocity & 0x7F))
        case .noteOff(let channel, let note, let velocity):
            peach_seq_ev_set_noteoff(
                &event, Int32(channel & 0x0F), Int32(note & 0x7F), Int32(velocity & 0x7F))
        case .polyphonicKeyPressure(let channel, let note, let pressure):
            peach_seq_ev_set_keypress(
                &event, Int32(channel & 0x0F), Int32(note & 0x7F), Int32(pressure & 0x7F))
        case .controlChange(let channel, let controller, let value):
            peach_seq_ev_set_controller(
                &event, Int32(channel & 0x0F), UInt32(controller & 0x7F), Int32(value & 0x7F))
        case .programChange(let channel, let program):
            peach_seq_ev_set_pgmchange(&event, Int32(channel & 0x0F), Int32(program & 0x7F))
        case .channelPressure(let channel, let pressure):
            peach_seq_ev_set_chanpress(&event, Int32(channel & 0x0F), Int32(pressure & 0x7F))
        case .pitchBend(let channel, let value):
            peach_seq_ev_set_pitchbend(&event, Int32(channel & 0x0F), Int32(min(max(value, -8192), 8191)))
        case .timeCodeQuarterFrame(let value): setControl(&event, SND_SEQ_EVENT_QFRAME, Int32(value & 0x7F))
        case .songPosition(let beats): setControl(&event, SND_SEQ_EVENT_SONGPOS, Int32(beats & 0x3FFF))
        case .songSelect(let song): setControl(&event, SND_SEQ_EVENT_SONGSEL, Int32(song & 0x7F))
        case .tuneRequest: event.type = type(SND_SEQ_EVENT_TUNE_REQUEST)
        case .realTime(let realTime):
            let constant: snd_seq_event_type =
                switch realTime {
                case .timingClock: SND_SEQ_EVENT_CLOCK
                case .start: SND_SEQ_EVENT_START
                case .continue: SND_SEQ_EVENT_CONTINUE
                case .stop: SND_SEQ_EVENT_STOP
                case .activeSensing: SND_SEQ_EVENT_SENSING
                case .systemReset: SND_SEQ_EVENT_RESET
                }
            event.type = type(constant)
        case .systemExclusive:
            break
        }
    }

    private static func setControl(
        _ event: inout snd_seq_event_t, _ constant: snd_seq_event_type, _ value: Int32
    ) {
        event.type = type(constant)
        event.data.control.value = value
    }
}
