import Ledger
import Localization

/// One page of a list too long for one message, and the `◀️ · 2/7 · ▶️` row that moves
/// between pages by editing the message in place. Telegram refuses a keyboard of more than
/// 100 buttons, and a family's lists (recurring payments, a bank's accounts and jars) have no
/// such bound; so a list that grows with a family's data shows `size` items at a time.
///
/// Nothing is stored: a page button carries only its page's number, and the page is computed
/// from the list as it is at each press. A stale button (the list shrank since) lands on the
/// last page there is; a number from a forged press is clamped the same way. Costs O(1).
struct ListPage: Equatable, Sendable {
    /// Zero-based, in `0..<count`.
    let index: Int
    /// How many pages the list has now: at least 1, an empty list being one empty page.
    let count: Int
    /// The items' positions this page shows.
    let items: Range<Int>

    /// Page `requested` (clamped into the list) of `total` items, `size` a page.
    init(_ requested: Int, total: Int, size: Int) {
        let size = max(size, 1), total = max(total, 0)
        count = max(total / size + (total % size == 0 ? 0 : 1), 1)
        index = min(max(requested, 0), count - 1)
        let start = index * size  // index < count, so start ≤ total: no overflow.
        items = start..<min(start + size, total)
    }

    /// The page that shows the item at `position` (clamped like a page number).
    init(containing position: Int, total: Int, size: Int) {
        self.init(max(position, 0) / max(size, 1), total: total, size: size)
    }

    /// `◀️ · 2/7 · ▶️` for a list of more than one page, nil for one; `data(page)` is the
    /// button data that shows `page`. The middle button shows this page again (the list as it
    /// is now); an arrow is left out at either end.
    func navigation(_ l: Localizer, data: (Int) -> String) -> [OutboxButton]? {
        guard count > 1 else { return nil }
        var row: [OutboxButton] = []
        if index > 0 { row.append(OutboxButton(title: l("list.page.previous"), data: data(index - 1))) }
        row.append(OutboxButton(title: l("list.page.position", ["page": .number(index + 1), "count": .number(count)]),
                                data: data(index)))
        if index < count - 1 { row.append(OutboxButton(title: l("list.page.next"), data: data(index + 1))) }
        return row
    }
}
