import BookplateCore
import BookplateLibrary
import Foundation

/// A page the reader wrote beside the shelf ("About", "Now", a reading challenge):
/// `content/pages/<name>.md`, published as `pages/<name>/index.html` and linked from every page's
/// header.
struct ExtraPage: Sendable, Equatable {
    /// The file's name without `.md`: a slug, the page's address.
    var name: String
    /// The front matter's `title`, else the page's first line when it is a `# Heading`, else the
    /// name in words ("reading-challenge" is "Reading challenge").
    var title: String
    /// The front matter's `description`, for `<meta name="description">`.
    var description: String?
    /// The Markdown below the title: without the front matter, and without the heading that
    /// gave the title (the page's `<h1>` says it).
    var body: String
    /// Whether the front matter keeps the page off the site (``FrontMatter/isUnpublished(_:)``).
    var isUnpublished = false

    /// Where the page is published in the site.
    var path: String { "\(ExtraPage.folder)/\(name)/index.html" }

    /// The folder of the site, and of `content/`, that holds the pages.
    static let folder = "pages"

    /// The page `name` made of the Markdown file's `text`; `warn` is told of front matter that is
    /// no YAML (the page is made all the same, its title from the heading or the name).
    init(name: String, text: String, warn: (String) -> Void) {
        self.name = name
        // Lines as Windows ends them are lines too: "\r\n" is one Character, no "\n", and a page
        // saved so was all title (found by a review).
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        var body = NoteRenderer.withoutFrontMatter(text)
        var matter: [String: String] = [:]
        if body.utf8.count != text.utf8.count {
            let front = String(text.utf8.prefix(text.utf8.count - body.utf8.count)) ?? ""
            matter = FrontMatter.fields(of: front, warn: warn)
        }
        // Before the title is taken from it: a comment begun in the heading goes on below it.
        // Its links by name are made links as the page is rendered.
        body = ObsidianMarkdown.published(body, links: nil)
        var title = matter["title"].map { ControlSequences.removed(from: $0, as: .line) }
        if let (heading, rest) = ExtraPage.leadingHeading(of: body) {
            // The heading is the page's title, or stands below the one its front matter gives.
            if title == nil || title == heading {
                title = heading
                body = rest
            }
        }
        if title?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            let words = name.replacingOccurrences(of: "-", with: " ")
            title = words.prefix(1).uppercased() + words.dropFirst()
        }
        self.title = title ?? name
        self.description = matter["description"].map { ControlSequences.removed(from: $0, as: .line) }
            .flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.body = body
        self.isUnpublished = FrontMatter.isUnpublished(matter)
    }

    /// The text of `markdown`'s first line when it is a level-1 ATX heading (`# About me`), after
    /// any blank lines, and what follows it.
    private static func leadingHeading(of markdown: String) -> (heading: String, rest: String)? {
        var rest = Substring(markdown)
        while let newline = rest.firstIndex(of: "\n"),
            rest[..<newline].trimmingCharacters(in: .whitespaces).isEmpty
        {
            rest = rest[rest.index(after: newline)...]
        }
        let end = rest.firstIndex(of: "\n") ?? rest.endIndex
        var line = rest[..<end].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("# ") || line == "#" else { return nil }
        line.removeFirst()
        // A closing sequence of #s, after a space, is no part of the heading.
        var heading = line.trimmingCharacters(in: .whitespaces)
        if let last = heading.lastIndex(where: { $0 != "#" }), heading.last == "#", heading[last] == " " {
            heading = String(heading[...last]).trimmingCharacters(in: .whitespaces)
        } else if heading.allSatisfy({ $0 == "#" }) {
            heading = ""
        }
        // The heading's text as cmark reads it: `About *me*` is "About me", `Q&amp;A` "Q&A" (its
        // source was the title: found by an exploratory session).
        let text = HTMLText.plainText(fromHTML: NoteRenderer().render("# " + heading).html)
        let title = ControlSequences.removed(from: text, as: .line).trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return nil }
        return (title, String(rest[end...]))
    }
}

