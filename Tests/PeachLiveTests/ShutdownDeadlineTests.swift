// ShutdownDeadlineTests: the box's stop has a time limit that fires only when the stop does not finish.

import Foundation
import PeachLive
import PeachTraining
import Synchronization
import Testing

@Suite("Shutdown deadline")
struct ShutdownDeadlineTests {
    /// A deadline whose wait ends when the test says, and what it expired with.
    final class Harness: Sendable {
        let release = DispatchSemaphore(value: 0)
        let waited = Mutex<[Double]>([])
        let expired = Mutex<[Int32]>([])
        var deadline: ShutdownDeadline {
            ShutdownDeadline(
                wait: { [self] seconds in
                    waited.withLock { $0.append(seconds) }
                    release.wait()
                },
                expire: { [self] status in
                    expired.withLock { $0.append(status) }
                })
        }
    }

    @Test("a stop that does not finish in time ends the process with the signal's status")
    func expires() {
        let harness = Harness()
        let deadline = harness.deadline
        deadline.arm(exitStatus: 143)
        deadline.arm(exitStatus: 129)  // a second signal does not restart the time
        harness.release.signal()
        deadline.waitUntilDecided()
        #expect(harness.expired.withLock { $0 } == [143])
        #expect(harness.waited.withLock { $0 } == [ShutdownDeadline.seconds])
    }

    @Test("a stop that finishes in time disarms it")
    func disarmed() {
        let harness = Harness()
        let deadline = harness.deadline
        deadline.arm(exitStatus: 0)
        deadline.disarm()
        harness.release.signal()
        deadline.waitUntilDecided()
        // Arm again: the time does not start again, so nothing can expire afterwards either.
        deadline.arm(exitStatus: 0)
        #expect(harness.waited.withLock { $0.count } == 1)
        #expect(harness.expired.withLock { $0 }.isEmpty)
    }

    @Test("systemd waits longer than the box's own deadline before it kills")
    func unitTimeout() throws {
        let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("udev/peach.service.in")
        let text = try String(contentsOf: unit, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("TimeoutStopSec=") })
        let seconds = try #require(Double(line.dropFirst("TimeoutStopSec=".count).dropLast()))
        #expect(line.hasSuffix("s"))
        #expect(seconds > ShutdownDeadline.seconds + 1)
    }
}
