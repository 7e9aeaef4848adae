// ProfileCommandTests: `peach profile` (text, JSON, SVG, German, empty) and the start screen.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach profile and the start screen")
struct ProfileCommandTests {
    /// The test's folders, removed after it.
    let paths = ScratchPaths()

    /// A data folder with `comparisons` simulated answers (seeded) and `matchings` pitch-matching attempts.
    func data(comparisons: Int, matchings: Int) throws -> String {
        // An empty store is an empty folder (a --data-dir naming none is refused as a typing slip).
        let folder = try paths.folder("peach-profile")
        if comparisons > 0 {
            let run = try PeachBinary.run([
                "simulate", "--trials", "\(comparisons)", "--quiet", "--save", "--seed", "7", "--data-dir",
                folder,
                "--range", "C3-C5",
            ])
            #expect(run.status == 0, "\(run.standardError)")
        }
        if matchings > 0 {
            let run = try PeachBinary.run([
                "simulate", "--mode", "matching", "--trials", "\(matchings)", "--quiet", "--save", "--seed",
                "7",
                "--data-dir", folder,
            ])
            #expect(run.status == 0, "\(run.standardError)")
        }
        return folder
    }

    @Test("no data: an honest empty state, and the start screen says how to begin")
    func empty() throws {
        let folder = try data(comparisons: 0, matchings: 0)
        let profile = try PeachBinary.run(["profile", "--data-dir", folder])
        #expect(profile.status == 0)
        #expect(profile.standardOutput.contains("Start training to build your profile."))
        #expect(profile.standardOutput.contains("Pitch matching: no attempts yet; try 'peach match'."))
        let start = try PeachBinary.run([], environment: ["PEACH_DATA_DIR": folder])
        #expect(start.status == 0)
        #expect(start.standardOutput.hasPrefix("Peach "))
        #expect(start.standardOutput.contains("Start training to build your profile."))
        #expect(start.standardOutput.contains("peach train"))
    }

    @Test(
        "a few answers: the chart says it fills in, with the threshold the text gives, on screen and in the SVG"
    )
    func fewAnswers() throws {
        let folder = try data(comparisons: 9, matchings: 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let profile = try PeachBinary.run(["profile", "--data-dir", folder]).standardOutput
        #expect(!profile.contains("Start training"), "\(profile)")
        #expect(profile.contains("The chart fills in as notes get answers: 9 answers so far."))
        let start = try PeachBinary.run([], environment: ["PEACH_DATA_DIR": folder]).standardOutput
        #expect(start.contains("The chart fills in") && start.contains("threshold "), "\(start)")
        let svg = folder + "-chart.svg"  // beside the data folder: Peach writes no output into it
        defer { try? FileManager.default.removeItem(atPath: svg) }
        #expect(try PeachBinary.run(["profile", "--svg", svg, "--data-dir", folder]).status == 0)
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(
            picture.contains("The chart fills in") && picture.contains(">Threshold "),
            "the picture says what the text says")
        let empty = folder + "-progress.svg"
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try data(comparisons: 0, matchings: 0)
        #expect(
            try PeachBinary.run(["profile", "--progress", "--svg", empty, "--data-dir", none]).status == 0)
        #expect(try String(contentsOfFile: empty, encoding: .utf8).contains("No progress to show yet."))
    }

    @Test("a timing-only player is told about pitch training, and sees timing on the start screen")
    func timingOnly() throws {
        let folder = NSTemporaryDirectory() + "peach-profile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try PeachBinary.run([
            "simulate", "--mode", "timing", "--trials", "60", "--quiet", "--save", "--seed", "3",
            "--data-dir", folder,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let profile = try PeachBinary.run(["profile", "--data-dir", folder]).standardOutput
        #expect(profile.contains("No pitch discrimination yet") && profile.contains("Timing:"), "\(profile)")
        let start = try PeachBinary.run([], environment: ["PEACH_DATA_DIR": folder]).standardOutput
        #expect(start.contains("timing ") && start.contains(" ms (early or late"), "\(start)")
        #expect(!start.contains("Start training"))
    }

