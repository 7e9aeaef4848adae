// NamePattern: the device-name patterns of profiles and --midi-in: `*` wildcards, case ignored.

/// A device-name pattern: `*` matches any run of characters, case is ignored, and a pattern without `*`
/// matches anywhere in the name (`launchkey` fits `Launchkey Mini MK3 MIDI 1`).
public struct NamePattern: Hashable, Sendable {
    private let parts: [String]
    private let anchored: Bool

    /// A pattern.
    public init(_ pattern: String) {
        let lowered = pattern.lowercased()
        anchored = lowered.contains("*")
        parts = lowered.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `name` matches.
    public func matches(_ name: String) -> Bool {
        let name = name.lowercased()
        guard anchored else { return parts.first.map { $0.isEmpty || name.contains($0) } ?? true }
        var rest = Substring(name)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if !part.isEmpty {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return rest.isEmpty
    }
}
