/// JSON written by hand into one byte buffer: the one way Kopiyka writes JSON where key order
/// is a contract (`kopiyka parse`, Bot API bodies compared with `JSONEncoder`'s) or speed
/// matters (every reply's body and outbox row, where `JSONEncoder` cost several percent of
/// the bot's CPU). Keys go out in the order they are written; nothing checks that an object's
/// keys are unique or that a member is written only inside an object.
///
/// Cost: one growing array, nested containers written into it in place. Not thread-safe: a
/// value the caller owns.
public struct JSONWriter {
    /// What has been written so far.
    public var bytes: [UInt8] { storage }
    @usableFromInline var storage: [UInt8] = []
    /// Whether the container being written has a value already, so the next needs a comma.
    @usableFromInline var needsComma = false
    /// A key was just written: its value follows the colon with no comma.
    @usableFromInline var afterKey = false
    /// `", "` and `": "` between members, as `kopiyka parse` prints them; `","` and `":"` if not.
    @usableFromInline let spaced: Bool

    @inlinable public init(capacity: Int = 256, spaced: Bool = false) {
        storage.reserveCapacity(capacity)
        self.spaced = spaced
    }

    /// The bytes as text (they are UTF-8).
    public var text: String { String(decoding: storage, as: UTF8.self) }

    // MARK: Values

    @inlinable public mutating func value(_ text: String) {
        separate()
        JSONQuoting.append(text, to: &storage)
    }

    @inlinable public mutating func value(_ number: Int64) {
        separate()
        storage.append(contentsOf: String(number).utf8)
    }

    @inlinable public mutating func value(_ flag: Bool) {
        separate()
        storage.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    @inlinable public mutating func null() {
        separate()
        storage.append(contentsOf: "null".utf8)
    }

    /// `{…}`, its members written by `body`.
    @inlinable public mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// `[…]`, its elements written by `body`.
    @inlinable public mutating func array(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    @inlinable mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) -> Void) {
        separate()
        storage.append(open)
        needsComma = false
        body(&self)
        storage.append(close)
        needsComma = true
    }

    @inlinable mutating func separate() {
        if afterKey {
            afterKey = false
        } else if needsComma {
            storage.append(UInt8(ascii: ","))
            if spaced { storage.append(UInt8(ascii: " ")) }
        }
        needsComma = true
    }

    // MARK: Members of the object being written

    /// `"key":`, for the value written next.
    @inlinable public mutating func key(_ key: StaticString) {
        separate()
        storage.append(UInt8(ascii: "\""))
        storage.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        storage.append(contentsOf: (spaced ? "\": " : "\":").utf8)
        afterKey = true
    }

    /// The member, or nothing when `value` is nil (as `JSONEncoder` leaves out a nil).
    @inlinable public mutating func string(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func int(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func bool(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func object(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        object(body)
    }

    @inlinable public mutating func array(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        array(body)
    }
}
