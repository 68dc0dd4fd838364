import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// The theme a build renders with: the default theme built into Bookplate, with the shelf's own
/// `templates/` folder laid over it file by file, so a reader changes only what they want.
struct Theme: Sendable {
    /// Template sources by name (path below the theme without `.mustache`), with the path to
    /// name in messages.
    var templates: [String: (source: String, path: String)]
    /// Asset files by path below `assets/`.
    var assets: [String: Data]
    /// Translation tables by language (`translations/fr.yaml` is `fr`): the built-in one first,
    /// then the reader's, which ``Words`` lays over it key by key.
    var translations: [String: [(source: String, path: String)]] = [:]
    /// The names of the templates from the shelf's own folder, which may be misnamed; the default
    /// theme's are not.
    var ownTemplates: Set<String> = []
    /// Files of the shelf's folder left out of the theme, one line each saying which and why.
    var warnings: [String] = []

    /// The default theme overlaid with `folder`. A missing folder means the default theme alone,
    /// unless `requireFolder` says the reader named it.
    static func load(overrides folder: URL, requireFolder: Bool) throws -> Theme {
        var theme = Theme.builtIn
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            if requireFolder { throw TemplateError.missingFolder(path: folder.relativePathForDisplay) }
            return theme
        }
        // A hidden file is no part of the theme, whatever it is: Emacs keeps a link named
        // `.#book.mustache` beside a template being edited, and the build refused it as a link,
        // while a build with nothing to do said the site was up to date (found by an exploratory
        // session). The walk leaves hidden files and folders out, and follows templates/ itself
        // when it is a link, as the build's stamps of it do.
        var olderCopies: [String] = []
        try FolderWalk.walk(folder.path) { relative, full, entry in
            let url = folder.appendingPathComponent(relative)
            switch entry {
            case .link: throw SiteError.linkedSource(path: url.relativePathForDisplay)
            // A build stops before it loads the theme (``SiteError/evicted(paths:)``).
            case .evicted: return false
            case .notUTF8: return false
            case .folder:
                // A folder named as a template or a table of words was passed over, and the
                // default theme's file used in its place (found by an exploratory session).
                if relative.hasSuffix(".mustache")
                    || (relative.hasPrefix("translations/") && relative.hasSuffix(".yaml"))
                {
                    throw TemplateError.folderForFile(path: url.relativePathForDisplay)
                }
                return true
            case .other:
                // A pipe, socket or device is no file to read (reading a pipe waits for a writer).
                theme.warnings.append(
                    "\(url.relativePathForDisplay) is not a regular file (a pipe, socket or device) and is left out "
                        + "of the theme: replace it with a file")
                return false
            case .file:
                // Left out with a line: an editor's backup, a sync client's conflict copy or a
                // system file in assets/ was published, and a conflict copy of a template holding
                // the other machine's half-finished edit stopped the build.
                let (parent, name) = Theme.split(full)
                if relative != "translations/" + name || !Theme.isRegionalTable(name),
                    let stray = StrayFile.recognise(
                        name, exists: { FileManager.default.fileExists(atPath: parent + "/" + $0) })
                {
                    theme.warnings.append(stray.leftOut(url.relativePathForDisplay))
                    return false
                }
                guard let data = FileManager.default.contents(atPath: full) else {
                    throw TemplateError.unreadable(path: url.relativePathForDisplay)
                }
                // This version's file stays in its place (see OlderThemes.isUnchangedOlderCopy).
                // A file this version's theme no longer has is kept: a template of the reader's
                // may still include it.
                if DefaultTheme.files[relative] != nil, OlderThemes.isUnchangedOlderCopy(data, of: relative) {
                    olderCopies.append(url.relativePathForDisplay)
                    return false
                }
                var published = data
                if relative.hasPrefix("assets/"), ImageInfo.format(of: [UInt8](data.prefix(16))) != nil {
                    // Published without what the camera or editor wrote about it (see ImageMetadata).
                    guard let stripped = ImageMetadata.stripped([UInt8](data)) else {
                        theme.warnings.append(
                            "\(url.relativePathForDisplay) is left out: it cannot be read to its end as the image it "
                                + "starts like, to publish it without its metadata (its camera's GPS position, "
                                + "names, thumbnails); save it again")
                        return false
                    }
                    published = Data(stripped)
                } else if relative.hasPrefix("assets/"), let warning = Theme.machinePathWarning(in: data, shownAs: url)
                {
                    theme.warnings.append(warning)
                }
                try theme.add(
                    path: relative, data: published, displayPath: url.relativePathForDisplay, checkText: true)
                if relative.hasSuffix(".mustache") {
                    theme.ownTemplates.insert(String(relative.dropLast(".mustache".count)))
                } else if let warning = Theme.unusedFileWarning(relative, displayPath: url.relativePathForDisplay) {
                    theme.warnings.append(warning)
                }
                return false
            }
        }
        // One line for them all: an old `init` copied the whole theme, and each build named
        // fourteen files a line each.
        if let only = olderCopies.first, olderCopies.count == 1 {
            theme.warnings.append(
                "\(only) is an older Bookplate's copy of the theme's file, unchanged: this version's is used in its "
                    + "place; remove it (or change it, to keep it)")
        } else if !olderCopies.isEmpty {
            // Counted, not named: an old `init`'s 27 copies made a line of 963 characters (found by
            // a review); `theme list` names them.
            theme.warnings.append(
                "\(olderCopies.count) files of \(folder.relativePathForDisplay)/ are an older Bookplate's copies of "
                    + "the theme's files, unchanged ('bookplate theme list' marks them '<'): this version's are used "
                    + "in their place; remove them (or change one, to keep it)")
        }
        // An asset and a folder of assets of the same name cannot both be published: a folder
        // `assets/style.css/` published the site without its style sheet, and a full build then
        // failed with Foundation's error (found by an exploratory session).
        let assetPaths = Set(theme.assets.keys)
        for path in assetPaths.sorted() {
            var above = Substring(path)
            while let slash = above.lastIndex(of: "/") {
                above = above[..<slash]
                if assetPaths.contains(String(above)) {
                    throw TemplateError.folderForFile(
                        path: folder.appendingPathComponent("assets/\(above)").relativePathForDisplay)
                }
            }
        }
        return theme
    }

    /// Whether `name`, in `translations/`, is the table of a language with a script or a region
    /// (`pt-BR.yaml`, `zh-Hant.yaml`, `es-419.yaml`), which is read over its language's own: beside
    /// `pt.yaml`, `pt-BR.yaml` was left out as OneDrive's conflict copy of it from a computer named
    /// BR (found by an audit of templates/README.md). A computer's name is longer than a region's
    /// two letters, so `pt-LAPTOP.yaml` is still such a copy.
    static func isRegionalTable(_ name: String) -> Bool {
        guard name.hasSuffix(".yaml") else { return false }
        let parts = name.dropLast(".yaml".count).split(separator: "-", omittingEmptySubsequences: false)
        func isASCII(_ part: Substring, _ kind: (Character) -> Bool) -> Bool {
            part.allSatisfy { $0.isASCII && kind($0) }
        }
        guard (2...3).contains(parts.count), (2...3).contains(parts[0].count), isASCII(parts[0], \.isLetter) else {
            return false
        }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, isASCII(script, \.isLetter) { rest = rest.dropFirst() }
        if let region = rest.first,
            (region.count == 2 && isASCII(region, \.isLetter)) || (region.count == 3 && isASCII(region, \.isNumber))
        {
            rest = rest.dropFirst()
        }
        return rest.isEmpty
    }

    /// The folder of the file at `path` and the file's name.
    private static func split(_ path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// A line for a text file of the theme's assets (an SVG, a style sheet, a script) that names
    /// a file of the computer it was made on, as an editor leaves it: Inkscape's
    /// `inkscape:export-filename="/home/alice/Private/logo.png"` published the reader's user
    /// name and folders (found by a privacy audit). The file is published as it is (an SVG's
    /// text is the reader's to change), and the line says where to look.
    static func machinePathWarning(in data: Data, shownAs url: URL) -> String? {
        guard data.count <= 4 << 20, let text = String(data: data, encoding: .utf8),
            let found = text.firstMatch(of: Theme.machinePath)
        else { return nil }
        let path = ControlSequences.removed(from: String(found.output.1), as: .line)
        let shown = path.count > 80 ? String(path.prefix(79)) + "…" : path
        return "\(url.relativePathForDisplay) names a file of this computer (\(shown)) and is published as it "
            + "is: save it without that (an SVG from Inkscape: Save As › Plain or Optimized SVG)"
    }

    /// A home folder on Linux or macOS, a Windows user's folder (in any case, its backslashes
    /// doubled as JSON and scripts write them, or reached from WSL), or a `file:` address, where a
    /// value begins (after a quote, `=`, `(` or a space): not `/Users/` within a web address.
    private static var machinePath: Regex<(Substring, Substring)> {
        /(?:^|["'(=\s>,;])((?:\/home\/|\/Users\/|\/mnt\/[a-z]\/(?i:Users)\/|[A-Za-z]:(?:\\{1,2}|\/)(?i:Users|Documents and Settings)(?:\\{1,2}|\/)|file:\/\/)[^"'<>)\s\x00-\x1F\x7F]+)/
            .anchorsMatchLineEndings()
    }

    /// A line for a file of the shelf's templates folder that no build reads and that looks meant
    /// for the theme (`translations/en.yml`, `mine.css` beside the templates); nil for one that
    /// is read, or that is no theme's (a README).
    static func unusedFileWarning(_ relative: String, displayPath: String) -> String? {
        let parts = relative.split(separator: "/")
        if parts.first == "assets" { return nil }
        if parts.first == "translations" {
            if parts.count == 2, relative.hasSuffix(".yaml") { return nil }
            // Named as a language is (en, pt-BR, fr_CA), it was meant as its table.
            let name = parts.last.map { String($0.prefix { $0 != "." }) } ?? ""
            let isLanguage =
                name.count <= 8 && name.first?.isLetter == true && name.count >= 2
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
                && name.prefix { $0.isLetter }.count <= 3
            return "\(displayPath) is not used: a table of words is translations/<language>.yaml"
                + (isLanguage ? " (did you mean translations/\(name).yaml?)" : "")
        }
        // `book.mustache.txt` and `book.Mustache`, as editors save them, were passed over without
        // a word while `Book.mustache` was warned of (found by an exploratory session).
        if let meant = templateName(forMisnamed: relative) {
            return "\(displayPath) is not used: a template's name ends in .mustache (did you mean \(meant)?)"
        }
        let suffix = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch suffix {
        case "yaml", "yml":
            return "\(displayPath) is not used: a table of words goes in translations/ (translations/<language>.yaml)"
        case "css", "js", "mjs", "html", "htm", "json", "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico",
            "woff", "woff2", "ttf", "otf":
            return "\(displayPath) is not used: files published with the theme go in assets/ "
                + "(assets/\(parts.last ?? "")), and templates end in .mustache"
        default:
            return nil
        }
    }

    /// The name a file of the templates folder should have when its name says it is a template
    /// but does not end in `.mustache` (`book.mustache.txt`, `book.Mustache`), its folder kept:
    /// the default theme's name when only the case differs (`Book.MUSTACHE` is `book.mustache`).
    /// Nil for any other file.
    static func templateName(forMisnamed relative: String) -> String? {
        let lowered = relative.lowercased()
        guard !relative.hasSuffix(".mustache"),
            let ending = [".mustache.txt", ".mustache.html", ".mustache.htm", ".mustache"].first(
                where: lowered.hasSuffix),
            relative.count > ending.count
        else { return nil }
        let name = String(relative.dropLast(ending.count))
        let known = builtIn.templates.keys.first { $0.lowercased() == name.lowercased() }
        return (known ?? name) + ".mustache"
    }

    /// What the paths of the default theme's files start with, where messages name them.
    static let builtInPathPrefix = "(default theme) "

    /// The default theme built into Bookplate, alone.
    static let builtIn: Theme = {
        var theme = Theme(templates: [:], assets: [:])
        for (path, text) in DefaultTheme.files {
            theme.add(path: path, data: Data(text.utf8), displayPath: builtInPathPrefix + path)
        }
        return theme
    }()

    private mutating func add(path: String, data: Data, displayPath: String, checkText: Bool = false) throws {
        if path.hasSuffix(".mustache") {
            guard var source = String(validating: [UInt8](data), as: UTF8.self) else {
                throw TemplateError.notUTF8(path: displayPath)
            }
            // A byte-order mark, as some Windows editors save, is no part of the template: a
            // partial saved with one put U+FEFF inside every page.
            if source.unicodeScalars.first == "\u{FEFF}" { source.unicodeScalars.removeFirst() }
            templates[String(path.dropLast(".mustache".count))] = (source, displayPath)
        } else if path.hasPrefix("translations/"), path.hasSuffix(".yaml"), path.split(separator: "/").count == 2 {
            guard let source = String(validating: [UInt8](data), as: UTF8.self) else {
                throw TemplateError.notUTF8(path: displayPath)
            }
            // By the language's tag as a site names it: `FR.yaml` was laid under the default
            // theme's `fr.yaml`, not over it (found by an exploratory session).
            let language = String(path.dropFirst("translations/".count).dropLast(".yaml".count))
                .lowercased().replacingOccurrences(of: "_", with: "-")
            translations[language, default: []].append((source, displayPath))
        } else if path.hasPrefix("assets/") {
            assets[String(path.dropFirst("assets/".count))] = data
        }
    }

    private mutating func add(path: String, data: Data, displayPath: String) {
        try? add(path: path, data: data, displayPath: displayPath, checkText: false)
    }
}
