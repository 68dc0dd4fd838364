import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import Yams

/// How the site presents itself, read from `content/site.yaml`.
public struct SiteSettings: Sendable, Equatable {
    /// The site's name; nil for "My Bookshelf" in the site's language.
    public var title: String?
    /// The reader's name, shown in the footer and the feed.
    public var owner: String?
    public var language: String
    /// The line under the site's name; nil for the theme's, in the site's language, and empty for
    /// none.
    public var description: String?
    /// Where the site is published, ending in `/`; absolute links (feed, sitemap, Open Graph)
    /// need it and are left out without it.
    public var baseURL: URL?
    /// A contact for the catalogs' User-Agent (Open Library asks for one).
    public var contact: String?
    /// Whether raw HTML in the reader's own notes is published as it is.
    public var allowsRawHTMLInNotes: Bool
    /// How many books the reader means to finish this year; the year's page follows the pace.
    public var goal: Int?

    public init(
        title: String? = nil, owner: String? = nil, language: String = "en", description: String? = nil,
        baseURL: URL? = nil,
        contact: String? = nil, allowsRawHTMLInNotes: Bool = false, goal: Int? = nil
    ) {
        self.goal = goal
        self.title = title
        self.owner = owner
        self.language = language
        self.description = description
        self.baseURL = baseURL
        self.contact = contact
        self.allowsRawHTMLInNotes = allowsRawHTMLInNotes
    }

    /// The site's name as published: the reader's, or the theme's in the site's language.
    func title(in words: Words) -> String { title ?? words("siteTitle") }

    /// The line under the site's name as published: the reader's (empty for none), or the theme's
    /// in the site's language.
    func description(in words: Words) -> String { description ?? words("siteDescription") }

    /// The settings file's name in the content folder.
    public static let fileName = ShelfPaths.settingsFileName

