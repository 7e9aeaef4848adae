// OffloadedWorkTests: offloaded work runs once: on its worker when that starts in time, else on the first waiter.

import Foundation
import PeachSystem
import Synchronization
import Testing

@Suite("OffloadedWork")
struct OffloadedWorkTests {
    /// The calling thread.
    func threadID() -> UInt { UInt(pthread_self()) }

    @Test(
        "a worker held back: the first wait runs the work there and then, once; the late worker does nothing")
    func heldBack() {
        let held = Mutex<[@Sendable () -> Void]>([])
        let runs = Mutex<[UInt]>([])  // the thread each run was on
        let work = OffloadedWork(start: { worker in held.withLock { $0.append(worker) } }) {
            runs.withLock { $0.append(threadID()) }
        }
        work.wait()
        work.wait()  // a second wait returns too
        #expect(runs.withLock { $0 } == [threadID()], "run by the waiter")
        let late = held.withLock { $0 }
        #expect(late.count == 1)
        for worker in late { worker() }
        #expect(runs.withLock { $0 } == [threadID()], "the late worker ran it again")
    }

    @Test(
        "a worker in time runs it; a wait while it runs returns once it is done, and every wait after at once"
    )
    func onTheWorker() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = Atomic<Bool>(false)
        let work = OffloadedWork {
            started.signal()
            release.wait()
            finished.store(true, ordering: .releasing)
        }
        started.wait()  // on the worker now
        let waited = DispatchSemaphore(value: 0)
        Thread {
            work.wait()
            waited.signal()
        }.start()
        release.signal()
        waited.wait()
        let done = finished.load(ordering: .acquiring)
        #expect(done)
        work.wait()
    }
}
