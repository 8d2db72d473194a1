import FoundationEssentials

/// The one way the bot learns the time, so tests can fix it. Everything that depends on "now"
/// (an entry's date, the 21:00 digest, an invitation's expiry) takes a `WallClock`.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public func now() -> Date { read() }

    public static let system = WallClock { Date() }

    /// A clock stopped at one instant.
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }
}
