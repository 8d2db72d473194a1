import KopiykaCore

/// What kind of service a subscription is, by the name in its note: two of one kind (two
/// music services, two cloud storages) look duplicated. Names are matched as whole words,
/// case-insensitively; the longest name wins (`youtube music` is music, `youtube premium` video).
public enum ServiceKind: String, CaseIterable, Sendable {
    case music, video, cloud, ai, vpn

    static let names: [(name: String, kind: ServiceKind)] = [
        ("spotify", .music), ("спотіфай", .music), ("спотифай", .music), ("apple music", .music), ("youtube music", .music),
        ("deezer", .music), ("tidal", .music), ("soundcloud", .music), ("яндекс музыка", .music),
        ("netflix", .video), ("нетфлікс", .video), ("нетфликс", .video), ("megogo", .video), ("мегого", .video),
        ("sweet.tv", .video), ("sweet tv", .video), ("disney+", .video), ("disney plus", .video), ("hbo", .video), ("hbo max", .video),
        ("prime video", .video), ("amazon prime", .video), ("apple tv", .video), ("oll.tv", .video), ("олл тв", .video),
        ("takflix", .video), ("такфлікс", .video), ("youtube premium", .video), ("ютуб преміум", .video), ("kyivstar tv", .video),
        ("київстар тв", .video), ("volia tv", .video),
        ("icloud", .cloud), ("айклауд", .cloud), ("google one", .cloud), ("google drive", .cloud), ("гугл драйв", .cloud),
        ("dropbox", .cloud), ("onedrive", .cloud),
        ("chatgpt", .ai), ("чатгпт", .ai), ("openai", .ai), ("claude", .ai), ("anthropic", .ai), ("midjourney", .ai), ("gemini", .ai),
        ("vpn", .vpn), ("nordvpn", .vpn), ("expressvpn", .vpn), ("surfshark", .vpn), ("proton vpn", .vpn),
    ]

    /// Each name by its words (`apple music` → `["apple", "music"]`), for `init(note:)`.
    private static let byWords: [[Substring]: Int] = Dictionary(
        names.enumerated().map { ($1.name.split(separator: " "), $0) }, uniquingKeysWith: { first, _ in first })
    private static let longestName = names.map { $0.name.split(separator: " ").count }.max() ?? 1

    /// The kind a note names, or nil. Cost: O(note length): a dictionary look-up per word and
    /// name length (at most 2 words), where a search of the note for each of the 55 names cost
    /// ~0.4 ms a note, which `/subscriptions`, `/report` and each new subscription paid for
    /// every subscription of the household.
    public init?(note: String) {
        func words(keeping kept: Set<Character>) -> [Substring] {
            String(note.lowercased().map { $0.isLetter || $0.isNumber || kept.contains($0) ? $0 : " " })
                .split(separator: " ", omittingEmptySubsequences: true)
        }
        var found = Set<Int>()
        for text in [words(keeping: ["+", "."]), words(keeping: [])] {  // `disney+` and `iCloud+` alike.
            for start in text.indices {
                for count in 1...Self.longestName where start + count <= text.count {
                    if let name = Self.byWords[Array(text[start..<(start + count)])] { found.insert(name) }
                }
            }
        }
        // The longest name wins; of two as long, the later in `names`, as a search in order found.
        guard let best = found.max(by: { (Self.names[$0].name.count, $0) < (Self.names[$1].name.count, $1) }) else { return nil }
        self = Self.names[best].kind
    }

    /// The kinds more than one of `notes` names, each with the indexes of those notes, in
    /// the order of `ServiceKind.allCases`.
    public static func duplicated(_ notes: [String]) -> [(kind: ServiceKind, indexes: [Int])] {
        let kinds = notes.map(ServiceKind.init(note:))
        return allCases.compactMap { kind in
            let indexes = kinds.indices.filter { kinds[$0] == kind }
            return indexes.count > 1 ? (kind, indexes) : nil
        }
    }
}

/// What a payment costs a month and a year, whatever its cadence: a weekly 100 ₴ is
/// 433,33 ₴ a month (52 a year over 12) and 5 200 ₴ a year. nil past `Int64`.
public enum SubscriptionCost {
    public static func monthlyMinor(_ amountMinor: Int64, _ cadence: Cadence) -> Int64? {
        let yearly = Int128(amountMinor) * Int128(cadence.timesAYear)
        return Int64(exactly: (yearly * 2 + 12) / 24)  // Half up.
    }

    public static func yearlyMinor(_ amountMinor: Int64, _ cadence: Cadence) -> Int64? {
        Int64(exactly: Int128(amountMinor) * Int128(cadence.timesAYear))
    }
}

/// The same payment three months running: offered once to be made recurring.
public enum RepeatedPayment {
    /// True when an amount within 10 % of `amountMinor` was paid in each of the two months
    /// before `month`, by `earlier` (month, amount) pairs of the same note.
    public static func isThirdMonth(_ amountMinor: Int64, in month: YearMonth, earlier: [(month: YearMonth, amountMinor: Int64)]) -> Bool {
        func similar(_ other: Int64) -> Bool {
            let difference = Int128(other) - Int128(amountMinor)
            return (difference < 0 ? -difference : difference) * 10 <= Int128(amountMinor)
        }
        let before = month.previous, twoBefore = before.previous
        return earlier.contains { $0.month == before && similar($0.amountMinor) }
            && earlier.contains { $0.month == twoBefore && similar($0.amountMinor) }
    }
}