    @Test("a degrees player is told what to practise next: the confusion heard most often, with its command")
    func suggestion() throws {
        let folder = NSTemporaryDirectory() + "peach-profile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try PeachBinary.run([
            "simulate", "--mode", "degrees", "--degree-notes", "2", "--trials", "150", "--quiet", "--save",
            "--seed", "7", "--data-dir", folder,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let profile = try PeachBinary.run(["profile", "--data-dir", folder]).standardOutput
        let words = profile.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains(
                "Next: tell 1 in minor from ♯7 in minor — you heard the one as the other 2 times: "
                    + "peach play --kind degrees --items 1-minor,#7-minor"), "\(profile)")
    }

    @Test("text: a chart over the keyboard with the C names, the summary, matching and days")
    func text() throws {
        let folder = try data(comparisons: 300, matchings: 20)
        let result = try PeachBinary.run(["profile", "--data-dir", folder, "--range", "C3-C5"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Perceptual profile (C3-C5)")
        let keyboard = try #require(lines.firstIndex { $0.hasPrefix("    └") })
        #expect(lines[keyboard].count == 5 + 25)  // one column per key, C3…C5
        #expect(
            lines[keyboard + 1].contains("C3") && lines[keyboard + 1].contains("C4")
                && lines[keyboard + 1].contains("C5"))
        #expect(lines[keyboard - 1].contains("█"))  // trained keys have bars
        #expect(result.standardOutput.contains("· 300 answers"))
        #expect(result.standardOutput.contains("· 20 attempts"))
        #expect(result.standardOutput.contains("Progress by day"))
        let start = try PeachBinary.run([], environment: ["PEACH_DATA_DIR": folder])
        #expect(start.standardOutput.contains("threshold "))
        #expect(start.standardOutput.contains("(75 % correct; likely range "))
        #expect(start.standardOutput.contains("matching error "))
    }

    @Test("--json: the numbers; --svg: a well-formed SVG with a bar per trained key")
    func jsonAndSVG() throws {
        let folder = try data(comparisons: 200, matchings: 10)
        let inside = try PeachBinary.run(["profile", "--data-dir", folder, "--svg", folder + "/profile.svg"])
        #expect(inside.status == 1)
        #expect(inside.standardError.contains("would overwrite Peach's own data"))
        let svg = NSTemporaryDirectory() + "peach-profile-\(UUID().uuidString).svg"
        defer { unlink(svg) }
        let result = try PeachBinary.run([
            "profile", "--data-dir", folder, "--range", "C3-C5", "--json", "--svg", svg,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["comparisons"] as? Int == 200)
        #expect((summary["mean"] as? Double ?? 0) > 0)
        let notes = try #require(object["notes"] as? [[String: Any]])
        #expect(!notes.isEmpty && notes.allSatisfy { (48...72).contains($0["note"] as? Int ?? 0) })
        #expect(notes.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 200)
        #expect((object["matching"] as? [String: Any])?["count"] as? Int == 10)
        let document = try Data(contentsOf: URL(fileURLWithPath: svg))
        let text = String(decoding: document, as: UTF8.self)
        #expect(Self.wellFormedProblem(text) == nil)
        #expect(
            text.components(separatedBy: "class=\"threshold\"").count - 1
                == notes.filter { $0["threshold"] != nil }.count)
        #expect(notes.contains { ($0["threshold"] as? [String: Any])?["percentCorrect"] as? Int == 75 })
        #expect(text.contains(">C4</text>"))
    }

    @Test("intervals: the profile lists each; --json has them and the weekly progress; --progress draws it")
    func intervalsAndProgress() throws {
        let folder = NSTemporaryDirectory() + "peach-profile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [
            ["--trials", "120"], ["--trials", "150", "--intervals", "P5,M3down", "--tuning", "just"],
            ["--mode", "matching", "--trials", "12", "--intervals", "m6"],
        ] {
            let run = try PeachBinary.run(
                ["simulate", "--quiet", "--save", "--seed", "5", "--data-dir", folder] + arguments)
            #expect(run.status == 0, "\(run.standardError)")
        }
        let text = try PeachBinary.run(["profile", "--data-dir", folder]).standardOutput
        #expect(text.contains("Intervals:"))
        #expect(text.contains("Perfect fifth up (P5, just): threshold "))
        #expect(text.contains("Major third down (M3down, just): threshold "))
        #expect(text.contains("Minor sixth up (m6, equal): mean error "), "\(text)")
        #expect(text.contains("· 120 answers"), "unison counts only its own: \(text)")

        let json = try PeachBinary.run(["profile", "--data-dir", folder, "--json"]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let intervals = try #require(object["intervals"] as? [[String: Any]])
        #expect(
            intervals.map { "\($0["interval"]!) \($0["tuning"]!)" } == ["M3down just", "P5 just", "m6 equal"])
        #expect(intervals.prefix(2).map { $0["comparisons"] as? Int }.reduce(0) { $0 + ($1 ?? 0) } == 150)
        #expect(((intervals[2]["matching"] as? [String: Any])?["count"] as? Int) == 12)
        let progress = try #require(object["progress"] as? [[String: Any]])
        #expect(
            progress.map { "\($0["mode"]!) \($0["interval"]!)" } == [
                "discrimination P1", "discrimination M3down", "discrimination P5", "matching m6",
            ])
        let week = try #require((progress[0]["weeks"] as? [[String: Any]])?.first)
        #expect(week["count"] as? Int == 120)
        #expect((week["week"] as? String)?.contains("-W") == true)
        #expect((week["lower68"] as? Double ?? 99) < (week["cents"] as? Double ?? 0))

        let keyboard = NSTemporaryDirectory() + "peach-keyboard-\(UUID().uuidString).svg"
        defer { unlink(keyboard) }
        #expect(try PeachBinary.run(["profile", "--data-dir", folder, "--svg", keyboard]).status == 0)
        let keyboardSVG = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: keyboard)), as: UTF8.self)
        #expect(Self.wellFormedProblem(keyboardSVG) == nil)
        // Under the keyboard: the threshold, as the text gives it, then a line per interval.
        #expect(keyboardSVG.components(separatedBy: "class=\"interval-line\"").count - 1 == 4)
        #expect(keyboardSVG.contains(">Threshold "))
        #expect(keyboardSVG.contains(">Perfect fifth up (P5, just): threshold "))
        let chart = try PeachBinary.run(["profile", "--data-dir", folder, "--progress"]).standardOutput
        #expect(
            chart.contains(
                "Unison · discrimination: threshold (75 % correct) per week, with its likely range"))
        #expect(chart.contains("Minor sixth up (m6, equal) · matching: mean absolute error per week"))
        #expect(chart.components(separatedBy: "●").count - 1 == 4)
        let svg = NSTemporaryDirectory() + "peach-progress-\(UUID().uuidString).svg"
        defer { unlink(svg) }
        let drawn = try PeachBinary.run(["profile", "--data-dir", folder, "--progress", "--svg", svg])
        #expect(drawn.status == 0)
        let document = String(decoding: try Data(contentsOf: URL(fileURLWithPath: svg)), as: UTF8.self)
        #expect(Self.wellFormedProblem(document) == nil)
        // One week each: a band is an error bar, not an area.
        #expect(document.components(separatedBy: "class=\"band-bar\"").count - 1 == 4)
    }

    @Test("German profile and bad options")
    func germanAndErrors() throws {
        let folder = try data(comparisons: 50, matchings: 0)
        let german = try PeachBinary.run(
            ["profile", "--data-dir", folder], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.standardOutput.hasPrefix("Wahrnehmungsprofil"))
        #expect(german.standardOutput.contains("Mittel der Noten"))
        #expect(german.standardOutput.contains("Tonhöhe treffen: noch keine Versuche"))
        // The SVG's tooltips in German words, names and numbers: `Fis3: 12,5 Cent bei 75 % richtig, …`.
        let picture = NSTemporaryDirectory() + "peach-german-\(UUID().uuidString).svg"
        defer { unlink(picture) }
        #expect(
            try PeachBinary.run(
                ["profile", "--data-dir", folder, "--svg", picture], environment: ["LANG": "de_DE.UTF-8"]
            ).status == 0)
        let drawn = String(decoding: try Data(contentsOf: URL(fileURLWithPath: picture)), as: UTF8.self)
        let tips = drawn.components(separatedBy: "fill=\"#3182bd\"><title>").dropFirst().map {
            $0.prefix { $0 != "<" }
        }
        #expect(
            !tips.isEmpty
                && tips.allSatisfy { $0.contains(" Cent bei 75 % richtig, wahrscheinlicher Bereich ") })
        #expect(tips.allSatisfy { !$0.contains("#") && !$0.contains(".") }, "\(tips)")
        #expect(
            try PeachBinary.run(
                ["profile", "--data-dir", folder, "--progress", "--svg", picture],
                environment: ["LANG": "de_DE.UTF-8"]
            ).status == 0)
        let progress = String(decoding: try Data(contentsOf: URL(fileURLWithPath: picture)), as: UTF8.self)
        let points = progress.components(separatedBy: "<circle").dropFirst().compactMap {
            $0.components(separatedBy: "<title>").dropFirst().first?.prefix { $0 != "<" }
        }
        #expect(
            !points.isEmpty && points.allSatisfy { $0.contains(" Cent, ") && !$0.contains(#/\d\.\d/#) },
            "\(points)")
        let range = try PeachBinary.run(["profile", "--data-dir", folder, "--range", "C9-X"])
        #expect(range.status == 64)
        #expect(range.standardError == "peach: --range 'C9-X' is not valid; use a range such as C3-C5.\n")
        let svg = try PeachBinary.run(["profile", "--data-dir", folder, "--svg", "/nonexistent/x.svg"])
        #expect(svg.status == 1)
        #expect(svg.standardError == "peach: /nonexistent/x.svg: cannot open (no such file or folder).\n")
    }

    @Test("German errors and help summaries; English for any other locale")
    func germanErrorsAndHelp() throws {
        let german = ["LANG": "de_DE.UTF-8"]
        let missing = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:/nonexistent/x"], environment: german)
        #expect(missing.standardError.hasPrefix("peach: rawmidi:/nonexistent/x: kann nicht öffnen"))
        let locked = try PeachBinary.run(
            ["train", "--profile", "nope", "--midi-in", "-"], environment: german)
        #expect(locked.standardError.hasPrefix("peach: kein Controller-Profil namens 'nope'"))
        let help = try PeachBinary.run(
            ["--help"], environment: ["LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"])
        #expect(help.standardOutput.contains("Tonhöhen unterscheiden: zwei Töne, antworte höher"))
        let english = try PeachBinary.run(["--help"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(english.standardOutput.contains("Pitch discrimination: two notes"))
    }

    /// The first well-formedness problem of an XML document (tags balanced, attributes quoted, no stray `&` or
    /// `<`), or nil. (The test bundle does not link libxml2, so that it also runs in the alsa-vm VM.)
    static func wellFormedProblem(_ text: String) -> String? {
        var open: [String] = []
        var rest = Substring(text)
        guard rest.hasPrefix("<?xml") else { return "no XML declaration" }
        while let start = rest.firstIndex(of: "<") {
            let between = rest[..<start]
            if between.contains(">") { return "a stray '>'" }
            if let amp = between.firstIndex(of: "&"),
                !["&amp;", "&lt;", "&gt;", "&quot;"].contains(where: { between[amp...].hasPrefix($0) })
            {
                return "an unescaped '&'"
            }
            guard let end = rest[start...].firstIndex(of: ">") else { return "an unclosed tag" }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("?") { continue }
            if tag.contains("<") { return "'<' inside a tag" }
            if tag.filter({ $0 == "\"" }).count % 2 != 0 { return "an unquoted attribute in <\(tag)>" }
            if tag.hasPrefix("/") {
                guard open.popLast() == String(tag.dropFirst()) else {
                    return "</\(tag.dropFirst())> closes nothing open"
                }
            } else if !tag.hasSuffix("/") {
                open.append(String(tag.prefix { !$0.isWhitespace }))
            }
        }
        return open.isEmpty ? nil : "<\(open.last ?? "")> is never closed"
    }
}
