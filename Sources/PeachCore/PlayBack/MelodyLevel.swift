// MelodyLevel: one step of the melodies' curriculum: how long a phrase is and how it moves (`steps4`, `leaps6`).

/// What a melody question asks: a phrase of ``length`` notes that moves by ``shape``. The levels open in the order
/// of ``PlayBackItem/catalogue(of:)``, so phrases grow longer, leap further and take in chromatic notes as the
/// player masters the shorter and plainer ones (``MelodyMaker`` writes them):
///
/// | shape | moves | key | rhythm (``MelodyMaker/rhythm(_:using:)``) |
/// |---|---|---|---|
/// | `steps` | by step only (seconds of the scale) | major | quarters |
/// | `leaps` | mostly by step, sometimes a third or a fourth, each leap turned back by step | major, a third of them minor | and halves |
/// | `wide` | as `leaps`, with sixths and the octave too | major or minor | and eighths |
/// | `chromatic` | as `leaps`, with one chromatic note leading by a semitone to the next | major or minor | and a dotted quarter with an eighth |
public struct MelodyLevel: Hashable, Sendable, CustomStringConvertible {
    /// How a phrase moves.
    public enum Shape: String, CaseIterable, Hashable, Sendable {
        /// By step only.
        case steps
        /// Steps, with thirds and fourths turned back by step.
        case leaps
        /// Steps and leaps up to the octave.
        case wide
        /// Leaps, and one chromatic note leading to the next by a semitone.
        case chromatic
    }

    /// How the phrase moves.
    public let shape: Shape
    /// How many notes, 3…8.
    public let length: Int

    /// The lengths a phrase may have.
    public static let lengths = 3...8

    /// A level; nil for a length outside ``lengths``.
    public init?(_ shape: Shape, length: Int) {
        guard Self.lengths.contains(length) else { return nil }
        self.shape = shape
        self.length = length
    }

    /// `steps4`, `chromatic8`.
    public var id: String { shape.rawValue + String(length) }

    /// The identifier.
    public var description: String { id }

    /// The level `id` names, or nil.
    public init?(id: String) {
        guard let shape = Shape.allCases.first(where: { id.hasPrefix($0.rawValue) }),
            let length = Int(id.dropFirst(shape.rawValue.count)), id == shape.rawValue + String(length)
        else { return nil }
        self.init(shape, length: length)
    }

    /// The levels in the order they open: short stepwise phrases first, then leaps, longer phrases, wide leaps,
    /// chromatic notes.
    public static let curriculum: [MelodyLevel] = [
        (Shape.steps, 3), (.steps, 4), (.leaps, 4), (.steps, 5), (.leaps, 5), (.leaps, 6), (.wide, 5),
        (.wide, 6),
        (.leaps, 7), (.wide, 7), (.chromatic, 5), (.wide, 8), (.chromatic, 6), (.chromatic, 7),
        (.chromatic, 8),
    ].compactMap { MelodyLevel($0.0, length: $0.1) }
}
