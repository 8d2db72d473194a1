import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// The family's timed posts: the daily digest in the family group and last month's report
/// on the 1st.
struct ScheduleFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    /// Looked at every minute: a digest comes at 21:00, not to the second.
    static let jobs = JobSource(name: "schedule", every: .seconds(60)) { context in
        try ScheduleFeature(context).scheduledJobs()
    }

    /// Hour of the daily digest, household time.
    static let digestHour = 21
    /// Hour of the monthly report on the 1st, household time.
    static let monthlyReportHour = 9

    /// What is due by the clock, as jobs: the daily digest at 21:00 for each family group (not
    /// on days without entries), last month's report on the 1st. Each is claimed once per
    /// period in the transaction that queues it (or when it is given up), so a restart neither
    /// skips nor repeats it. Call it every minute or so; it reads a row or two per household.
    func scheduledJobs() throws -> [ScheduledJob] {
        var jobs: [ScheduledJob] = []
        for household in try ledger.families.households() {
            let hour = household.timeZone.hour(of: clock.now())
            let today = today(of: household)
            if try FamilyFeature(context).feedChat(of: household) != nil, hour >= Self.digestHour,
               try !ledger.jobs.isScheduleClaimed("digest", period: today.iso, householdID: household.id) {
                jobs.append(claimedOnce("digest", householdID: household.id, period: today.iso) {
                    try self.sendDigest(householdID: household.id, day: today)
                })
            }
            let lastMonth = YearMonth(today).previous
            if today.day == 1, hour >= Self.monthlyReportHour,
               try !ledger.jobs.isScheduleClaimed("monthly", period: lastMonth.iso, householdID: household.id) {
                jobs.append(claimedOnce("monthly", householdID: household.id, period: lastMonth.iso) {
                    try self.sendMonthlyReport(householdID: household.id, month: lastMonth, today: today)
                })
            }
        }
        return jobs
    }

    /// A job done once per period: claimed in the transaction that does it, or given up.
    func claimedOnce(_ kind: String, householdID: Int64, period: String,
                     work: @escaping () throws -> Void) -> ScheduledJob {
        let ledger = self.ledger
        return ScheduledJob(
            key: AttemptKey(kind: kind, subject: householdID, period: period),
            perform: { if try ledger.jobs.claimSchedule(kind, period: period, householdID: householdID) { try work() } },
            giveUp: { _ = try ledger.jobs.claimSchedule(kind, period: period, householdID: householdID) })
    }

    func sendDigest(householdID: Int64, day: LocalDate) throws {
        guard let household = try ledger.families.household(id: householdID), let chat = try FamilyFeature(context).feedChat(of: household),
              let digest = try digest(household, day: day) else { return }
        try ledger.outbox.enqueue(.message(html: digest), chatID: chat, threadID: household.familyThreadID)
    }

    func sendMonthlyReport(householdID: Int64, month: YearMonth, today: LocalDate) throws {
        guard let household = try ledger.families.household(id: householdID) else { return }
        let owner = try ledger.families.members(householdID: household.id).first { $0.role == .owner }
        let group = try FamilyFeature(context).feedChat(of: household)
        guard let chat = group ?? owner?.telegramUserID else { return }
        let viewer: Viewer = group == nil ? owner.map { .member($0.id) } ?? .group : .group
        let reports = ReportsFeature(context)
        let report = try reports.monthlyReport(month, household: household, today: today, shownTo: viewer)
        guard !report.isEmpty else { return }
        let l = familyLocalizer(household), thread = group == nil ? nil : household.familyThreadID
        try ledger.outbox.enqueue(.message(html: reports.withInsights(ReportRenderer(l).render(report), month: month, household: household,
                                                                         shownTo: viewer, l)),
                                  chatID: chat, threadID: thread)
        if let chart = reports.chart(report, l) { try ledger.outbox.enqueue(chart, chatID: chat, threadID: thread) }
    }

    /// The day's totals by member and category, for the family group; nil on a day without
    /// expenses it may see (a private one alone would show its amount as the day's total).
    /// Private expenses count in the total only. Sums past `Int64` make it the title and "too
    /// large", which still goes out and is claimed for the day, so the schedule never stumbles
    /// on the same day again.
    func digest(_ household: Household, day: LocalDate) throws -> String? {
        let all = try ledger.entries.list(householdID: household.id, dates: day...day).filter { $0.kind == .expense }
        let entries = all.filter(Viewer.group.sees)
        guard !entries.isEmpty else { return nil }
        let l = familyLocalizer(household)
        let title = l("digest.title", ["date": .text(l.dayAndMonth(day))])
        let base = household.baseCurrency
        func money(_ minor: Int64) -> String { l.money(Money(minorUnits: minor, currency: base)) }
        let counted = entries.compactMap { entry in entry.baseMinor.map { (entry, $0) } }
        let total: Int64, byMember: [Int64: Int64], byCategory: [CategoryKey: Int64], converted: [Money], unconverted: [Money]
        do {
            total = try all.compactMap(\.baseMinor).checkedSum()
            byMember = try sums(counted, by: \.memberID)
            byCategory = try sums(counted, by: \.category)
            converted = try byCurrency(entries.filter { $0.baseMinor != nil && $0.amount.currency != household.baseCurrency }.map(\.amount))
            unconverted = try byCurrency(entries.filter { $0.baseMinor == nil }.map(\.amount))
        } catch {
            return title + "\n" + l("report.too_large")
        }
        var lines = [title, l("digest.total", ["amount": .text(money(total)), "count": .number(all.count)])]
        if entries.count < all.count { lines.append(l("report.private")) }
        let members = try ledger.families.members(householdID: household.id) + ledger.families.formerMembers(householdID: household.id)
        let spenders = members.compactMap { member in
            byMember[member.id].map { (member.name, $0) }
        }.sorted { $0.1 > $1.1 }
        if spenders.count > 1 || members.count > 1 {
            lines.append(l("report.members", ["list": .text(spenders.map {
                l("report.member", ["name": .text($0.0.htmlEscaped), "amount": .text(money($0.1))])
            }.joined(separator: " · "))]))
        }
        lines.append(byCategory.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            l("report.member", ["name": .text(l.categoryName($0.key).htmlEscaped), "amount": .text(money($0.value))])
        }.joined(separator: " · "))
        lines += ReportRenderer(l).foreignLines(converted: converted, unconverted: unconverted)
        return lines.joined(separator: "\n")
    }

    /// Amounts summed per currency, in code order.
    private func byCurrency(_ amounts: [Money]) throws(MoneyOverflow) -> [Money] {
        var sums: [Currency: Money] = [:]
        for amount in amounts { sums[amount.currency] = try sums[amount.currency]?.adding(amount) ?? amount }
        return sums.values.sorted { $0.currency.code < $1.currency.code }
    }

    /// Checked sums of the entries' base amounts, grouped by `key`.
    private func sums<Key: Hashable>(_ counted: [(Entry, Int64)], by key: KeyPath<Entry, Key>) throws(MoneyOverflow) -> [Key: Int64] {
        var sums: [Key: Int64] = [:]
        for (entry, minor) in counted { sums[entry[keyPath: key]] = try CheckedMinor.add(sums[entry[keyPath: key]] ?? 0, minor) }
        return sums
    }
}
