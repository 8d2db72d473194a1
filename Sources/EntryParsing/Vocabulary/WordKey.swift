/// A table key hashed and compared by UTF-8 bytes. `String` hashes by canonical equivalence,
/// which for Cyrillic costs a normalization check per lookup (a tenth of all parsing time);
/// the tokenizer already yields one spelling per word, so bytes are enough.
struct WordKey: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: WordKey, b: WordKey) -> Bool {
        a.text.utf8.count == b.text.utf8.count && a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
