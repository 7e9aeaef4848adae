// JournalFollowerTests: a reader that keeps up with a journal another Peach writes, as the dashboard does.

import Foundation
import PeachCore
import PeachSystem
import PeachTestSupport
import Testing

@testable import PeachStore

@MainActor
@Suite("Following the journal")
struct JournalFollowerTests {
    func records(_ range: Range<Int>) -> [StoredRecord] { range.map { Samples.comparison($0) } }

    func appended(_ change: JournalFollower.Change) -> [StoredRecord]? {
        if case .appended(let records) = change { return records }
        return nil
    }

    @Test("a store made after the first look: every record is new; later looks read only what was added")
    func appends() throws {
        let directory = TemporaryDirectory()
        var follower = JournalFollower(directory: directory.path)
        guard case .reloaded = try follower.refresh() else {
            Issue.record("not loaded")
            return
        }
        #expect(follower.recordCount == 0)
        let store = try JournalStore(directory: directory.path)
        try store.append(records(0..<3))
        #expect(appended(try follower.refresh())?.count == 3)
        guard case .unchanged = try follower.refresh() else { Issue.record("nothing was added"); return }
        try store.append(records(3..<5))
        let added = try #require(appended(try follower.refresh()))
        #expect(added.map(\.timestamp) == records(3..<5).map(\.timestamp))
        #expect(follower.recordCount == 5)
        #expect(follower.contents.comparisonCount == 5)
    }

    @Test(
        "the latest records: the journal's last ten from the first load (a snapshot holding the rest), then each added"
    )
    func latest() throws {
        let directory = TemporaryDirectory()
        let count = JournalSnapshot.rewriteThreshold
        try JournalStore(directory: directory.path).append(records(0..<count))
        _ = try JournalStore(directory: directory.path)  // reads them all: saves a snapshot
        #expect(!directory.bytes(JournalSnapshot.fileName).isEmpty)
        let store = try JournalStore(directory: directory.path)
        try store.append(records(count..<(count + 3)))
        var follower = JournalFollower(directory: directory.path)
        guard case .reloaded = try follower.refresh() else { Issue.record("not loaded"); return }
        #expect(follower.latest.map(\.timestamp) == records((count - 7)..<(count + 3)).map(\.timestamp))
        try store.append(records((count + 3)..<(count + 5)))
        _ = try follower.refresh()
        #expect(follower.latest.map(\.timestamp) == records((count - 5)..<(count + 5)).map(\.timestamp))
    }

    @Test("a torn last line is not read until it is whole; a replaced journal is loaded anew")
    func tornAndReplaced() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        try store.append(records(0..<4))
        var follower = JournalFollower(directory: directory.path)
        _ = try follower.refresh()
        #expect(follower.recordCount == 4)
        // Half a line, as a writer cut short leaves it: not a record yet.
        let line = Array((RecordCodec.encode(records(4..<5)[0]) + "\n").utf8)
        let journal = try SystemFile(path: directory.journal, flags: O_WRONLY | O_APPEND)
        try journal.writeAll(Array(line.prefix(20)))
        guard case .unchanged = try follower.refresh() else { Issue.record("a torn line was read"); return }
        try journal.writeAll(Array(line.dropFirst(20)))
        journal.close()
        #expect(appended(try follower.refresh())?.count == 1)
        // `peach data replace` writes a new file in its place.
        _ = try store.replaceAll(with: records(10..<12))
        guard case .reloaded = try follower.refresh() else { Issue.record("not reloaded"); return }
        #expect(follower.recordCount == 2)
    }

    @Test(
        "the recent records: from the first whole line in the window, oldest first; none from a missing store"
    )
    func recentRecords() throws {
        let directory = TemporaryDirectory()
        #expect(try JournalStore.recentRecords(in: directory.path, bytes: 1000).isEmpty)
        try JournalStore(directory: directory.path).append(records(0..<50))
        let all = try JournalStore.recentRecords(in: directory.path, bytes: 1 << 20)
        #expect(all.map(\.timestamp) == records(0..<50).map(\.timestamp))
        let journal = directory.bytes()
        let starts = [0] + journal.indices.filter { journal[$0] == 0x0A }.map { $0 + 1 }.dropLast()
        #expect(starts.count == 50)
        // A window that begins exactly where line 40 begins: lines 40 to 49.
        let exact = try JournalStore.recentRecords(in: directory.path, bytes: journal.count - starts[40])
        #expect(exact.map(\.timestamp) == records(40..<50).map(\.timestamp))
        // One that begins a byte later, inside line 40: lines 41 to 49.
        let inside = try JournalStore.recentRecords(in: directory.path, bytes: journal.count - starts[40] - 1)
        #expect(inside.map(\.timestamp) == records(41..<50).map(\.timestamp))
    }
}
