// ProfileTrackerTests: the tracker keeps profile and trend in step with the results.

import PeachCore
import Testing

@MainActor
@Suite("ProfileTracker")
struct ProfileTrackerTests {
    @Test("incremental updates equal a rebuild; resets are independent")
    func trackerUpdates() {
        let comparisons = (0..<30).map {
            Fixtures.comparison(
                note: MIDINote(clamping: 40 + $0), cents: Double(60 - $0), at: Double($0) * 60)
        }
        let matchings = (0..<5).map { Fixtures.matching(error: Double($0) - 2) }
        let tracker = ProfileTracker()
        for comparison in comparisons { tracker.comparisonCompleted(comparison) }
        for matching in matchings { tracker.pitchMatchingCompleted(matching) }
        let rebuilt = ProfileTracker(comparisons: comparisons, pitchMatchings: matchings)
        #expect(tracker.profile == rebuilt.profile)
        #expect(tracker.trend == rebuilt.trend)
        #expect(tracker.trend.count == 30)
        #expect(tracker.trend.sessions.count == 1)
        tracker.resetMatching()
        #expect(tracker.profile.matching.count == 0)
        #expect(tracker.profile.comparisonCount == 30)
        tracker.resetDiscrimination()
        #expect(tracker.profile.comparisonCount == 0)
        #expect(tracker.trend.count == 0)
    }
}
