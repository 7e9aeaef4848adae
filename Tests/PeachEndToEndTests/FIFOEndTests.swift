// FIFOEndTests: a test's end of a FIFO opens once the child has opened its own, and gives up on a child that ended.

import Foundation
import PeachTestSupport
import Testing

@Suite("FIFOEnd")
struct FIFOEndTests {
    /// Starts `/bin/sh -c script` with the FIFO's path as $1.
    func shell(_ script: String, _ fifo: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", fifo]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("each end opens once the child has opened the other; what one writes the other reads")
    func opens() throws {
        let folder = TemporaryFolder(prefix: "peach-fifo")
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try shell("exec cat \"$1\" >/dev/null", fifo)
        let writing = FIFOEnd.open(fifo, O_WRONLY, for: reader)
        #expect(writing >= 0)
        #expect(write(writing, "note", 4) == 4)
        close(writing)
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 0)

        let writer = try shell("echo note >\"$1\"", fifo)
        let handle = try #require(FIFOEnd.handle(fifo, O_RDONLY, for: writer))
        #expect(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) == "note\n")
        writer.waitUntilExit()
    }

    @Test("a child that ended without opening its end: -1 (a plain open waited for ever)")
    func givesUp() throws {
        let folder = TemporaryFolder(prefix: "peach-fifo")
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        for access in [O_WRONLY, O_RDONLY] {
            let process = try shell("exit 1", fifo)
            #expect(FIFOEnd.open(fifo, access, for: process) == -1)
            #expect(!process.isRunning)
        }
        let lingering = try shell("exec sleep 30", fifo)
        defer { kill(lingering.processIdentifier, SIGKILL) }
        #expect(FIFOEnd.open(fifo, O_WRONLY, for: lingering, seconds: 0.2) == -1, "past its time")
    }
}
