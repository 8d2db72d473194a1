import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Renders a message that shows entries — a confirmation or a numbered list — from the
/// ledger as it is now, with each entry's buttons: 🏷 category and 🗑 delete, or ↩ restore
/// for a few minutes after a delete. Every change re-renders every message showing the entry.
/// Entries that are no longer the household's, and private entries the chat's reader may not
/// see, are left out.
struct EntryViewRenderer {
    let entries: EntriesFeature
    let l: Localizer
    let householdID: Int64
    let viewer: Viewer
    let today: LocalDate

    /// How long a deleted entry can be restored by its button.
    static let restoreWindow: TimeInterval = 10 * 60

    enum Menu: Equatable {
        case entries
        case categories(entryID: Int64, all: Bool)
    }

    /// `stored`: entries just stored in this transaction, as a read would give them back
    /// (`EntryStore.add`): shown without reading them again.
    func render(_ kind: EntryView.Kind, entryIDs: [Int64], menu: Menu = .entries,
                stored: [Entry] = []) throws -> (html: String, buttons: [[OutboxButton]]) {
        if kind == .confirmation && Self.isSummary(entryCount: entryIDs.count) { return (try summary(entryIDs), []) }
        let ledger = entries.ledger
        let restorableSince = entries.clock.now().addingTimeInterval(-Self.restoreWindow)
        var lines: [String] = []
        var rows: [[OutboxButton]] = []
        var hidden = false
        // Member id → name, for the lines of a list; a confirmation names nobody.
        let memberNames = kind == .list ? try ledger.families.memberNames(householdID: householdID) : [:]
        // Several entries' buttons carry their notes, or their numbers when notes repeat:
        // eleven coffees are not eleven pairs of `🏷️ кава`.
        let repeats = entryIDs.count > 1 && kind == .confirmation ? try repeatsNames(entryIDs, stored: stored) : false
        let numbered = kind == .list || repeats
        for (index, id) in entryIDs.enumerated() {
            let label = numbered ? "\(index + 1)" : nil
            let live = try stored.first { $0.id == id } ?? ledger.entries.entry(id: id)
            let gone = live == nil ? try ledger.entries.deleted(id: id) : nil
            if let entry = live ?? gone, entry.householdID == householdID, !viewer.sees(entry) {
                hidden = true
                continue
            }
            if let entry = live, entry.householdID == householdID {
                let line = EntryLine(entry: entry, today: today)
                switch kind {
                case .confirmation: lines.append((label.map { "\($0). " } ?? "") + line.confirmation(l))
                case .list:
                    lines.append(l("list.line", ["number": .number(index + 1), "date": .text(DateWords(date: entry.date, today: today).render(l)),
                                                 "name": .text((memberNames[entry.memberID] ?? "").clipped(to: EntryLine.nameLimit).htmlEscaped), "details": .text(line.details(l, withDate: false))]))
                }
                let name = label ?? (entryIDs.count > 1 ? shortName(entry) : nil)
                rows.append([
                    OutboxButton(title: name.map { l("entry.button.category.named", ["name": .text($0)]) } ?? l("entry.button.category"),
                                 data: EntryButton.categoryChoices(entryID: id, all: false).encoded),
                    OutboxButton(title: name.map { l("entry.button.delete.named", ["name": .text($0)]) } ?? l("entry.button.delete"),
                                 data: EntryButton.deleteEntry(id).encoded),
                ])
            } else if let entry = gone, entry.householdID == householdID {
                let details = EntryLine(entry: entry, today: today).details(l)
                lines.append(l("entry.deleted", ["details": .text(label.map { "\($0). " + details } ?? details)]))
                if try ledger.entries.isRestorable(entryID: id, since: restorableSince) {
                    let name = label ?? (entryIDs.count > 1 ? shortName(entry) : nil)
                    rows.append([OutboxButton(
                        title: name.map { l("entry.button.restore.named", ["name": .text($0)]) } ?? l("entry.button.restore"),
                        data: EntryButton.restoreEntry(id).encoded)])
                }
            }
        }
        if case .categories(let entryID, let all) = menu, let entry = try ledger.entries.entry(id: entryID), viewer.sees(entry) {
            rows = try categoryRows(for: entry, all: all)
        }
        // A confirmation in the group of an entry its author made private there.
        if lines.isEmpty && hidden && kind == .confirmation { lines.append(l("entry.private")) }
        return (lines.joined(separator: "\n"), rows)
    }

