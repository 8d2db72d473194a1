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

    /// `/subscriptions`, with the page row when there are more than `listPage`.
    func subscriptions(member: Member, household: Household, chat: ChatRef, reply: Replier) throws {
        let (text, buttons) = try subscriptionsView(member: member, household: household, chat: chat)
        try reply(text, buttons: buttons)
    }

    /// Page `page` of `/subscriptions` (clamped): the totals of them all, `listPage` of them
    /// with their costs, and the kinds that look duplicated. Cost: O(n) in the household's
    /// items (their costs are summed and their kinds read once); only the page is rendered,
    /// so 10,000 subscriptions are one message of ten lines, not 125 messages.
    func subscriptionsView(member: Member, household: Household, chat: ChatRef, page: Int = 0) throws -> (String, [[OutboxButton]]) {
        let l = localizer(member), words = RecurringWords(l: l)
        let items = try subscriptionItems(household, shownTo: viewer(in: chat, member))
        guard !items.isEmpty else { return (l("subscriptions.empty"), []) }
        let shown = ListPage(page, total: items.count, size: Self.listPage)
        var lines: [String] = []
        var monthly: [Currency: Int64] = [:], yearly: [Currency: Int64] = [:]
        for (index, item) in items.enumerated() {
            let onPage = shown.items.contains(index)
            guard let amount = item.amount, let month = SubscriptionCost.monthlyMinor(amount.minorUnits, item.schedule.cadence),
                  let year = SubscriptionCost.yearlyMinor(amount.minorUnits, item.schedule.cadence) else {
                if onPage { lines.append(l("subscriptions.line.unknown", ["line": .text(words.line(item))])) }
                continue
            }
            if onPage {
                let cost = l("subscriptions.cost", ["month": .money(Money(minorUnits: month, currency: amount.currency)),
                                                    "year": .money(Money(minorUnits: year, currency: amount.currency))])
                lines.append(l(item.isPaused ? "subscriptions.line.paused" : "subscriptions.line",
                               ["name": .text(words.name(item)), "cost": .text(cost)]))
            }
            guard !item.isPaused else { continue }
            do {
                monthly[amount.currency] = try CheckedMinor.add(monthly[amount.currency] ?? 0, month)
                yearly[amount.currency] = try CheckedMinor.add(yearly[amount.currency] ?? 0, year)
            } catch {
                return (l("report.too_large"), [])
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
        lines += try duplicateLines(household, shownTo: viewer(in: chat, member), l)
        let pages = shown.navigation(l, data: { RecurringButton(.subscriptions, page: $0).encoded }).map { [$0] } ?? []
        return (lines.joined(separator: "\n"), pages)
    }

    /// Why 10: a duplicate line names its services; a household of thousands of one kind
    /// would make it a message of its own.
    static let duplicateNames = 10

    /// `⚠️ Схоже на дубль — музика: Spotify, Apple Music.`, once per kind (or for `kind`
    /// only), naming the first `duplicateNames` and `…` after them, of the active
    /// subscriptions `viewer` may see. Cost: an indexed query and ten rows a kind.
    func duplicateLines(_ household: Household, shownTo viewer: Viewer, only kind: ServiceKind? = nil,
                        _ l: Localizer) throws -> [String] {
        try ledger.recurring.duplicatedSubscriptions(householdID: household.id, visibleTo: viewer, names: Self.duplicateNames)
            .filter { kind == nil || $0.kind == kind }
            .map { found in
                var names = found.notes.map(\.htmlEscaped)
                if found.count > found.notes.count { names.append("…") }
                return l("subscriptions.duplicate", ["kind": .text(l("subscriptions.kind.\(found.kind.rawValue)")),
                                                     "names": .text(names.joined(separator: ", "))])
            }
    }

    /// After `item` is added: the duplicates it makes that `viewer` may see, said once per
    /// household and kind. Cost: a look-up by primary key once the kind was said, and an
    /// indexed query before; each add read and named every subscription of the household,
    /// so 10,000 of them cost ~n² to add.
    func duplicateNotice(after item: RecurringItem, household: Household, shownTo viewer: Viewer, _ l: Localizer) throws -> String? {
        guard item.category == "subscriptions", let kind = ServiceKind(note: item.note),
              try !ledger.recurring.hasNoticed("duplicate:\(kind.rawValue)", householdID: household.id),
              let line = try duplicateLines(household, shownTo: viewer, only: kind, l).first,
              try ledger.recurring.notice("duplicate:\(kind.rawValue)", householdID: household.id) else { return nil }
        return line
    }
}
