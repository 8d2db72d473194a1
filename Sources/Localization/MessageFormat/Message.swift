/// One parsed ICU MessageFormat string, in the subset Kopiyka's locales use: text, `{name}`,
/// `{name, plural, =0 {…} one {…} … other {…}}` with `#`, and `{name, select, a {…} other {…}}`.
/// Parsed once when the catalog loads, so a render is a walk over a small tree.
public struct Message: Sendable, Hashable {
    indirect enum Part: Sendable, Hashable {
        case text(String)
        case argument(String)
        /// `#`: the count of the innermost enclosing plural.
        case pound
        case plural(String, [Branch<PluralSelector>])
        case select(String, [Branch<String>])
    }

    struct Branch<Key: Hashable & Sendable>: Sendable, Hashable {
        let key: Key
        let parts: [Part]
    }

    enum PluralSelector: Sendable, Hashable {
        case exact(Int64)
        case category(PluralCategory)
    }

    /// How a message uses an argument.
    public enum PlaceholderKind: String, Sendable, Hashable, Comparable {
        case plain, plural, select
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Placeholder: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let name: String
        public let kind: PlaceholderKind
        public static func < (a: Self, b: Self) -> Bool { (a.name, a.kind) < (b.name, b.kind) }
        public var description: String { kind == .plain ? "{\(name)}" : "{\(name), \(kind)}" }
    }

    let parts: [Part]

    public init(_ pattern: String) throws(MessageFormatError) {
        var parser = MessageParser(pattern)
        parts = try parser.parseWhole()
    }

    /// Every argument the message reads, with how it reads it.
    public var placeholders: Set<Placeholder> {
        var found = Set<Placeholder>()
        Self.walk(parts) { part in
            switch part {
            case .argument(let name): found.insert(Placeholder(name: name, kind: .plain))
            case .plural(let name, _): found.insert(Placeholder(name: name, kind: .plural))
            case .select(let name, _): found.insert(Placeholder(name: name, kind: .select))
            case .text, .pound: break
            }
        }
        return found
    }

    /// The categories each `plural` in the message has a branch for, in order of appearance.
    public var pluralBranches: [(argument: String, categories: Set<PluralCategory>)] {
        var found: [(String, Set<PluralCategory>)] = []
        Self.walk(parts) { part in
            guard case .plural(let name, let branches) = part else { return }
            let categories = branches.compactMap { branch -> PluralCategory? in
                if case .category(let c) = branch.key { c } else { nil }
            }
            found.append((name, Set(categories)))
        }
        return found
    }

    private static func walk(_ parts: [Part], _ visit: (Part) -> Void) {
        for part in parts {
            visit(part)
            switch part {
            case .plural(_, let branches): for b in branches { walk(b.parts, visit) }
            case .select(_, let branches): for b in branches { walk(b.parts, visit) }
            case .text, .argument, .pound: break
            }
        }
    }
}
