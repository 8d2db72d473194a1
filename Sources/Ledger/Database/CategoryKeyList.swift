import KopiykaCore

/// The built-in categories as the schema seeds them.
enum CategoryKeyList {
    static var all: [(key: String, kind: String)] {
        CategoryKey.builtIn.map { ($0.rawValue, $0.kind.rawValue) }
    }
}
