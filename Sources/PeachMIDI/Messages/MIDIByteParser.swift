// MIDIByteParser: turns a raw MIDI 1.0 byte stream (rawmidi device, FIFO, file, stdin) into MIDIMessages.

/// A MIDI 1.0 byte-stream parser for raw sources (`/dev/snd/midiC1D0`, a FIFO, a file, stdin); sequencer
/// clients get events already parsed. Feed it bytes as they come, in chunks of any size; it keeps its state
/// between calls. It accepts every byte sequence without trapping, and what it returns always re-encodes to
/// valid MIDI.
///
/// - Running status: data bytes after a complete channel message reuse its status.
/// - Real-time bytes (`F8`–`FF`) are returned at once wherever they appear, even inside another message or
///   a SysEx, which then continues; the undefined `F9` and `FD` are dropped.
/// - SysEx (`F0` … `F7`) of any length up to ``maximumSysExLength`` bytes; a longer one is consumed and
///   dropped whole (not truncated). A status byte other than real-time ends a SysEx early; it is returned as
///   received so far.
/// - System common messages end running status; the undefined `F4`, `F5` and an `F7` outside a SysEx are
///   dropped.
/// - Stray data bytes (no running status) and messages cut short by a new status are dropped and counted in
///   ``droppedByteCount``.
/// - A note-on with velocity 0 is returned as a note-off with velocity 0.
public struct MIDIByteParser: Sendable {
    /// The longest SysEx payload kept, in bytes (1 MiB by default).
    public let maximumSysExLength: Int
    /// Bytes that were not part of any returned message (stray data, cut-short messages, undefined status).
    public private(set) var droppedByteCount = 0

    // Inlinable state (`parse(_:_:)` is inlined into its callers, so their handler is too).
    /// The running status, or the system common status being read; 0 = none.
    @usableFromInline var status: UInt8 = 0
    private var data: (UInt8, UInt8) = (0, 0)
    @usableFromInline var dataCount = 0
    @usableFromInline var sysEx: [UInt8]?
    private var sysExOverflowed = false

    /// A parser with no running status.
    public init(maximumSysExLength: Int = 1 << 20) {
        self.maximumSysExLength = maximumSysExLength
    }

