import FoundationEssentials

/// Every field of Monobank's answers is formally optional, and a bridge that trusted one to be
/// there broke when the bank left it out: here a field that is missing, null or of another
/// type reads as nil, and only a body that is not JSON at all fails.
struct LenientFields {
    let container: KeyedDecodingContainer<AnyKey>

    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: AnyKey.self)
    }

    func callAsFunction<T: Decodable>(_ key: String, as: T.Type = T.self) -> T? {
        (try? container.decodeIfPresent(T.self, forKey: AnyKey(key))) ?? nil
    }

    /// A list whose unreadable elements are dropped, not the whole list.
    func list<T: Decodable>(_ key: String, of: T.Type = T.self) -> [T] {
        (self(key, as: [Lenient<T>].self) ?? []).compactMap(\.value)
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One element that may fail to decode without failing its list.
struct Lenient<T: Decodable>: Decodable {
    let value: T?
    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}
