import BookplateCore
import BookplateLibrary
import Foundation

/// The last search's numbered results, kept in the shelf so that `add 3` works in the next command.
public struct LastSearch: Sendable {
    public let file: URL

    /// What the last search asked, so that `search --page 2` alone goes on with it.
    public let askedFile: URL

    public init(contentFolder: URL) {
        file = contentFolder.appendingPathComponent(".bookplate/last-search.json")
        askedFile = contentFolder.appendingPathComponent(".bookplate/last-search-asked.json")
    }

    /// A search as it was asked: its words and fields, catalogs, rows from each and page.
    public struct Asked: Sendable, Equatable, Codable {
        public var query: CatalogQuery
        public var sources: CatalogChoice
        public var limit: Int
        public var page: Int

        public init(query: CatalogQuery, sources: CatalogChoice, limit: Int, page: Int) {
            self.query = query
            self.sources = sources
            self.limit = limit
            self.page = page
        }
    }

    /// Keeps the results and what was asked for them.
    public func save(_ candidates: [BookCandidate], asked: Asked) throws {
        try save(candidates)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try WorkingFiles.write(encoder.encode(asked), to: askedFile)
        } catch {
            throw SearchError.cannotRemember(path: askedFile.relativePathForDisplay)
        }
    }

    /// What the last search asked; nil when none was kept, or when the file asks what no search
    /// does (damaged, or written by hand): its `limit` was used as it was, and one past any
    /// search's crashed `search --page 3` on an overflow (found by a review).
    public func asked() -> Asked? {
        guard let data = FileManager.default.contents(atPath: askedFile.path),
            let asked = try? JSONDecoder().decode(Asked.self, from: data), (1...200).contains(asked.limit),
            (1...1000).contains(asked.page), !asked.query.isEmpty,
            asked.query.isbn.map({ ISBN.parse($0) != nil }) ?? true
        else { return nil }
        return asked
    }

    public func save(_ candidates: [BookCandidate]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try WorkingFiles.write(encoder.encode(candidates), to: file)
        } catch {
            throw SearchError.cannotRemember(path: file.relativePathForDisplay)
        }
    }

    public func load() throws -> [BookCandidate] {
        guard let data = FileManager.default.contents(atPath: file.path) else { throw SearchError.noLastSearch }
        guard let candidates = try? JSONDecoder().decode([BookCandidate].self, from: data) else {
            throw SearchError.noLastSearch
        }
        return candidates
    }

    /// The candidates numbered `numbers` (from 1) in the last search.
    public func candidates(numbered numbers: [Int]) throws -> [BookCandidate] {
        let candidates = try load()
        guard !candidates.isEmpty else { throw SearchError.emptyLastSearch }
        return try numbers.map { number in
            // Compared as typed: `number - 1` would overflow for the smallest Int.
            guard (1...candidates.count).contains(number) else {
                throw SearchError.noSuchNumber(number, count: candidates.count)
            }
            return candidates[number - 1]
        }
    }
}
