import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct SiteSettingsTests {
    func write(_ text: String) throws -> URL {
        let url = try TestPaths.temporaryFolder("settings").appendingPathComponent("site.yaml")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readsEverySetting() throws {
        let url = try write(
            """
            title: Ada's Books
            owner: Ada
            description: What I read.
            language: fr
            base_url: https://example.org/books
            contact: ada@example.org
            allow_raw_html_in_notes: true
            """)
        let settings = try SiteSettings.load(from: url)
        #expect(settings.title == "Ada's Books" && settings.owner == "Ada" && settings.language == "fr")
        #expect(settings.baseURL?.absoluteString == "https://example.org/books/")
        #expect(settings.contact == "ada@example.org" && settings.allowsRawHTMLInNotes)
    }

    @Test func aMissingFileGivesTheDefaults() throws {
        let url = try TestPaths.temporaryFolder("settings").appendingPathComponent("site.yaml")
        #expect(try SiteSettings.load(from: url) == SiteSettings())
    }

    /// A folder where the settings file goes built a site in English with every setting at its
    /// default, without a word (found by an exploratory session).
    @Test func aFolderInPlaceOfTheFileIsAnErrorNamingIt() throws {
        let url = try TestPaths.temporaryFolder("settings").appendingPathComponent("site.yaml")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(throws: SettingsError.unreadable(path: url.path, reason: "Is a directory")) {
            try SiteSettings.load(from: url)
        }
        #expect(
            SettingsError.unreadable(path: "content/site.yaml", reason: "Is a directory").description
                == "cannot read the settings content/site.yaml: Is a directory")
    }

    @Test func theTemplateANewShelfGetsIsValid() throws {
        #expect(try SiteSettings.load(from: try write(SiteSettings.template)) == SiteSettings())
    }

    @Test func aBadValueNamesTheFileLineAndKey() throws {
        let path =
            ": the names of its path may hold only letters (of any language), digits, '-', '_', '.' and '~'"
        // Not the web; and paths that would make the 404 page's root-relative links leave the host.
        for value in [
            "ftp://example.org", "javascript:alert(1)", "https://example.org//evil.example/",
            "https://example.org/%5Cevil.example/", "https://example.org/%2F%2Fevil/", "https://example.org/a/../b/",
            "https://example.org/books?x=1", "https://example.org/\"onmouseover=x/",
            // A user name and password would be published in every link (found by an exploratory session).
            "https://user:pw@example.org/", "https://user@example.org/",
        ] {
            let url = try write("title: Books\nbase_url: '\(value)'\n")
            do {
                _ = try SiteSettings.load(from: url)
                Issue.record("\(value) was taken")
            } catch let SettingsError.badValue(file, line, key, expected) {
                #expect(file == url.path && line == 2 && key == "base_url")
                #expect(expected.hasPrefix(SiteSettings.baseURLExpected), "\(expected)")
            }
        }
        let plainPath = try write("base_url: https://example.org/a/../b/\n")
        #expect(
            throws: SettingsError.badValue(
                path: plainPath.path, line: 1, key: "base_url", expected: SiteSettings.baseURLExpected + path)
        ) { try SiteSettings.load(from: plainPath) }
        for value in ["https://example.org", "https://example.org/", "http://host:8080/my-books/v1.0/~me/"] {
            #expect(try SiteSettings.load(from: try write("base_url: \(value)\n")).baseURL != nil, "\(value)")
        }
        let flag = try write("title: Books\n\nallow_raw_html_in_notes: maybe\n")
        #expect(
            throws: SettingsError.badValue(
                path: flag.path, line: 3, key: "allow_raw_html_in_notes", expected: "true or false")
        ) {
            try SiteSettings.load(from: flag)
        }
    }

    /// A `base_url` with a query, a fragment or a password was told in site.yaml that its path
    /// may hold only letters and digits, while `build --base-url` said what was wrong, and a port
    /// past 65535 was taken (found by an exploratory session). Both now give the one reason.
    @Test func aBaseURLIsRefusedForItsRealReasonWhereverItIsGiven() throws {
        for (value, reason) in [
            ("https://user.github.io/shelf/?utm=1", "it must not have a query (?…)"),
            ("https://user.github.io/shelf/#top", "it must not have a fragment (#…)"),
            ("https://me:secret@user.github.io/shelf/", "it must not hold a user name or password"),
            ("https://example.org:99999/shelf/", "its port must be from 1 to 65535"),
            ("https://example.org:0/shelf/", "its port must be from 1 to 65535"),
        ] {
            let url = try write("base_url: '\(value)'\n")
            #expect(
                throws: SettingsError.badValue(
                    path: url.path, line: 1, key: "base_url",
                    expected: "an http(s) address such as https://example.org/shelf/: \(reason)")
            ) { try SiteSettings.load(from: url) }
            #expect(SiteSettings.baseURLProblem(value) == reason)
            #expect(SiteSettings.baseURL(parsing: value) == nil)
        }
        #expect(SiteSettings.baseURL(parsing: "https://example.org:65535/shelf/") != nil)
        // Scheme and host in lower case, as the feed's entries are known by their addresses; the
        // path as written.
        #expect(
            SiteSettings.baseURL(parsing: "HTTPS://Books.Example.ORG:8443/My-Shelf")?.absoluteString
                == "https://books.example.org:8443/My-Shelf/")
        // Not the web at all: said once.
        let ftp = try write("base_url: ftp://example.org/\n")
        #expect(
            throws: SettingsError.badValue(
                path: ftp.path, line: 1, key: "base_url",
                expected: "an http(s) address such as https://example.org/shelf/")
        ) { try SiteSettings.load(from: ftp) }
    }

    /// `fr_CA` was refused though the README offers it, `es-419` too, and `en-` was published as
    /// `lang="en-"` (found by an exploratory session).
    @Test func aLanguageIsATagAsPagesGiveIt() throws {
        for (written, tag) in [
            ("fr", "fr"), ("FR", "FR"), ("fr_CA", "fr-CA"), ("es-419", "es-419"), ("zh-Hant-TW", "zh-Hant-TW"),
        ] {
            #expect(try SiteSettings.load(from: try write("language: \(written)\n")).language == tag, "\(written)")
        }
        for bad in ["en-", "-en", "e", "fr--CA", "fr CA", "français", "en-abcdefghi", "1a"] {
            let file = try write("language: '\(bad)'\n")
            #expect(throws: SettingsError.self, "\(bad)") { try SiteSettings.load(from: file) }
        }
    }

    /// `language: en-USA` (or `de-DEU`, `fr-CH-CH`) was taken and published as `lang="en-USA"`,
    /// which the browser's `Intl.PluralRules` cannot read: `search.js` threw and the search box
    /// never showed (found by an exploratory session). The language is read as a BCP 47 tag, as
    /// the browser reads it, and one it cannot read is refused in one line that says why.
    @Test func aLanguageTheBrowserCannotReadIsRefusedSayingWhy() throws {
        for tag in [
            "de-CH-1996", "sl-rozaj-biske", "en-US-x-twain", "de-DE-u-co-phonebk", "ca-ES-valencia", "yue", "sr-Latn",
        ] {
            #expect(try SiteSettings.load(from: try write("language: \(tag)\n")).language == tag, "\(tag)")
        }
        let expected = "a language code such as en, fr or fr-CA: "
        for (written, problem) in [
            ("en-USA", "USA is no region: a region is 2 letters (US) or 3 digits (419)"),
            ("de-DEU", "DEU is no region: a region is 2 letters (US) or 3 digits (419)"),
            ("fr-CH-CH", "CH is given twice"),
            ("sl-rozaj-rozaj", "rozaj is given twice"),
            ("fr_FR.UTF-8", "write letters and digits in parts joined by '-'"),
            ("en-a-bb-a-cc", "a is given twice"),
            (
                "zh-Hant-Hans",
                "Hans cannot stand there: after the language come a script (4 letters), a region "
                    + "(2 letters or 3 digits) and variants (5 to 8 letters)"
            ),
            (
                "en-US-u",
                "u cannot stand there: after the language come a script (4 letters), a region "
                    + "(2 letters or 3 digits) and variants (5 to 8 letters)"
            ),
        ] {
            let file = try write("title: Books\nlanguage: \(written)\n")
            #expect(
                throws: SettingsError.badValue(
                    path: file.relativePathForDisplay, line: 2, key: "language", expected: expected + problem),
                "\(written)"
            ) { try SiteSettings.load(from: file) }
        }
        let file = try write("language: en-USA\n")
        let error = #expect(throws: SettingsError.self) { try SiteSettings.load(from: file) }
        #expect(
            error?.description == "\(file.relativePathForDisplay):1: 'language' must be a language code such as en, fr "
                + "or fr-CA: USA is no region: a region is 2 letters (US) or 3 digits (419)")
    }

    /// `iw` (Hebrew's old code) found no `he.yaml`, and `fre`, `French` or `English` were taken
    /// as languages with no words (found by an exploratory session). An old code is read as its
    /// replacement, keeping the rest of the tag; a longer code or a language's name is refused
    /// with the code it means.
    @Test func anOldCodeIsReadAsItsReplacementAndALongerCodeOrANameIsRefusedWithTheCode() throws {
        for (written, tag) in [("iw", "he"), ("IW_IL", "he-IL"), ("in", "id"), ("ji", "yi"), ("tlh", "tlh")] {
            #expect(try SiteSettings.load(from: try write("language: \(written)\n")).language == tag, "\(written)")
        }
        let expected = "a language code such as en, fr or fr-CA: "
        for (written, problem) in [
            ("fre", "fre is written fr in a language tag: did you mean fr?"),
            ("fra-CA", "fra is written fr in a language tag: did you mean fr?"),
            ("ENG", "ENG is written en in a language tag: did you mean en?"),
            ("French", "French is no language code: did you mean fr?"),
            ("english", "english is no language code: did you mean en?"),
            ("Deutsch", "Deutsch is no language code: did you mean de?"),
            ("Portuguese", "Portuguese is no language code: did you mean pt?"),
            ("Klingonish", "Klingonish is no language: a language is 2 or 3 letters"),
        ] {
            let file = try write("language: \(written)\n")
            #expect(
                throws: SettingsError.badValue(
                    path: file.relativePathForDisplay, line: 1, key: "language", expected: expected + problem),
                "\(written)"
            ) { try SiteSettings.load(from: file) }
        }
    }

    /// `title: ~` published a site called "~" and `owner: null` a footer "null’s bookshelf",
    /// while `title:` was refused (found by an exploratory session): all three are YAML's nothing.
    @Test func aSettingSetToNothingIsNotSet() throws {
        let settings = try SiteSettings.load(
            from: try write("title: ~\nowner: null\ndescription:\ngoal: ~\nlanguage: NULL\nbase_url:\n"))
        #expect(settings == SiteSettings())
        #expect(try SiteSettings.load(from: try write("title: 'null'\n")).title == "null")
    }

    /// `goal: "40"` said 40 was not a number of books, and `description: ""` that it was not text
    /// (found by an exploratory session): a quoted number is the number, an empty description is
    /// none, and an empty owner no owner; an empty title is still refused, saying why.
    @Test func quotedNumbersAndEmptyTextAreReadAsMeant() throws {
        let settings = try SiteSettings.load(from: try write("goal: \"40\"\ndescription: ''\nowner: ' '\n"))
        #expect(settings.goal == 40 && settings.description == "" && settings.owner == nil)
        let title = try write("title: ''\n")
        #expect(throws: SettingsError.badValue(path: title.path, line: 1, key: "title", expected: "text, not empty")) {
            try SiteSettings.load(from: title)
        }
        // The build says so without the long name of the step that reads the settings.
        let failed = BuildError(
            step: .scanInputs, path: nil,
            underlying: SettingsError.badValue(
                path: "content/site.yaml", line: 1, key: "title", expected: "text, not empty"))
        #expect(
            failed.description
                == "build failed to read the settings: content/site.yaml:1: 'title' must be text, not empty")
    }

    /// A French site without a title was "My Bookshelf", with an English line under it (found by
    /// an exploratory session): both come from the site's language when the settings leave them out.
    @Test func theDefaultTitleAndDescriptionAreInTheSitesLanguage() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.build(settings: SiteSettings(language: "fr", baseURL: URL(string: "https://example.org/")))
        let index = try shelf.siteFile("index.html")
        #expect(index.contains("<h1>Ma bibliothèque</h1>"))
        #expect(index.contains("<p class=\"lede\">Les livres que j’ai lus, que je lis et que je veux lire.</p>"))
        #expect(try shelf.siteFile("feed.xml").contains("<title>Ma bibliothèque</title>"))
        // An empty description is none: no line under the title, no subtitle in the feed.
        try shelf.build(
            settings: SiteSettings(language: "fr", description: "", baseURL: URL(string: "https://example.org/")))
        #expect(!(try shelf.siteFile("index.html")).contains("class=\"lede\""))
        // The layout's description block is a page's own to fill: the index's is empty.
        #expect(try shelf.siteFile("index.html").contains("<meta name=\"description\" content=\"\">"))
        #expect(try shelf.siteFile("books/dune/index.html").contains("<meta name=\"description\" content=\"Dune"))
        #expect(!(try shelf.siteFile("feed.xml")).contains("<subtitle>"))
    }

    /// Without a base URL the README said no `robots.txt` was written, while the build writes one
    /// that names no sitemap (the README is put right: found by an exploratory session). Nothing
    /// that needs an absolute address is written: no feed, sitemap, canonical link or `og:url`.
    @Test func withoutABaseURLRobotsTxtNamesNoSitemapAndNothingNeedsAnAddress() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read))
        try shelf.build(settings: SiteSettings())
        #expect(try shelf.siteFile("robots.txt") == "User-agent: *\nAllow: /\n")
        for absent in ["feed.xml", "sitemap.xml"] {
            #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent(absent).path))
        }
        let page = try shelf.siteFile("books/dune/index.html")
        #expect(!page.contains("rel=\"canonical\"") && !page.contains("og:url") && !page.contains("feed.xml"))
        try shelf.build(settings: SiteSettings(baseURL: URL(string: "https://example.org/shelf/")))
        #expect(
            try shelf.siteFile("robots.txt")
                == "User-agent: *\nAllow: /\nSitemap: https://example.org/shelf/sitemap.xml\n")
    }

    /// `site.yaml`'s texts had no bound: a title of 2 MB made a site of 179 MB (it is on every
    /// page four times) and one of 20 MB took 51 s; a `base_url` with a path of a megabyte was
    /// taken; a `language` of 200,000 letters gave an error line of 200 KB quoting them (found by
    /// an exploratory session). A text past its limit is refused in a short line, and no error
    /// quotes more than a few hundred characters of what the file holds.
    @Test func aTextLongerThanAnyAPersonWritesIsRefusedInAShortLine() throws {
        for (key, limit, value) in [
            ("title", 10_000, String(repeating: "t", count: 2 << 20)),
            ("description", 10_000, String(repeating: "word ", count: 2_001)),
            ("owner", 10_000, String(repeating: "é", count: 10_001)),
            ("contact", 2_000, String(repeating: "c", count: 2_001)),
            ("base_url", 2_000, "https://example.org/" + String(repeating: "a", count: 1 << 20) + "/"),
            ("language", 100, String(repeating: "a", count: 200_000)),
        ] {
            let url = try write("goal: 3\n\(key): \(value)\n")
            let count = value.trimmingCharacters(in: .whitespaces).count
            #expect(throws: SettingsError.tooLong(path: url.path, line: 2, key: key, limit: limit, count: count)) {
                try SiteSettings.load(from: url)
            }
            #expect(
                "\(SettingsError.tooLong(path: "site.yaml", line: 2, key: key, limit: limit, count: count))"
                    == "site.yaml:2: '\(key)' is \(count) characters long, and may be \(limit) at most: shorten it")
        }
        // At the limit, a text is taken.
        let long = String(repeating: "t", count: 10_000)
        #expect(try SiteSettings.load(from: try write("title: \(long)\n")).title == long)
        // A key as long as YAML allows (1,024 characters) is quoted shortened.
        let key = String(repeating: "k", count: 1_000)
        do {
            _ = try SiteSettings.load(from: try write("\(key): 1\n"))
            Issue.record("a key of 1,000 characters was taken")
        } catch let error as SettingsError {
            #expect("\(error)".count < 500 && "\(error)".contains("unknown setting 'kkk"), "\("\(error)".prefix(300))")
        }
    }

    @Test func anUnknownKeyAndBrokenYAMLAreNamed() throws {
        let unknown = try write("title: Books\ntitel: typo\n")
        #expect(throws: SettingsError.unknownKey(path: unknown.path, line: 2, key: "titel")) {
            try SiteSettings.load(from: unknown)
        }
        let broken = try write("title: Books\ndescription: [unclosed\n")
        do {
            _ = try SiteSettings.load(from: broken)
            Issue.record("broken YAML was accepted")
        } catch let error as SettingsError {
            guard case .syntax(let path, let line, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == broken.path && line >= 2)
            #expect("\(error)".hasPrefix("\(broken.path):\(line): "))
        }
    }
}

