// swift-tools-version:6.1
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
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(
            name: "BookplateKit",
            dependencies: [
                "CCMark",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .executableTarget(
            name: "bookplate",
            dependencies: [
                "BookplateKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bookplate-bench",
            dependencies: [
                "BookplateKit",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "BookplateKitTests",
            dependencies: [
                "BookplateKit",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            exclude: ["Golden", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
