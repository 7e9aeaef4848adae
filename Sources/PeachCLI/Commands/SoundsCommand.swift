// SoundsCommand: `peach sounds`: the internal synth's timbres and the SoundFonts found, with their presets.

import ArgumentParser
import PeachCore
import PeachLive
import PeachText
import PeachTraining

/// `peach sounds [FILE]`: what the internal synth can play.
struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "sounds", abstract: .soundsAbstract, discussion: .soundsDiscussion)

    @Argument(help: ArgumentHelp(CLI.texts.help(.soundsFile), valueName: "soundfont"))
    var file: String?

    func run() throws {
        let library = SoundFontLibrary(environment: CLI.environment)
        let fonts = try library.survey(file)
        let timbres = TrainingSettings.timbres
        let lines = CLI.texts.sounds(
            timbres: timbres, soundFonts: fonts, searched: library.directories, width: Terminal.width)
        for line in lines { Terminal.show(line) }
    }
}
