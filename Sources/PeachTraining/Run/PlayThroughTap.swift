// PlayThroughTap: the controller's keys handed to play-through on the input thread, before the main actor.

import PeachCore
import PeachMIDI
import Synchronization

/// Where the input thread sends the keys a player plays, so they sound without waiting for the main actor: the
/// output's ``InputPlayThrough`` (the internal synth's), read by ``PlayedKey`` under the run's controller profile.
/// The input thread calls ``take(_:)`` with every MIDI event before it is queued for the main actor; the run
/// routes the tap to its sound's play-through when it starts and when its profile changes, and away when it ends.
/// What the keys do there depends on the output being armed: only a running play-back session arms it, so in
/// every other mode a key sounds nothing here.
public final class PlayThroughTap: Sendable {
    private struct Route {
        var target: (any InputPlayThrough)?
        var profile: ControllerProfile
    }

    private let route: Mutex<Route>

    /// A tap routed nowhere yet.
    public init() { route = Mutex(Route(target: nil, profile: .builtInDefault)) }

    /// From now on the keys go to `target` (nil: nowhere), read under `profile`. Main actor (the run).
    public func route(to target: (any InputPlayThrough)?, profile: ControllerProfile) {
        route.withLock { $0 = Route(target: target, profile: profile) }
    }

    /// Takes a key struck and let go, as the input thread would, while the target is disarmed (so it sounds
    /// nothing): the code the first real key runs is then in memory, and that key does not wait for it to be read
    /// in from a cold binary (milliseconds on an SD card, and over the VM's 9p). The run calls it when it starts,
    /// before its session arms the target.
    public func rehearse() {
        guard let profile = route.withLock({ $0.target == nil ? nil : $0.profile }) else { return }
        let keys: ClosedRange<UInt8> = 0...127
        guard
            let key = keys.first(where: {
                PlayedKey(.noteOn(channel: 0, note: $0, velocity: 1), profile: profile) != nil
            })
        else { return }
        take(MIDIEvent(.noteOn(channel: 0, note: key, velocity: 1), at: .nan))
        take(MIDIEvent(.noteOff(channel: 0, note: key, velocity: 0), at: .nan))
    }

    /// The input thread: hands `event` to the play-through when it is a played key or the pedal.
    public func take(_ event: MIDIEvent) {
        let route = route.withLock { $0 }
        guard let target = route.target, let key = PlayedKey(event.message, profile: route.profile) else {
            return
        }
        switch key {
        case .struck(let note, let velocity): target.noteOn(note, velocity: velocity, at: event.time)
        case .released(let note): target.noteOff(note)
        case .pedal(let down): target.sustain(down)
        }
    }
}
