// InputQueueTests: the bounded queues between input threads and their consumer (InputGate, Inbox).

import Foundation
import PeachLive
import PeachMIDI
import PeachTraining
import Synchronization
import Testing

@Suite("Bounded input: InputGate and Inbox")
struct InputQueueTests {
    static let note = ControllerInputItem.midi(
        .event(MIDIEvent(.noteOn(channel: 0, note: 60, velocity: 90), at: 0)))
    static let clock = ControllerInputItem.midi(.event(MIDIEvent(.realTime(.timingClock), at: 0)))

    @Test(
        "urgent, expendable and ordinary items: signals and ends never wait, system messages are expendable")
    func classes() {
        #expect(ControllerInputItem.signal(SIGINT).isUrgent)
        #expect(!ControllerInputItem.midi(.ended).isUrgent)  // the end of a file stays behind its events
        #expect(!Self.note.isUrgent && !Self.note.isExpendable)
        #expect(!Self.clock.isUrgent && Self.clock.isExpendable)
        #expect(!ControllerInputItem.keys([]).isUrgent && !ControllerInputItem.keys([]).isExpendable)
    }

    @Test(
        "a full gate drops and counts clock bytes, lets a signal through, and holds a note until one is taken"
    )
    func gate() throws {
        let gate = InputGate(capacity: 2)
        #expect(gate.admit(Self.note) && gate.admit(Self.clock))
        #expect(!gate.admit(Self.clock) && !gate.admit(Self.clock))
        #expect(gate.droppedCount == 2)
        #expect(gate.admit(.signal(SIGTERM)))  // over capacity, yet through
        let admitted = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = gate.admit(Self.note)
            admitted.withLock { $0 = result }
            done.signal()
        }
        while gate.threadsWaitingForRoom == 0 { sched_yield() }  // the note waits for room...
        #expect(admitted.withLock { $0 } == nil)
        gate.taken()
        gate.taken()  // ...which two takings make (three waited)
        done.wait()
        #expect(admitted.withLock { $0 } == true)
        #expect(gate.droppedCount == 2)
    }

    @Test("closing the gate releases a thread waiting for room and lets nothing more through")
    func closing() {
        let gate = InputGate(capacity: 1)
        #expect(gate.admit(Self.note))
        let admitted = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = gate.admit(Self.note)
            admitted.withLock { $0 = result }
            done.signal()
        }
        while gate.threadsWaitingForRoom == 0 { sched_yield() }
        gate.close()
        done.wait()
        #expect(admitted.withLock { $0 } == false)
        #expect(!gate.admit(.signal(SIGINT)))
    }

    @Test("the inbox is first in, first out, with urgent items ahead of a backlog")
    func inboxOrder() {
        let inbox = Inbox<Int>(capacity: 100)
        for value in 1...5 { inbox.post(value) }
        inbox.post(-1, urgent: true)
        #expect((0..<6).map { _ in inbox.next() } == [-1, 1, 2, 3, 4, 5])
        #expect(inbox.next(timeout: 0) == nil)
    }

    @Test("a million items pass in order (a Deque: linear, not quadratic)")
    func inboxVolume() {
        let inbox = Inbox<Int>(capacity: 1_000_000)
        for value in 0..<1_000_000 { inbox.post(value) }
        var expected = 0
        while let value = inbox.next(timeout: 0) {
            if value != expected { break }
            expected += 1
        }
        #expect(expected == 1_000_000)
    }

    @Test("a full inbox makes the poster wait for room; closing it releases the poster and ends the taking")
    func inboxBackPressure() {
        let inbox = Inbox<Int>(capacity: 2)
        inbox.post(1)
        inbox.post(2)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            inbox.post(3)  // waits for room
            inbox.post(4)  // waits again
            done.signal()
        }
        #expect(inbox.next() == 1)
        #expect(inbox.next() == 2)
        #expect(inbox.next() == 3)
        #expect(inbox.next() == 4)
        done.wait()
        inbox.post(5)
        inbox.close()
        #expect(inbox.next() == nil)  // what waited is dropped; nothing more comes
        inbox.post(6)
        #expect(inbox.next(timeout: 0) == nil)
    }
}
