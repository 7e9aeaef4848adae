// SystemFileTests: the descriptor funnel: whole reads and writes, positioned I/O, the EAGAIN policy, errors.

import Foundation
import PeachSystem
import SystemPackage
import Testing

@Suite("SystemFile")
struct SystemFileTests {
    static func path() -> String { NSTemporaryDirectory() + "peach-system-" + UUID().uuidString }

    @Test("writes all, reads all, writes at an offset, truncates; new files are the owner's (0600)")
    func roundTrip() throws {
        let path = Self.path()
        defer { unlink(path) }
        let file = try SystemFile(path: path, flags: O_RDWR | O_CREAT)
        try file.writeAll(Array("hello world".utf8))
        try file.write(Array("J".utf8), atOffset: 6)
        try file.sync()
        #expect(String(decoding: try file.readAll(), as: UTF8.self) == "hello Jorld")
        try file.truncate(to: 5)
        #expect(try file.size() == 5)
        #expect(try file.isRegularFile())
        #expect(try file.status().st_mode & 0o777 == 0o600)
    }

    @Test("a failed open is a FileError with the path, the operation and errno")
    func openFails() {
        #expect(throws: FileError(path: "/nonexistent/x", operation: .open, code: ENOENT)) {
            try SystemFile(path: "/nonexistent/x", flags: O_RDONLY)
        }
        let full = FileError(path: "/x", operation: .write, code: ENOSPC)
        #expect(full.isDiskFull && !full.isDeviceGone)
        #expect(FileError(path: "/x", operation: .read, code: ENODEV).isDeviceGone)
    }

    @Test("a full device is a write error naming it")
    func fullDevice() throws {
        let file = try SystemFile(path: "/dev/full", flags: O_WRONLY)
        #expect(throws: FileError(path: "/dev/full", operation: .write, code: ENOSPC)) {
            try file.writeAll(Array("x".utf8))
        }
    }

    @Test("a non-blocking descriptor with nothing to read gives nil; a wake-up pipe wakes the wait")
    func nonBlocking() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        var wake: [Int32] = [-1, -1]
        #expect(pipe(&wake) == 0)
        defer { for descriptor in ends + wake { close(descriptor) } }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let reader = SystemFile(borrowing: ends[0], path: "pipe")
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == nil)
        #expect(try reader.waitReadable(orWake: wake[0], milliseconds: 0) == .timedOut)
        _ = write(wake[1], "w", 1)
        #expect(try reader.waitReadable(orWake: wake[0], milliseconds: -1) == .woken)
        try SystemFile(borrowing: ends[1], path: "pipe").writeAll(Array("abc".utf8))
        #expect(try reader.waitReadable(orWake: -1, milliseconds: -1) == .ready)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == 3)
    }

    @Test("retrying returns the call's result and names the failure")
    func retrying() throws {
        #expect(try SystemFile.retrying(path: "p", .stat) { 7 } == 7)
        #expect(throws: FileError(path: "p", operation: .stat, code: EBADF)) {
            try SystemFile.retrying(path: "p", .stat) { close(-1) }
        }
    }
}
