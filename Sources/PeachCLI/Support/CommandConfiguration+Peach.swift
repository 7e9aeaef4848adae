// CommandConfiguration+Peach: a command's name, abstract and discussion from the catalogue, in one call.

import ArgumentParser
import PeachText

extension CommandConfiguration {
    /// The configuration of a Peach command: its word on the command line (nil for a subcommand named after
    /// its type) and its abstract and discussion from the catalogue, in the user's language.
    static func peach(
        _ name: String? = nil, abstract: Help, discussion: Help? = nil,
        subcommands: [any ParsableCommand.Type] = [], defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, abstract: CLI.texts.help(abstract),
            discussion: discussion.map { CLI.texts.help($0) } ?? "", subcommands: subcommands,
            defaultSubcommand: defaultSubcommand)
    }
}
