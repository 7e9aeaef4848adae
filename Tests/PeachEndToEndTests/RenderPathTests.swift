// RenderPathTests: the render path allocates nothing and takes no lock, with play-back's voices sounding.

import Foundation
import Testing

@Suite("The render path")
struct RenderPathTests {
    @Test(
        "no allocation, no lock while rendering: chords, play-through with the pedal, stolen voices, every instrument"
    )
    func allocationFree() throws {
        let binary = PeachBinary.url.deletingLastPathComponent().appendingPathComponent("PeachBenchmarks")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["allocations"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Exit 2 would be a counter that sees nothing; 1 a render path that allocated or locked.
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("render path: 0 allocations, 0 mutex locks in "), "\(text)")
    }
}
