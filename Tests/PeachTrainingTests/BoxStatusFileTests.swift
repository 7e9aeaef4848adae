// BoxStatusFileTests: the practice box's status file: written whole, read back, believed only while its box runs.

import Foundation
import PeachSystem
import PeachTraining
import Testing

@Suite("The box's status file")
struct BoxStatusFileTests {
    let folder = NSTemporaryDirectory() + "peach-box-status-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A status; times in whole seconds, as the file keeps them.
    func status(
        _ activity: BoxStatus.Activity, pid: Int32 = getpid(),
        started: Date = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)),
        processStart: UInt64? = ProcessLiveness.startTicks(of: getpid())
    ) -> BoxStatus {
        BoxStatus(
            activity: activity, mode: activity == .training ? .pitchMatching : nil,
            controllers: ["20:0 Keystation"],
            audio: "alsa:default", lastProblem: "audio lost", lastProblemTime: started, since: started,
            started: started, processID: pid, processStart: processStart)
    }

    @Test("a status is written whole (mode 0640, no temporary left) and read back the same")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = status(.training, started: Date(timeIntervalSince1970: 1_800_000_000))
        BoxStatusFile.write(written, in: folder)
        #expect(BoxStatusFile.read(in: folder) == written)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names == [BoxStatusFile.fileName])
        #expect(FileSystem.status(folder + "/" + BoxStatusFile.fileName)?.permissions == 0o640)
    }

    @Test(
        "believed while its process (pid and start time) runs and began after this boot; a stopped, dead, older or other process is gone"
    )
    func believed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(BoxStatusFile.current(in: folder) == .none)
        let running = status(.training)
        BoxStatusFile.write(running, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .running(running))
        let stopped = status(.stopped)
        BoxStatusFile.write(stopped, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .gone(stopped))
        let dead = status(.ready, pid: Int32.max)  // above pid_max: no such process
        BoxStatusFile.write(dead, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .gone(dead))
        let boot = try #require(ProcessLiveness.bootTime())
        let beforeBoot = status(.ready, started: Date(timeIntervalSince1970: (boot - 60).rounded(.down)))
        BoxStatusFile.write(beforeBoot, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .gone(beforeBoot), "its pid may be another process now")
        // A pid used again: a process runs under it, but not the one that wrote the status (another start).
        let own = try #require(ProcessLiveness.startTicks(of: getpid()))
        for (pid, start) in [(getpid(), own + 1), (1, own), (getpid(), nil)] {
            let other = status(.ready, pid: pid, processStart: start)
            BoxStatusFile.write(other, in: folder)
            #expect(
                BoxStatusFile.current(in: folder) == .gone(other),
                "pid \(pid), start \(String(describing: start))")
        }
        try Data("{\"activity\": \"dancing\"}".utf8).write(
            to: URL(fileURLWithPath: folder + "/box-status.json"))
        #expect(BoxStatusFile.current(in: folder) == .none, "a file that does not read is no status")
    }

    @Test(
        "where the box's process cannot be seen, its held lock vouches for its status; a lock let go does not"
    )
    func lockVouches() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A status whose process this reader cannot confirm (as the dashboard's sandbox sees the box).
        let hidden = status(.ready, pid: Int32.max)
        BoxStatusFile.write(hidden, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .gone(hidden))
        let lock = try #require(BoxStatusFile.holdLock(in: folder))
        #expect(BoxStatusFile.current(in: folder) == .running(hidden), "the box holds its lock: it runs")
        #expect(FileSystem.status(folder + "/" + BoxStatusFile.lockName)?.permissions == 0o640)
        let stopped = status(.stopped, pid: Int32.max)
        BoxStatusFile.write(stopped, in: folder)
        #expect(BoxStatusFile.current(in: folder) == .gone(stopped), "a box that said it stopped has stopped")
        BoxStatusFile.write(hidden, in: folder)
        lock.close()
        #expect(BoxStatusFile.current(in: folder) == .gone(hidden), "the lock let go (the box ended)")
        #expect(BoxStatusFile.holdLock(in: folder) != nil, "and a new box takes it")
    }
}
