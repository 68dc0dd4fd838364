import BookplateCore
import Foundation

/// The reader's notes on disk: one Markdown file per book, `notes/<book-slug>.md`.
///
/// The files are the reader's, and all there is of a note: a build renders each from its file.
public struct NoteStore: Sendable {
    /// The largest note a site publishes: a longer one is left off its book's page with a
    /// warning (a 50 MB note made a 92 MB page and a 2 GB build).
    public static let largestPublished = 4 * 1024 * 1024

    public let folder: URL

    /// `folder`'s path, made once.
    private let folderPath: String

    public init(folder: URL) {
        self.folder = folder
        self.folderPath = folder.path
    }

    /// Where the note for the book with `slug` lives.
    public func url(forSlug slug: String) -> URL {
        folder.appendingPathComponent("\(slug).md", isDirectory: false)
    }

    /// The note for `slug`, or nil when there is no note file. A notes folder that cannot be
    /// looked into (a file where it goes, or no permission) is an error, not "no note": an
    /// export made then left every note out, and said nothing.
    public func note(forSlug slug: String) throws -> String? {
        let url = url(forSlug: slug)
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            guard errno == ENOENT else { throw NoteError.unreadable(path: folder.relativePathForDisplay) }
            try checkFolderIsThere()
            return nil
        }
        return try readNote(at: url)
    }

    /// Throws when the notes folder is a link to nothing (kept on a disk that is not mounted): then
    /// no note is there to be read, nor anywhere to write one. Taken for no folder, it made a build
    /// publish, and an export back up, the shelf without a note, and `note` blame the disk's free
    /// space (found by an exploratory session).
    public func checkFolderIsThere() throws {
        if let target = LinkedFiles.missingTarget(ofLinkAt: folderPath) {
            throw NoteError.folderLinkedToNothing(path: folder.relativePathForDisplay, target: target)
        }
    }

    /// Reads the note at `url`, insisting on UTF-8.
    public func readNote(at url: URL) throws -> String {
        try NoteStore.readNote(atPath: url.path)
    }

    /// The note file of `slug`, as a path: a build reads 50,000 of them.
    public func path(forSlug slug: String) -> String {
        folderPath + "/" + slug + ".md"
    }

    /// Reads the note or page at `path`, as ``readNote(atPath:)`` does, for publishing: one holding a
    /// merge conflict git left is refused (published, it showed both texts and git's marks), and
    /// the site stays as it was until the reader resolves it.
    public static func readNoteToPublish(atPath path: String) throws -> String {
        let text = try readNote(atPath: path)
        if let line = MergeConflict.markerLine(in: text) {
            throw NoteError.mergeConflict(path: URL(fileURLWithPath: path).relativePathForDisplay, line: line)
        }
        return text
    }

    /// Reads the note at `path`, insisting on UTF-8: a regular file, never through a symbolic link.
    public static func readNote(atPath path: String) throws -> String {
        let display = { URL(fileURLWithPath: path).relativePathForDisplay }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.bytes(atPath: path, followingLinks: false)
        } catch .system(ELOOP) {
            throw NoteError.linked(path: display())
        } catch .system(ENOENT) {
            throw NoteError.gone(path: display())
        } catch .system(let code) where ![EACCES, EPERM, EISDIR, ENOTDIR].contains(code) {
            // Out of file descriptors ("Too many open files") the note was blamed: "check that it
            // exists and that you may read it" (found by an exploratory session).
            throw NoteError.failedToRead(path: display(), reason: String(cString: strerror(code)))
        } catch {
            throw NoteError.unreadable(path: display())
        }
        // A broken UTF-16 note was "not UTF-8 text", which sent its writer to save as UTF-8 what
        // their editor said it already was, Unicode (found by an exploratory session).
        if UTF16Text.hasByteOrderMark(bytes) {
            switch UTF16Text.decode(bytes) {
            case .success(let text): return text
            case .failure(let problem): throw NoteError.brokenUTF16(path: display(), reason: problem.description)
            }
        }
        guard let text = decoded(bytes) else { throw NoteError.notUTF8(path: display()) }
        return text
    }

    /// `bytes` as UTF-8 text, with or without a byte-order mark; nil for anything else. (UTF-16
    /// with a mark, Notepad's "Unicode", is read by ``UTF16Text``.)
    private static func decoded(_ bytes: [UInt8]) -> String? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        return String(validating: body, as: UTF8.self)
    }

    /// The note of `slug` for a backup, which must never refuse the shelf: a note that is no
    /// UTF-8 is read as Windows-1252 (what Notepad and older Windows editors save) and `warn` is
    /// told (one Latin-1 note stopped every export: found by an exploratory session).
    public func noteForBackup(forSlug slug: String, warn: (String) -> Void) throws -> String? {
        // A folder or a named pipe where the note goes is no note, and no reason to stop a
        // backup: it stopped at "cannot be read: check that it exists" (found by a review). A
        // build says the same of it.
        if let kind = EntryKind.notAFile(atPath: url(forSlug: slug).path) {
            warn(
                "\(url(forSlug: slug).relativePathForDisplay) is \(kind), not a note, and is not exported: put the "
                    + "note's Markdown file there in its place")
            return nil
        }
        do {
            guard let note = try note(forSlug: slug) else {
                // Evicted by iCloud Drive, it is not on this machine: an export without it was a
                // backup missing the note (found by an exploratory session).
                if ICloudPlaceholder.stands(for: url(forSlug: slug)) {
                    throw NoteError.evicted(path: url(forSlug: slug).relativePathForDisplay)
                }
                return nil
            }
            return note
        } catch NoteError.notUTF8(let path) {
            return try readAsWindows1252(url(forSlug: slug), path: path, warn: warn)
        } catch NoteError.brokenUTF16(let path, let reason) {
            return try readAsBrokenUTF16(url(forSlug: slug), path: path, reason: reason, warn: warn)
        }
    }

    /// The note at `url` for a backup, as ``noteForBackup(forSlug:warn:)`` reads it.
    public func readNoteForBackup(at url: URL, warn: (String) -> Void) throws -> String {
        do {
            return try readNote(at: url)
        } catch NoteError.notUTF8(let path) {
            return try readAsWindows1252(url, path: path, warn: warn)
        } catch NoteError.brokenUTF16(let path, let reason) {
            return try readAsBrokenUTF16(url, path: path, reason: reason, warn: warn)
        }
    }

    private func readAsBrokenUTF16(_ url: URL, path: String, reason: String, warn: (String) -> Void) throws -> String {
        let bytes = try FileInput.bytes(atPath: url.path, followingLinks: false)
        warn("\(path) is UTF-16 text, but \(reason): exported with U+FFFD for what could not be read")
        return UTF16Text.decodeReplacing(bytes)
    }

    private func readAsWindows1252(_ url: URL, path: String, warn: (String) -> Void) throws -> String {
        let bytes = try FileInput.bytes(atPath: url.path, followingLinks: false)
        warn("\(path) is not UTF-8 text: exported as read in Windows-1252 (Latin-1); save it as UTF-8")
        // Every byte is a Latin-1 character, should Foundation lack Windows-1252.
        return String(data: Data(bytes), encoding: .windowsCP1252)
            ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Creates an empty note for `slug` unless one exists, and returns its location.
    /// A note that is a symbolic link is refused before any editor opens it: `note` opened the
    /// link's target (another shelf's note, or a file of the system) and refused it only after.
    public func createNoteIfMissing(forSlug slug: String) throws -> URL {
        let url = url(forSlug: slug)
        var info = stat()
        if lstat(url.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFLNK else { throw NoteError.linked(path: url.relativePathForDisplay) }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw NoteError.unreadable(path: url.relativePathForDisplay)
            }
            return url
        }
        try checkFolderIsThere()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: url, options: .withoutOverwriting)
        } catch {
            throw NoteError.unwritable(path: url.relativePathForDisplay, code: FileFailure.code(error))
        }
        return url
    }

    /// Writes a note atomically (a temporary file, then a rename), so it is never half written.
    public func writeNote(_ markdown: String, forSlug slug: String) throws {
        let url = url(forSlug: slug)
        try checkFolderIsThere()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try WorkingFiles.write(Data(markdown.utf8), to: url)
        } catch {
            throw NoteError.unwritable(path: url.relativePathForDisplay, code: FileFailure.code(error))
        }
    }

    /// Writes many notes the same way, waiting for the disk once for all of them (an import's).
    public func writeNotes(_ notes: [(slug: String, markdown: String)]) throws {
        guard !notes.isEmpty else { return }
        try checkFolderIsThere()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw NoteError.unwritable(path: folder.relativePathForDisplay, code: FileFailure.code(error))
        }
        do {
            try WorkingFiles.writeAll(notes, to: { url(forSlug: $0.slug) }, contents: { Data($0.markdown.utf8) })
        } catch {
            throw NoteError.unwritable(path: folder.relativePathForDisplay, code: FileFailure.code(error))
        }
    }

    /// The note files of the folder that are no text ``readNote(atPath:)`` reads (no UTF-8, or
    /// broken UTF-16), as paths to show. Any other failure is no concern of this list: one of them
    /// stopped it, and a build named one note where it names every such note at once (found by a
    /// review); a folder or a pipe in a note's place, for one, is a warning of its own.
    public func notesNotUTF8() throws -> [String] {
        try noteFiles().compactMap { note in
            do {
                _ = try readNote(at: note.url)
                return nil
            } catch NoteError.notUTF8(let path), NoteError.brokenUTF16(let path, _) {
                return path
            } catch {
                return nil
            }
        }
    }

    /// Every note file in the folder, as (slug, location) pairs sorted by slug.
    /// Hidden files and anything not ending in `.md` are not notes.
    public func noteFiles() throws -> [(slug: String, url: URL)] {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            try checkFolderIsThere()
            return []
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw NoteError.unreadable(path: folder.relativePathForDisplay)
        }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { name in
            (String(name.dropLast(3)), folder.appendingPathComponent(name))
        }
    }

    /// The name a file of the notes folder should have when its name says it is a note but is not
    /// `<slug>.md` (`Dune.MD`, `dune.markdown`, `dune.md.txt`, as editors and phones save them):
    /// the slug its name makes, and `.md`. Nil for any other file.
    public static func noteName(forMisnamed name: String) -> String? {
        let lowered = name.lowercased()
        guard !name.hasSuffix(".md"),
            let ending = [".md.txt", ".markdown", ".mdown", ".mkdn", ".mkd", ".md"].first(where: lowered.hasSuffix),
            name.count > ending.count
        else { return nil }
        return Slug.make(from: String(name.dropLast(ending.count))) + ".md"
    }

    /// Brings a note `remove` set aside in `notes/.removed/` back as the note for `slug`; false when it is gone or
    /// the book has a note again (which is never replaced).
    public func bringBackNote(_ name: String, forSlug slug: String) -> Bool {
        SetAside.bringBack(name, from: folder, to: url(forSlug: slug))
    }
}

