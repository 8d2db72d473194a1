import Localization

/// What an inline button asks for, as its `callback_data`: short ASCII (Telegram allows 64
/// bytes), ids not names, so it survives restarts and renames.
enum CallbackData: Equatable {
    case language(Language)
    case removeMember(Int64)
    case makeOwner(Int64)
    case broadcastMode(String)

    var encoded: String {
        switch self {
        case .language(let language): "lang:\(language.rawValue)"
        case .removeMember(let id): "fam:rm:\(id)"
        case .makeOwner(let id): "fam:own:\(id)"
        case .broadcastMode(let mode): "fam:mode:\(mode)"
        }
    }

    init?(_ data: String) {
        let parts = data.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("lang", 2):
            guard let language = Language(rawValue: parts[1]) else { return nil }
            self = .language(language)
        case ("fam", 3) where parts[1] == "rm":
            guard let id = Int64(parts[2]) else { return nil }
            self = .removeMember(id)
        case ("fam", 3) where parts[1] == "own":
            guard let id = Int64(parts[2]) else { return nil }
            self = .makeOwner(id)
        case ("fam", 3) where parts[1] == "mode":
            self = .broadcastMode(parts[2])
        default:
            return nil
        }
    }
}
