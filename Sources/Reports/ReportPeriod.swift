import FoundationEssentials
import KopiykaCore
import Localization

/// What `/report` was asked for: a month or a whole year.
public enum ReportPeriod: Equatable, Sendable {
    case month(YearMonth)
    case year(Int)

    /// Reads `/report`'s argument: empty (this month), `минулий|прошлый|last`, a month's
    /// name in any language (`жовтень`, `октябрь`, `october`, also `жовтня`), `2026-10`, `2026`.
    /// A named month that has not come yet this year means last year's. Month names come from
    /// the catalog, so a language added there is understood here too.
    public static func parse(_ argument: String, today: LocalDate, catalog: Catalog) -> ReportPeriod? {
        let text = argument.lowercased().trimmed
        let current = YearMonth(today)
        if text.isEmpty { return .month(current) }
        if lastWords.contains(text) { return .month(current.previous) }
        if let month = YearMonth(iso: text) { return .month(month) }
        if text.count == 4, let year = Int(text), (2000...2100).contains(year) { return .year(year) }
        for number in 1...12 {
            let names = Language.allCases.flatMap { language -> [String] in
                let l = catalog[language]
                return [l("month.nominative.\(number)"), l("month.genitive.\(number)")].map { $0.lowercased() }
            }
            if names.contains(text) {
                let year = number > today.month ? today.year - 1 : today.year
                return .month(YearMonth(year: year, month: number)!)
            }
        }
        return nil
    }

    static let lastWords: Set<String> = ["минулий", "минулого", "прошлый", "прошлого", "last", "previous"]
}
