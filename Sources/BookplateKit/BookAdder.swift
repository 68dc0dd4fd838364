import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

/// Adds books from the catalogs to the shelf: their details into the library, their covers and
/// their authors' photos into the content folder.
public struct BookAdder: Sendable {
    public var finder: BookFinder
    public var library: Library
    public var paths: ShelfPaths

    public init(finder: BookFinder, library: Library, paths: ShelfPaths) {
        self.finder = finder
        self.library = library
        self.paths = paths
    }

    /// The reader's own fields, set on every book added.
    public struct ReaderFields: Sendable {
        public var status: ReadingStatus?
        public var rating: Rating?
        public var startedDate: PartialDate?
        public var finishedDate: PartialDate?
        public var shelves: [String]
        /// The book's own details the reader gave beside the catalog's record (its format, a
        /// series, whether they own it), set over the catalog's on every book added.
        public var details: BookEdit

        public init(
            status: ReadingStatus? = nil, rating: Rating? = nil, startedDate: PartialDate? = nil,
            finishedDate: PartialDate? = nil, shelves: [String] = [], details: BookEdit = .nothing
        ) {
            self.status = status
            self.rating = rating
            self.startedDate = startedDate
            self.finishedDate = finishedDate
            self.shelves = shelves
            self.details = details
        }
    }

    /// What became of one book asked for.
    public enum Outcome: Sendable {
        case added(BookDetails, cover: CoverOutcome, warnings: [CatalogError])
        case failed(any Error)
    }

    /// What became of a book's cover.
    public enum CoverOutcome: Sendable, Equatable {
        case saved
        /// No catalog had one, or none answered: `refresh --missing` looks again.
        case notFound
        /// One was found and could not be saved (a full disk): why, naming the file.
        case unwritable(String)
        /// A covers server could not be asked (not reached, no answer in time): why.
        case unreachable(CatalogError)
    }

    /// Adds each target: details one after another (Open Library asks for restraint), then every
    /// cover and photo concurrently. A target that fails does not stop the others.
    /// `added` is told of each book as soon as the library has it, before its cover comes: an
    /// interrupted `add` can say what it kept.
    public func add(
        _ targets: [BookTarget], reader: ReaderFields, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        added: (BookDetails) -> Void = { _ in }
    ) async -> [Outcome] {
        var outcomes: [Outcome] = []
        var coverJobs: [(outcome: Int, job: ImageJob)] = []
        var photoJobs: [ImageJob] = []
        for target in targets {
            do {
                let found = try await finder.details(of: target)
                var new = found.book
                new.status = reader.status ?? .toRead
                new.rating = reader.rating
                new.startedDate = reader.startedDate
                new.finishedDate = reader.finishedDate
                new.shelves = reader.shelves
                let details = try library.addBook(new, editedBy: reader.details)
                added(details)
                coverJobs.append(
                    (
                        outcomes.count,
                        ImageJob(name: details.book.slug, candidates: found.coverCandidates, folder: paths.covers)
                    ))
                photoJobs += photoJobsFor(details.authors)
                outcomes.append(.added(details, cover: .notFound, warnings: found.warnings))
            } catch {
                outcomes.append(.failed(error))
            }
        }
        let images = await finder.covers.saveImages(coverJobs.map(\.job) + photoJobs, progress: progress)
        for (index, entry) in coverJobs.enumerated() {
            guard case .added(let details, _, let warnings) = outcomes[entry.outcome], let saved = images[index] else {
                continue
            }
            guard case .saved(_, let source) = saved else {
                if case .unwritable(let path, let reason) = saved {
                    outcomes[entry.outcome] = .added(
                        details, cover: .unwritable("\(path): \(reason)"), warnings: warnings)
                } else if case .unreachable(let error) = saved {
                    outcomes[entry.outcome] = .added(details, cover: .unreachable(error), warnings: warnings)
                }
                continue
            }
            if let source {
                try? library.setCoverURL(slug: details.book.slug, to: source.absoluteString)
            }
            outcomes[entry.outcome] = .added(details, cover: .saved, warnings: warnings)
        }
        return outcomes
    }

    /// Fetches the catalogs' data for the book with `slug` again — the very records it came
    /// from — and merges it without touching what the reader set; fetches a missing cover or
    /// photo. Returns the changed fields and the catalogs that failed along the way; throws
    /// ``LookupSkipped`` when there is nothing to look the book up by, or the catalogs know it no
    /// more.
    public func refresh(slug: String) async throws -> (changed: [String], warnings: [CatalogError]) {
        let book = try library.findBook(matching: slug).book
        let stored = StoredIdentifiers(book: book)
        guard !stored.isEmpty else { throw LookupSkipped.nothingToLookUpBy(slug: book.slug) }
        let found: FoundBook
        do {
            found = try await finder.details(of: .stored(stored))
        } catch CatalogError.notFound(let catalog, let what) {
            // With an ISBN, the look-up ends by asking for it (``BookFinder/details(of:)``): a
            // record that is gone, with none to ask for, is that record's loss alone.
            guard let isbn = stored.isbn13 else {
                throw LookupSkipped.recordGone(slug: book.slug, catalog: catalog, what: what)
            }
            throw LookupSkipped.unknownISBN(
                slug: book.slug, isbn: isbn,
                hadRecords: stored.googleVolumeID != nil || stored.openLibraryWorkKey != nil
                    || stored.openLibraryEditionKey != nil)
        }
        // A catalog that failed along the way may have left fields out: then only gaps are filled.
        var changed = try library.refreshBook(
            slug: book.slug, with: found.book, onlyFillGaps: found.warnings.contains { !$0.isCut })
        let refreshed = try library.findBook(matching: book.slug)
        if let cover = try await saveCover(of: book.slug, from: found, photos: photoJobsFor(refreshed.authors)) {
            changed.append(cover)
        }
        return (changed, found.warnings)
    }

