// ProgressLineTests: the progress line draws on a terminal only, at most ten times a second, and clears itself.

import PeachLive
import PeachStore
import PeachText
import Testing

@testable import PeachTraining

@Suite("ProgressLine")
struct ProgressLineTests {
    final class Capture {
        var time = 0.0
        var written: [String] = []
    }

    func line(_ capture: Capture, enabled: Bool = true, language: Language = .english) -> ProgressLine {
        ProgressLine(
            .check, texts: Texts(language: language), enabled: enabled, now: { capture.time },
            output: { capture.written.append($0) })
    }

    @Test("draws a bar with percentage, count and rate, at most every 0.1 s, and clears the line at the end")
    func draws() {
        let capture = Capture()
        let progress = line(capture)
        capture.time = 2
        progress.update(StoreProgress(done: 450, total: 1000, records: 90_000))
        capture.time = 2.05
        progress.update(StoreProgress(done: 500, total: 1000, records: 100_000))
        #expect(capture.written == ["\rChecking ▕█████████           ▏ 45 %  90000 records, 45000/s\u{1B}[K"])
        capture.time = 2.2
        progress.update(StoreProgress(done: 2000, total: 1000, records: 1))
        #expect(capture.written.last == "\rChecking ▕████████████████████▏ 100 %  1 record, 0/s\u{1B}[K")
        progress.finish()
        progress.finish()
        #expect(capture.written.last == "\r\u{1B}[K" && capture.written.count == 3)
    }

    @Test("nothing at all when stderr is not a terminal")
    func silentWhenNotATerminal() {
        let capture = Capture()
        let progress = line(capture, enabled: false)
        progress.update(StoreProgress(done: 1, total: 2, records: 1))
        progress.finish()
        #expect(capture.written.isEmpty)
    }

    @Test("German words; every task has a label")
    func german() {
        let capture = Capture()
        let progress = line(capture, language: .german)
        capture.time = 1
        progress.update(StoreProgress(done: 1, total: 4, records: 2))
        #expect(capture.written == ["\rPrüfe ▕█████               ▏ 25 %  2 Datensätze, 2/s\u{1B}[K"])
        let texts = Texts(language: .german)
        let labels = Texts.ProgressTask.allCases.map {
            texts.progress($0, fraction: 0, records: 1, perSecond: 1).prefix { $0 != " " }
        }
        #expect(Set(labels).count == Texts.ProgressTask.allCases.count)
        #expect(texts.progress(.validate, fraction: 0, records: 2, perSecond: 1).contains("2 Versuche"))
    }
}
