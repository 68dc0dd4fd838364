// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "Bookplate",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bookplate", targets: ["bookplate"]),
        .library(name: "BookplateKit", targets: ["BookplateKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // 3.12.3 rather than 4.5.2: the Crypto product alone took 93 s against 148 s in a first debug build.
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // libvips is loaded (dlopen) when the first cover needs it, not linked: Sources/CVips/shim.h.
        .systemLibrary(name: "CVips", providers: [.apt(["libvips42"])]),
        // Opens a closed standard stream on /dev/null before main: Sources/CStandardStreams.
        .target(name: "CStandardStreams"),
        // The flow runs one way (Sources/README.md draws it): values → library → catalogs and
        // imports → site → use cases → command line. A step backwards is a compile error.
        .target(
            name: "BookplateCore",
            dependencies: [
                "CCMark", "CStandardStreams", .product(name: "Crypto", package: "swift-crypto"),
                // A note's front matter, read by the site and by the CSV export alike.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "BookplateLibrary",
            dependencies: [
                "BookplateCore", .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_vfs_find, for the longest path SQLite opens a library at.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(name: "BookplateCatalog", dependencies: ["BookplateCore", "BookplateLibrary"]),
        .target(
            name: "BookplateImport",
            dependencies: [
                "BookplateCore", "BookplateLibrary",
                // A Kobo keeps its highlights in a SQLite database of its own, read (read-only)
                // through GRDB; the library's database is still reached only through BookplateLibrary.
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_limit, to bound what a hostile Kobo database can make SQLite build.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(name: "BookplateMustache", dependencies: ["BookplateCore"]),
        .target(
            name: "BookplateSite",
            dependencies: [
                "BookplateCore", "BookplateLibrary", "BookplateMustache", "CVips",
                // The build state is a database of the site's own; the library is read through
                // SiteLibrary, never by SQL.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "BookplateKit",
            dependencies: [
                "BookplateCore", "BookplateLibrary", "BookplateCatalog", "BookplateImport", "BookplateSite",
            ]
        ),
        .executableTarget(
            name: "bookplate",
            dependencies: [
                // The command line imports BookplateKit alone and sees only what its Exports.swift
                // lists (CommandLineBoundaryTests checks the imports). The targets below are named
                // for the build graph alone: without them SwiftPM does not recompile the command
                // line when a signature changes in one of them, and the stale objects fail to link.
                "BookplateKit", "BookplateCore", "BookplateLibrary", "BookplateCatalog", "BookplateImport",
                "BookplateSite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bookplate-bench",
            // The benchmarks time the parts themselves, below the use cases.
            dependencies: [
                "BookplateCore", "BookplateCatalog", "BookplateImport", "BookplateSite", "CVips",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "BookplateKitTests",
            dependencies: [
                "BookplateKit", "BookplateCore", "BookplateLibrary", "BookplateCatalog", "BookplateImport",
                "BookplateMustache", "BookplateSite",
                "CVips",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            exclude: ["Golden", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Tests/Fuzz/README.md), declared only when BOOKPLATE_FUZZ is set so that a
// normal build or test never sees them. Their invariants live in the test target's
// Support/Fuzz/FuzzInvariants.swift, which the corpus replay test shares; the test target is left out here
// so that no file belongs to two targets.
if ProcessInfo.processInfo.environment["BOOKPLATE_FUZZ"] != nil {
    package.targets.removeAll { $0.type == .test }
    package.targets.append(
        .target(
            name: "FuzzInvariants",
            dependencies: ["BookplateKit"],
            path: "Tests/BookplateKitTests/Support/Fuzz"
        )
    )
    for name in ["FuzzImport", "FuzzCatalog", "FuzzSlug", "FuzzParsers", "FuzzHTML", "FuzzExport", "FuzzHighlights"] {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: ["BookplateKit", "FuzzInvariants"],
                path: "Tests/Fuzz/\(name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        )
        package.products.append(.executable(name: name, targets: [name]))
    }
}
