import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
/// Tests get real files (a real SQLite database, real WAL files) that never collide.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "kopiyka") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
