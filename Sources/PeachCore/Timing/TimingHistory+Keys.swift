// TimingHistory+Keys: the names TimingHistory files its cells and weeks under, each made once.

extension TimingHistory {
    /// A name ``TimingHistory`` files a cell or a series of weeks under (`"moderate.early"`): its text, which the
    /// snapshot keeps as it is, and a number made from the text once, which the tables hash. Hashing the text
    /// itself, three to seven times an answer, was most of what filing a timing answer cost after the keys were
    /// made once. Equal texts make equal numbers, so the number only speeds the look-up; names compare and sort
    /// by their text.
    struct CellName: Hashable, Comparable, Sendable, SnapshotCodable {
        /// The name as the snapshot keeps it.
        let text: String
        /// FNV-1a of the text's bytes.
        private let code: UInt64

        init(_ text: String) {
            self.text = text
            var code = FNV1a()
            code.fold(bytesOf: text)
            self.code = code.value
        }

        static func == (left: CellName, right: CellName) -> Bool {
            left.code == right.code && left.text == right.text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(code) }

        static func < (left: CellName, right: CellName) -> Bool { left.text < right.text }

        func write(to writer: inout SnapshotWriter) { text.write(to: &writer) }

        init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
            self.init(try String(from: &reader))
        }
    }

    /// The keys of ``TimingHistory``'s tables (`"moderate.early"`, `"moderate.4"`, `"gapFill.fast"`: the
    /// snapshot keeps them as they are), made once for every band instead of once per answer: a key built by
    /// interpolation and hashed twice a table was most of what a timing answer cost a load.
    enum Keys {
        /// What of a band's fill-the-gap trials a cell holds.
        enum GapCell {
            /// The trials' means.
            case all
            /// The silent bars' drift, ms per bar.
            case drift
            /// The silent bars' mean offset.
            case silent
            /// The mean at one step (1–4) of the bar.
            case step(Int)
        }

        private static let bands = TempoBand.allCases
        private static let offsetKeys: [CellName] = bands.flatMap { band in
            TimingDirection.allCases.map { CellName("\(band.rawValue).\($0.rawValue)") }
        }
        private static let weekKeys: [CellName] = Discipline.allCases.flatMap { discipline in
            bands.map { CellName("\(discipline.rawValue).\($0.rawValue)") }
        }
        /// Per band: its own key, `.drift`, `.silent`, then steps 1 to 4.
        private static let gapKeys: [CellName] = bands.flatMap { band in
            [band.rawValue, band.rawValue + ".drift", band.rawValue + ".silent"].map(CellName.init)
                + (1...4).map { CellName("\(band.rawValue).\($0)") }
        }
        private static let families = TimingPattern.Family.allCases
        private static let familyKeys: [CellName] = families.map { CellName($0.rawValue) }

        private static func index(_ band: TempoBand) -> Int {
            switch band {
            case .slow: 0
            case .moderate: 1
            case .fast: 2
            }
        }

        /// Offset detection's cell of `band` and `direction`.
        static func offset(_ band: TempoBand, _ direction: TimingDirection) -> CellName {
            offsetKeys[index(band) * 2 + (direction == .early ? 0 : 1)]
        }

        /// The weeks of `discipline` in `band`.
        static func week(_ discipline: Discipline, _ band: TempoBand) -> CellName {
            let row = Discipline.allCases.firstIndex(of: discipline) ?? 0
            return weekKeys[row * bands.count + index(band)]
        }

        /// Fill the gap's `cell` of `band`.
        static func gap(_ band: TempoBand, _ cell: GapCell) -> CellName {
            let base = index(band) * 7
            switch cell {
            case .all: return gapKeys[base]
            case .drift: return gapKeys[base + 1]
            case .silent: return gapKeys[base + 2]
            case .step(let step) where (1...4).contains(step): return gapKeys[base + 2 + step]
            case .step(let step): return CellName("\(band.rawValue).\(step)")
            }
        }

        /// A pattern family's cell (offset detection, rhythm echo): the family's name.
        static func family(_ family: TimingPattern.Family) -> CellName {
            families.firstIndex(of: family).map { familyKeys[$0] } ?? CellName(family.rawValue)
        }
    }
}
