import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// `/rate`: what foreign money is worth in the household's currency.
extension ReportsFeature {
    /// `/rate usd 41,5`: how many base-currency units one unit of a currency is worth; only a
    /// rate within `LedgerConversion.plausibleRange` of the pair.
    func rate(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let base = household.baseCurrency
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.isEmpty { return try ratesInUse(member: member, household: household) }
        guard words.count == 2, let currency = Currency(code: words[0]), currency != base,
              let micros = Self.micros(words[1]), micros > 0
        else { return l("rate.usage") }
        let range = LedgerConversion.plausibleRange(of: currency, in: base)
        guard range.contains(micros) else {
            func shown(_ micros: Int64) -> String { l.number(Self.decimal(micros: micros)) }
            return l("rate.out_of_range", [
                "currency": .text(currency.code), "base": .text(MoneyFormatter.symbol(of: base)), "code": .text(currency.code.lowercased()),
                "lowest": .text(shown(range.lowestMicros)), "highest": .text(shown(range.highestMicros)),
                "typical": .text(shown(range.typicalMicros).replacing("\u{A0}", with: "")),
            ])
        }
        do {
            try ledger.rates.set(currency, basePerUnitMicros: micros, householdID: household.id)
        } catch is MoneyOverflow {
            return l("report.too_large")
        }
        return l("rate.set", ["currency": .text(currency.code), "rate": .text(words[1]), "base": .text(MoneyFormatter.symbol(of: base))])
    }

    /// `/rate` alone: each rate entries are valued at today and where it comes from.
    func ratesInUse(member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let base = household.baseCurrency
        let lines = try ledger.rates.inUse(householdID: household.id, base: base, on: today(of: household)).map { rate in
            var arguments: [String: MessageArgument] = ["currency": .text(rate.currency.code), "base": .text(MoneyFormatter.symbol(of: base))]
            if let micros = rate.basePerUnitMicros { arguments["rate"] = .text(l.number(Self.decimal(micros: micros))) }
            switch rate.source {
            case .household: return l("rate.list.own", arguments)
            case .official(let date):
                arguments["date"] = .text(l.dayAndMonth(date))
                return l("rate.list.official", arguments)
            case .none: return l("rate.list.missing", arguments)
            }
        }
        return ([l("rate.list.title")] + lines + ["", l("rate.list.hint")]).joined(separator: "\n")
    }

    /// Millionths as the shortest decimal that shows them: 41_500_000 is 41.5.
    static func decimal(micros: Int64) -> DecimalNumber {
        var units = micros, digits = 6
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        return DecimalNumber(units, fractionDigits: digits)
    }

    /// `41,5` or `41.25` as millionths: 41_500_000. Digits only: `Int64` alone would take
    /// `-0,5` as 0.5.
    static func micros(_ text: String) -> Int64? {
        let parts = text.replacing(",", with: ".").split(separator: ".", omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard (1...2).contains(parts.count), digits(parts[0]), let whole = Int64(parts[0]), whole < 1_000_000 else { return nil }
        guard parts.count == 2 else { return whole * 1_000_000 }
        let fraction = parts[1]
        guard (1...6).contains(fraction.count), digits(fraction),
              let digits = Int64(fraction + String(repeating: "0", count: 6 - fraction.count))
        else { return nil }
        return whole * 1_000_000 + digits
    }
}
