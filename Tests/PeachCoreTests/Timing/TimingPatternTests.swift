// TimingPatternTests: the pattern catalogue, its names, lists of patterns and where an offset may fall.

import PeachCore
import Testing

@Suite("TimingPattern")
struct TimingPatternTests {
    @Test(
        "every pattern starts on the beat, is named by its notation, and has two notes a step apart in its loop"
    )
    func catalogue() throws {
        let ids = TimingPattern.catalogue.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(
            TimingPattern.catalogue.first == .straightSixteenths
                && TimingPattern.straightSixteenths.id == "4:xxxx")
        for pattern in TimingPattern.catalogue {
            #expect(pattern.notes.first == 0, "\(pattern)")
            #expect(TimingPattern.named(pattern.id) == pattern)
            #expect(!pattern.offsetPositions.isEmpty, "\(pattern) has a note to offset")
            // The step is the shortest distance between notes, counting the next beat's first note: that makes
            // the offset's share of a step equally hard to hear in every pattern.
            let gaps = zip(pattern.notes, pattern.notes.dropFirst() + [pattern.steps]).map { $1 - $0 }
            #expect(gaps.min() == 1, "\(pattern): \(gaps)")
        }
        #expect(TimingPattern.named("4:xxxy") == nil && TimingPattern.named("2:xx") == nil)
        #expect(Set(TimingPattern.catalogue.map(\.family)) == Set(TimingPattern.Family.catalogued))
    }

    @Test("a list is read from names, families and all, in the catalogue's order, and written back the same")
    func lists() throws {
        #expect(try TimingPattern.parseList("all") == TimingPattern.catalogue)
        let mixed = try TimingPattern.parseList(" triplets , 4:x-xx")
        #expect(mixed.map(\.id) == ["4:x-xx", "3:xxx", "3:xx-", "3:x-x", "6:x-x--x"])
        #expect(TimingPattern.listText(mixed) == "4:x-xx,triplets")
        #expect(TimingPattern.listText(TimingPattern.catalogue) == "all")
        #expect(TimingPattern.listText([.straightSixteenths]) == "4:xxxx")
        for text in ["all", "4:x-xx,triplets", "sixteenths,septuplets", "3:x-x,sextuplets", "4:x--x"] {
            #expect(TimingPattern.listText(try TimingPattern.parseList(text)) == text)
        }
        for bad in ["", "4:x-xx,", "waltz", "4:xxxx;3:xxx", "3:x-x,,", "simple", "1:x"] {
            #expect(throws: DomainValueError.invalidTimingPatterns(bad)) { try TimingPattern.parseList(bad) }
        }
    }

    @Test("the offset falls on the step asked for, or the nearest note after the first (the later on a tie)")
    func offsetPositions() throws {
        let straight = TimingPattern.straightSixteenths
        #expect(straight.offsetPositions == [2, 3, 4])
        #expect((2...4).map(straight.offsetPosition(nearest:)) == [2, 3, 4])
        #expect(straight.offsetPosition(nearest: 7) == 4)
        let triplet = try #require(TimingPattern.named("3:x-x"))
        #expect(triplet.offsetPositions == [3] && triplet.offsetPosition(nearest: 2) == 3)
        let gapped = try #require(TimingPattern.named("4:x-xx"))
        #expect(gapped.offsetPosition(nearest: 2) == 3)
        let dotted = try #require(TimingPattern.named("6:x-x--x"))
        // Step 4 and 5 are rests: 4 is nearer to 3, 5 nearer to 6; 3 and 6 are equally far from 4.5.
        #expect(dotted.offsetPositions == [3, 6])
        #expect(dotted.offsetPosition(nearest: 4) == 3 && dotted.offsetPosition(nearest: 5) == 6)
        #expect(abs(triplet.stepDuration(at: .standard) - 0.25) < 1e-12)
        #expect(abs(straight.stepDuration(at: .standard) - Tempo.standard.sixteenth) < 1e-12)
    }
}
