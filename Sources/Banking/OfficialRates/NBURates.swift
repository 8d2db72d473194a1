import JSON
import KopiykaCore

/// One currency's official rate for one day as the National Bank of Ukraine sets it: hryvnias
/// for one unit, times 10⁶ (41.2345 is 41_234_500), the unit every stored rate uses.
public struct OfficialRate: Equatable, Sendable {
    /// Upper-case ISO 4217 code as the NBU writes it (`USD`; also `XAU`, `XDR`).
    public let code: String
    public let hryvniaMicros: Int64
    /// The day the NBU says the rate is for, when its answer says so readably.
    public let date: LocalDate?

    public init(code: String, hryvniaMicros: Int64, date: LocalDate?) {
        self.code = code
        self.hryvniaMicros = hryvniaMicros
        self.date = date
    }
}

/// The NBU's exchange-rate directory: `GET /NBUStatService/v1/statdirectory/exchange?json`,
/// with `&date=YYYYMMDD` for a given day. Free, no token. Pure: no I/O here.
public enum NBURates {
    public static func path(date: LocalDate) -> String {
        let digits = date.iso.filter(\.isNumber)
        return "/NBUStatService/v1/statdirectory/exchange?json&date=" + digits
    }

    /// The rates of an answer: an array of `{"r030": 840, "txt": "Долар США", "rate": 41.2345,
    /// "cc": "USD", "exchangedate": "21.11.2026"}`. An empty array is a day the NBU set no rates
    /// (a weekend or holiday). Lenient per item: `rate` as a number or a string (with a comma
    /// too), `cc` in any case with spaces around, other fields ignored, an item without a
    /// usable code or a rate in 0.000001…999 999 skipped. Anything but a JSON array throws.
    public static func parse(_ bytes: [UInt8]) throws(NBUAnswerError) -> [OfficialRate] {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<[OfficialRate], NBUAnswerError> in
            // Why 16: eight times as deep as the NBU's answer nests.
            var reader = JSONReader(buffer, maxDepth: 16)
            var rates: [OfficialRate] = []
            if reader.nextKind() == .array {
                let read = reader.array { reader in
                    guard reader.nextKind() == .object else { return reader.skipValue() }
                    var fields = RateFields()
                    guard reader.object({ fields.read(&$0, $1) }) else { return false }
                    if let rate = fields.rate { rates.append(rate) }
                    return true
                }
                if read, reader.isAtEnd { return .success(rates) }
            } else if reader.skipValue(), reader.isAtEnd {
                return .failure(.notAList)
            }
            return .failure(.malformed(offset: reader.offset))
        }
        return try result.get()
    }

    /// `21.11.2026` (the NBU's way) or `2026-11-21`.
    static func date(_ text: String) -> LocalDate? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return LocalDate(iso: text) }
        guard let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]), parts[2].count == 4 else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}

/// The fields of one item of the NBU's answer that make a rate, each key's first value.
private struct RateFields {
    // nil: the key has not come; `.some(nil)`: it came with a value of no use (a number as `cc`).
    var code: String??
    var rateText: String??
    var date: String??

    mutating func read(_ reader: inout JSONReader, _ key: JSONKey) -> Bool {
        let kind = reader.nextKind()
        var value: String?
        switch kind {
        case .string: value = reader.string()
        case .number where key == "rate": value = reader.number()
        default: return reader.skipValue()
        }
        guard let value else { return false }
        switch key {
        case "cc" where code == nil: code = .some(value)
        case "rate" where rateText == nil: rateText = .some(kind == .string ? value.trimmed.replacing(",", with: ".") : value)
        case "exchangedate" where date == nil: date = .some(value)
        default: break
        }
        return true
    }

    var rate: OfficialRate? {
        guard let cc = code ?? nil else { return nil }
        let code = cc.trimmed.uppercased()
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        guard let text = rateText ?? nil, let micros = DecimalText.micros(text), micros > 0 else { return nil }
        return OfficialRate(code: code, hryvniaMicros: micros, date: (date ?? nil).flatMap { NBURates.date($0.trimmed) })
    }
}

public enum NBUAnswerError: Error, Equatable, Sendable {
    case malformed(offset: Int)
    case notAList
}

/// A JSON number's text as millionths, exactly: digits are shifted, never multiplied in
/// floating point. Beyond six decimals it rounds half up once (the NBU writes four, a few
/// tiny rates more). Nil for anything that is not a plain non-negative JSON number or whose
/// whole part passes 999 999.
enum DecimalText {
    static func micros(_ text: String) -> Int64? {
        var mantissa = Substring(text), exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let power = mantissa[mantissa.index(after: e)...]
            let digits = power.first == "+" || power.first == "-" ? power.dropFirst() : power
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
            exponent = power.first == "-" ? -value : value
            mantissa = mantissa[..<e]
        }
        let halves = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = halves.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        let fraction = halves.count == 2 ? halves[1] : ""
        guard halves.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        // All digits, with the point `point` places from the left once the exponent is applied.
        var digits = Array((whole + fraction).utf8).map { Int64($0 - 0x30) }
        var point = whole.count + exponent + 6
        let zeros = min(digits.prefix { $0 == 0 }.count, max(point - 1, 0))
        digits.removeFirst(zeros)
        point -= zeros
        if point < 0 { return 0 }
        guard point <= 12 else { return nil }
        var micros: Int64 = 0
        for position in 0..<point { micros = micros * 10 + (position < digits.count ? digits[position] : 0) }
        if point < digits.count, digits[point] >= 5 { micros += 1 }
        return micros < 1_000_000_000_000 ? micros : nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
