// RecentWindowTests: the ring keeps the last answers in order, drops the oldest, and compares by content.

import Testing

@testable import PeachCore

@Suite("Recent window")
struct RecentWindowTests {
    @Test("appending past the capacity hands back the oldest; the window keeps the last ones, oldest first")
    func keepsTheLast() {
        var window = RecentWindow<Int>(capacity: 3)
        var dropped: [Int] = []
        for value in 1...10 {
            if let oldest = window.append(value) { dropped.append(oldest) }
            let expected = Array(max(1, value - 2)...value)
            #expect(window.elements == expected, "after \(value)")
            #expect(window.count == expected.count)
        }
        #expect(dropped == Array(1...7))
    }

    @Test("the same elements in the same order are equal and hash alike, wherever the ring starts")
    func equalByContent() {
        var turned = RecentWindow<Int>(capacity: 3)
        for value in 0...4 { turned.append(value) }  // the ring starts at its second slot
        let fresh = RecentWindow(capacity: 3, elements: [2, 3, 4])
        #expect(fresh == turned)
        #expect(fresh?.hashValue == turned.hashValue)
        #expect(RecentWindow(capacity: 3, elements: [3, 2, 4]) != turned)
        #expect(RecentWindow(capacity: 4, elements: [2, 3, 4]) != turned)
        #expect(RecentWindow(capacity: 3, elements: [3, 4]) != turned)
    }

    @Test("a window is not made of more elements than it holds")
    func refusesTooMany() {
        #expect(RecentWindow(capacity: 2, elements: [1, 2, 3]) == nil)
        #expect(RecentWindow(capacity: 2, elements: [1, 2])?.elements == [1, 2])
        #expect(RecentWindow<Int>(capacity: 2, elements: [])?.count == 0)
    }
}
