// PsiNoteStrategy: a measurement's comparisons: each difference chosen by the Psi procedure.

import Synchronization

/// The strategy of a measurement (`peach measure`): the note uniform in the training range, the direction a
/// coin flip, and the difference chosen by a ``PsiProcedure`` that has taken in every answer of this session
/// (it learns each one from `last` when the session asks for the next comparison).
public final class PsiNoteStrategy: NextComparisonStrategy {
    private let state: Mutex<(procedure: PsiProcedure, seen: CompletedComparison?)>

    /// A strategy over `procedure`.
    public init(procedure: PsiProcedure) {
        state = Mutex((procedure, nil))
    }

    /// The procedure as it stands (its estimate, whether it is complete).
    public var procedure: PsiProcedure { state.withLock { $0.procedure } }

    /// Takes in `completed` (once) and places the next comparison.
    public func nextComparison(
        profile: PerceptualProfile, settings: TrainingSettings, last: CompletedComparison?,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        let magnitude = state.withLock { state -> Double in
            if let last, last != state.seen {
                state.procedure.record(
                    cents: last.comparison.centDifference.magnitude, correct: last.isCorrect)
                state.seen = last
            }
            return state.procedure.nextDifference()
        }
        return Comparison.random(settings: settings, magnitude: magnitude, using: &generator)
    }

    /// Takes in the answer to the last comparison (a session's last answer, which no next comparison follows).
    public func record(_ completed: CompletedComparison) {
        state.withLock { state in
            guard completed != state.seen else { return }
            state.procedure.record(
                cents: completed.comparison.centDifference.magnitude, correct: completed.isCorrect)
            state.seen = completed
        }
    }
}
