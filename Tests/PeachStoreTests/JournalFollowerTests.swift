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
}
