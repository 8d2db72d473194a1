import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// The alerts that follow new or changed entries: a budget past 80 % or 100 % of its limit.
extension BudgetsFeature {
    /// After entries land: each budget they pushed past 80 % or 100 % of its limit is announced
    /// once per threshold per month and audience, to the family chat (or the member when there
    /// is none).
    /// Jumping straight past both announces only 100 %, and claims 80 % so it never follows.
    /// Only this month and the last are news: one message dated across 200 old months must
    /// not queue 200 alerts per budget.
    ///
    /// A category's budget is measured as its audience sees it: the family's alert counts no
    /// private entry, so a budget pushed over only by a member's private spending says nothing
    /// there (its author hears of it only when their own private entries pushed it).
    func announce(after entries: [Entry], member: Member, household: Household) throws {
        let today = today(of: household)
        let current = YearMonth(today)
        let months = Set(entries.filter { $0.kind == .expense }.map { YearMonth($0.date) })
            .filter { $0 == current || $0 == current.previous }
        guard !months.isEmpty, try !ledger.budgets.list(householdID: household.id).isEmpty else { return }
        let group = try FamilyFeature(context).feedChat(of: household)
        for month in months.sorted() {
            let forFamily: [BudgetStatus], forMember: [BudgetStatus]
            do {
                forFamily = try statuses(household, month: month, today: today, shownTo: group == nil ? .member(member.id) : .group)
                forMember = group == nil ? forFamily : try statuses(household, month: month, today: today, shownTo: .member(member.id))
            } catch is MoneyOverflow {
                continue  // Spending past Int64 passed every threshold long ago: nothing new to say.
            }
            // Both lists hold the household's budgets in one order.
            for (familyStatus, memberStatus) in zip(forFamily, forMember)
            where familyStatus.category.map({ category in entries.contains { $0.category == category } }) ?? true {
                // Pushed over by private entries alone: their author hears it, the family does not.
                let concerned = entries.filter { $0.kind == .expense && (familyStatus.category == nil || familyStatus.category == $0.category) }
                let toFamily = group != nil && !concerned.allSatisfy(\.isPrivate)
                let status = toFamily ? familyStatus : memberStatus
                guard let reached = status.reachedThreshold else { continue }
                var announce: Int?
                for threshold in [80, 100] where threshold <= reached {
                    if try ledger.budgets.claimAlert(householdID: household.id, category: status.category, month: month,
                                                     threshold: threshold, memberID: toFamily || group == nil ? nil : member.id) {
                        announce = threshold
                    }
                }
                guard let threshold = announce else { continue }
                let chat = (toFamily ? group : nil) ?? member.telegramUserID
                let thread = toFamily ? household.familyThreadID : nil
                let l = toFamily ? familyLocalizer(household) : localizer(member)
                try ledger.outbox.enqueue(.message(html: ReportRenderer(l).alert(status, threshold: threshold, base: household.baseCurrency)),
                                   chatID: chat, threadID: thread)
            }
        }
    }
}
