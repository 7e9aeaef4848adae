// FileSystemTests: the calls on paths and the wake-up pipe, on real files in a scratch folder.

import Foundation
import PeachSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileSystem and WakePipe")
struct FileSystemTests {
    static func scratch() -> String { NSTemporaryDirectory() + "peach-fs-" + UUID().uuidString }

    @Test("folders, statuses, atomic writes, links, renames and removal")
    func paths() throws {
        let root = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.createDirectory(root + "/a/b")
        #expect(FileSystem.status(root + "/a/b")?.kind == .directory)
        #expect(FileSystem.status(root + "/a/b")?.permissions == 0o700)
        #expect(try FileSystem.exists(root + "/a") && !(try FileSystem.exists(root + "/none")))

        let file = root + "/a/data.json"
        try FileSystem.writeAtomically(
            Array("[1]".utf8), to: file, directory: root + "/a", permissions: 0o640)
        let status = try FileSystem.requiredStatus(file)
        #expect(status.kind == .regular && status.size == 3 && status.permissions == 0o640)
        #expect(status.owner == FileSystem.effectiveUser && !status.isWritableByOthers)
        #expect(FileSystem.entries(of: root + "/a").sorted() == ["b", "data.json"])  // no temporary file left

        try FileSystem.link(file, as: root + "/a/second")
        #expect(FileSystem.status(root + "/a/second")?.inode == status.inode)
        try FileSystem.rename(root + "/a/second", to: root + "/third")
        #expect(FileSystem.status(root + "/third")?.inode == status.inode)
        try FileSystem.remove(root + "/third")
        try FileSystem.remove(root + "/third")  // nothing there is not an error
        #expect(FileSystem.status(root + "/third") == nil)

        symlink(file, root + "/link")
        #expect(FileSystem.status(root + "/link", followingLinks: false)?.kind == .symbolicLink)
        #expect(FileSystem.realPath(root + "/link") == FileSystem.realPath(file))
        try FileSystem.createFIFO(root + "/fifo")
        #expect(FileSystem.status(root + "/fifo")?.kind == .fifo)
    }

    @Test("failures name the path and the call")
    func failures() {
        let root = Self.scratch()
        #expect(throws: FileError(path: root + "/x", operation: .stat, code: ENOENT)) {
            try FileSystem.requiredStatus(root + "/x")
        }
        #expect(throws: FileError(path: root + "/b", operation: .rename, code: ENOENT)) {
            try FileSystem.createDirectory(root + "/a", permissions: 0o700)
            try FileSystem.rename(root + "/none", to: root + "/b")
        }
        try? FileManager.default.removeItem(atPath: root)
        // The first folder that cannot be made is named.
        #expect(throws: FileError(path: "/proc/peach-none", operation: .makeDirectory, code: ENOENT)) {
            try FileSystem.createDirectory("/proc/peach-none/x")
        }
    }

    @Test("a wake-up ends a poll at once, and a full pipe never blocks the waker")
    func wakePipe() throws {
        let pipe = try WakePipe(name: "test pipe")
        let idle = try WakePipe(name: "idle pipe")
        let waiting = SystemFile(borrowing: idle.reader, path: "idle pipe")
        #expect(try waiting.waitReadable(orWake: pipe.reader, milliseconds: 0) == .timedOut)
        pipe.wake()
        #expect(try waiting.waitReadable(orWake: pipe.reader, milliseconds: -1) == .woken)
        for _ in 0..<100_000 { pipe.wake() }  // far more than a pipe holds: non-blocking, so this returns
        pipe.close()
        pipe.close()
    }
}
