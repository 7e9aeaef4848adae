// DevicesCommand: `peach devices`: MIDI sources and destinations, raw MIDI devices and audio outputs.

import ArgumentParser
import Foundation
import PeachALSA
import PeachMIDI

/// `peach devices`: what Peach can connect to, marking what it would use with the current options.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: Messages.pick(
            "List MIDI controllers and synths, raw MIDI devices and audio outputs.",
            "Listet MIDI-Controller und -Synths, Raw-MIDI-Geräte und Audioausgänge."),
        discussion: """
            '*' marks the controllers Peach connects to with --midi-in (and the profile's device names) and the \
            synth --output midi plays; '>' marks a port --output names that is not a synth.
            """)

    @OptionGroup var input: MIDIInputOptions
    @OptionGroup var profileOptions: ProfileOptions
    @OptionGroup var outputOptions: MIDIOutputOptions

    func run() throws {
        try reportingFailures {
            let settings = try loadSettings()
            let profile = try profileOptions.resolveProfile(settings: settings)
            let inputSpec = try input.spec()
            let outputSpec = try outputOptions.spec(settings: settings)
            if ALSASequencer.isAvailable {
                let sequencer = try ALSASequencer(clientName: "Peach devices")
                let ports = try sequencer.ports().filter {
                    $0.address.client != sequencer.clientNumber && $0.address.client != 0
                }
                let selection: ControllerSelection? =
                    if case .sequencer(let selection) = inputSpec { selection } else { nil }
                let connector = selection.map {
                    ControllerConnector(selection: $0, profile: profile, ownClient: sequencer.clientNumber)
                }
                print(
                    Messages.pick("MIDI sources (controllers; ", "MIDI-Quellen (Controller; ")
                        + "--midi-in \(inputSpec), " + Messages.pick("profile", "Profil")
                        + " '\(profile.name)'):")
                let sources = ports.filter(\.isReadable)
                if sources.isEmpty { print(Messages.pick("  (none)", "  (keine)")) }
                for port in sources {
                    let mark = connector?.wants(port) == true ? "*" : " "
                    print("  \(mark) \(port.label)\(port.isHardware ? "" : "  (software)")")
                }
                let target = outputSpec.port(among: ports, ownClient: sequencer.clientNumber)
                print(
                    Messages.pick("MIDI destinations (synths; ", "MIDI-Ziele (Synths; ")
                        + "--output \(outputSpec)):")
                let destinations = ports.filter(\.isWritable)
                if destinations.isEmpty { print(Messages.pick("  (none)", "  (keine)")) }
                for port in destinations {
                    let mark = target?.address == port.address ? "*" : " "
                    let kind = port.isSynth ? "  (synth)" : port.isHardware ? "  (MIDI out)" : ""
                    print("  \(mark) \(port.label)\(kind)")
                }
            } else {
                print(
                    Messages.pick(
                        "No ALSA sequencer on this machine (/dev/snd/seq is missing), so no MIDI ports to list. Load it "
                            + "with 'sudo modprobe snd-seq', or use --midi-in rawmidi:PATH or --midi-in keyboard.",
                        "Kein ALSA-Sequencer auf diesem Rechner (/dev/snd/seq fehlt), also keine MIDI-Ports. Lade ihn "
                            + "mit 'sudo modprobe snd-seq', oder nimm --midi-in rawmidi:PATH oder --midi-in keyboard."
                    ))
            }
            let raw = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []).filter {
                $0.hasPrefix("midiC")
            }
            print(
                Messages.pick("Raw MIDI devices", "Raw-MIDI-Geräte")
                    + " (--midi-in rawmidi:PATH, --output rawmidi:PATH):")
            if raw.isEmpty { print(Messages.pick("  (none)", "  (keine)")) }
            for name in raw.sorted() { print("    /dev/snd/\(name)") }
            let outputs = ALSADeviceList.pcmOutputs()
            print(Messages.pick("Audio outputs", "Audioausgänge") + " (--audio-out alsa:NAME):")
            if outputs.isEmpty { print(Messages.pick("  (none)", "  (keine)")) }
            let width = min(outputs.map(\.name.count).max() ?? 0, 40)
            for output in outputs {
                let padded = output.name + String(repeating: " ", count: max(0, width - output.name.count))
                print("    \(padded)  \(output.description)")
            }
        }
    }
}
