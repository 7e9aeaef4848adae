// VirtualPad: a pad on the first virtual MIDI device: strikes written at chosen moments, stamped by the kernel.

import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachSystem
import PeachTestSupport
import Synchronization

/// A drum pad played through the alsa-vm VM's first virtual MIDI device: a sequencer client of the test's own
/// listens to it and keeps the kernel's stamp of every note 38 (only this pad's strikes: other tests may play
/// meanwhile; a pad made with `keys` keeps every note, as a keyboard played), and ``strike(at:notes:)`` writes
/// note-on bytes at chosen moments on the monotonic clock from a thread of its own, keeping when each write call
/// began and returned (the strike happened within it).
final class VirtualPad: @unchecked Sendable {
    let sequencer: ALSASequencer
    private let stamps = Mutex<[Double]>([])
    private let stampedNotes = Mutex<[UInt8]>([])
    private let written = Mutex<[(before: Double, after: Double, note: UInt8)]>([])
    /// With `keys`: every message the virtual device delivered and its time, for a wrong answer's account.
    private let delivered = Mutex<[(time: Double, message: MIDIMessage)]>([])
    /// With `keys`: the notes ``strike(at:notes:)`` was asked to write, in order, and the note-ons the device
    /// delivered that were none of them.
    private let planned = Mutex<(notes: [UInt8], strays: Int)>(([], 0))

    /// Listens to the first virtual MIDI device: to note 38, or with `keys` to each note written, in order.
    ///
    /// With `keys` a note-on is kept only when it is the next note written: the emulated virtual device once
    /// delivered a note-on of note 0 that no write made (while a note-off was being written), and an extra stamp
    /// shifts every later one against its write. Such strays are counted (``strays``), not played.
    init(keys: Bool = false) throws {
        sequencer = try ALSASequencer(clientName: "Peach pad test")
        guard
            let virtual = try sequencer.ports().first(where: {
                $0.clientName.hasPrefix("Virtual Raw MIDI") && $0.address.port == 0
            })
        else { throw Missing() }
        try sequencer.connectInput(from: virtual.address)
        try sequencer.startNotifications { [self] notification in
            guard case .message(let event) = notification, event.source == virtual.address else { return }
            if keys { self.delivered.withLock { $0.append((event.time, event.message)) } }
            guard case .noteOn(_, let note, _) = event.message else { return }
            if keys {
                let written = self.planned.withLock { planned in
                    let next = self.stampedNotes.withLock { $0.count }
                    guard planned.notes.indices.contains(next), planned.notes[next] == note else {
                        planned.strays += 1
                        return false
                    }
                    return true
                }
                guard written else { return }
            } else if note != 38 {
                return
            }
            self.stamps.withLock { $0.append(event.time) }
            self.stampedNotes.withLock { $0.append(note) }
        }
    }

    struct Missing: Error {}

    /// The kernel's stamps of the strikes so far, in order.
    var stamped: [Double] { stamps.withLock { $0 } }
    /// The note of each stamp.
    var notes: [UInt8] { stampedNotes.withLock { $0 } }
    /// Note-ons the device delivered that were not the next note written (a pad made with `keys`).
    var strays: Int { planned.withLock { $0.strays } }
    /// Each write so far: when its call began and returned, and its note.
    var writes: [(before: Double, after: Double, note: UInt8)] { written.withLock { $0 } }

    /// Writes a strike at each of `targets` (monotonic seconds, in order), from a thread of its own: note 38, or
    /// each of `notes`.
    func strike(at targets: [Double], notes: [UInt8]? = nil) {
        let device = "/dev/snd/midiC\(ALSAMachine.virtualMIDICard ?? 1)D0"
        Thread { [self] in
            guard let file = try? SystemFile(path: device, flags: O_WRONLY) else { return }
            // Planned once the device is open (its notes are then written), before the first is.
            self.planned.withLock { $0.notes += notes ?? Array(repeating: 38, count: targets.count) }
            for (index, target) in targets.enumerated() {
                let note = notes?[index] ?? 38
                // One sleep to 2 ms before (a thread waking every millisecond loads the emulated machine enough
                // to starve the audio thread), then a spin to the moment.
                let wait = target - 0.002 - MonotonicTime.now()
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                while MonotonicTime.now() < target {}
                let before = MonotonicTime.now()
                try? file.writeAll([0x90, note, 100])
                let after = MonotonicTime.now()
                self.written.withLock { $0.append((before, after, note)) }
                try? file.writeAll([0x80, note, 0])
            }
        }.start()
    }

    /// Stops listening.
    func stop() { sequencer.stopNotifications() }

    /// What the kernel delivered against what was written, from write `first` on, for a wrong answer's report
    /// (a pad made with `keys`): each message's time, each write's note and time (ms after the first write), and
    /// the answer's notes.
    func account(from first: Int, _ answer: CompletedPlayBack) -> String {
        let (writes, messages) = (self.writes, delivered.withLock { $0 })
        guard writes.indices.contains(first) else { return "no write \(first)" }
        let origin = writes[first].before
        func ms(_ time: Double) -> String { String(format: "%.1f", (time - origin) * 1000) }
        let delivered = messages.filter { $0.time >= origin - 0.1 && $0.time <= origin + 10 }
            .map { "\($0.message)@\(ms($0.time))" }
        let written = zip(writes.indices, writes).dropFirst(first)
            .prefix(answer.question.answerNotes.count + 2).map { "\($0.1.note)#\($0.0)@\(ms($0.1.before))" }
        let played = answer.played.map { "\($0.note.rawValue)@\(String(format: "%.1f", $0.time * 1000))" }
        return "asked \(answer.question.answerNotes.map(\.rawValue)), played \(played); the kernel delivered "
            + "\(delivered) for the writes \(written)"
    }

    /// How long after its write call returned the kernel stamped strike `index` (0 when within it): the
    /// emulator's part of what is recorded, not Peach's.
    func lateness(of index: Int) -> Double? { stampAndTruth(of: index).map { $0.stamp - $0.truth } }

    /// The truth of strike `index`: the moment within its write call nearest the kernel's stamp.
    func truth(of index: Int) -> Double? { stampAndTruth(of: index)?.truth }

    /// Strike `index`'s stamp and its truth, once it has both a stamp and a write.
    private func stampAndTruth(of index: Int) -> (stamp: Double, truth: Double)? {
        let (stamps, writes) = (stamped, self.writes)
        guard stamps.indices.contains(index), writes.indices.contains(index) else { return nil }
        return (stamps[index], min(max(stamps[index], writes[index].before), writes[index].after))
    }
}
