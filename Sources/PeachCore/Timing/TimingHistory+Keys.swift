// TimingHistory+Keys: the names TimingHistory files its cells and weeks under, each made once.

extension TimingHistory {
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
        private static let offsetKeys: [String] = bands.flatMap { band in
            TimingDirection.allCases.map { "\(band.rawValue).\($0.rawValue)" }
        }
        private static let weekKeys: [String] = Discipline.allCases.flatMap { discipline in
            bands.map { "\(discipline.rawValue).\($0.rawValue)" }
        }
        /// Per band: its own key, `.drift`, `.silent`, then steps 1 to 4.
        private static let gapKeys: [String] = bands.flatMap { band in
            [band.rawValue, band.rawValue + ".drift", band.rawValue + ".silent"]
                + (1...4).map { "\(band.rawValue).\($0)" }
        }

        private static func index(_ band: TempoBand) -> Int {
            switch band {
            case .slow: 0
            case .moderate: 1
            case .fast: 2
            }
        }

        /// Offset detection's cell of `band` and `direction`.
        static func offset(_ band: TempoBand, _ direction: TimingDirection) -> String {
            offsetKeys[index(band) * 2 + (direction == .early ? 0 : 1)]
        }

        /// The weeks of `discipline` in `band`.
        static func week(_ discipline: Discipline, _ band: TempoBand) -> String {
            let row = Discipline.allCases.firstIndex(of: discipline) ?? 0
            return weekKeys[row * bands.count + index(band)]
        }

        /// Fill the gap's `cell` of `band`.
        static func gap(_ band: TempoBand, _ cell: GapCell) -> String {
            let base = index(band) * 7
            switch cell {
            case .all: return gapKeys[base]
            case .drift: return gapKeys[base + 1]
            case .silent: return gapKeys[base + 2]
            case .step(let step) where (1...4).contains(step): return gapKeys[base + 2 + step]
            case .step(let step): return "\(band.rawValue).\(step)"
            }
        }
    }
}
