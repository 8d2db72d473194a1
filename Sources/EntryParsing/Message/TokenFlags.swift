/// Which tokens of one entry's range are used up (amount, date, account words), addressed by
/// the token's index in the whole message. Sized by the range, not the message, so a message
/// of many entries or lines costs its length, not its length squared; a range of up to 64
/// tokens (nearly every entry) keeps its flags in one word and allocates nothing. An index
/// outside the range reads as free and is never written.
struct TokenFlags {
    let range: Range<Int>
    private var bits: UInt64 = 0
    private var flags: [Bool] = []

    init(_ range: Range<Int>) {
        self.range = range
        if range.count > 64 { flags = [Bool](repeating: false, count: range.count) }
    }

    subscript(index: Int) -> Bool {
        get {
            guard range.contains(index) else { return false }
            let offset = index - range.lowerBound
            return flags.isEmpty ? bits & (1 << UInt64(offset)) != 0 : flags[offset]
        }
        set {
            guard range.contains(index) else { return }
            let offset = index - range.lowerBound
            if !flags.isEmpty {
                flags[offset] = newValue
            } else if newValue {
                bits |= 1 << UInt64(offset)
            } else {
                bits &= ~(1 << UInt64(offset))
            }
        }
    }
}
