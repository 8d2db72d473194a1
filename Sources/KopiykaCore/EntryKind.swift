/// Money out or money in. The raw values are stored in SQLite and printed by `kopiyka parse`.
public enum EntryKind: String, Sendable, CaseIterable, Codable {
    case expense
    case income
}
