// LearnSteps: `peach learn --actions higher,lower,commit`: the actions to learn, read from the option.

import Foundation
import PeachMIDI
import PeachTraining

/// The steps `peach learn` asks for, read from the `--actions` list.
enum LearnSteps {
    /// The steps named in `text` (comma-separated action names, spaces allowed around them), in order.
    /// - Throws: ``CommandError/invalidSpec(option:value:expected:)`` for a name that is no action, or an empty
    ///   list; ``CommandError/duplicate(option:value:)`` for an action named twice.
    static func parse(_ text: String, option: String = "--actions") throws(CommandError) -> [LearnStep] {
        var steps: [LearnStep] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let step = LearnStep(name: item) else {
                throw .invalidSpec(option: option, value: item, expected: .action)
            }
            guard !steps.contains(step) else { throw .duplicate(option: option, value: item) }
            steps.append(step)
        }
        guard !steps.isEmpty else { throw .invalidSpec(option: option, value: "", expected: .action) }
        return steps
    }
}
