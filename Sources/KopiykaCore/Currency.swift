/// An ISO 4217 currency and how many minor units its major unit has.
///
/// `known` are the ones Kopiyka's users write about most (named in lists and examples); any
/// ISO 4217 code is accepted (`Currency+ISO4217`).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 4217 code, upper case: `UAH`.
    public let code: String
    /// Digits after the decimal point: 2 for UAH (kopiykas), 0 for JPY.
    public let minorUnitDigits: Int

    public init(code: String, minorUnitDigits: Int) {
        self.code = code
        self.minorUnitDigits = minorUnitDigits
    }

    /// A currency by its ISO 4217 code, in any letter case.
    public init?(code: String) {
        guard let known = Currency.iso(code) else { return nil }
        self = known
    }

    public static let uah = Currency(code: "UAH", minorUnitDigits: 2)
    public static let usd = Currency(code: "USD", minorUnitDigits: 2)
    public static let eur = Currency(code: "EUR", minorUnitDigits: 2)
    public static let pln = Currency(code: "PLN", minorUnitDigits: 2)
    public static let gbp = Currency(code: "GBP", minorUnitDigits: 2)

    public static let known: [Currency] = [.uah, .usd, .eur, .pln, .gbp]

    /// 10 to the power of `minorUnitDigits`: minor units in one major unit.
    public var minorUnitsPerMajor: Int64 {
        var scale: Int64 = 1
        for _ in 0..<minorUnitDigits { scale *= 10 }
        return scale
    }

    public var description: String { code }
}
