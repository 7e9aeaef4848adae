// CalibrationFile: `calibration.json`: the timing calibrations, one per controller and output.

import Foundation
import PeachCore
import PeachSystem

/// The timing calibrations (`peach timing calibrate`), in `calibration.json` beside the settings: one per
/// controller and output, the latest kept. Written whole and atomically; a file that cannot be read is kept
/// as `calibration.json.broken` when a new calibration replaces it, and meanwhile reads as none (the caller
/// says so).
public struct CalibrationFile: Sendable {
    /// The file's path.
    public let path: String

    /// The file at `path`.
    public init(path: String) { self.path = path }

    private struct Document: Codable {
        var calibrations: [TimingCalibration]
    }

    /// The calibrations; none when there is no file.
    /// - Throws: ``StoreError/invalidCalibration(path:)`` when the file is not one Peach wrote;
    ///   ``StoreError/io(_:)`` when it cannot be read.
    public func load() throws(StoreError) -> [TimingCalibration] {
        guard FileSystem.status(path, followingLinks: true) != nil else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try SystemFile(path: path, flags: O_RDONLY).readAll()
        } catch {
            throw .io(error)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let document = try? decoder.decode(Document.self, from: Data(bytes)),
            document.calibrations.allSatisfy({ $0.offsetMs.isFinite && $0.spreadMs.isFinite })
        else { throw .invalidCalibration(path: path) }
        return document.calibrations
    }

    /// The calibration for `controller` and `output`, if any (none when the file cannot be read).
    public func calibration(controller: String, output: String) -> TimingCalibration? {
        (try? load())?.last { $0.controller == controller && $0.output == output }
    }

    /// Keeps `calibration`, replacing the one of its controller and output; a file that could not be read is
    /// set aside first.
    /// - Throws: ``StoreError/io(_:)`` when the file cannot be written.
    public func save(_ calibration: TimingCalibration) throws(StoreError) {
        var calibrations: [TimingCalibration]
        do {
            calibrations = try load()
        } catch {
            do {
                try FileSystem.rename(path, to: path + ".broken")
            } catch let failure {
                throw .io(failure)
            }
            calibrations = []
        }
        calibrations.removeAll { $0.controller == calibration.controller && $0.output == calibration.output }
        calibrations.append(calibration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let directory = (path as NSString).deletingLastPathComponent
        do {
            let data = (try? encoder.encode(Document(calibrations: calibrations))) ?? Data("{}".utf8)
            try FileSystem.createDirectory(directory.isEmpty ? "." : directory)
            try FileSystem.writeAtomically(
                Array(data) + [0x0A], to: path, directory: directory.isEmpty ? "." : directory)
        } catch {
            throw .io(error)
        }
    }
}
