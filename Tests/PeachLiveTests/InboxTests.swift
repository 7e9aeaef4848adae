// InboxTests: the bounded queue between the live input threads and the main actor (Inbox).

import Foundation
import PeachLive
import Testing

@Suite("Bounded input: Inbox")
struct InboxTests {
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
