// CommandConfiguration+Peach: a command's name, abstract and discussion from the catalogue, in one call.

import ArgumentParser
import PeachText

extension CommandConfiguration {
    /// The configuration of a Peach command: its word on the command line and its abstract and discussion from
    /// the catalogue, in the user's language. The word is always given: argument-parser would otherwise derive
    /// it from the type's name by `String(describing:)`, a reflection that costs about a million instructions
    /// each time (eight subcommands without a word, each derived twice a run, made 16 M of `peach settings
    /// get`'s 57 M).
    static func peach(
        _ name: String, abstract: Help, discussion: Help? = nil,
        subcommands: [any ParsableCommand.Type] = [], defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, abstract: CLI.texts.help(abstract),
            discussion: discussion.map { CLI.texts.help($0) } ?? "", subcommands: subcommands,
            defaultSubcommand: defaultSubcommand)
    }
}
