// BrowserTests: the dashboard in a real headless Chromium, as a person uses it (Tests/Browser's script).

import Foundation
import Testing

/// Whether this machine has what the browser test drives: Debian's chromium and chromium-driver, and Python
/// with Selenium and Pillow (python3-selenium, python3-pil). CI installs them and sets `PEACH_REQUIRE_BROWSER=1`,
/// so there a missing piece fails instead of skipping.
private let browserReady: Bool = {
    let files = ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"]
    guard files.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    probe.arguments = ["-c", "import selenium, PIL"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
}()
private let browserRequired = ProcessInfo.processInfo.environment["PEACH_REQUIRE_BROWSER"] == "1"

@Suite(
    "The dashboard in a real browser",
    .enabled(
        if: browserReady || browserRequired,
        "needs chromium, chromium-driver, python3-selenium and python3-pil (apt-get install them)"))
struct BrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Browser/dashboard_in_chromium.py").path

    @Test(
        "headless Chromium: charts drawn, a live answer without reload, settings only signed in, the export's bytes, German, 375 px"
    )
    func dashboard() throws {
        try #require(browserReady, "the browser test's tools are required here (PEACH_REQUIRE_BROWSER=1)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script, PeachBinary.url.path]
        process.environment = PeachBinary.baseEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let watchdog = Watchdog(process, seconds: 300)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.disarm("the browser test")
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("all checks held"), "\(text)")
    }
}