    /// Parses `bytes` and returns the messages they complete, in order.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [MIDIMessage] {
        var messages: [MIDIMessage] = []
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            parse(buffer) { messages.append($0) }
        }
        if contiguous == nil {
            for byte in bytes {
                if let message = feed(byte) { messages.append(message) }
            }
        }
        return messages
    }

    /// Parses the bytes in `buffer`, handing each message it completes to `handle`, in order. The fast path:
    /// a concrete loop over contiguous bytes with no array of results, which decodes a channel message whole
    /// when all its bytes are in the buffer and nothing is in progress (the common case), and leaves everything
    /// else — real-time bytes inside a message, SysEx, cut-short messages, chunk ends — to ``feed(_:)``. Both
    /// paths give the same messages and counts (a fuzz target checks it). Inlinable: the caller's handler is
    /// inlined into the loop (a call per message through a closure was half of the parser's time).
    @inlinable
    public mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>, _ handle: (MIDIMessage) -> Void) {
        let count = buffer.count
        var index = 0
        while index < count {
            let byte = buffer[index]
            // Real time (a clock from a sequencer: a fifth of a busy stream), anywhere, in state or not.
            if byte >= 0xF8, let realTime = MIDIRealTimeMessage(rawValue: byte) {
                handle(.realTime(realTime))
                index += 1
                continue
            }
            if dataCount == 0 && sysEx == nil && byte < 0xF0 {
                // A channel message whole in the buffer: its status (new, or running), data and length, then one
                // place that hands it on (one copy of the caller's handler per kind of message, not four).
                var messageStatus = status
                var first: UInt8 = 0
                var second: UInt8 = 0
                var length = 0
                if byte >= 0x80 {
                    // A channel status byte with its data bytes.
                    messageStatus = byte
                    if Self.dataLength(of: byte) == 1 {
                        if index + 1 < count && buffer[index + 1] < 0x80 {
                            first = buffer[index + 1]
                            length = 2
                        }
                    } else if index + 2 < count && buffer[index + 1] < 0x80 && buffer[index + 2] < 0x80 {
                        first = buffer[index + 1]
                        second = buffer[index + 2]
                        length = 3
                    }
                } else if status >= 0x80 && status < 0xF0 {
                    // Running status.
                    first = byte
                    if Self.dataLength(of: status) == 1 {
                        length = 1
                    } else if index + 1 < count && buffer[index + 1] < 0x80 {
                        second = buffer[index + 1]
                        length = 2
                    }
                }
                if length > 0 {
                    status = messageStatus
                    Self.emit(status: messageStatus, first, second, handle)
                    index += length
                    continue
                }
            }
            if let message = feed(byte) { handle(message) }
            index += 1
        }
    }

    /// Takes one byte; returns the message it completes, if any.
    @inline(__always)
    public mutating func feed(_ byte: UInt8) -> MIDIMessage? {
        if byte >= 0xF8 {
            guard let realTime = MIDIRealTimeMessage(rawValue: byte) else {
                droppedByteCount += 1
                return nil
            }
            return .realTime(realTime)
        }
        if byte < 0x80 { return takeData(byte) }
        // A status byte: it ends any message in progress.
        let finishedSysEx = endSysEx()
        droppedByteCount += dataCount
        dataCount = 0
        switch byte {
        case 0xF0:
            status = 0
            sysEx = []
            sysEx?.reserveCapacity(64)
        case 0xF7:
            status = 0
            if finishedSysEx == nil { droppedByteCount += 1 }
        case 0xF6:
            status = 0
            return finishedSysEx ?? .tuneRequest
        case 0xF1, 0xF2, 0xF3:
            status = byte
        case 0xF4, 0xF5:
            status = 0
            droppedByteCount += 1
        default:
            status = byte
        }
        return finishedSysEx
    }

    @inline(__always)
    private mutating func takeData(_ byte: UInt8) -> MIDIMessage? {
        if sysEx != nil {
            if let count = sysEx?.count, count < maximumSysExLength {
                sysEx?.append(byte)
            } else {
                sysExOverflowed = true
                droppedByteCount += 1
            }
            return nil
        }
        guard status != 0 else {
            droppedByteCount += 1
            return nil
        }
        if dataCount == 0 { data.0 = byte } else { data.1 = byte }
        dataCount += 1
        guard dataCount == Self.dataLength(of: status) else { return nil }
        dataCount = 0
        let message = Self.message(status: status, data.0, data.1)
        if status >= 0xF0 { status = 0 }  // system common: no running status
        return message
    }

    /// The SysEx in progress as a message (nil when none, or when it overflowed), and the SysEx state reset.
    private mutating func endSysEx() -> MIDIMessage? {
        guard let payload = sysEx else { return nil }
        sysEx = nil
        defer { sysExOverflowed = false }
        if sysExOverflowed {
            droppedByteCount += payload.count + 1  // F0 and the payload; a closing F7 counts itself
            return nil
        }
        return .systemExclusive(payload)
    }

    @inlinable @inline(__always)
    static func dataLength(of status: UInt8) -> Int {
        switch status {
        case 0xC0...0xDF, 0xF1, 0xF3: 1
        default: 2
        }
    }

    /// Hands the channel message of `status` (0x80–0xEF) and its data to `handle`, each case in its own arm: the
    /// value handed on is of a case known where it is built, so nothing copies or destroys it through
    /// `MIDIMessage`'s outlined functions (which a value merged from ``message(status:_:_:)``'s arms needs:
    /// the SysEx case holds an array). Same messages as ``message(status:_:_:)``.
    @inlinable @inline(__always)
    static func emit(status: UInt8, _ first: UInt8, _ second: UInt8, _ handle: (MIDIMessage) -> Void) {
        let channel = status & 0x0F
        switch status >> 4 {
        case 0x8: handle(.noteOff(channel: channel, note: first, velocity: second))
        case 0x9:
            if second == 0 {
                handle(.noteOff(channel: channel, note: first, velocity: 0))
            } else {
                handle(.noteOn(channel: channel, note: first, velocity: second))
            }
        case 0xA: handle(.polyphonicKeyPressure(channel: channel, note: first, pressure: second))
        case 0xB: handle(.controlChange(channel: channel, controller: first, value: second))
        case 0xC: handle(.programChange(channel: channel, program: first))
        case 0xD: handle(.channelPressure(channel: channel, pressure: first))
        default: handle(.pitchBend(channel: channel, value: Int16(Int(first) | Int(second) << 7) - 8192))
        }
    }

    /// The message of `status` (a channel status, or system common `F1`–`F3`) and its data: the channel messages
    /// as ``emit(status:_:_:_:)`` builds them (the slow path, byte by byte, and the fast path agree by
    /// construction).
    private static func message(status: UInt8, _ first: UInt8, _ second: UInt8) -> MIDIMessage {
        switch status {
        case 0xF1: return .timeCodeQuarterFrame(first)
        case 0xF2: return .songPosition(UInt16(first) | UInt16(second) << 7)
        case 0xF3...: return .songSelect(first)
        default:
            var message = MIDIMessage.tuneRequest
            emit(status: status, first, second) { message = $0 }
            return message
        }
    }
}
