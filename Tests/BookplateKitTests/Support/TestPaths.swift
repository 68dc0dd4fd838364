import Foundation

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Locations in the repository and scratch folders for tests.
enum TestPaths {
    /// The repository's top folder.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let testsFolder = repository.appendingPathComponent("Tests/BookplateKitTests")
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let golden = testsFolder.appendingPathComponent("Golden")
    static let templates = repository.appendingPathComponent("templates")

    /// The built `bookplate` executable, next to the test bundle.
    static var executable: URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ].compactMap { $0 }
        for folder in candidates {
            let url = folder.appendingPathComponent("bookplate")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repository.appendingPathComponent(".build/debug/bookplate")
    }

    /// A new empty folder, inside one scratch folder per test run that is removed when the
    /// process exits normally (a crashed run leaves it for a look).
    static func temporaryFolder(_ label: String = "shelf") throws -> URL {
        let url = scratch.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new shelf, made as `bookplate init` makes one, in a folder of its own.
    static func newShelf(_ label: String = "shelf") throws -> URL {
        let url = try temporaryFolder(label)
        try ShelfCreator.createShelf(at: url)
        return url
    }

    private static let scratch: URL = {
        let url = scratchPath
        try? FileManager.default.removeItem(at: url)
        atexit { try? FileManager.default.removeItem(at: TestPaths.scratchPath) }
        return url
    }()

    private static var scratchPath: URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("bookplate-tests-\(ProcessInfo.processInfo.processIdentifier)")
    }
}