/// The reader's pages of a shelf, read at every build: they are few, and every page's header
/// links to each of them by its title.
struct ExtraPages: Sendable, Equatable {
    /// By name.
    var pages: [ExtraPage] = []
    /// A line for each file of `content/pages` that is not published, and why.
    var warnings: [String] = []

    /// The pages of `folder`, whose Markdown files a scan found as `files` (paths below it, with
    /// their stamps), passing over `passedOver` (files without `.md`).
    static func load(from folder: URL, files: [String: FileStamps.Stamp], passedOver: [String]) throws -> ExtraPages {
        var loaded = ExtraPages()
        let display = { (name: String) in folder.appendingPathComponent(name).relativePathForDisplay }
        // A conflict copy of a page was told to be renamed to an address of its own (`about 2.md`
        // as `about-2.md`), which published the page twice; an editor's backup as a page's image
        // (found by an exploratory session). They are named for what they are, and left out.
        let names = Set(files.keys).union(passedOver)
        let strays = names.filter { !$0.contains("/") }.reduce(into: [String: StrayFile]()) { strays, name in
            strays[name] = StrayFile.recognise(name, exists: names.contains)
        }
        loaded.warnings += strays.map { $0.value.leftOut(display($0.key)) }
        for (file, stamp) in files.sorted(by: { $0.key < $1.key }) where strays[file] == nil {
            let name = String(file.dropLast(3))
            guard !file.contains("/") else {
                loaded.warnings.append(
                    "\(display(file)) is not published: pages are the files directly in \(folder.relativePathForDisplay)"
                )
                continue
            }
            // Any length: a page named by a long file was left out when slugs' length was limited
            // (found by a review).
            guard Slug.isWellFormed(name) else {
                loaded.warnings.append(
                    "\(display(file)) is not published: a page's file name is its address, in small letters, digits"
                        + " and hyphens, as \(Slug.make(from: name, fallbackPrefix: "page")).md")
                continue
            }
            // A page `con.md` is the folder `pages/con/`, which Windows, a FAT or exFAT stick and git
            // there cannot hold: the page was lost when the site was copied (found by an
            // exploratory session).
            guard !Slug.isWindowsDeviceName(name) else {
                loaded.warnings.append(
                    "\(display(file)) is not published: Windows keeps the name \(name) for a device, and a copy of the"
                        + " site there would lose the page: name it \(Slug.make(from: name, fallbackPrefix: "page")).md"
                )
                continue
            }
            let path = folder.appendingPathComponent(file).path
            // Its size first, as the scan found it: a page too long to publish is not read (found
            // by a review).
            guard stamp.size <= NoteStore.largestPublished,
                case let text = try NoteStore.readNoteToPublish(atPath: path),
                text.utf8.count <= NoteStore.largestPublished
            else {
                loaded.warnings.append(
                    "\(display(file)) is over \(NoteStore.largestPublished / 1024 / 1024) MB and was not published:"
                        + " shorten it or split it")
                continue
            }
            var problems: [String] = []
            let page = ExtraPage(name: name, text: text) { problems.append("\(display(file)): \($0)") }
            loaded.warnings += problems
            guard !page.isUnpublished else { continue }
            loaded.pages.append(page)
        }
        // Every other file is said too: an image beside a page was left out without a word, and
        // the page's link to it broke (found by an exploratory session).
        let published = Set(loaded.pages.map { $0.name + ".md" })
        loaded.warnings += passedOver.filter { strays[$0] == nil }.sorted().map { file in
            guard let expected = NoteStore.noteName(forMisnamed: file) else {
                return "\(display(file)) is not published: \(folder.relativePathForDisplay) holds pages (Markdown "
                    + "files); keep a page's images in a folder of yours at the top of the site (site/images/, "
                    + "linked from a page as ../../images/)"
            }
            guard !published.contains(expected) else {
                return "\(display(file)) is not published: \(expected) is the page of that address (delete one)"
            }
            return "\(display(file)) is not published: a page is a Markdown file named as its address, as \(expected)"
        }
        // By file, as the folder lists them.
        loaded.warnings.sort()
        return loaded
    }

