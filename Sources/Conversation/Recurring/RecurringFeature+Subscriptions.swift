import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// `/subscriptions`: every recurring item in the subscriptions category, its cost a month and
/// a year, the total, and the ones that look duplicated.
extension RecurringFeature {
    /// The items that are subscriptions, as `chat`'s reader may see them; paused ones are
    /// listed but cost nothing.
    func subscriptionItems(_ household: Household, shownTo viewer: Viewer) throws -> [RecurringItem] {
        try ledger.recurring.items(householdID: household.id).filter {
            $0.category == "subscriptions" && $0.kind == .expense && $0.nextDate != nil && (!$0.isPrivate || viewer == .member($0.memberID))
        }
    }

    func subscriptions(member: Member, household: Household, chat: ChatRef) throws -> String {
        let l = localizer(member), words = RecurringWords(l: l)
        let items = try subscriptionItems(household, shownTo: viewer(in: chat, member))
        guard !items.isEmpty else { return l("subscriptions.empty") }
        var lines: [String] = []
        var monthly: [Currency: Int64] = [:], yearly: [Currency: Int64] = [:]
        for item in items {
            guard let amount = item.amount, let month = SubscriptionCost.monthlyMinor(amount.minorUnits, item.schedule.cadence),
                  let year = SubscriptionCost.yearlyMinor(amount.minorUnits, item.schedule.cadence) else {
                lines.append(l("subscriptions.line.unknown", ["line": .text(words.line(item))]))
                continue
            }
            let cost = l("subscriptions.cost", ["month": .money(Money(minorUnits: month, currency: amount.currency)),
                                                "year": .money(Money(minorUnits: year, currency: amount.currency))])
            lines.append(l(item.isPaused ? "subscriptions.line.paused" : "subscriptions.line",
                           ["name": .text(words.name(item)), "cost": .text(cost)]))
            guard !item.isPaused else { continue }
            do {
                monthly[amount.currency] = try CheckedMinor.add(monthly[amount.currency] ?? 0, month)
                yearly[amount.currency] = try CheckedMinor.add(yearly[amount.currency] ?? 0, year)
            } catch {
                return l("report.too_large")
            }
        }
        let currencies = monthly.keys.sorted { ($0 == household.baseCurrency ? 0 : 1, $0.code) < ($1 == household.baseCurrency ? 0 : 1, $1.code) }
        if !currencies.isEmpty {
            func list(_ sums: [Currency: Int64]) -> String {
                currencies.map { l.money(Money(minorUnits: sums[$0] ?? 0, currency: $0)) }.joined(separator: " + ")
            }
            lines.insert(l("subscriptions.total", ["month": .text(list(monthly)), "year": .text(list(yearly))]), at: 0)
        } else {
            lines.insert(l("subscriptions.title"), at: 0)
        }
        lines += duplicateLines(items.filter { !$0.isPaused }, l)
        return lines.joined(separator: "\n")
    }

    /// `⚠️ Схоже на дубль — музика: Spotify, Apple Music.`, once per kind.
    func duplicateLines(_ items: [RecurringItem], _ l: Localizer) -> [String] {
        ServiceKind.duplicated(items.map(\.note)).map { found in
            l("subscriptions.duplicate", ["kind": .text(l("subscriptions.kind.\(found.kind.rawValue)")),
                                          "names": .text(found.indexes.map { items[$0].note.htmlEscaped }.joined(separator: ", "))])
        }
    }

    /// After `item` is added: the duplicates it makes that `viewer` may see, said once per
    /// household and kind.
    func duplicateNotice(after item: RecurringItem, household: Household, shownTo viewer: Viewer, _ l: Localizer) throws -> String? {
        guard item.category == "subscriptions", let kind = ServiceKind(note: item.note) else { return nil }
        let same = try subscriptionItems(household, shownTo: viewer).filter { !$0.isPaused && ServiceKind(note: $0.note) == kind }
        guard same.count > 1, try ledger.recurring.notice("duplicate:\(kind.rawValue)", householdID: household.id) else { return nil }
        return duplicateLines(same, l).first
    }
}
