// InfoCommand: `peach info`: version, licence and where Peach keeps its files.

import ArgumentParser
import Foundation
import PeachALSA
import PeachStore

/// `peach info`: what this Peach is and where it keeps its files.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: Messages.pick(
            "Show the version, the licence and where data and settings live.",
            "Zeigt Version, Lizenz und wo Daten und Einstellungen liegen."))

    @Option(
        name: .long, help: "Folder of the training data (default: $PEACH_DATA_DIR or ~/.local/share/peach).")
    var dataDir: String?

    func run() throws {
        try reportingFailures {
            let locations = try resolveLocations(dataDirectory: dataDir)
            print(
                Messages.pick(
                    """
                    Peach \(PeachVersion.current) — ear training for pitch, driven by MIDI controllers
                    Licence:   MIT
                    Data:      \(locations.dataDirectory)
                    Settings:  \(locations.settingsFile)
                    Profiles:  \(locations.userProfilesDirectory)
                    alsa-lib:  \(ALSALibrary.version)
                    """,
                    """
                    Peach \(PeachVersion.current) — Gehörbildung für Tonhöhen, gesteuert mit MIDI-Controllern
                    Lizenz:        MIT
                    Daten:         \(locations.dataDirectory)
                    Einstellungen: \(locations.settingsFile)
                    Profile:       \(locations.userProfilesDirectory)
                    alsa-lib:      \(ALSALibrary.version)
                    """))
        }
    }
}
