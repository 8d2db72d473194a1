import FoundationEssentials
import KopiykaCore
import Localization

/// What `/report` was asked for: a month or a whole year.
public enum ReportPeriod: Equatable, Sendable {
    case month(YearMonth)
    case year(Int)

    /// Why an argument is not a period.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not a period at all: `/report someday`.
        case notUnderstood
        /// Written as a month or a year, but not one there can be a report of: `/report 0001-01`,
        /// `/report 9999`, `/report 2026-13`.
        case outOfRange
    }

    /// The years reports cover: from 2000, when no entry can be older, to a year ahead.
    public static func years(today: LocalDate) -> ClosedRange<Int> { 2000...max(2000, today.year + 1) }

    /// Reads `/report`'s argument: empty (this month), `минулий|прошлый|last`, a month's
    /// name in any language (`жовтень`, `октябрь`, `october`, also `жовтня`), `2026-10`, `2026`.
    /// A named month that has not come yet this year means last year's. Month names come from
    /// the catalog, so a language added there is understood here too.
    public static func read(_ argument: String, today: LocalDate, catalog: Catalog) -> Result<ReportPeriod, Refusal> {
        let text = argument.lowercased().trimmed
        let current = YearMonth(today)
        let years = years(today: today)
        if text.isEmpty { return .success(.month(current)) }
        if lastWords.contains(text) { return .success(.month(current.previous)) }
        let numbers = text.split(separator: "-", omittingEmptySubsequences: false)
        if (1...2).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) {
            // Int(_:) is nil past Int.max, which is out of range too.
            guard let year = Int(numbers[0]), years.contains(year) else { return .failure(.outOfRange) }
            guard numbers.count == 2 else { return .success(.year(year)) }
            guard let number = Int(numbers[1]), let month = YearMonth(year: year, month: number) else {
                return .failure(.outOfRange)
            }
            return .success(.month(month))
        }
        for number in 1...12 {
            let names = Language.allCases.flatMap { language -> [String] in
                let l = catalog[language]
                return [l("month.nominative.\(number)"), l("month.genitive.\(number)")].map { $0.lowercased() }
            }
            if names.contains(text), let month = YearMonth(year: number > today.month ? today.year - 1 : today.year, month: number) {
                return .success(.month(month))
            }
        }
        return .failure(.notUnderstood)
    }

    /// `read` without the reason for a refusal.
    public static func parse(_ argument: String, today: LocalDate, catalog: Catalog) -> ReportPeriod? {
        try? read(argument, today: today, catalog: catalog).get()
    }

    static let lastWords: Set<String> = ["минулий", "минулого", "прошлый", "прошлого", "last", "previous"]
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
