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

    /// The largest calibration file read, bytes (a calibration takes about 200).
    public static let sizeLimit = 1 << 20

    /// The calibrations; none when there is no file.
    /// - Throws: ``StoreError/invalidCalibration(path:field:)`` when the file is not one Peach wrote (naming
    ///   the field to blame, if one); ``StoreError/io(_:)`` when it cannot be read: not a regular file (a FIFO is
    ///   refused at once, never waited on), larger than ``sizeLimit``, or a failed call.
    public func load() throws(StoreError) -> [TimingCalibration] {
        guard FileSystem.status(path, followingLinks: true) != nil else { return [] }
        let bytes = try StoreFiles.readRegularFile(path, limit: Self.sizeLimit)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: Data(bytes))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw .invalidCalibration(path: path, field: context.codingPath.last.flatMap(Self.fieldName))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalidCalibration(path: path, field: Self.fieldName(key))
        } catch {
            throw .invalidCalibration(path: path, field: nil)
        }
        if let field = document.calibrations.lazy.compactMap(\.invalidField).first {
            throw .invalidCalibration(path: path, field: field)
        }
        return document.calibrations
    }

    /// A coding key's name, unless it is an array index.
    private static func fieldName(_ key: any CodingKey) -> String? {
        key.intValue == nil ? key.stringValue : nil
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
