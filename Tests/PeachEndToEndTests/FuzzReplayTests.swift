// FuzzReplayTests: the fuzz targets' seeds and every input that once crashed go through the parsers again.

import Foundation
import Testing

@Suite("Fuzz regressions")
struct FuzzReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz").path

    @Test(
        "seeds and saved crash inputs pass through every fuzz target",
        arguments: ["midi", "import", "settings", "profile", "soundfont", "snapshot"])
    func replay(target: String) throws {
        let replayer = PeachBinary.url.deletingLastPathComponent().appendingPathComponent("PeachFuzz")
        #expect(FileManager.default.isExecutableFile(atPath: replayer.path), "build the PeachFuzz tool")
        var inputs: [String] = []
        for kind in ["seeds", "regressions"] {
            let folder = "\(Self.fuzzFolder)/\(kind)/\(target)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            inputs += names.sorted().map { "\(folder)/\($0)" }
        }
        #expect(!inputs.isEmpty, "no seeds for \(target) under Fuzz/seeds")
        let process = Process()
        process.executableURL = replayer
        process.arguments = [target] + inputs
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let watchdog = Watchdog(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.disarm("PeachFuzz \(target)")
        #expect(process.terminationStatus == 0)
        #expect(text.contains("\(inputs.count) inputs through \(target), none crashed"))
    }
}
