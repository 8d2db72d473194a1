/// Telegram's text limits, counted as Telegram counts: UTF-16 code units of the visible text.
public enum OutgoingText {
    public static let maxLength = 4096
    public static let maxCaptionLength = 1024

    /// Splits an HTML text (already escaped) into pieces of at most `limit` visible UTF-16
    /// units, each valid on its own: at line breaks where possible (the break itself is
    /// dropped), else after a space, else at a character boundary; never inside a tag, an
    /// entity or a surrogate pair. A tag open at a cut is closed at the end of its piece and
    /// opened again at the start of the next. Pieces that would be blank are dropped:
    /// Telegram refuses empty texts. Text without markup splits exactly as plain text would.
    /// O(n) in the length of the text.
    public static func split(_ html: String, limit: Int = maxLength) -> [String] {
        precondition(limit > 0)
        return whole(html, limit: limit) ?? splitByWalking(html, limit: limit)
    }

    /// The walk token by token that `split` takes when `whole` cannot answer.
    static func splitByWalking(_ html: String, limit: Int) -> [String] {
        var splitter = HTMLSplitter(html: html, limit: limit)
        return splitter.pieces()
    }

    /// A text without tags or entities that fits is one piece as it is, or none if blank:
    /// what the walk gives, for a scan of its bytes instead of a token per scalar (a
    /// confirmation's split cost 15,000 instructions, 2 % of its message). Nil otherwise.
    static func whole(_ html: String, limit: Int) -> [String]? {
        guard !html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }),
              html.utf8.count <= limit || html.utf16.count <= limit
        else { return nil }
        return html.unicodeScalars.allSatisfy(\.isWhiteSpace) ? [] : [html]
    }
}

/// The greedy walk behind `OutgoingText.split`: fills a piece token by token and, when the
/// next token would not fit, cuts at the best place seen in the piece so far.
private struct HTMLSplitter {
    /// A place a piece may end: before token `index`, with these tags open.
    struct Cut {
        var index: Int
        var open: [HTMLToken]
        /// The cut drops the token at `index` (a line break).
        var dropsToken: Bool
    }

    let html: String
    let limit: Int
    let tokens: [HTMLToken]
    var output: [String] = []

    init(html: String, limit: Int) {
        self.html = html
        self.limit = limit
        tokens = HTMLToken.read(html)
    }

    mutating func pieces() -> [String] {
        var start = 0
        var reopened: [HTMLToken] = []
        while start < tokens.count {
            let cut = nextCut(from: start, open: reopened)
            emit(start..<cut.index, reopening: reopened, closing: cut.open)
            start = cut.dropsToken ? cut.index + 1 : cut.index
            reopened = cut.open
        }
        return output
    }

    /// Where the piece starting at `start` ends: the end of the text if it fits, else the last
    /// line break, else the last space in its second half, else just before the overflow.
    private func nextCut(from start: Int, open initial: [HTMLToken]) -> Cut {
        var open = initial
        var length = 0
        var lineBreak: Cut?
        var space: Cut?
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if length + token.visibleLength > limit && index > start {
                if let lineBreak { return lineBreak }
                if let space, space.index - start > 0, length > limit / 2 { return space }
                return Cut(index: characterBoundary(before: index, after: start), open: open, dropsToken: false)
            }
            length += token.visibleLength
            switch token.kind {
            case .openTag: open.append(token)
            case .closeTag(let name):
                if let last = open.last, case .openTag(let opened) = last.kind, opened.lowercased() == name.lowercased() {
                    open.removeLast()
                }
            case .scalar("\n"): lineBreak = Cut(index: index, open: open, dropsToken: true)
            case .scalar(let scalar) where scalar.isWhiteSpace:
                space = Cut(index: index + 1, open: open, dropsToken: false)
            default: break
            }
            index += 1
        }
        return Cut(index: tokens.count, open: open, dropsToken: false)
    }

    /// A cut just before `index`, moved back to where a character (a grapheme: a flag, an
    /// emoji with its modifiers) begins when that is near; tags open at the new place are the
    /// same unless a tag lies between, so the walk back stops at one.
    private func characterBoundary(before index: Int, after start: Int) -> Int {
        var cut = index
        // Why 16: no real grapheme has more scalars; past that, cut inside the cluster.
        while cut > start + 1, index - cut < 16, tokens[cut].range.lowerBound.samePosition(in: html) == nil,
              tokens[cut - 1].visible != nil {
            cut -= 1
        }
        return tokens[cut].range.lowerBound.samePosition(in: html) == nil ? index : cut
    }

    private mutating func emit(_ range: Range<Int>, reopening: [HTMLToken], closing open: [HTMLToken]) {
        guard let first = range.first, let last = range.last,
              tokens[range].contains(where: { $0.visible.map { !$0.isWhiteSpace } ?? false })
        else { return }
        var piece = reopening.map { String(html[$0.range]) }.joined()
        piece += html[tokens[first].range.lowerBound..<tokens[last].range.upperBound]
        for token in open.reversed() {
            if case .openTag(let name) = token.kind { piece += "</\(name)>" }
        }
        output.append(piece)
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property, its whole list written out: asking the property
    /// tables cost ~300 instructions a scalar, a tenth of each send.
    var isWhiteSpace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
