// TimingHistory+Keys: the names TimingHistory files its cells and weeks under, and each name's slot.

extension TimingHistory {
    /// The names of ``TimingHistory``'s cells (`"moderate.early"`, `"moderate.4"`, `"gapFill.fast"`: the snapshot
    /// keeps them as they are), each table's in its slots' order, and the slot of each band, direction, step or
    /// family (``CellTable``).
    enum Keys {
        /// What of a band's fill-the-gap trials a cell holds, besides the means at each step (``gapStep(_:_:)``).
        enum GapCell {
            /// The trials' means.
            case all
            /// The silent bars' drift, ms per bar.
            case drift
            /// The silent bars' mean offset.
            case silent
        }

        private static let bands = TempoBand.allCases
        /// Offset detection's cells: per band, early then late.
        static let offsetNames: [String] = bands.flatMap { band in
            TimingDirection.allCases.map { "\(band.rawValue).\($0.rawValue)" }
        }
        /// The weeks: per discipline, each band.
        static let weekNames: [String] = Discipline.allCases.flatMap { discipline in
            bands.map { "\(discipline.rawValue).\($0.rawValue)" }
        }
        /// Fill the gap's cells: per band, its own name, `.drift`, `.silent`, then steps 1 to 4.
        static let gapNames: [String] = bands.flatMap { band in
            [band.rawValue, band.rawValue + ".drift", band.rawValue + ".silent"]
                + (1...4).map { "\(band.rawValue).\($0)" }
        }
        /// The pattern families' cells (offset detection, rhythm echo): each family's name.
        static let familyNames: [String] = TimingPattern.Family.allCases.map(\.rawValue)

        private static func index(_ band: TempoBand) -> Int {
            switch band {
            case .slow: 0
            case .moderate: 1
            case .fast: 2
            }
        }

        /// Offset detection's slot of `band` and `direction`.
        static func offset(_ band: TempoBand, _ direction: TimingDirection) -> Int {
            index(band) * 2 + (direction == .early ? 0 : 1)
        }

        /// The slot of the weeks of `discipline` in `band`.
        static func week(_ discipline: Discipline, _ band: TempoBand) -> Int {
            // The row written out in `allCases`' order (a test holds them together): `allCases.firstIndex` made
            // the array of cases on each call, once for every timing answer filed.
            let row =
                switch discipline {
                case .offsetDetection: 0
                case .gapFill: 1
                case .echo: 2
                }
            return row * bands.count + index(band)
        }

        /// Fill the gap's slot of `cell` in `band`.
        static func gap(_ band: TempoBand, _ cell: GapCell) -> Int {
            let base = index(band) * 7
            switch cell {
            case .all: return base
            case .drift: return base + 1
            case .silent: return base + 2
            }
        }

        /// Fill the gap's slot of the mean at `step` (1–4) of the bar in `band`; nil for another step.
        static func gapStep(_ band: TempoBand, _ step: Int) -> Int? {
            (1...4).contains(step) ? index(band) * 7 + 2 + step : nil
        }

        /// A pattern family's slot.
        static func family(_ family: TimingPattern.Family) -> Int {
            // In `allCases`' order, as ``familyNames`` (a test holds them together).
            switch family {
            case .sixteenths: 0
            case .triplets: 1
            case .sextuplets: 2
            case .quintuplets: 3
            case .septuplets: 4
            case .simple: 5
            }
        }
    }
}