    /// The most pages every page's header links to. Each header linked every page, so the site
    /// grew with the square of their number: 2,000 pages made 282 MB (found by an exploratory
    /// session). Past this many, the header links the first of them and an index of them all.
    static let headerLinkLimit = 10

    /// Where the index of every page is published when the header cannot link them all.
    static let indexPath = "\(ExtraPage.folder)/index.html"

    /// Whether there are more pages than a header links: then the index of them is published.
    var hasIndex: Bool { pages.count > Self.headerLinkLimit }

    /// The pages by title.
    var byTitle: [ExtraPage] {
        pages.sorted {
            (TextFolding.searchKey($0.title), $0.name) < (TextFolding.searchKey($1.title), $1.name)
        }
    }

    /// The header's links to the pages, by title: every page, or the first ones and the index of
    /// them all, titled `allPages`.
    func links(allPages: String) -> [LinkModel] {
        let links = byTitle.map { LinkModel(title: $0.title, url: $0.path) }
        guard hasIndex else { return links }
        return links.prefix(Self.headerLinkLimit) + [LinkModel(title: allPages, url: Self.indexPath)]
    }

    /// The index of every page, as Markdown a page is made of: a list of links, by title.
    var indexMarkdown: String {
        byTitle.map { "- [\(Self.markdownText($0.title))](\($0.name)/index.html)\n" }.joined()
    }

    /// `text` as Markdown that shows it as it is: each ASCII punctuation mark escaped, as a
    /// scalar: one with a mark after it (the keycap "*️⃣" is `*`, U+FE0F and U+20E3) is one
    /// `Character` that is not ASCII, and cmark still read its `*` as emphasis (found by a review).
    static func markdownText(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if asciiPunctuation.contains(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// What CommonMark lets a backslash escape.
    private static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)
}

extension ExtraPages {
    /// A line for each link of a page to a file of the site that neither `exists` in the output
    /// folder nor the build makes (`made` gives those of the paths asked that it does): an image
    /// the reader keeps in `site/images/`, missing from a preview built into another folder, broke
    /// without a word (found by an exploratory session). Links elsewhere or to a place on the
    /// page are not said.
    ///
    /// `sitePath` is the path the site is published at (the base URL's, `/shelf/`): a link from
    /// the host's root (`/shelf/books/…`) is read against it, and one that leaves it is not the
    /// site's to check (both were judged as if the site were at the root: found by a review).
    func missingLinks(
        renderer: NoteRenderer, pagesFolder: URL, site: String, sitePath: String = "/", exists: (String) -> Bool,
        made: (Set<String>) -> Set<String>
    ) -> [String] {
        let links = SiteLinks(sitePath: sitePath)
        var missing: [(page: String, link: String, path: String)] = []
        for page in pages {
            let html = renderer.render(page.body, topHeading: 2).html
            var found: [String] = []
            HTMLAllowList.read(html, unterminatedIsText: false) { piece in
                guard case .start(let name, let tag) = piece, name == "a" || name == "img" else { return }
                if let link = HTMLAllowList.Tag.attribute(name == "a" ? "href" : "src", in: tag) { found.append(link) }
            }
            missing += links.missing(found, from: "\(ExtraPage.folder)/\(page.name)/", exists: exists).map {
                (page.name, $0, $1)
            }
        }
        // The plan is looked through only for links the folder lacks (a first build's, mostly).
        guard !missing.isEmpty else { return [] }
        let madeByTheBuild = made(Set(missing.map(\.path)))
        return missing.filter { !madeByTheBuild.contains($0.path) }.map { page, link, path in
            "\(pagesFolder.appendingPathComponent(page + ".md").relativePathForDisplay) links \(link), which is not in "
                + "\(site): put the file at \(site)/\(path) (what you keep there is published as it is) or mend the link"
        }
    }
}
