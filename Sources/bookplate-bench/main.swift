// Measures what concurrency buys the catalog layer, against a local server with added latency:
// a two-catalog search should take about one latency, not two; 200 cover downloads should take
// a fraction of the serial time. Run with `swift run -c release bookplate-bench`.
// `swift run -c release bookplate-bench thumbnails` measures cover thumbnails instead
// (ThumbnailBenchmark.swift); `swift run bookplate-bench entities` times the HTML entity decoder
// (EntityBenchmark.swift); `swift run -c release bookplate-bench kindle` times reading a 20 MB
// `My Clippings.txt` (KindleBenchmark.swift); `bookplate-bench kindle FILE` writes that file, for
// timing the whole `bookplate import kindle FILE --add-missing`.

import BookplateCatalog
import BookplateCore
import FlyingFox
import Foundation

if CommandLine.arguments.dropFirst().first == "thumbnails" {
    try ThumbnailBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "kindle" {
    if let path = CommandLine.arguments.dropFirst(2).first {
        try KindleBenchmark.sample().write(to: URL(fileURLWithPath: path))
    } else {
        KindleBenchmark.run()
    }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "entities" {
    EntityBenchmark.run()
    exit(0)
}

let searchLatency = Duration.milliseconds(300)
let coverLatency = Duration.milliseconds(50)
let coverCount = 200

/// A tiny PNG header (the cover fetcher reads only the header): 120×180 pixels.
let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 120, 0, 0, 0, 180]
    + [8, 2, 0, 0, 0] + [UInt8](repeating: 0, count: 64)

let googleBody = Data(
    #"{"totalItems": 1, "items": [{"id": "bench1", "volumeInfo": {"title": "Benchmark", "authors": ["A. Writer"], "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9780000000019"}]}}]}"#
        .utf8)
let openLibraryBody = Data(
    #"{"numFound": 1, "docs": [{"key": "/works/OL1W", "title": "Benchmark", "author_name": ["A. Writer"], "isbn": ["9780000000019"]}]}"#
        .utf8)

func startServer() async throws -> (HTTPServer, UInt16) {
    let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    await server.appendRoute("*") { request in
        if request.path.hasPrefix("/covers/") {
            try await Task.sleep(for: coverLatency)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: Data(png))
        }
        try await Task.sleep(for: searchLatency)
        let body = request.path.hasPrefix("/google") ? googleBody : openLibraryBody
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }
    Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port)? = await server.listeningAddress else { throw BenchError.noPort }
    return (server, port)
}

enum BenchError: Error {
    case noPort, missingCovers(Int)
    case unknownArgument(String), sampleFailed(String), measureFailed(Int32)
}

func median(_ runs: Int, _ work: () async throws -> Void) async rethrows -> Duration {
    var times: [Duration] = []
    for _ in 0..<runs {
        let started = ContinuousClock.now
        try await work()
        times.append(ContinuousClock.now - started)
    }
    return times.sorted()[runs / 2]
}

func secondsValue(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", secondsValue(duration))
}

let (server, port) = try await startServer()
let base = "http://127.0.0.1:\(port)"
let configuration = CatalogConfiguration(environment: [
    "BOOKPLATE_GOOGLE_BOOKS_URL": "\(base)/google/books/v1", "BOOKPLATE_OPEN_LIBRARY_URL": "\(base)/openlibrary",
    "BOOKPLATE_COVERS_URL": "\(base)/covers",
])
let finder = BookFinder.live(configuration: configuration, cache: nil)
let query = CatalogQuery(text: "benchmark")

let both = try await median(5) { _ = try await finder.search(query, sources: .all) }
let googleOnly = try await median(5) { _ = try await finder.search(query, sources: .google) }
let openLibraryOnly = try await median(5) { _ = try await finder.search(query, sources: .openlibrary) }

func downloadCovers(concurrency: Int) async throws -> Duration {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookplate-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let jobs = (1...coverCount).map { index in
        ImageJob(
            name: "book-\(index)",
            candidates: finder.covers.coverCandidates(coverIDs: [index], isbn13: nil, googleImages: []),
            folder: folder)
    }
    let started = ContinuousClock.now
    let saved = await finder.covers.saveImages(jobs, maximumConcurrent: concurrency)
    let missing = saved.filter { $0?.file == nil }.count
    if missing > 0 { throw BenchError.missingCovers(missing) }
    return ContinuousClock.now - started
}

let serialCovers = try await downloadCovers(concurrency: 1)
let concurrentCovers = try await downloadCovers(concurrency: 8)

print("Catalog concurrency benchmark (loopback server; \(ProcessInfo.processInfo.activeProcessorCount) cores)")
print("| scenario | time | for comparison |")
print("|---|---|---|")
print(
    "| search both catalogs, \(searchLatency) latency each (median of 5) | \(seconds(both)) | one catalog: Google \(seconds(googleOnly)), Open Library \(seconds(openLibraryOnly)); one after the other: \(seconds(googleOnly + openLibraryOnly)) |"
)
print(
    "| \(coverCount) covers, \(coverLatency) each, 8 at a time | \(seconds(concurrentCovers)) | one at a time: \(seconds(serialCovers)) (\(String(format: "%.1f", secondsValue(serialCovers) / secondsValue(concurrentCovers)))× faster) |"
)
await server.stop()