    /// Reads the settings at `url`; a missing file gives the defaults. Anything wrong is an error
    /// naming the file, the line and the key.
    public static func load(from url: URL) throws -> SiteSettings {
        let path = url.relativePathForDisplay
        let data: [UInt8]
        do {
            data = try FileInput.bytes(atPath: url.path)
        } catch .system(ENOENT) {
            // No settings file: every setting as it is by default.
            return SiteSettings()
        } catch {
            // A folder or an unreadable file in its place built an English site without a word.
            throw SettingsError.unreadable(path: path, reason: error.description)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SettingsError.notUTF8(path: path)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            let twice = Self.keySetTwice(duplicates, at: context.mark, in: text)
            throw SettingsError.duplicateKey(path: path, line: twice.line, firstLine: twice.firstLine, key: twice.key)
        } catch let error as YamlError {
            throw SettingsError.syntax(path: path, line: error.line, problem: error.problem)
        }
        guard let root else { return SiteSettings() }
        guard let mapping = root.mapping else {
            throw SettingsError.badValue(
                path: path, line: root.mark?.line ?? 1, key: "(top level)", expected: "key: value pairs")
        }
        var settings = SiteSettings()
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = keyNode.mark?.line ?? 1
            // `key:`, `key: ~` and `key: null` are YAML's nothing: the setting is not set. (`~` was
            // read as the text "~", and `title: ~` published a site called "~".)
            if value.null != nil, Self.knownKeys.contains(key) { continue }
            func text(_ expected: String = "text, not empty", mayBeEmpty: Bool = false) throws -> String {
                guard let string = value.scalar?.string.trimmingCharacters(in: .whitespaces),
                    mayBeEmpty || !string.isEmpty
                else {
                    throw SettingsError.badValue(path: path, line: line, key: key, expected: expected)
                }
                // A title of 2 MB made a site of 179 MB (it is on every page four times), 20 MB
                // took 51 s; a language of 200,000 letters was an error line quoting them all
                // (found by an exploratory session).
                let limit = Self.characterLimits[key] ?? Book.lineCharacterLimit
                if string.utf8.count > limit, case let count = string.count, count > limit {
                    throw SettingsError.tooLong(path: path, line: line, key: key, limit: limit, count: count)
                }
                return string
            }
            switch key {
            case "title": settings.title = try text()
            // An empty name is no owner, and an empty description none: both leave their line out.
            case "owner":
                let owner = try text("text", mayBeEmpty: true)
                settings.owner = owner.isEmpty ? nil : owner
            case "description": settings.description = try text("text", mayBeEmpty: true)
            case "language":
                let expected = "a language code such as en, fr or fr-CA"
                do {
                    settings.language = try LanguageTag.parse(try text(expected))
                } catch let problem as LanguageTagProblem {
                    throw SettingsError.badValue(path: path, line: line, key: key, expected: "\(expected): \(problem)")
                }
            case "base_url":
                // The same check and words as `build --base-url`: a query, a fragment or a password
                // was blamed on the letters of the path (found by an exploratory session).
                let given = try text(Self.baseURLExpected)
                guard let url = Self.baseURL(parsing: given) else {
                    let problem = URL(string: given).flatMap(Self.baseURLDefect).map { ": \($0)" } ?? ""
                    throw SettingsError.badValue(
                        path: path, line: line, key: key, expected: Self.baseURLExpected + problem)
                }
                settings.baseURL = url
            case "contact": settings.contact = try text("an e-mail address or a web page")
            case "goal":
                // `goal: "40"` is the number the reader means, quoted.
                guard let goal = value.int ?? value.scalar.flatMap({ Int($0.string) }), (1...100_000).contains(goal)
                else {
                    throw SettingsError.badValue(
                        path: path, line: line, key: key, expected: "a number of books from 1 to 100000")
                }
                settings.goal = goal
            case "allow_raw_html_in_notes":
                guard let flag = value.bool else {
                    throw SettingsError.badValue(path: path, line: line, key: key, expected: "true or false")
                }
                settings.allowsRawHTMLInNotes = flag
            default:
                throw SettingsError.unknownKey(path: path, line: line, key: key)
            }
        }
        return settings
    }

    /// The settings file a new shelf starts with.
    public static let template = """
        # Bookplate site settings. Every key is optional.
        # The site's name and the line under it; left out, they are "My Bookshelf" and "The books I
        # have read, am reading, and want to read." in the site's language (an empty description: none).
        # title: My Bookshelf
        # description: The books I have read, am reading, and want to read.
        # owner: Your Name
        language: en
        # Where the site will be published; the feed, the sitemap and link previews need it.
        # base_url: https://example.org/books/
        # How many books you mean to finish this year: the year's page says how you keep pace.
        # goal: 40
        # A contact for Open Library and Google Books, sent with each request.
        # contact: you@example.org
        # Raw HTML in your notes is dropped unless you allow it. Only allow it if every note is yours:
        # whatever HTML a note holds is then published as it is, scripts included. Notes written by
        # an import stay safe until you edit them.
        allow_raw_html_in_notes: false

        """

    /// A key a YAML file sets twice, the line of its second setting and of its first. Yams names
    /// the keys and the first one's line, with the whole file after: what a message of one line
    /// needs, from the file `text`.
    static func keySetTwice(_ duplicates: [String], at mark: Mark, in text: String)
        -> (key: String, line: Int, firstLine: Int)
    {
        let key = duplicates.sorted().first ?? ""
        let lines = lines(settingKey: key, in: text)
        return (key, lines.dropFirst().first ?? mark.line, lines.first ?? mark.line)
    }

    /// The lines (from 1) on which `key` is set at the top level of `text`.
    static func lines(settingKey key: String, in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard line.hasPrefix(key) else { return nil }
            return line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }.first == ":" ? index + 1 : nil
        }
    }

    /// Whether a base URL's path is plain folder names: the 404 page links to the site from its
    /// root, and a path like `//host/` or `/%5Chost/` would send those links to another host.
    /// What `base_url` (or `build --base-url`) may be: an http(s) address with a plain path, no
    /// query or fragment; it always ends in "/". Nil for anything else.
    public static func baseURL(parsing text: String) -> URL? {
        guard baseURLProblem(text) == nil, var url = URL(string: text) else { return nil }
        // The address bar's `…/my-shelf/index.html` is the folder: kept, `index.html/` was put in
        // every absolute address (found by an exploratory session).
        if ["index.html", "index.htm"].contains(url.lastPathComponent.lowercased()) {
            url = url.deletingLastPathComponent()
        }
        // A scheme and host are the same in any case, and written in lower case: each entry of
        // the feed is known to a feed reader by its address, and a host once written
        // `Example.ORG` gave every entry another when the reader wrote it otherwise.
        if var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            parts.scheme = parts.scheme?.lowercased()
            if let host = parts.percentEncodedHost, !host.contains("%") { parts.percentEncodedHost = host.lowercased() }
            url = parts.url ?? url
        }
        return url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("")
    }

    /// What a base URL is, in the words of both messages.
    static let baseURLExpected = "an http(s) address such as https://example.org/shelf/"

    /// Why `text` is no base URL, in a few words; nil when it is one. (`build --base-url` said
    /// "not an http(s) address" of https addresses with a password or a query: found by an
    /// exploratory session.)
    public static func baseURLProblem(_ text: String) -> String? {
        guard let url = URL(string: text), url.isWebAddress else { return "it is not \(baseURLExpected)" }
        return baseURLDefect(url)
    }

    /// What keeps the http(s) address `url` from being a base URL, if anything.
    private static func baseURLDefect(_ url: URL) -> String? {
        guard url.isWebAddress else { return nil }
        // No user name or password: they would be published in every page's links and the sitemap.
        if url.user != nil || url.password != nil { return "it must not hold a user name or password" }
        if url.query != nil { return "it must not have a query (?…)" }
        if url.fragment != nil { return "it must not have a fragment (#…)" }
        // A port past 65535 is no port: every absolute link of the site would lead nowhere.
        if let port = url.port, !(1...65535).contains(port) { return "its port must be from 1 to 65535" }
        guard isPlainPath(url.path(percentEncoded: true)) else {
            return "the names of its path may hold only letters (of any language), digits, '-', '_', '.' and '~'"
        }
        return nil
    }

    /// Letters of any language are kept as UTF-8 written with `%` (`/b%C3%BCcher/`, how
    /// `/bücher/` is sent): such a folder could not be named at all (found by an exploratory
    /// session). Only bytes past ASCII may be written so; `%2F` or `%5C` would be a `/` or `\`.
    static func isPlainPath(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return names.enumerated().allSatisfy { index, name in
            if name.isEmpty { return index == names.count - 1 }
            guard name != "." && name != "..", let decoded = decodedName(name) else { return false }
            return decoded.allSatisfy { $0.isLetter || $0.isNumber || "-_.~".contains($0) }
                && decoded.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.isWhitespace }
        }
    }

    /// `name` with its `%`-written bytes read as UTF-8; nil where one is ASCII, or no UTF-8.
    private static func decodedName(_ name: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = name.utf8.startIndex
        while index < name.utf8.endIndex {
            let byte = name.utf8[index]
            guard byte == UInt8(ascii: "%") else {
                guard byte < 0x80 else { return nil }
                bytes.append(byte)
                index = name.utf8.index(after: index)
                continue
            }
            let digits = name.utf8[name.utf8.index(after: index)...].prefix(2)
            guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16),
                value >= 0x80
            else { return nil }
            bytes.append(value)
            index = name.utf8.index(index, offsetBy: 3)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The most characters a text setting may hold: the 10,000 an import keeps of a title, far
    /// more than a person writes, for all but the addresses (a contact goes in every request's
    /// User-Agent, which servers refuse past a few kilobytes) and a language tag.
    static let characterLimits = ["base_url": 2_000, "contact": 2_000, "language": 100]

    static let knownKeys = [
        "title", "owner", "description", "language", "base_url", "contact", "goal", "allow_raw_html_in_notes",
    ]
}

