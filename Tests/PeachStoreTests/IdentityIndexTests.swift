// IdentityIndexTests: the merge's index of known answers agrees with a plain list in time order, out of it, and
// with crowded seconds.

import PeachCore
import Testing

@testable import PeachStore

@Suite("Identity index")
struct IdentityIndexTests {
    typealias Identity = StoredRecord.Identity

    /// A random identity near `seconds`: few distinct values, so that many are the same key; a whole second a
    /// fifth of the time.
    private static func identity(
        seconds: Int64, using random: inout SeededRandomGenerator
    ) -> Identity {
        let millisecond =
            Int.random(in: 0..<5, using: &random) == 0
            ? Identity.wholeSecond : UInt16.random(in: 0..<4, using: &random) * 250
        return Identity(
            seconds: seconds, values: (UInt64.random(in: 0..<3, using: &random), 7),
            notes: UInt16.random(in: 0..<2, using: &random), millisecond: millisecond,
            kind: UInt8.random(in: 0..<2, using: &random), flags: 0)
    }

    /// Merges `sequence` as a merge does (the neighbour, then the record) into an index over `stored` and into a
    /// plain list, and expects the same answers.
    private static func agree(_ sequence: [Identity], stored: [Identity]) {
        var index = IdentityIndex(sortedStored: stored.sorted(), expectedNew: sequence.count)
        var known = stored
        func listed(_ identity: Identity) -> Bool { known.contains { identity.isSameAnswer(as: $0) } }
        for identity in sequence {
            let neighbour =
                identity.millisecond == Identity.wholeSecond
                ? identity.shifted(by: -1, millisecond: Identity.wholeSecond)
                : identity.shifted(by: 1, millisecond: Identity.wholeSecondOnly)
            let expected = !listed(neighbour) && !listed(identity)
            let added = !index.contains(neighbour) && index.insertIfNew(identity)
            #expect(added == expected, "\(identity)")
            if expected { known.append(identity) }
        }
    }

    @Test("in time order, with copies, neighbours and whole seconds: as a plain list says")
    func inTimeOrder() {
        var random = SeededRandomGenerator(seed: 3)
        var seconds: Int64 = 1_000
        var sequence: [Identity] = []
        for _ in 0..<3_000 {
            seconds += Int64.random(in: 0...1, using: &random)
            sequence.append(Self.identity(seconds: seconds, using: &random))
        }
        let stored = (0..<300).map { _ in Self.identity(seconds: .random(in: 1_000...seconds), using: &random)
        }
        Self.agree(sequence, stored: stored)
        Self.agree(sequence, stored: [])
    }

    @Test("out of time order from the middle on (the table takes over): as a plain list says")
    func outOfOrder() {
        var random = SeededRandomGenerator(seed: 5)
        var sequence: [Identity] = []
        for index in 0..<2_000 {
            let seconds: Int64 =
                index < 1_000 ? 1_000 + Int64(index / 3) : .random(in: 1_000...1_400, using: &random)
            sequence.append(Self.identity(seconds: seconds, using: &random))
        }
        Self.agree(sequence, stored: [])
    }

    @Test("a crowded second (more answers in it than a scan may take): as a plain list says")
    func crowdedSecond() {
        var random = SeededRandomGenerator(seed: 7)
        var sequence: [Identity] = []
        for index in 0..<400 {
            let seconds: Int64 = 2_000 + Int64(index / 200)
            sequence.append(
                Identity(
                    seconds: seconds, values: (UInt64(index), 0), notes: 0,
                    millisecond: UInt16.random(in: 0..<1000, using: &random), kind: 0, flags: 0))
            if index % 7 == 0 {
                sequence.append(
                    sequence[sequence.count - 1 - Int.random(in: 0...(index % 200), using: &random)])
            }
        }
        #expect(200 > IdentityIndex.crowdedSecond)
        Self.agree(sequence, stored: [])
    }
}
