import Foundation

/// The built `kopiyka` binary, run as a real process: what an operator would type.
public struct KopiykaProcess {
    public struct Outcome {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The binary beside the test bundle in the build folder (SwiftPM builds every product
    /// before it runs the tests).
    public static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("kopiyka")
    }

    public let environment: [String: String]
    public let workingDirectory: URL
    /// `binary` unless a benchmark compares another build.
    public let executable: URL

    /// A process environment with only what we pass: no bot.env or settings of the machine leak in.
    public init(environment: [String: String], workingDirectory: URL, executable: URL = KopiykaProcess.binary) {
        // No test reaches the real NBU: one that wants rates passes a fake's NBU_API_URL.
        var base = ["PATH": "/usr/bin:/bin", "HOME": workingDirectory.path, "NBU_API_URL": "off"]
        base.merge(environment) { _, new in new }
        self.environment = base
        self.workingDirectory = workingDirectory
        self.executable = executable
    }

    public func run(_ arguments: [String], stdin: String = "") throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self))
    }
}