@Suite struct ShelfCreatorTests {
    @Test func initMakesAShelfThatBuilds() throws {
        let folder = try TestPaths.temporaryFolder("init").appendingPathComponent("my-shelf")
        let paths = try ShelfCreator.createShelf(at: folder)
        for required in [
            paths.library, paths.notes, paths.settings, paths.templates.appendingPathComponent("README.md"),
        ] {
            #expect(FileManager.default.fileExists(atPath: required.path), "\(required.path)")
        }
        // The theme is built in: templates/ holds only the reader's changes, and the variables.
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.templates.path) == ["README.md"])
        #expect(
            try String(contentsOf: paths.templates.appendingPathComponent("README.md"), encoding: .utf8)
                == DefaultTheme.readme)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".github").path))
        let library = try Library.open(at: paths.library)
        try library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        let report = try SiteBuilder(
            library: library, paths: paths, settings: try SiteSettings.load(from: paths.settings)
        )
        .build()
        #expect(report.bookCount == 1)
    }

    @Test func initRefusesAFolderThatHoldsFiles() throws {
        let folder = try TestPaths.temporaryFolder("init")
        try Data("mine".utf8).write(to: folder.appendingPathComponent("thesis.tex"))
        #expect(throws: ShelfError.notEmpty(path: folder.path, holding: ["thesis.tex"])) {
            try ShelfCreator.createShelf(at: folder)
        }
        // A file there was "not an empty folder" (found by an exploratory session).
        let file = folder.appendingPathComponent("thesis.tex")
        #expect(throws: ShelfError.notAFolder(path: file.path)) { try ShelfCreator.createShelf(at: file) }
    }

    /// A folder a sync client or the system had just marked as its own (Syncthing's `.stfolder`,
    /// `.DS_Store`, `desktop.ini`, Dropbox's `.dropbox`) was refused as not empty, without naming
    /// what it held (found by an exploratory session): a shelf is made beside such marks, as
    /// beside `.git`, and a folder refused names what it holds.
    @Test func initTakesAFolderHoldingOnlyTheMarksOfSyncClientsAndTheSystem() throws {
        for marker in [".stfolder", ".DS_Store", "desktop.ini", ".dropbox"] {
            let folder = try TestPaths.temporaryFolder("init-marked")
            try Data().write(to: folder.appendingPathComponent(marker))
            let paths = try ShelfCreator.createShelf(at: folder)
            #expect(FileManager.default.fileExists(atPath: paths.library.path), "\(marker)")
        }
        let folder = try TestPaths.temporaryFolder("init-marked")
        for name in [".stfolder", "a.txt", "b.txt", "c.txt", "d.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        #expect(
            ShelfError.notEmpty(path: "x", holding: ["a.txt", "b.txt", "c.txt", "d.txt"]).description
                == "x is not an empty folder (it holds a.txt, b.txt, c.txt and 1 more): choose a new folder for the shelf"
        )
        #expect(throws: ShelfError.notEmpty(path: folder.path, holding: ["a.txt", "b.txt", "c.txt", "d.txt"])) {
            try ShelfCreator.createShelf(at: folder)
        }
    }

    /// A control character in the settings gave Yams' description: three lines, the line of the
    /// file with the character in it as it is (to the terminal), and a caret (found by an
    /// exploratory session).
    @Test func aCharacterYAMLRefusesIsNamedOnOneLine() throws {
        let url = try TestPaths.temporaryFolder("settings").appendingPathComponent("site.yaml")
        try Data("title: ok\nowner: \"a\u{1}b\"\n".utf8).write(to: url)
        #expect(
            throws: SettingsError.syntax(
                path: url.path, line: 2, problem: "control characters are not allowed (U+0001)")
        ) { try SiteSettings.load(from: url) }
    }
}
