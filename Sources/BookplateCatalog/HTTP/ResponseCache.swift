import BookplateCore
import BookplateLibrary
import Foundation

/// Successful catalog responses kept on disk, so a repeated search or a refresh needs no network.
///
/// An entry younger than `lifetime` is used instead of asking again; an older one is used only
/// when the catalog cannot be reached. Entries are written atomically.
public struct ResponseCache: Sendable {
    public let folder: URL
    public let lifetime: TimeInterval
    let clock: WallClock

    public init(folder: URL, lifetime: TimeInterval = 7 * 24 * 3600, clock: WallClock = .system) {
        self.folder = folder
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The default place: `$BOOKPLATE_CACHE_DIR`, else `$XDG_CACHE_HOME/bookplate`, else
    /// `~/.cache/bookplate`; responses go in its `http/` folder. A relative `XDG_CACHE_HOME` is
    /// ignored, as the XDG specification says: it put the cache in whatever folder a command ran
    /// in (found by an exploratory session).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let folder = environment["BOOKPLATE_CACHE_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder).appendingPathComponent("http")
        }
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home(environment: environment).appendingPathComponent(".cache")
        return base.appendingPathComponent("bookplate/http")
    }

    /// `~`: `$HOME`, as the shell and the XDG specification read it, when it names a folder that
    /// is there; else the account's home. Foundation on Linux reads only the account's, so a
    /// command run with another `HOME` cached in the account's (found by an audit of the README).
    /// A `HOME` that does not exist is not made.
    static func home(environment: [String: String]) -> URL {
        var isFolder: ObjCBool = false
        if let home = environment["HOME"], home.hasPrefix("/"),
            FileManager.default.fileExists(atPath: home, isDirectory: &isFolder), isFolder.boolValue
        {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The same cache with every entry past its lifetime: asked for again, and used only when the
    /// catalog cannot be reached.
    public func expired() -> ResponseCache {
        ResponseCache(folder: folder, lifetime: 0, clock: clock)
    }

    /// A cached body for `key`, with whether it is still fresh.
    func entry(for key: String) -> (body: Data, isFresh: Bool)? {
        let url = fileURL(for: key)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = attributes[.modificationDate] as? Date,
            let body = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return (body, clock.now().timeIntervalSince(modified) < lifetime)
    }

    /// Keeps `body` for `key`. A cache that cannot be written is not an error: the response was
    /// still received.
    func store(_ body: Data, for key: String) {
        let url = fileURL(for: key)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try WorkingFiles.write(body, to: url)
            try FileManager.default.setAttributes([.modificationDate: clock.now()], ofItemAtPath: url.path)
        } catch {
            return
        }
    }

    /// Forgets the body kept for `key`, one that could not be read.
    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: fileURL(for: key))
    }

    private func fileURL(for key: String) -> URL {
        folder.appendingPathComponent(ContentHash.sha256Hex(of: key) + ".body")
    }
}