/// What can go wrong with a note file or the editor.
public enum NoteError: Error, Equatable, CustomStringConvertible {
    case notUTF8(path: String)
    /// A note that begins as UTF-16 does but is none: cut off, or half a character in it.
    case brokenUTF16(path: String, reason: String)
    /// Every note of the folder that is no UTF-8, when a build meets one.
    case severalNotUTF8(paths: [String])
    case unreadable(path: String)
    /// A note that is there and may be read, which the system could not read, for its `reason`
    /// (too many open files, an I/O error).
    case failedToRead(path: String, reason: String)
    /// Listed a moment ago, and gone when read: moved or removed by another command meanwhile.
    case gone(path: String)
    /// A note or the notes folder could not be written, for the system's `code` when known.
    case unwritable(path: String, code: Int32? = nil)
    case noEditor(path: String)
    case editorFailed(editor: String, status: Int32)
    case editorNotFound(editor: String)
    case linked(path: String)
    /// The notes folder is a link to `target`, which is not there.
    case folderLinkedToNothing(path: String, target: String)
    /// A note iCloud Drive evicted to a placeholder, not on this machine.
    case evicted(path: String)
    /// A conflict git left unresolved, opened at `line`.
    case mergeConflict(path: String, line: Int)

    public var description: String {
        switch self {
        case .notUTF8(let path):
            "\(path) is not UTF-8 text: save it as UTF-8 in your editor and try again"
        case .brokenUTF16(let path, let reason):
            "\(path) is UTF-16 text, but \(reason): save it again (as UTF-8, or UTF-16) in your editor and try again"
        case .severalNotUTF8(let paths):
            (paths.count > 5
                ? paths.prefix(5).joined(separator: ", ") + " and \(paths.count - 5) more"
                : paths.dropLast().joined(separator: ", ") + " and " + (paths.last ?? ""))
                + " are not UTF-8 text: save them as UTF-8 in your editor and try again"
        case .unreadable(let path):
            "\(path) cannot be read: check that it exists and that you may read it"
        case .failedToRead(let path, let reason):
            "\(path) could not be read: \(reason)"
        case .gone(let path):
            // A build that met it said "cannot be read: check that it exists", of a note that
            // `remove` set aside as it ran (found by an exploratory session).
            "\(path) was moved or removed as it was about to be read (by another command?): try again"
        case .unwritable(let path, let code):
            switch code {
            // A limit on file size (`ulimit -f`) was said as permissions and free space (found by
            // an exploratory session).
            case EFBIG?:
                "\(path) cannot be written: a file would pass the largest size this process may write "
                    + "(ulimit -f): raise the limit and try again"
            case ENOSPC?, EDQUOT?: "\(path) cannot be written: the disk is full: free some space and try again"
            case let code?:
                "\(path) cannot be written (\(String(cString: strerror(code)))): check the folder's permissions"
            case nil: "\(path) cannot be written: check the folder's permissions and free space"
            }
        case .noEditor(let path):
            "no editor set: set VISUAL or EDITOR (for example export EDITOR=nano), or edit \(path) directly"
        case .editorNotFound(let editor):
            "the editor '\(editor)' was not found: set VISUAL or EDITOR to a program on your PATH "
                + "(for example export EDITOR=nano)"
        case .editorFailed(let editor, let status):
            "the editor '\(editor)' exited with status \(status): the note was kept as it is on disk"
        case .linked(let path):
            LinkedFiles.refusal(path)
        case .folderLinkedToNothing(let path, let target):
            LinkedFiles.missingTargetRefusal(path, target: target)
        case .evicted(let path):
            ICloudPlaceholder.advice(path)
        case .mergeConflict(let path, let line):
            "\(path) holds a merge conflict git left unresolved (its marks <<<<<<<, ======= and >>>>>>> from "
                + "line \(line)): keep the text you want, remove the marks' lines, then build again"
        }
    }
}

extension NoteStore {
    /// Deletes a note `remove` set aside, for `remove --purge`.
    public func deleteSetAsideNote(_ name: String) { SetAside.delete(name, from: folder) }
}

extension NoteError {
    /// Whether `error` says a note is no text Bookplate reads: no UTF-8, or broken UTF-16.
    public static func isNotText(_ error: any Error) -> Bool {
        switch error {
        case NoteError.notUTF8, NoteError.brokenUTF16: true
        default: false
        }
    }
}
