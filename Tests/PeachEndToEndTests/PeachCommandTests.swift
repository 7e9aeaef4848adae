// PeachCommandTests: end-to-end runs of the `peach` binary: simulate, info, version and bad input.

import Foundation
import Testing

@Suite("peach command")
struct PeachCommandTests {
    @Test("simulate runs a full comparison session and summarises it")
    func simulateComparison() throws {
        let result = try PeachBinary.run(["simulate", "--trials", "40", "--seed", "7"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let trialLines = lines.filter { $0.hasSuffix("correct") || $0.hasSuffix("wrong") }
        #expect(trialLines.count == 40)
        #expect(trialLines.first?.contains("100.0") == true)  // cold start at 100 cents
        #expect(lines.contains { $0.hasPrefix("  Comparisons") && $0.contains("40 (") })
        #expect(lines.contains { $0.hasPrefix("  Trend") })
        #expect(result.standardError.isEmpty)
    }

    @Test("the same seed replays the same session")
    func replay() throws {
        let first = try PeachBinary.run(["simulate", "--trials", "30", "--seed", "11", "--range", "C3-C5"])
        let second = try PeachBinary.run(["simulate", "--trials", "30", "--seed", "11", "--range", "C3-C5"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.standardOutput.contains("Range C3-C5"))
    }

    @Test("simulate matching reports accuracy, bias and spread")
    func simulateMatching() throws {
        let result = try PeachBinary.run([
            "simulate", "--mode", "matching", "--trials", "400", "--seed", "1", "--bias", "-4", "--spread",
            "2", "--quiet",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Attempts         400"))
        #expect(result.standardOutput.contains("Bias             -4."))
    }

    @Test(
        "bad option values give one clear line and exit 64",
        arguments: [
            (["simulate", "--range", "C4-Q5"], "--range 'C4-Q5' is not valid"),
            (["simulate", "--range", "C4-A4"], "--range C4-A4 is too narrow"),
            (
                ["simulate", "--reference-pitch", "600"],
                "--reference-pitch 600 is out of range; use 380–500 Hz."
            ),
            (
                ["simulate", "--note-duration", "fast"],
                "--note-duration 'fast' is not valid; use a number such as +12.3 or -5."
            ),
        ])
    func badInput(arguments: [String], message: String) throws {
        let result = try PeachBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("peach: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("--help after a word that names no command says so and fails, as the word alone does")
    func unknownCommandHelp() throws {
        for arguments in [["gui", "--help"], ["gui", "-h"], ["gui"]] {
            let result = try PeachBinary.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains("'gui'") && result.standardOutput.isEmpty, "\(arguments)")
        }
        #expect(try PeachBinary.run(["train", "--help"]).standardOutput.hasPrefix("OVERVIEW:"))
        #expect(try PeachBinary.run(["help", "train"]).status == 0)
    }

    @Test("info names the data and settings folders")
    func info() throws {
        let result = try PeachBinary.run(
            ["info"], environment: ["XDG_DATA_HOME": "/srv/d", "XDG_CONFIG_HOME": "/srv/c"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Data:      /srv/d/peach"))
        #expect(result.standardOutput.contains("Settings:  /srv/c/peach/settings.json"))
        #expect(result.standardOutput.contains("alsa-lib:  1."))
        let override = try PeachBinary.run(["info", "--data-dir", "/tmp/peach-data"])
        #expect(override.standardOutput.contains("Data:      /tmp/peach-data"))
        let homeless = try PeachBinary.run(["info"], environment: ["HOME": "relative"])
        #expect(homeless.status == 1)
        #expect(homeless.standardError.hasPrefix("peach: cannot tell where to keep the training data"))
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try PeachBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count
                == 3)
    }
}
