/// A pull scanner over the XML of an XLSX part: tags and text, nothing more. No DTD is read
/// and no entity but the five predefined and numeric ones is expanded, so a hostile part
/// cannot make it expand text ("billion laughs") or read another file.
///
/// Streaming: it holds a window of the part, `chunk` bytes read from its `PartReader` as the
/// scan needs them, so a 32 MB sheet costs tens of kilobytes, and a caller that stops (at a
/// row cap) has inflated only what it read. Text is given in pieces that the window's end may
/// cut (a caller joins them); a tag, a comment or a CDATA section comes whole, and one past
/// `maximumToken` is `.damaged(.layout)`. Linear in the bytes: a token cut by the window's end
/// is scanned again with a window at least twice as large. Bounded: past `maximumDepth` open
/// elements or `maximumElements` in all, the part is refused as `.damaged(.layout)`.
struct XMLScanner {
    /// Why 32: a worksheet nests 6 deep (`worksheet/sheetData/row/c/is/r/t`); 5 million
    /// nested elements are no sheet.
    static let maximumDepth = 32
    /// Why 2 million: a 20,000-row statement (`StatementReader.maximumRows`) of inline strings
    /// is ~650,000 elements; 32 MB of `<a/>` would be 8 million events to walk.
    static let maximumElements = 2_000_000
    /// Why 1 MB: a tag of a statement is tens of bytes; a CDATA section is a cell's text (at
    /// most 32,767 characters in Excel).
    static let maximumToken = 1 << 20
    /// Bytes inflated at a time: large enough that a read is a fraction of the scan.
    static let chunk = 64 * 1024

    enum Event {
        /// A start tag: its name without a namespace prefix, its raw attribute text, and
        /// whether it closes itself (`<c r="A1"/>`).
        case open(name: ArraySlice<UInt8>, attributes: ArraySlice<UInt8>, selfClosing: Bool)
        case close(name: ArraySlice<UInt8>)
        /// Character data, entities not yet decoded (`XMLText.decode`), perhaps one piece of it.
        case text(ArraySlice<UInt8>)
        /// A CDATA section's content, to be taken literally.
        case cdata(ArraySlice<UInt8>)
    }

    /// The window: bytes before `position` are scanned, and dropped when more are read.
    private var bytes: [UInt8]
    private var position = 0
    private let source: PartReader?
    private var exhausted: Bool
    private var depth = 0
    private var elements = 0

