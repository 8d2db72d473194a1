extension KnownCommand {
    /// The command a mistyped name most likely meant: `reprot` → report, `bugdet` → budget,
    /// `отчет` → report (a word that works without the slash), `hist` → history. nil when
    /// nothing is near. Cost: one small edit-distance table per name and word, about 90 of
    /// them, for a name of at most `longestName` characters.
    static func suggestion(for typed: String) -> KnownCommand? {
        let name = Array(normalized(typed))
        guard (2...longestName).contains(name.count) else { return nil }
        // One slip in a short name, two in a longer one: `/ok` is nobody's typo.
        let allowed = name.count <= 4 ? 1 : 2
        var best: (command: KnownCommand, distance: Int)?
        for command in allCases where command.name != "start" {
            for candidate in [command.name] + command.aliases + command.words {
                let target = Array(candidate)
                let distance = name.count >= 3 && target.starts(with: name) ? 1 : editDistance(name, target)
                if distance <= allowed, distance < best?.distance ?? .max { best = (command, distance) }
            }
        }
        return best?.command
    }

    static let longestName = 24

    /// Damerau–Levenshtein in its optimal-string-alignment form: a swapped pair of letters
    /// (`reprot`) is one slip, as people make it.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Every subscript below is within 0...count by the loops' bounds.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
