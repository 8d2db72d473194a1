/// A recursive-descent parser of the MessageFormat subset `Message` renders. Apostrophes quote
/// as ICU's default mode does: `''` is one apostrophe and `'{'` a literal brace, while a lone
/// apostrophe (`don't`) stays text.
struct MessageParser {
    private let chars: [Character]
    private var position = 0

    init(_ pattern: String) { chars = Array(pattern) }

    mutating func parseWhole() throws(MessageFormatError) -> [Message.Part] {
        let parts = try parseParts(inPlural: false)
        if position < chars.count { throw fail("unmatched '}'") }
        return parts
    }

    /// Parts up to the end or up to (not past) a `}` that closes the enclosing branch.
    private mutating func parseParts(inPlural: Bool) throws(MessageFormatError) -> [Message.Part] {
        var parts: [Message.Part] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)); text = "" }
        }
        while position < chars.count {
            switch chars[position] {
            case "{":
                flush()
                parts.append(try parseArgument(inPlural: inPlural))
            case "}":
                flush()
                return parts
            case "#" where inPlural:
                flush()
                parts.append(.pound)
                position += 1
            case "'":
                text += try parseApostrophe(inPlural: inPlural)
            default:
                text.append(chars[position])
                position += 1
            }
        }
        flush()
        return parts
    }

    private mutating func parseApostrophe(inPlural: Bool) throws(MessageFormatError) -> String {
        let start = position
        position += 1
        guard position < chars.count else { return "'" }
        let next = chars[position]
        if next == "'" {
            position += 1
            return "'"
        }
        guard next == "{" || next == "}" || (next == "#" && inPlural) else { return "'" }
        var quoted = ""
        while position < chars.count {
            if chars[position] == "'" {
                if position + 1 < chars.count && chars[position + 1] == "'" {
                    quoted.append("'")
                    position += 2
                } else {
                    position += 1
                    return quoted
                }
            } else {
                quoted.append(chars[position])
                position += 1
            }
        }
        throw MessageFormatError(reason: "unclosed quote", offset: start)
    }

    private mutating func parseArgument(inPlural: Bool) throws(MessageFormatError) -> Message.Part {
        let open = position
        position += 1
        skipSpaces()
        let name = identifier()
        guard !name.isEmpty else { throw fail("expected an argument name after '{'") }
        skipSpaces()
        guard position < chars.count else { throw unclosed(open) }
        if chars[position] == "}" {
            position += 1
            return .argument(name)
        }
        guard chars[position] == "," else { throw fail("expected ',' or '}' after '\(name)'") }
        position += 1
        skipSpaces()
        let type = identifier()
        skipSpaces()
        switch type {
        case "plural":
            try expectComma(after: type, open: open)
            let branches = try parseBranches(open: open, inPlural: true)
            var result: [Message.Branch<Message.PluralSelector>] = []
            for (offset, key, parts) in branches {
                result.append(.init(key: try pluralSelector(key, at: offset), parts: parts))
            }
            return .plural(name, result)
        case "select":
            try expectComma(after: type, open: open)
            let branches = try parseBranches(open: open, inPlural: inPlural)
            return .select(name, branches.map { .init(key: $0.key, parts: $0.parts) })
        case "":
            throw fail("expected an argument type after '\(name),'")
        default:
            throw fail("unsupported argument type '\(type)' (only plural and select)")
        }
    }

    /// `key {message} key {message} … }`, consuming the closing brace of the argument.
    private mutating func parseBranches(open: Int, inPlural: Bool)
        throws(MessageFormatError) -> [(offset: Int, key: String, parts: [Message.Part])]
    {
        var branches: [(offset: Int, key: String, parts: [Message.Part])] = []
        while true {
            skipSpaces()
            guard position < chars.count else { throw unclosed(open) }
            if chars[position] == "}" {
                position += 1
                break
            }
            let keyOffset = position
            var key = ""
            if chars[position] == "=" {
                key = "="
                position += 1
            }
            key += identifier()
            guard key != "" && key != "=" else { throw fail("expected a selector") }
            guard !branches.contains(where: { $0.key == key }) else {
                throw MessageFormatError(reason: "duplicate selector '\(key)'", offset: keyOffset)
            }
            skipSpaces()
            guard position < chars.count, chars[position] == "{" else {
                throw fail("expected '{' after selector '\(key)'")
            }
            let bodyOpen = position
            position += 1
            let parts = try parseParts(inPlural: inPlural)
            guard position < chars.count else { throw unclosed(bodyOpen) }
            position += 1
            branches.append((keyOffset, key, parts))
        }
        guard branches.contains(where: { $0.key == "other" }) else {
            throw MessageFormatError(reason: "missing the 'other' branch", offset: open)
        }
        return branches
    }

    private func pluralSelector(_ key: String, at offset: Int)
        throws(MessageFormatError) -> Message.PluralSelector
    {
        if key.hasPrefix("=") {
            guard let value = Int64(key.dropFirst()) else {
                throw MessageFormatError(reason: "bad exact selector '\(key)'", offset: offset)
            }
            return .exact(value)
        }
        guard let category = PluralCategory(rawValue: key) else {
            throw MessageFormatError(reason: "unknown plural category '\(key)'", offset: offset)
        }
        return .category(category)
    }

    private mutating func expectComma(after type: String, open: Int) throws(MessageFormatError) {
        guard position < chars.count else { throw unclosed(open) }
        guard chars[position] == "," else { throw fail("expected ',' after '\(type)'") }
        position += 1
    }

    private mutating func identifier() -> String {
        var name = ""
        while position < chars.count,
              chars[position].isASCII && (chars[position].isLetter || chars[position].isNumber
                  || chars[position] == "_" || chars[position] == "-")
        {
            name.append(chars[position])
            position += 1
        }
        return name
    }

    private mutating func skipSpaces() {
        while position < chars.count && chars[position].isWhitespace { position += 1 }
    }

    private func fail(_ reason: String) -> MessageFormatError {
        MessageFormatError(reason: reason, offset: position)
    }

    private func unclosed(_ open: Int) -> MessageFormatError {
        MessageFormatError(reason: "unclosed '{' opened at character \(open)", offset: chars.count)
    }
}