/// What is wrong with the settings file: the file, the line and the key.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case notUTF8(path: String)
    /// There, but not a file that can be read (a folder, no permission).
    case unreadable(path: String, reason: String)
    case syntax(path: String, line: Int, problem: String)
    case badValue(path: String, line: Int, key: String, expected: String)
    case unknownKey(path: String, line: Int, key: String)
    case duplicateKey(path: String, line: Int, firstLine: Int, key: String)
    /// A text longer than any a person writes (``SiteSettings/characterLimits``).
    case tooLong(path: String, line: Int, key: String, limit: Int, count: Int)

    public var description: String {
        switch self {
        case .notUTF8(let path):
            "\(path) is not UTF-8 text: save it as UTF-8"
        case .unreadable(let path, let reason):
            "cannot read the settings \(path): \(reason)"
        case .syntax(let path, let line, let problem):
            "\(path):\(line): \(problem): fix the YAML there"
        case .badValue(let path, let line, let key, let expected):
            "\(path):\(line): '\(Self.shown(key))' must be \(expected)"
        case .duplicateKey(let path, let line, let firstLine, let key):
            "\(path):\(line): '\(Self.shown(key))' is set twice (first on line \(firstLine)): keep one of them"
        case .unknownKey(let path, let line, let key):
            "\(path):\(line): unknown setting '\(Self.shown(key))': use one of "
                + SiteSettings.knownKeys.joined(separator: ", ")
        case .tooLong(let path, let line, let key, let limit, let count):
            "\(path):\(line): '\(key)' is \(count) characters long, and may be \(limit) at most: shorten it"
        }
    }
}

extension SettingsError {
    /// A key or a value the file gave, as a message of one line quotes it: a key of a megabyte,
    /// or a language tag's part of 200,000 letters, made an error line of that size.
    static func shown(_ text: String) -> String {
        text.count > 200 ? text.shortened(to: 200) : text
    }
}

extension YamlError {
    var line: Int {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        // The reader's offset is in bytes.
        case .reader(_, let offset?, _, let yaml): 1 + yaml.utf8.prefix(offset).count { $0 == UInt8(ascii: "\n") }
        default: 1
        }
    }

    /// What is wrong, on one line and without the text that is wrong: Yams' own description of a
    /// character the reader refused ran to three lines and printed the character as it is (a
    /// control character, to the terminal).
    var problem: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        case .reader(let problem, _, let value, _):
            value >= 0 ? "\(problem) (\(String(format: "U+%04X", value)))" : problem
        default: String("\(self)".prefix { $0 != "\n" && $0 != "\r" })
        }
    }
}
