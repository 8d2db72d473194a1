/// Telegram HTML read the way its parser reads it, as the splitter needs it: tags, entities
/// and single Unicode scalars, each with the UTF-16 length Telegram counts for it (a tag
/// counts nothing, `&amp;` counts one). Reads by scalar, not by character: `&amp;` followed
/// by a combining mark is still an entity to Telegram, though Swift sees `;́` as one character.
///
/// Malformed input is read leniently (a `<` without its `>` or an `&` that starts no entity
/// is a plain character), so the splitter never makes a text worse than it was. O(n).
struct HTMLToken {
    enum Kind: Equatable {
        case scalar(Unicode.Scalar)
        case entity(decoded: Unicode.Scalar)
        case openTag(name: Substring)
        case closeTag(name: Substring)
    }

    let kind: Kind
    /// Where the token is in the text it was read from.
    let range: Range<String.Index>

    var visibleLength: Int {
        switch kind {
        case .scalar(let scalar), .entity(let scalar): UTF16.width(scalar)
        case .openTag, .closeTag: 0
        }
    }

    /// What Telegram shows for it: nothing for a tag.
    var visible: Unicode.Scalar? {
        switch kind {
        case .scalar(let scalar), .entity(let scalar): scalar
        case .openTag, .closeTag: nil
        }
    }

    static func read(_ html: String) -> [HTMLToken] {
        let scalars = html.unicodeScalars
        var tokens: [HTMLToken] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar == "<", let end = tagEnd(in: scalars[next...]) {
                let inside = Substring(scalars[next..<end])
                let after = scalars.index(after: end)
                if inside.hasPrefix("/") {
                    let name = inside.dropFirst().trimmingPrefix(while: \.isWhitespace).prefix { !$0.isWhitespace }
                    tokens.append(HTMLToken(kind: .closeTag(name: name), range: index..<after))
                } else {
                    let name = inside.prefix { !$0.isWhitespace && $0 != "/" }
                    tokens.append(HTMLToken(kind: .openTag(name: name), range: index..<after))
                }
                index = after
                continue
            }
            if scalar == "&", let (decoded, end) = entity(in: scalars[next...]) {
                tokens.append(HTMLToken(kind: .entity(decoded: decoded), range: index..<end))
                index = end
                continue
            }
            tokens.append(HTMLToken(kind: .scalar(scalar), range: index..<next))
            index = next
        }
        return tokens
    }

    /// The `>` that ends a tag starting with a letter (`<b>`, `</i>`), unless another `<`
    /// comes first: then this `<` is a character (`a < b`). Stopping there keeps the read linear.
    private static func tagEnd(in rest: Substring.UnicodeScalarView) -> String.Index? {
        let name = rest.first == "/" ? rest.dropFirst() : rest[...]
        guard let first = name.first, first.properties.isAlphabetic, first.isASCII,
              let end = rest.firstIndex(where: { $0 == ">" || $0 == "<" }), rest[end] == ">"
        else { return nil }
        return end
    }

    /// `lt;`, `amp;`, `#128512;`, `#x1F600;` after an `&`: what it stands for and where it ends.
    private static func entity(in rest: Substring.UnicodeScalarView) -> (Unicode.Scalar, String.Index)? {
        // Why 9: `#x10FFFF` is the longest name Telegram knows.
        guard let semicolon = rest.prefix(10).firstIndex(of: ";") else { return nil }
        let name = String(Substring(rest[rest.startIndex..<semicolon]))
        let decoded: Unicode.Scalar?
        switch name {
        case "lt": decoded = "<"
        case "gt": decoded = ">"
        case "amp": decoded = "&"
        case "quot": decoded = "\""
        default:
            guard name.hasPrefix("#") else { return nil }
            let number = name.dropFirst()
            let value = number.hasPrefix("x") || number.hasPrefix("X") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
            decoded = value.flatMap(Unicode.Scalar.init)
        }
        return decoded.map { ($0, rest.index(after: semicolon)) }
    }
}

extension OutgoingText {
    /// What a reader sees of an HTML text: tags dropped, entities decoded. The text a send
    /// falls back to when Telegram refuses the HTML.
    public static func plainText(fromHTML html: String) -> String {
        var text = String.UnicodeScalarView()
        for token in HTMLToken.read(html) {
            if let scalar = token.visible { text.append(scalar) }
        }
        return String(text)
    }
}
