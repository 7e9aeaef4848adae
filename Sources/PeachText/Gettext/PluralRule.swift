// PluralRule: gettext's Plural-Forms expression (`n != 1`, Slavic rules and all), parsed once and evaluated.

/// Which plural form a count takes in a language: the `plural=` expression of a catalogue's `Plural-Forms`
/// header, in gettext's C subset (`n`, integers, `! % * / + - < <= > >= == != && || ?:` and parentheses).
/// Parsed once; evaluating never fails (a division by zero gives form 0, a result outside the forms the
/// last form).
public struct PluralRule: Sendable {
    /// The number of forms (`nplurals`).
    public let count: Int
    private let expression: Expression

    /// English's rule: one for 1, the other for everything else.
    public static let english = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The rule of a `Plural-Forms` header value (`nplurals=2; plural=(n != 1);`), or nil when it does not
    /// parse.
    public init?(header: String) {
        var count: Int?
        var formula: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { formula = pair[1] }
        }
        guard let count, count >= 1, let formula else { return nil }
        var parser = Parser(text: Array(formula.utf8))
        guard let expression = parser.parse() else { return nil }
        self.init(count: count, expression: expression)
    }

    /// The form (0 ..< ``count``) that `n` takes.
    public func form(for n: Int) -> Int {
        let value = expression.value(n: n)
        return value < 0 ? 0 : min(value, count - 1)
    }

    private indirect enum Expression: Sendable {
        case n
        case number(Int)
        case not(Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        func value(n: Int) -> Int {
            switch self {
            case .n: return n
            case .number(let number): return number
            case .not(let operand): return operand.value(n: n) == 0 ? 1 : 0
            case .conditional(let test, let yes, let no):
                return test.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
            case .binary(let op, let left, let right):
                let a = left.value(n: n)
                let b = right.value(n: n)
                switch op {
                case "||": return a != 0 || b != 0 ? 1 : 0
                case "&&": return a != 0 && b != 0 ? 1 : 0
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                default: return 0
                }
            }
        }
    }

    /// A recursive-descent parser with C's precedence.
    private struct Parser {
        let text: [UInt8]
        var position = 0

        mutating func parse() -> Expression? {
            guard let expression = conditional() else { return nil }
            skipSpaces()
            return position == text.count ? expression : nil
        }

        mutating func skipSpaces() {
            while position < text.count, text[position] == 0x20 || text[position] == 0x09 { position += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let bytes = Array(token.utf8)
            guard position + bytes.count <= text.count,
                Array(text[position..<position + bytes.count]) == bytes
            else { return false }
            // `<` must not take the start of `<=`, nor `!` of `!=`, `=` of `==`.
            if bytes.count == 1, position + 1 < text.count, text[position + 1] == UInt8(ascii: "="),
                "<>!=".utf8.contains(bytes[0])
            {
                return false
            }
            position += bytes.count
            return true
        }

        mutating func conditional() -> Expression? {
            guard let test = binary(level: 0) else { return nil }
            guard take("?") else { return test }
            guard let yes = conditional(), take(":"), let no = conditional() else { return nil }
            return .conditional(test, yes, no)
        }

        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func binary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        mutating func unary() -> Expression? {
            if take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let inner = conditional(), take(")") else { return nil }
                return inner
            }
            skipSpaces()
            if position < text.count, text[position] == UInt8(ascii: "n") {
                position += 1
                return .n
            }
            var value = 0
            let start = position
            while position < text.count, (0x30...0x39).contains(text[position]), value < 1_000_000 {
                value = value * 10 + Int(text[position] - 0x30)
                position += 1
            }
            return position > start ? .number(value) : nil
        }
    }
}
