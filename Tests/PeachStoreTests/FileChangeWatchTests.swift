// FileChangeWatchTests: a watched file's change is noticed, also when it comes back with an old modification time.

import Foundation
import PeachStore
import Testing

@Suite("FileChangeWatch")
@MainActor
struct FileChangeWatchTests {
    let folder = NSTemporaryDirectory() + "peach-watch-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test(
        "an edit, a file put back with its old modification time (cp -p, a restore), a removal: each noticed once"
    )
    func changes() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        try Data("{\"tempo\": 90}\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let watch = FileChangeWatch(path: path)
        #expect(!watch.changed())
        // Another file renamed over it, as `cp -p` from a backup through a temporary or a restore does: the same
        // size and the same modification time, but another file.
        let copy = folder + "/restore.tmp"
        try Data("{\"tempo\": 80}\n".utf8).write(to: URL(fileURLWithPath: copy))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: copy)
        #expect(rename(copy, path) == 0)
        #expect(watch.changed(), "a file put back with the old modification time")
        #expect(!watch.changed(), "marked read")
        // Rewritten in place with the old time kept (`cp -p` onto the file): its size tells.
        try Data("{\"tempo\": 120}\n".utf8).write(to: URL(fileURLWithPath: path), options: [])
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(watch.changed(), "rewritten in place, old time kept")
        try FileManager.default.removeItem(atPath: path)
        #expect(watch.changed(), "gone")
        #expect(!watch.changed())
    }
}
