// InfoCommand: `peach info`: version, licence and where Peach keeps its files.

import ArgumentParser
import PeachALSA
import PeachLive
import PeachText
import PeachTraining

/// `peach info`: what this Peach is and where it keeps its files.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach("info", abstract: .infoAbstract)

    @OptionGroup var data: DataOptions

    func run() throws {
        let lines = CLI.texts.info(
            version: CLI.version, locations: try data.locations(), alsa: ALSALibrary.version)
        for line in lines { Terminal.show(line) }
    }
}
