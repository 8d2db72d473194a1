import Foundation

extension Catalog {
    /// The `Locales/` directory, from the first of these that holds an `en.json`:
    /// `$KOPIYKA_LOCALES`; `<executable dir>/../share/kopiyka/Locales` (an installed prefix);
    /// `<executable dir>/Locales`; `./Locales`; the source tree this file was compiled from
    /// (so `swift run` and `swift test` need no setup).
    public static func locate() throws(LocalizationError) -> URL {
        let candidates = localeCandidates(
            environment: ProcessInfo.processInfo.environment,
            executable: Bundle.main.executableURL,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            sourceFile: #filePath)
        return try firstExisting(candidates)
    }

    static func localeCandidates(
        environment: [String: String], executable: URL?, workingDirectory: URL, sourceFile: String
    ) -> [URL] {
        var candidates: [URL] = []
        if let explicit = environment["KOPIYKA_LOCALES"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit, isDirectory: true))
        }
        if let executable {
            let directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            candidates.append(directory.appendingPathComponent("../share/kopiyka/Locales").standardized)
            candidates.append(directory.appendingPathComponent("Locales"))
        }
        candidates.append(workingDirectory.appendingPathComponent("Locales"))
        // …/Sources/Localization/Catalog/LocalesLocation.swift → …/Locales
        let components = URL(fileURLWithPath: sourceFile).pathComponents
        if let sources = components.lastIndex(of: "Sources"), sources > 0 {
            let root = NSString.path(withComponents: Array(components[..<sources]))
            candidates.append(URL(fileURLWithPath: root).appendingPathComponent("Locales"))
        }
        return candidates
    }

    static func firstExisting(_ candidates: [URL]) throws(LocalizationError) -> URL {
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("en.json").path) {
            return candidate
        }
        throw .localesNotFound(tried: candidates.map(\.path))
    }
}