    /// A scanner over bytes held whole.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        source = nil
        exhausted = true
    }

    /// A scanner over a part as it unpacks.
    init(_ source: PartReader) {
        bytes = []
        self.source = source
        exhausted = false
    }

    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")

    mutating func next() throws(StatementProblem) -> Event? {
        while true {
            guard position < bytes.count else {
                guard try more() else { return nil }
                continue
            }
            guard bytes[position] == Self.lt else {
                let start = position
                position = bytes[position...].firstIndex(of: Self.lt) ?? bytes.count
                return .text(bytes[start..<position])
            }
            // Enough bytes to tell the markup's kind (`<![CDATA[` is nine).
            while bytes.count - position < 9, try more() {}
            if starts(with: "<?") {
                position = try end(of: "?>")
            } else if starts(with: "<!--") {
                position = try end(of: "-->")
            } else if starts(with: "<![CDATA[") {
                position = try end(of: "]]>")
                return .cdata(bytes[(tokenStart + 9)..<(position - 3)])
            } else if starts(with: "<!") {
                position = try end(of: ">")
            } else {
                let event = try tag()
                switch event {
                case .open(_, _, let selfClosing):
                    elements += 1
                    if !selfClosing { depth += 1 }
                    guard depth <= Self.maximumDepth, elements <= Self.maximumElements else { throw .damaged(.layout) }
                case .close:
                    depth = max(0, depth - 1)
                default:
                    break
                }
                return event
            }
        }
    }

    /// Where the token just ended by `end(of:)` started (it may have moved when more was read).
    private var tokenStart = 0

    /// Reads the next chunk into the window, dropping what is scanned; at least as many bytes
    /// as the window holds unscanned, so a long token is rescanned a bounded number of times.
    /// False at the part's end.
    private mutating func more() throws(StatementProblem) -> Bool {
        guard let source, !exhausted else { return false }
        let pending = bytes.count - position
        guard pending <= Self.maximumToken else { throw .damaged(.layout) }
        bytes.removeSubrange(0..<position)
        position = 0
        let chunk = try source.read(max(Self.chunk, pending))
        guard !chunk.isEmpty else {
            exhausted = true
            return false
        }
        bytes += chunk
        return true
    }

    private mutating func tag() throws(StatementProblem) -> Event {
        while true {
            let closing = position + 1 < bytes.count && bytes[position + 1] == Self.slash
            let nameStart = position + (closing ? 2 : 1)
            var at = nameStart
            while at < bytes.count, !Self.endsName(bytes[at]) { at += 1 }
            let name = Self.localName(bytes[nameStart..<at])
            var quote: UInt8?
            let attributesStart = at
            while at < bytes.count {
                let byte = bytes[at]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == Self.gt {
                    break
                }
                at += 1
            }
            // Cut by the window's end: scanned again in a window at least twice as large.
            guard at < bytes.count else {
                guard try more() else { throw .damaged(.layout) }
                continue
            }
            guard !name.isEmpty else { throw .damaged(.layout) }
            position = at + 1
            if closing { return .close(name: name) }
            let selfClosing = at > attributesStart && bytes[at - 1] == Self.slash
            return .open(name: name, attributes: bytes[attributesStart..<(selfClosing ? at - 1 : at)], selfClosing: selfClosing)
        }
    }

    /// The value of attribute `name` (`r`, `t`) in a tag's attribute text, entities decoded.
    static func attribute(_ name: String, in attributes: ArraySlice<UInt8>) -> String? {
        let key = name.utf8
        var at = attributes.startIndex
        while at < attributes.endIndex {
            while at < attributes.endIndex, endsName(attributes[at]) { at += 1 }
            let nameStart = at
            while at < attributes.endIndex, attributes[at] != UInt8(ascii: "="), !endsName(attributes[at]) { at += 1 }
            let found = localName(attributes[nameStart..<at])
            while at < attributes.endIndex, attributes[at] != UInt8(ascii: "\""), attributes[at] != UInt8(ascii: "'") { at += 1 }
            guard at < attributes.endIndex else { return nil }
            let quote = attributes[at]
            let valueStart = at + 1
            at = attributes[valueStart...].firstIndex(of: quote) ?? attributes.endIndex
            if found.elementsEqual(key) { return XMLText.decode(attributes[valueStart..<at]) }
            at += 1
        }
        return nil
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { bytes[position..<(position + count)].elementsEqual($0) }
    }

    /// The index just past the next `terminator` after the token at `position`, reading more
    /// as needed (`tokenStart` is where the token is then), or `.layout` when the part ends
    /// first.
    private mutating func end(of terminator: StaticString) throws(StatementProblem) -> Int {
        let pattern = terminator.withUTF8Buffer { Array($0) }
        guard let first = pattern.first else { return position }
        var at = position + 1
        while true {
            while let found = bytes[at...].firstIndex(of: first) {
                if found + pattern.count <= bytes.count {
                    if bytes[found..<(found + pattern.count)].elementsEqual(pattern) {
                        tokenStart = position
                        return found + pattern.count
                    }
                    at = found + 1
                } else {
                    break
                }
            }
            // Not in the window: what is scanned stays scanned, but for a terminator cut in two.
            let scanned = max(bytes.count - pattern.count + 1, at) - position
            guard try more() else { throw .damaged(.layout) }
            at = position + max(1, min(scanned, bytes.count - position))
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == gt || byte == slash
    }

    /// `x:row` → `row`: some writers prefix the spreadsheet namespace.
    private static func localName(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let colon = name.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return name[(colon + 1)...]
    }
}

/// XML character data to text.
enum XMLText {
    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#1234;`, `&#x4D2;` decoded; anything
    /// else after `&` is kept as written.
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var at = raw.startIndex
        while at < raw.endIndex {
            let byte = raw[at]
            guard byte == UInt8(ascii: "&"),
                  let semicolon = raw[at..<min(raw.endIndex, at + 12)].firstIndex(of: UInt8(ascii: ";")),
                  let scalar = entity(raw[(at + 1)..<semicolon])
            else {
                out.append(byte)
                at += 1
                continue
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            at = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard text.hasPrefix("#") else { return nil }
            let digits = text.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
