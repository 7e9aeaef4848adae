// InputQueueTests: the bounded queue between input threads and a training run (InputGate).

import Foundation
import PeachMIDI
import PeachTraining
import Synchronization
import Testing

@Suite("Bounded input: InputGate")
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
}