    /// Switches the book with `slug` to the Open Library edition `key`: the edition's publisher,
    /// date, pages, language, format, ISBN and cover replace the catalogs' old ones (never the
    /// reader's), and refresh keeps this edition from now on.
    public func switchEdition(slug: String, to key: String) async throws -> [String] {
        let details = try library.findBook(matching: slug)
        let slug = details.book.slug
        let found = try await finder.details(of: .openLibraryEdition(key))
        if let work = details.book.openLibraryWorkKey, let editionWork = found.book.openLibraryWorkKey,
            work != editionWork
        {
            throw LibraryError.editionOfAnotherWork(edition: key, slug: slug)
        }
        var changed = try library.refreshBook(
            slug: slug, with: found.book,
            clearingMissing: [.publisher, .publishedDate, .pageCount, .language, .format, .isbn])
        try library.markEditionChosen(slug: slug)
        // The cover follows the edition, unless the reader put their own in place (no coverURL).
        // The new one is downloaded first, so a failure keeps the old cover.
        if details.book.coverURL != nil || CoverFetcher.existingImage(named: slug, in: paths.covers) == nil {
            let incoming = "\(slug).incoming"
            let saved = await finder.covers.saveImages(
                [ImageJob(name: incoming, candidates: found.coverCandidates, folder: paths.covers)])
            if let (file, source) = saved.first??.file, let source {
                if let old = CoverFetcher.existingImage(named: slug, in: paths.covers),
                    FileManager.default.contentsEqual(atPath: file.path, andPath: old.path)
                {
                    // The same image again: nothing changes.
                    try? FileManager.default.removeItem(at: file)
                } else {
                    // The cover before is set aside, never deleted: a reader who put their own
                    // photo in place of the catalog's (its coverURL stays) lost it for good (found
                    // by an exploratory session).
                    let keptAside = CoverFetcher.setAsideImage(named: slug, in: paths.covers, at: library.clock.now())
                    let final = paths.covers.appendingPathComponent("\(slug).\(file.pathExtension)")
                    try FileManager.default.moveItem(at: file, to: final)
                    changed.append(
                        keptAside.map { "cover (the one before is kept as \($0.relativePathForDisplay))" } ?? "cover")
                }
                try library.setCoverURL(slug: slug, to: source.absoluteString)
            }
        }
        return changed
    }

    /// Saves a cover for the book with `slug` from what the catalogs found, when it has none yet,
    /// with the `photos` beside it, and records where it came from: what changed ("cover", with
    /// where the one before was kept when it was set aside), or nil when no cover was saved.
    func saveCover(of slug: String, from found: FoundBook, photos: [ImageJob] = []) async throws -> String? {
        // A cover cut short (a download that stopped, with a length to match), or too large to
        // publish, is none: it is set aside in the covers' .removed/, and another is fetched. It is said: a reader's own photo
        // with bytes after its end (a phone's motion photo) was replaced without a word (found by
        // an exploratory session).
        var keptAside: URL?
        if CoverFetcher.existingImage(named: slug, in: paths.covers) != nil,
            CoverFetcher.wholeImage(named: slug, in: paths.covers) == nil
        {
            keptAside = CoverFetcher.setAsideImage(named: slug, in: paths.covers, at: library.clock.now())
        }
        let saved = await finder.covers.saveImages(
            [ImageJob(name: slug, candidates: found.coverCandidates, folder: paths.covers)] + photos)
        guard let source = saved.first??.file?.source else {
            // Nothing to take its place: the one set aside comes back.
            if let keptAside {
                _ = CoverFetcher.bringBackImage(keptAside.lastPathComponent, named: slug, in: paths.covers)
            }
            // Found and not saved is no "nothing more to find" (found by a review), as `add` says.
            if case .unwritable(let path, let reason)?? = saved.first {
                throw CoverSaveError(path: path, reason: reason)
            }
            // Nor is a covers server that could not be asked: its error stops a pass over books
            // as a catalog's does.
            if case .unreachable(let error)?? = saved.first { throw error }
            return nil
        }
        try library.setCoverURL(slug: slug, to: source.absoluteString)
        return keptAside.map {
            "cover (the one before was cut short or too large to publish, and is kept as \($0.relativePathForDisplay))"
        }
            ?? "cover"
    }

    private func photoJobsFor(_ authors: [Author]) -> [ImageJob] {
        authors.compactMap { author in
            guard let photo = author.photoURL.flatMap(URL.init(string:)) else { return nil }
            return ImageJob(name: author.slug, candidates: [photo], folder: paths.photos)
        }
    }
}

/// A cover found and not saved (a folder that cannot be written, a full disk).
public struct CoverSaveError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
        "its cover was found and could not be saved, \(path): \(reason)"
    }
}