    /// The likely categories first (this household's most used of the entry's kind), then
    /// "other…" for all of them, and back.
    func categoryRows(for entry: Entry, all: Bool) throws -> [[OutboxButton]] {
        let pool = entry.kind == .income ? CategoryKey.incomes : CategoryKey.expenses
        var choices: [CategoryKey]
        if all {
            choices = pool
        } else {
            let month = YearMonth(today)
            let used = try entries.ledger.entries.categoriesByUse(householdID: entry.householdID, kind: entry.kind,
                                                          months: month.previous.previous...month)
            choices = Array((used.filter(pool.contains) + pool).reduce(into: [CategoryKey]()) { list, key in
                if !list.contains(key) && key != entry.category { list.append(key) }
            }.prefix(6))
        }
        var rows = stride(from: 0, to: choices.count, by: 3).map { start in
            choices[start..<min(start + 3, choices.count)].map { key in
                OutboxButton(title: key == entry.category ? "✓ " + l.categoryName(key) : l.categoryName(key),
                             data: EntryButton.setCategory(entryID: entry.id, key).encoded)
            }
        }
        var last = [OutboxButton(title: l("entry.button.back"), data: EntryButton.entryButtons(entryID: entry.id).encoded)]
        if !all {
            last.insert(OutboxButton(title: l("entry.button.more"), data: EntryButton.categoryChoices(entryID: entry.id, all: true).encoded), at: 0)
            rows.append([OutboxButton(title: l(entry.kind == .expense ? "entry.button.to_income" : "entry.button.to_expense"),
                                      data: EntryButton.switchKind(entryID: entry.id).encoded)])
        }
        rows.append(last)
        return rows
    }

    /// Whether two of the entries would have the same button name. Reads at most 20 entries
    /// (`isSummary`), those just stored from memory.
    private func repeatsNames(_ entryIDs: [Int64], stored: [Entry]) throws -> Bool {
        var names: Set<String> = []
        for id in entryIDs {
            guard let entry = try stored.first(where: { $0.id == id }) ?? entries.ledger.entries.entry(id: id) else { continue }
            if !names.insert(shortName(entry)).inserted { return true }
        }
        return false
    }

    /// A button-sized name for an entry: its note, or its category.
    func shortName(_ entry: Entry) -> String {
        let name = entry.note.isEmpty ? l.categoryName(entry.category) : entry.note
        return name.clipped(to: 16)
    }

    /// Why 20, as for lists: 40 buttons stay well under Telegram's 100, and 20 lines fit a message.
    static func isSummary(entryCount: Int) -> Bool { entryCount > EntriesFeature.listLimit }

    /// How many of a summary's entries it shows.
    static let summaryLines = 5

    /// A confirmation of more entries than buttons can hold: how many, the first few, and how
    /// to fix them (`/history` for one, a reply `видалити` for all). Re-rendered like any
    /// view, so it counts what is left after deletes; like `render`, it shows only the
    /// household's entries its viewer sees.
    func summary(_ entryIDs: [Int64]) throws -> String {
        let all = try entryIDs.compactMap { try entries.ledger.entries.entry(id: $0) }.filter { $0.householdID == householdID }
        let live = all.filter(viewer.sees)
        guard !live.isEmpty else {
            // Entries its author made private there since, as for a short confirmation.
            return all.isEmpty ? l("entry.summary.deleted", ["count": .number(entryIDs.count)]) : l("entry.private")
        }
        var lines = [l("entry.summary.title", ["count": .number(live.count)])]
        lines += live.prefix(Self.summaryLines).map { EntryLine(entry: $0, today: today).details(l) }
        if live.count > Self.summaryLines {
            lines.append(l("entry.summary.more", ["count": .number(live.count - Self.summaryLines)]))
        }
        lines.append(l("entry.summary.hint"))
        return lines.joined(separator: "\n")
    }
}
