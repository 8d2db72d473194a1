import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

extension ConversationHandler {
    /// Hour of the daily digest, household time.
    static let digestHour = 21
    /// Hour of the monthly report on the 1st, household time.
    static let monthlyReportHour = 9

    /// Queues what is due by the clock: the daily digest at 21:00 for each family group (not
    /// on days without entries), last month's report on the 1st. Each is claimed once per
    /// period in the same transaction that queues it, so a restart neither skips nor repeats.
    /// Call it every minute or so; it reads one row per household.
    public func runSchedule() throws {
        for household in try ledger.households() {
            let hour = household.timeZone.hour(of: clock.now())
            let today = today(of: household)
            if let chat = household.familyChatID, hour >= Self.digestHour,
               try ledger.claimSchedule("digest", period: today.iso, householdID: household.id),
               let digest = try digest(household, day: today) {
                try ledger.enqueue(.message(html: digest), chatID: chat, threadID: household.familyThreadID)
            }
            let lastMonth = YearMonth(today).previous
            if today.day == 1, hour >= Self.monthlyReportHour,
               try ledger.claimSchedule("monthly", period: lastMonth.iso, householdID: household.id) {
                let report = try monthlyReport(lastMonth, household: household, today: today)
                guard !report.isEmpty else { continue }
                let owner = try ledger.members(householdID: household.id).first { $0.role == .owner }
                guard let chat = household.familyChatID ?? owner?.telegramUserID else { continue }
                try ledger.enqueue(.message(html: ReportRenderer(familyLocalizer(household)).render(report)),
                                   chatID: chat, threadID: household.familyChatID == nil ? nil : household.familyThreadID)
            }
        }
    }

    /// The day's totals by member and category; nil on a day without entries.
    func digest(_ household: Household, day: LocalDate) throws -> String? {
        let entries = try ledger.entries(householdID: household.id, dates: day...day).filter { $0.kind == .expense }
        guard !entries.isEmpty else { return nil }
        let l = familyLocalizer(household)
        let base = household.baseCurrency
        func money(_ minor: Int64) -> String { l.money(Money(minorUnits: minor, currency: base)) }
        let counted = entries.filter { $0.baseMinor != nil }
        let total = counted.reduce(0) { $0 + $1.baseMinor! }
        var lines = [l("digest.title", ["date": .text(l.dayAndMonth(day))]),
                     l("digest.total", ["amount": .text(money(total)), "count": .number(entries.count)])]
        let members = try ledger.members(householdID: household.id)
        let byMember = Dictionary(grouping: counted, by: \.memberID).mapValues { $0.reduce(0) { $0 + $1.baseMinor! } }
        let spenders = members.compactMap { member in
            byMember[member.id].map { (member.name, $0) }
        }.sorted { $0.1 > $1.1 }
        if spenders.count > 1 || members.count > 1 {
            lines.append(l("report.members", ["list": .text(spenders.map {
                l("report.member", ["name": .text($0.0.htmlEscaped), "amount": .text(money($0.1))])
            }.joined(separator: " · "))]))
        }
        let byCategory = Dictionary(grouping: counted, by: \.category).mapValues { $0.reduce(0) { $0 + $1.baseMinor! } }
        lines.append(byCategory.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            l("report.member", ["name": .text(l.categoryName($0.key).htmlEscaped), "amount": .text(money($0.value))])
        }.joined(separator: " · "))
        let foreign = entries.filter { $0.baseMinor == nil }.map { l.money($0.amount) }
        if !foreign.isEmpty { lines.append(l("report.foreign", ["amounts": .text(foreign.joined(separator: ", "))])) }
        return lines.joined(separator: "\n")
    }
}
