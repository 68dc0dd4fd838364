import Foundation
import Testing

@testable import BookplateCore

/// Runs the built `bookplate` executable in a folder, as a reader would.
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var folder: URL
    var environment: [String: String] = [:]
    /// A program and its arguments that start `bookplate` (as `setpriv … bookplate`), when the
    /// command must run as someone else.
    var launcher: [String] = []

    @discardableResult
    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    /// Runs the command on a Dispatch thread, so that waiting for it does not hold a thread of
    /// the Swift concurrency pool that an in-process test server needs.
    @discardableResult
    func run(_ arguments: String...) async throws -> Result {
        try await runOffPool(arguments)
    }

    /// Runs the command off the pool, as ``runOffPool(_:)`` does, and records an issue where the
    /// test called it unless the command exits with `expected`.
    @discardableResult
    func expecting(_ expected: Int32, _ arguments: [String], sourceLocation: SourceLocation) async throws -> Result {
        let result = try await runOffPool(arguments)
        #expect(
            result.status == expected, "bookplate \(arguments.joined(separator: " ")): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    func runOffPool(_ arguments: [String]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try run(arguments) })
            }
        }
    }

    func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [TestPaths.executable.path] + arguments
        } else {
            process.executableURL = TestPaths.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        for key in ["VISUAL", "EDITOR", "BOOKPLATE_LIBRARY"] { env[key] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes at once: a command that fills one while the other is being read to its end
        // would wait for ever.
        let errors = Background { err.fileHandleForReading.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = try errors.value()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
