// Message: an English text as the catalogue knows it (a template with numbered places) and what fills them.

/// An English text with its values: written in Swift as an interpolated literal, `"Stopped by \(name)."`,
/// it is the template `Stopped by {1}.` (the `msgid` a translator sees in `po/peach.pot`) and the values
/// `[name]`. The catalogue looks the template up and puts the values into the translation's places, in
/// whatever order the translation has them. `+` joins two (the second's places are renumbered).
public struct Message: ExpressibleByStringInterpolation, Sendable, Hashable {
    /// The template: the English text with `{1}`, `{2}`, … where the values go.
    public private(set) var template: String
    /// The values, in the order of their places.
    public private(set) var values: [String]

    /// A text without values.
    public init(stringLiteral value: String) {
        template = value
        values = []
    }

    /// A text built by interpolation.
    public init(stringInterpolation: StringInterpolation) {
        template = stringInterpolation.template
        values = stringInterpolation.values
    }

    /// A template and its values as they are.
    public init(template: String, values: [String]) {
        self.template = template
        self.values = values
    }

    /// Builds a ``Message`` from a literal's pieces.
    public struct StringInterpolation: StringInterpolationProtocol {
        var template = ""
        var values: [String] = []

        /// Space for the literal's pieces.
        public init(literalCapacity: Int, interpolationCount: Int) {
            template.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// A piece of the English text.
        public mutating func appendLiteral(_ literal: String) { template += literal }

        /// A value: its place in the template is `{n}`.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            values.append(String(describing: value))
            template += "{\(values.count)}"
        }
    }

    /// The two texts one after the other.
    public static func + (first: Message, second: Message) -> Message {
        var template = first.template
        let offset = first.values.count
        template += offset == 0 ? second.template : renumbered(second.template, by: offset)
        return Message(template: template, values: first.values + second.values)
    }

    /// `text` with every place `{n}` moved to `{n + offset}`.
    static func renumbered(_ text: String, by offset: Int) -> String {
        var result = ""
        forEachPiece(of: text) { piece in
            switch piece {
            case .text(let text): result += text
            case .place(let number): result += "{\(number + offset)}"
            }
        }
        return result
    }

    /// A piece of a template: plain text or a numbered place.
    enum Piece {
        case text(Substring)
        case place(Int)
    }

    /// Calls `body` with each piece of `template`: `{` digits `}` is a place, everything else is text.
    static func forEachPiece(of template: String, _ body: (Piece) -> Void) {
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let digits = rest[rest.index(after: open)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.endIndex < rest.endIndex, rest[digits.endIndex] == "}",
                let number = Int(digits)
            {
                body(.text(rest[..<open]))
                body(.place(number))
                rest = rest[rest.index(after: digits.endIndex)...]
            } else {
                body(.text(rest[...open]))
                rest = rest[rest.index(after: open)...]
            }
        }
        body(.text(rest))
    }

    /// The numbers of the places in `template`, in order.
    public static func places(in template: String) -> [Int] {
        var numbers: [Int] = []
        forEachPiece(of: template) { if case .place(let number) = $0 { numbers.append(number) } }
        return numbers
    }

    /// `template` with each place filled from `values` (a place with no value stays as it is).
    public static func filling(_ template: String, with values: [String]) -> String {
        var result = ""
        forEachPiece(of: template) { piece in
            switch piece {
            case .text(let text): result += text
            case .place(let number):
                result += (1...values.count).contains(number) ? values[number - 1] : "{\(number)}"
            }
        }
        return result
    }
}
