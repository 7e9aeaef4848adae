// RhythmRecordTests: a fill-the-gap record keeps exactly four step means, however many it is given.

import Foundation
import Testing

@testable import PeachStore

@Suite("RhythmRecord")
struct RhythmRecordTests {
    @Test(
        "a fill-the-gap record's step means: four kept as given, fewer padded with none, more cut to four",
        arguments: [
            ([1.5, nil, -2, 0.25], [1.5, nil, -2, 0.25]), ([], [nil, nil, nil, nil]),
            ([3], [3, nil, nil, nil]), ([1, 2, 3, 4, 5], [1, 2, 3, 4]),
        ] as [([Double?], [Double?])])
    func stepMeans(given: [Double?], kept: [Double?]) {
        let record = RhythmRecord(
            continuousMatchingAt: Date(timeIntervalSince1970: 1_700_000_000), tempoBPM: 90, meanOffsetMs: 2,
            positions: given)
        #expect(record.meanOffsetMsPositions == kept)
    }
}
