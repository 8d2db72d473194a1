import FoundationEssentials

extension Catalog {
    /// The `Locales/` directory, from the first of these that holds an `en.json`:
    /// `$KOPIYKA_LOCALES`; `<executable dir>/../share/kopiyka/Locales` (an installed prefix);
    /// `<executable dir>/Locales`; `./Locales`; the source tree this file was compiled from
    /// (so `swift run` and `swift test` need no setup).
    public static func locate() throws(LocalizationError) -> URL {
        let candidates = localeCandidates(
            environment: ProcessInfo.processInfo.environment,
            executable: executable,
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
            let root = URL(fileURLWithPath: "/" + components[1..<sources].joined(separator: "/"))
            candidates.append(root.appendingPathComponent("Locales"))
        }
        return candidates
    }

    /// The running executable: Linux's `/proc/self/exe`, as `Bundle.main` reads it (Bundle
    /// lives in full Foundation); `argv[0]` elsewhere.
    private static var executable: URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
    }

    static func firstExisting(_ candidates: [URL]) throws(LocalizationError) -> URL {
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("en.json").path) {
            return candidate
        }
        throw .localesNotFound(tried: candidates.map(\.path))
    }
}
