// PlayBackPaceTests: the scheduler paces as a teacher would: measured with model players over whole courses.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@Suite("Play-back pace")
struct PlayBackPaceTests {
    /// What a course of `answers` questions of `kind` did for a model player right with `accuracy`.
    struct Course {
        /// Items in play after each answer.
        var inPlay: [Int] = []
        /// The answer after which every item of the catalogue was in play, if it came.
        var allInPlayAfter: Int?
        /// Questions asked while items were still locked, and how many of them asked an item already mastered.
        var whileLearning = 0
        var ofMastered = 0

        var masteredShare: Double { Double(ofMastered) / Double(max(whileLearning, 1)) }
    }

    /// Runs the real scheduler, question maker, judge and history with a ``SimulatedPlayer``.
    static func course(
        _ kind: PlayBackKind = .intervals, accuracy: Double, answers: Int, seed: UInt64
    ) -> Course {
        let options = PlayBackOptions(kind: kind)
        let scheduler = PlayBackScheduler(options: options)
        let player = SimulatedPlayer(defaultAccuracy: accuracy)
        let total = PlayBackItem.catalogue(of: kind).count
        var generator = SeededRandomGenerator(seed: seed)
        var history = PlayBackHistory()
        var course = Course()
        var last: PlayBackItem?
        for number in 1...answers {
            guard let item = scheduler.next(history, after: last, using: &generator),
                let question = PlayBackQuestion.random(item, in: options.range, using: &generator)
            else { break }
            if course.allInPlayAfter == nil {
                course.whileLearning += 1
                if history.items[item]?.mastery.isMastered == true { course.ofMastered += 1 }
            }
            let answer = player.answer(question, using: &generator)
            history.add(
                CompletedPlayBack(
                    question: question,
                    played: answer.notes.map { PlayedNote(note: $0.note, velocity: 90, time: $0.onset) },
                    anyOctave: false, anyVoicing: false,
                    timestamp: Date(timeIntervalSince1970: Double(number)),
                    responseTime: answer.responseTime, inputKind: .simulated))
            last = item
            let count = scheduler.activeItems(history).count
            course.inPlay.append(count)
            if count == total, course.allInPlayAfter == nil { course.allInPlayAfter = number }
        }
        return course
    }

    @Test(
        "a 90 % player has every interval item in play within 1,500 answers, a perfect one within 600; mastered items get at most a quarter of a strong player's questions",
        arguments: Array(1...8) as [UInt64])
    func strongPlayers(seed: UInt64) throws {
        let good = Self.course(accuracy: 0.9, answers: 1500, seed: seed)
        let reached = try #require(good.allInPlayAfter, "in play after 1,500: \(good.inPlay.last ?? 0)")
        #expect(reached <= 1500)
        #expect(good.masteredShare <= 0.25, "\(good.ofMastered) of \(good.whileLearning)")
        let perfect = Self.course(accuracy: 1, answers: 600, seed: seed)
        #expect(perfect.allInPlayAfter.map { $0 <= 600 } == true, "in play: \(perfect.inPlay.last ?? 0)")
        #expect(perfect.masteredShare <= 0.25, "\(perfect.ofMastered) of \(perfect.whileLearning)")
        print(
            "pace seed \(seed): 90 % all in play after \(reached), mastered share \(good.masteredShare); "
                + "perfect after \(perfect.allInPlayAfter ?? -1), share \(perfect.masteredShare)")
    }

    @Test(
        "a 60 % player stays with at most 6 items in play over 1,500 answers",
        arguments: Array(1...8) as [UInt64])
    func weakPlayer(seed: UInt64) {
        let weak = Self.course(accuracy: 0.6, answers: 1500, seed: seed)
        #expect((weak.inPlay.max() ?? 0) <= 6, "\(weak.inPlay.max() ?? 0)")
        let steps = weak.inPlay.enumerated().filter {
            $0.offset == 0 || weak.inPlay[$0.offset - 1] != $0.element
        }
        .map { "\($0.element)@\($0.offset + 1)" }
        print("pace seed \(seed): 60 % at most \(weak.inPlay.max() ?? 0) items in play: \(steps)")
    }
}
