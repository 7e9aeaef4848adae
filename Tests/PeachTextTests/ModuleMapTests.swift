// ModuleMapTests: CONTRIBUTING.md's module map is the code's: every target, with exactly what its sources import.

import Foundation
import Testing

@Suite("The module map")
struct ModuleMapTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("CONTRIBUTING.md's module map lists every target with exactly what its sources import")
    func moduleMap() throws {
        let text = try String(
            contentsOfFile: Self.repository.appendingPathComponent("CONTRIBUTING.md").path, encoding: .utf8)
        // The library products as CONTRIBUTING.md names them, by the module a source imports.
        let products = [
            "SystemPackage": "swift-system", "DequeModule": "Deque", "Logging": "Logging",
            "ArgumentParser": "ArgumentParser",
        ]
        let platform: Set<String> = [
            "Foundation", "Glibc", "Darwin", "Synchronization", "Dispatch", "Testing", "XCTest",
        ]
        var documented: [String: Set<String>] = [:]
        for line in text.components(separatedBy: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let module = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            documented[module] = Set(
                cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    $0 != "—" && !$0.hasPrefix("libasound")
                })
        }
        let sources = Self.repository.appendingPathComponent("Sources").path
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources).filter {
            !$0.hasPrefix(".")
        }
        #expect(Set(documented.keys) == Set(targets), "every target has a row, and every row a target")
        for target in targets where target != "CALSA" {
            let imports = Set(
                try Self.imports(of: target).map(\.module).filter { !platform.contains($0) }.map {
                    products[$0] ?? $0
                })
            #expect(imports == documented[target] ?? [], "\(target) imports \(imports.sorted())")
        }
    }

    /// The layers, inner to outer: a module may import only modules of a lower layer (C targets and outside
    /// packages are not ranked). Outer adapters of one layer (`PeachLive`, `PeachWeb`; `PeachALSA`, `PeachJACK`)
    /// never import each other.
    static let layers: [String: Int] = [
        "PeachCore": 0, "PeachSystem": 0,
        "PeachAudio": 1, "PeachMIDI": 1, "PeachStore": 1,
        "PeachALSA": 2, "PeachJACK": 2, "PeachTraining": 2,
        "PeachText": 3, "PeachTestSupport": 4,
        "PeachLive": 4, "PeachWeb": 4,
        "PeachCLI": 5, "PeachFuzz": 5, "PeachJournalWriter": 5, "PeachBenchmarks": 5,
        "peach": 6,
    ]

    @Test(
        "no module imports one of its own layer or an outer one (an upward import fails here, whatever the map says)"
    )
    func noUpwardImport() throws {
        var upward: [String] = []
        for (target, layer) in Self.layers {
            for (file, module) in try Self.imports(of: target) {
                if let imported = Self.layers[module], imported >= layer {
                    upward.append("\(target)/\(file) imports \(module)")
                }
            }
        }
        #expect(upward.isEmpty, "\(upward)")
    }

    /// Every `import` of `target`'s Swift sources: the file and the module it imports.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let folder = repository.appendingPathComponent("Sources").appendingPathComponent(target).path
        var imports: [(file: String, module: String)] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in source.components(separatedBy: "\n") {
                // Indented too: an import inside `#if` (a trait's, a platform's) is one the target makes.
                if let match = line.firstMatch(of: /^ *(?:@[A-Za-z_]+(?:\([^)]*\))? )*import ([A-Za-z_]+)/) {
                    imports.append((file, String(match.1)))
                }
            }
        }
        return imports
    }
}
