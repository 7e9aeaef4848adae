// DevicesCommand: `peach devices`: MIDI sources and destinations, raw MIDI devices and audio outputs.

import ArgumentParser
import Foundation
import PeachALSA
import PeachLive
import PeachMIDI
import PeachText
import PeachTraining

/// `peach devices`: what Peach can connect to, marking what it would use with the current options.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "devices", abstract: .devicesAbstract, discussion: .devicesDiscussion)

    @OptionGroup var controller: ControllerOptions
    @OptionGroup var profileOptions: ProfileOptions
    @OptionGroup var outputOptions: MIDIOutputOptions

    func run() throws {
        let texts = CLI.texts
        let settings = try CLI.loadSettings()
        let profile = try profileOptions.resolve(settings: settings)
        let outputSpec = try outputOptions.spec(settings: settings)
        var listing = DeviceListing(input: controller.spec, output: outputSpec, profile: profile)
        if ALSASequencer.isAvailable {
            let sequencer = try ALSASequencer(clientName: "Peach devices")
            listing.sequencer = (ports: try sequencer.ports(), ownClient: sequencer.clientNumber)
        }
        listing.rawDevices = DeviceCompletions.rawMIDIDevices()
        listing.audioOutputs = ALSADeviceList.playableOutputs().map {
            AudioOutputEntry(
                name: $0.name, description: $0.description, stack: $0.stack, holder: $0.busyHolder,
                trainsTiming: $0.stack.map(ALSAPCMSink.reportsExactDelay(through:)) ?? true)
        }
        listing.jackClientAvailable = DeviceCompletions.jackClientAvailable
        for line in texts.devices(listing) { Terminal.show(line) }
    }
}
