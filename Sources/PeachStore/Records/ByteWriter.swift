// ByteWriter: a record's line written byte by byte through a pointer, then handed on at once.

import Foundation

/// Bytes written through a pointer into room it was lent (a stack buffer), moving to memory of its own only
/// when a line outgrows it. The encoder writes a record's line here and appends it to its array in one copy:
/// appending a key, a digit or a string to the array itself (a capacity and uniqueness check, and a generic
/// copy, every time) was half of encoding a record.
///
/// One owner, one ``release()``: a plain struct (not a non-copyable one, which the older compiler that builds
/// the arm64 package handles less well in nested functions), so it must not be copied while in use.
struct ByteWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var owned = false
    /// The number of bytes written.
    private(set) var count = 0

    /// A writer into `room` (which must outlive it), with no bytes yet.
    init(room: UnsafeMutableBufferPointer<UInt8>) {
        precondition(room.count > 0, "a writer needs room")
        base = room.baseAddress ?? UnsafeMutablePointer.allocate(capacity: 1)
        capacity = room.count
    }

    /// Appends to `bytes` what `body` writes, through a writer into 1 KiB of stack room (a longer text moves
    /// to the heap), in one copy.
    static func append(to bytes: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { room in
            var writer = ByteWriter(room: room)
            defer { writer.release() }
            body(&writer)
            bytes.append(contentsOf: writer.written)
        }
    }

    /// Writes `value` (0…99) as two digits.
    @inline(__always)
    mutating func write(twoDigits value: Int) {
        reserve(2)
        base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
        base[count &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
        count &+= 2
    }

    /// Frees the memory the writer moved to, if it outgrew its room; the writer is not used after it.
    mutating func release() {
        if owned { base.deallocate() }
        owned = false
        count = 0
    }

    /// The bytes written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        fresh.update(from: base, count: count)
        if owned { base.deallocate() }
        base = fresh
        capacity = larger
        owned = true
    }

    /// Takes back the last `count` bytes written.
    mutating func unwrite(_ count: Int) {
        precondition(count <= self.count, "more taken back than written")
        self.count -= count
    }

    /// Writes one byte.
    @inline(__always)
    mutating func write(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Writes `bytes`.
    @inline(__always)
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Writes the first `length` (0…24) of the 24 bytes at `source`, which must all be readable: three words
    /// copied whatever `length` is (past it they are overwritten by what comes next, or left past ``count``).
    /// A number's digits, without a call to `memcpy` for a few bytes (two a cent value and one a time: 2 % of
    /// encoding a record).
    @inline(__always)
    mutating func write(upTo24 source: UnsafeRawPointer, length: Int) {
        reserve(24)
        let target = UnsafeMutableRawPointer(base + count)
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        count &+= length
    }

    /// Writes `text`.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes `text`'s UTF-8. (Not `write(_:)`: a literal would pick it over the `StaticString` one, a
    /// string made at run time for every constant.)
    mutating func write(text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// `value` (below 10^8) as eight ASCII digits with leading zeros, the first in the lowest byte: each step
    /// splits every lane in two by a multiplication (by 10486 / 2^20 for a hundredth, 103 / 2^10 for a tenth,
    /// exact below 10^4 and 100), instead of eight divisions.
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        var lanes = value / 10_000 | (value % 10_000) << 32  // the first four digits in the lower half
        let hundreds = (lanes &* 10486) >> 20 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) << 8
        return lanes | 0x3030_3030_3030_3030
    }

    /// Writes `value` in decimal.
    mutating func write(integer value: some BinaryInteger) {
        var magnitude = UInt64(value.magnitude)
        reserve(21)
        if value < 0 {
            base[count] = 0x2D
            count &+= 1
        }
        if magnitude < 1000 {
            // Up to three digits (a note, a velocity, a tempo, a pitch in hertz): without the loops below.
            if magnitude >= 100 {
                base[count] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude / 100)
                count &+= 1
                magnitude %= 100
                base[count] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude / 10)
                count &+= 1
            } else if magnitude >= 10 {
                base[count] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude / 10)
                count &+= 1
            }
            base[count] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            count &+= 1
            return
        }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        var index = count &+ digits
        repeat {
            index &-= 1
            base[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count &+= digits
    }
}
