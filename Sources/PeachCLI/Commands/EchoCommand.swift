// EchoCommand: `peach echo`: rhythm echo, call and response on a pad.

import ArgumentParser
import PeachTraining

/// `peach echo`: a bar plays; echo it on a pad in the next bar against the click.
struct EchoCommand: TimingRunCommand {
    static let configuration = CommandConfiguration.peach(
        "echo", abstract: .echoAbstract, discussion: .echoDiscussion)
    static let mode = TrainingMode.echo

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
}
