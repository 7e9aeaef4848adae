// SoundsCommand: `peach sounds`: the internal synth's timbres and the SoundFonts found, with their presets.

import ArgumentParser
import PeachAudio
import PeachCore
import PeachTraining

/// `peach sounds [FILE]`: what the internal synth can play.
struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds", abstract: CLI.texts.help(.soundsAbstract),
        discussion: CLI.texts.help(.soundsDiscussion))

    @Argument(help: ArgumentHelp(CLI.texts.help(.soundsFile), valueName: "soundfont"))
    var file: String?

    func run() throws {
        let library = SoundFontLibrary(environment: CLI.environment)
        let paths = file.map { [library.path(for: $0)] } ?? library.installed()
        let fonts = paths.map { path in
            (path, Result { () throws(SoundFontError) in try SoundFont.open(path: path) })
        }
        // A SoundFont asked for by name that cannot be read is the command's error, not a line of the list.
        if file != nil, case .failure(let error) = fonts[0].1 { throw error }
        for line in CLI.texts.sounds(
            timbres: TrainingSettings.timbres, soundFonts: fonts, searched: library.directories)
        {
            print(line)
        }
    }
}
