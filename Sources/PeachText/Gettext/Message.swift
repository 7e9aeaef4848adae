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
            append(String(describing: value))
        }

        /// A text: its place in the template is `{n}`. (Not through `String(describing:)`, whose first use for a
        /// type asks the runtime for its conformances: a fifth of a million instructions.)
        public mutating func appendInterpolation(_ value: String) { append(value) }

        /// A whole number: its place in the template is `{n}` (as `String(describing:)` writes it).
        public mutating func appendInterpolation(_ value: Int) { append(String(value)) }

        private mutating func append(_ value: String) {
            values.append(value)
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

    /// Calls `body` with each piece of `template`: `{` digits `}` is a place, everything else is text. Read as
    /// UTF-8 bytes (a brace and digits are ASCII, so their positions are character boundaries): walking
    /// characters made filling the help texts every command builds a sixth of a command line's parsing.
    static func forEachPiece(of template: String, _ body: (Piece) -> Void) {
        let utf8 = template.utf8
        var start = utf8.startIndex  // where the current text piece begins
        var search = start
        while let open = utf8[search...].firstIndex(of: UInt8(ascii: "{")) {
            let first = utf8.index(after: open)
            var close = first
            while close < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[close]) {
                close = utf8.index(after: close)
            }
            if close > first, close < utf8.endIndex, utf8[close] == UInt8(ascii: "}"),
                let number = Int(Substring(template[first..<close]))
            {
                if start < open { body(.text(template[start..<open])) }
                body(.place(number))
                start = utf8.index(after: close)
                search = start
            } else {
                search = first
            }
        }
        body(.text(template[start...]))
    }

    /// The numbers of the places in `template`, in order.
    public static func places(in template: String) -> [Int] {
        var numbers: [Int] = []
        forEachPiece(of: template) { if case .place(let number) = $0 { numbers.append(number) } }
        return numbers
    }

    /// `template` with each place filled from `values` (a place with no value stays as it is).
    public static func filling(_ template: String, with values: [String]) -> String {
        guard !values.isEmpty else { return template }  // every piece as it is
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
