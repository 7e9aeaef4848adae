// CellTableTests: timing's tables keep a cell per slot and are written as the name-keyed dictionaries they replaced.

import Foundation
import Testing

@testable import PeachCore

@Suite("CellTable")
struct CellTableTests {
    let names = ["moderate.late", "fast.early", "moderate.early"]

    @Test("a cell is filed from the empty one and changed in place; a slot never filed reads nil")
    func slots() {
        var table = CellTable(slots: 3, empty: WelfordAccumulator())
        #expect(table[1] == nil && table.values.isEmpty)
        table.file(1) { $0.add(4) }
        table.file(1) { $0.add(6) }
        #expect(table[1]?.count == 2 && table[1]?.mean == 5)
        #expect(table[0] == nil && table[2] == nil && table.values.count == 1)
        var other = CellTable(slots: 3, empty: WelfordAccumulator())
        other.file(1) { $0.add(4) }
        #expect(other != table)
        other.file(1) { $0.add(6) }
        #expect(other == table)
        other.file(2) { _ in }
        #expect(other != table && other[2] == WelfordAccumulator(), "filed, though still empty")
    }

    @Test("written as the dictionary it replaced (by name), read back equal; a name not in the table refused")
    func snapshot() throws {
        var table = CellTable(slots: 3, empty: 0)
        table.file(0) { $0 = 7 }
        table.file(1) { $0 = 5 }
        var writer = SnapshotWriter()
        table.write(to: &writer, names: names)
        var dictionary = SnapshotWriter()
        dictionary.write(["moderate.late": 7, "fast.early": 5])
        #expect(writer.bytes == dictionary.bytes)
        let read = try reading(writer.bytes) { reader in
            (try CellTable(from: &reader, names: names, empty: 0), reader.isAtEnd)
        }
        #expect(read.0 == table && read.1)

        var unknown = SnapshotWriter()
        unknown.write(["moderate.late": 7, "slow.late": 5])
        #expect(throws: SnapshotReader.Malformed.self) {
            try reading(unknown.bytes) { try CellTable(from: &$0, names: names, empty: 0) }
        }
        var twice = SnapshotWriter()
        twice.write(2)
        for _ in 0..<2 { twice.write("fast.early", 1) }
        #expect(throws: SnapshotReader.Malformed.self) {
            try reading(twice.bytes) { try CellTable(from: &$0, names: names, empty: 0) }
        }
    }

    @Test("every key of the timing history has its own slot and name")
    func keys() throws {
        typealias Keys = TimingHistory.Keys
        let offsets = TempoBand.allCases.flatMap { band in
            TimingDirection.allCases.map { Keys.offset(band, $0) }
        }
        #expect(offsets == Array(Keys.offsetNames.indices))
        #expect(Keys.offsetNames[Keys.offset(.moderate, .late)] == "moderate.late")
        let weeks = TimingHistory.Discipline.allCases.flatMap { discipline in
            TempoBand.allCases.map { Keys.week(discipline, $0) }
        }
        #expect(weeks == Array(Keys.weekNames.indices))
        #expect(Keys.weekNames[Keys.week(.echo, .fast)] == "echo.fast")
        let gaps = TempoBand.allCases.flatMap { band in
            [Keys.gap(band, .all), Keys.gap(band, .drift), Keys.gap(band, .silent)]
                + (1...4).compactMap { Keys.gapStep(band, $0) }
        }
        #expect(gaps == Array(Keys.gapNames.indices))
        #expect(Keys.gapNames[try #require(Keys.gapStep(.slow, 4))] == "slow.4")
        #expect(Keys.gapNames[Keys.gap(.fast, .drift)] == "fast.drift")
        #expect(Keys.gapStep(.slow, 5) == nil && Keys.gapStep(.slow, 0) == nil)
        #expect(TimingPattern.Family.allCases.map { Keys.familyNames[Keys.family($0)] } == Keys.familyNames)
        #expect(
            Set(Keys.offsetNames + Keys.weekNames + Keys.gapNames + Keys.familyNames).count
                == Keys.offsetNames.count + Keys.weekNames.count + Keys.gapNames.count
                + Keys.familyNames.count)
    }
}
