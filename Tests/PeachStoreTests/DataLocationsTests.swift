// DataLocationsTests: the XDG rules and overrides for the data and settings folders.

import PeachStore
import Testing

@Suite("DataLocations")
struct DataLocationsTests {
    @Test("falls back to ~/.local/share and ~/.config")
    func homeFallback() throws {
        let locations = try DataLocations(environment: ["HOME": "/home/ada"])
        #expect(locations.dataDirectory == "/home/ada/.local/share/peach")
        #expect(locations.configDirectory == "/home/ada/.config/peach")
        #expect(locations.settingsFile == "/home/ada/.config/peach/settings.json")
        #expect(locations.userProfilesDirectory == "/home/ada/.config/peach/profiles")
    }

    @Test("XDG variables win over HOME; relative ones are ignored")
    func xdg() throws {
        let absolute = try DataLocations(
            environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data/", "XDG_CONFIG_HOME": "/cfg"])
        #expect(absolute.dataDirectory == "/data/peach")
        #expect(absolute.configDirectory == "/cfg/peach")
        let relative = try DataLocations(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "data"])
        #expect(relative.dataDirectory == "/home/ada/.local/share/peach")
    }

    @Test("--data-dir beats PEACH_DATA_DIR beats XDG")
    func overrides() throws {
        let environment = ["HOME": "/h", "XDG_DATA_HOME": "/x", "PEACH_DATA_DIR": "/p"]
        #expect(try DataLocations(environment: environment).dataDirectory == "/p")
        #expect(
            try DataLocations(environment: environment, dataDirectoryOverride: "/cli").dataDirectory == "/cli"
        )
    }

    @Test("no home at all is an error naming what is missing")
    func noHome() {
        #expect(throws: DataLocations.Failure.noHomeDirectory(purpose: "data")) {
            try DataLocations(environment: [:])
        }
        #expect(throws: DataLocations.Failure.noHomeDirectory(purpose: "config")) {
            try DataLocations(environment: ["PEACH_DATA_DIR": "/p"])
        }
    }
}
