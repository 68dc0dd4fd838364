import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// The files that help readers and search engines find the site: an Atom feed of books
/// recently finished and added, `sitemap.xml` and `robots.txt`.
enum FeedWriter {
    /// How many entries the feed keeps.
    static let feedLength = 30

    /// The most characters of a book's description an entry's summary holds.
    static let summaryLength = 400

    /// An Atom (RFC 4287) feed. Each finished read of a book is one entry, dated when it ended; a
    /// book with no dated read is one entry, dated when it was added. The feed's own date is its
    /// newest entry's, so the same shelf gives the same bytes.
    ///
    /// An entry's id depends on nothing but what it tells: a finished read's is the book's
    /// address with `#read-` and the day the read ended, a book added its address alone. The
    /// first read had the address alone: a read logged later, before it, took that id and gave
    /// the first read a new one, and "Finished" shared the id of "Added", so a feed reader
    /// updated the old entry in place and never showed the book finished (both found by an
    /// exploratory session). A book that is not the first to have its slug says which it is
    /// (``entryID(_:of:baseURL:)``).
    static func atomFeed(snapshot: LibrarySnapshot, settings: SiteSettings, baseURL: URL, words: Words) -> String {
        // Positions, not copies of the books' details: 50,000 copies took 25 MB.
        let books = snapshot.books
        // (position, date, the read's number among the book's finished reads, 0 for "added";
        // the fragment of a read's entry id, nil for "added")
        let entries = books.indices.flatMap { position -> [(Int, Date, Int, String?)] in
            let details = books[position]
            let reads = details.finishedReads.enumerated().compactMap { number, read in
                read.finished.map { (position, date(of: $0), number + 1) }
            }
            if !reads.isEmpty { return readFragments(reads) }
            if let finished = details.book.finishedDate, details.book.status == .read {
                return readFragments([(position, date(of: finished), 1)])
            }
            return [(position, details.book.addedAt, 0, nil)]
        }
        .sorted { ($0.1, books[$0.0].book.slug, $0.2) > ($1.1, books[$1.0].book.slug, $1.2) }
        .prefix(feedLength)
        var xml = header(
            title: settings.title(in: words), subtitle: settings.description(in: words), settings: settings,
            words: words, baseURL: baseURL,
            alternate: baseURL.absoluteString, selfPath: "feed.xml", updated: entries.first.map { timestamp($0.1) })
        for (position, date, read, fragment) in entries {
            let details = books[position]
            let url = StructuredData.pageAddress(PageModelFactory.bookURL(details.book.slug), baseURL)
            let id = entryID(fragment.map { "read-" + $0 }, of: details.book, baseURL: baseURL)
            let book = ["book": bookAndAuthors(details, words: words)]
            let title =
                read > 1
                ? words("feedFinishedAgain", book) : read > 0 ? words("feedFinished", book) : words("feedAdded", book)
            let rating = details.book.rating.map {
                words(
                    "ratedOutOfFive",
                    ["stars": $0.text.replacingOccurrences(of: ".", with: words("numberDecimalSeparator"))]) + "."
            }
            // Cut after a word, with an ellipsis, as the page's own description is (it was cut at
            // 400 characters, mid-word, and "Rated 4 out of 5. " kept its space when the book had
            // no description: found by an exploratory session).
            let description = PageModelFactory.descriptionText(details.book.description).first?.shortened(
                to: summaryLength)
            let summary = [rating, description].compactMap { $0 }.joined(separator: " ")
            xml += """
                  <entry>
                    <title>\(MarkupEscaping.xml(title))</title>
                    <id>\(MarkupEscaping.xml(id))</id>
                    <link rel="alternate" type="text/html" href="\(MarkupEscaping.xml(url))"/>
                    <updated>\(timestamp(date))</updated>

                """
            for author in details.authors {
                xml += "    <author><name>\(MarkupEscaping.xml(author.name))</name></author>\n"
            }
            if !summary.isEmpty { xml += "    <summary>\(MarkupEscaping.xml(summary))</summary>\n" }
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// Each read's fragment: the day it ended (`2021-06-20`, and `2021-06-20-2` for a second read
    /// ending that day), so that a read logged later, before the others, leaves their entries'
    /// ids as they were. (They were numbered: a read added before them renumbered every one, and a
    /// feed reader showed them all again. Found by an exploratory session.)
    private static func readFragments(_ reads: [(Int, Date, Int)]) -> [(Int, Date, Int, String?)] {
        var seen: [String: Int] = [:]
        return reads.map { position, date, number in
            let day = timestamp(date).prefix(10)
            seen[String(day), default: 0] += 1
            let count = seen[String(day)] ?? 1
            return (position, date, number, count > 1 ? "\(day)-\(count)" : String(day))
        }
    }

    /// An Atom feed of the newest published highlights, each with its note, linked to its place on
    /// its book's page.
    /// Its times are the reader's wall-clock times, as the library keeps them, written with the
    /// offset `timeZone` had at each (written as UTC, they were shown shifted by the reader's
    /// offset: found by an exploratory session).
    static func highlightsFeed(
        snapshot: LibrarySnapshot, commonplace: Commonplace, settings: SiteSettings, baseURL: URL, words: Words,
        timeZone: TimeZone, links: WikiLinkTargets
    ) -> String {
        let entries = newest(commonplace.entries, count: feedLength, in: timeZone)
        var xml = header(
            title: words("highlightsFeedTitle", ["site": BidiIsolation.isolated(settings.title(in: words))]),
            subtitle: settings.description(in: words),
            settings: settings, words: words,
            baseURL: baseURL, alternate: StructuredData.pageAddress(Commonplace.homeURL, baseURL),
            selfPath: Commonplace.feedPath,
            updated: entries.first.map { timestamp(of: $0, in: timeZone) })
        for entry in entries {
            let details = snapshot.books[entry.position]
            let highlight = details.highlights[entry.index]
            // The entry's id stays the highlight's place on its book's page, as it always was; its
            // link is the page that shows it, which moves as highlights before it come and go.
            let id = entryID("h-\(highlight.id)", of: details.book, baseURL: baseURL)
            let link =
                StructuredData.pageAddress(
                    PageModelFactory.highlightPagePath(index: entry.index, ofBook: details.book.slug), baseURL)
                + "#h-\(highlight.id)"
            var html = "<blockquote><p>\(HTMLAllowList.html(fromLines: highlight.text).html)</p></blockquote>"
            if let note = highlight.noteHTML(
                addresses: Highlight.noteAddresses(ofBook: details.book.slug, baseURL: baseURL), links: links)
            {
                html += note.html
            }
            xml += """
                  <entry>
                    <title>\(MarkupEscaping.xml(words("highlightFrom", ["book": bookAndAuthors(details, words: words)])))</title>
                    <id>\(MarkupEscaping.xml(id))</id>
                    <link rel="alternate" type="text/html" href="\(MarkupEscaping.xml(link))"/>
                    <updated>\(timestamp(of: entry, in: timeZone))</updated>
                    <content type="html">\(MarkupEscaping.xml(html))</content>
                  </entry>

                """
        }
        return xml + "</feed>\n"
    }

    /// The id of a feed entry of `book`: its page's address, with `fragment` (`read-2021-06-20`,
    /// `h-` and a highlight's id) when the entry is not the book's "Added". A book that is not the
    /// first to have its slug (``Book/feedNumber``) puts `book-2-` (or the number it is) before
    /// the fragment, or has `#book-2` alone: the first book's ids, which feed readers keep, are
    /// never another's. (A book added on the slug of one removed took its ids, and feed readers
    /// showed it as an edit of the old entry: found by an exploratory session.) No fragment of
    /// the first book starts with `book-`.
    static func entryID(_ fragment: String?, of book: Book, baseURL: URL) -> String {
        let page = StructuredData.pageAddress(PageModelFactory.bookURL(book.slug), baseURL)
        let fragment = [book.feedNumber.map { "book-\($0)" }, fragment].compactMap { $0 }.joined(separator: "-")
        return fragment.isEmpty ? page : page + "#" + fragment
    }

    /// "Kindred by Octavia E. Butler", in the site's words; the title alone for a book with no
    /// author. Plain text, for feeds and descriptions: the title and each name are isolated when
    /// they hold right-to-left text (``BidiIsolation``).
    static func bookAndAuthors(_ details: BookDetails, words: Words) -> String {
        let title = BidiIsolation.isolated(details.book.title)
        return details.authors.isEmpty
            ? title
            : words(
                "titleByAuthors",
                ["title": title, "authors": words.list(details.authors.map { BidiIsolation.isolated($0.name) })])
    }

    /// The start of a feed, up to its first entry, in the language of its words. Its date is its
    /// newest entry's, so the same shelf gives the same bytes.
    private static func header(
        title: String, subtitle: String, settings: SiteSettings, words: Words, baseURL: URL, alternate: String,
        selfPath: String, updated: String?
    ) -> String {
        // A site without a description has a feed without a subtitle.
        let subtitle = subtitle.isEmpty ? "" : "\n  <subtitle>\(MarkupEscaping.xml(subtitle))</subtitle>"
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(MarkupEscaping.xml(words.language))">
              <title>\(MarkupEscaping.xml(title))</title>\(subtitle)
              <id>\(MarkupEscaping.xml(alternate))</id>
              <link rel="alternate" type="text/html" href="\(MarkupEscaping.xml(alternate))"/>
              <link rel="self" type="application/atom+xml" href="\(MarkupEscaping.xml(StructuredData.absolute(selfPath, baseURL)))"/>
              <updated>\(updated ?? "1970-01-01T00:00:00Z")</updated>
              <author><name>\(MarkupEscaping.xml(settings.owner ?? settings.title(in: words)))</name></author>
              <generator version="\(Bookplate.version)">Bookplate</generator>

            """
    }

    /// Every page's absolute address (`paths` in order).
    static func sitemap(paths: some Sequence<String>, baseURL: URL) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for path in paths {
            xml += "  <url><loc>\(MarkupEscaping.xml(StructuredData.pageAddress(path, baseURL)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// The most addresses the sitemaps protocol allows in one file: past it (a shelf of 37,000
    /// books or so), `sitemap.xml` lists parts of the sitemap, each a file of its own (a search
    /// engine refused one file of 67,000: found by an exploratory session).
    static let sitemapLimit = 50_000

    /// The name of part `number` (from 1) of a sitemap too long for one file.
    static func sitemapPart(_ number: Int) -> String { "sitemap-\(number).xml" }

    static func isSitemapPart(_ name: String) -> Bool {
        name.hasPrefix("sitemap-") && name.hasSuffix(".xml")
            && name.dropFirst("sitemap-".count).dropLast(".xml".count).allSatisfy(\.isASCII)
            && Int(name.dropFirst("sitemap-".count).dropLast(".xml".count)) != nil
    }

    /// A sitemap index: the addresses of `parts` parts of the sitemap.
    static func sitemapIndex(parts: Int, baseURL: URL) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for number in 1...max(parts, 1) {
            let address = StructuredData.absolute(sitemapPart(number), baseURL)
            xml += "  <sitemap><loc>\(MarkupEscaping.xml(address))</loc></sitemap>\n"
        }
        return xml + "</sitemapindex>\n"
    }

    static func robots(baseURL: URL?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "Sitemap: \(StructuredData.absolute("sitemap.xml", baseURL))\n" }
        return text
    }

    /// Midnight UTC of a day; the first of the month or year when that is all that is known. On
    /// the proleptic Gregorian calendar, both ways (``ProlepticGregorian``): Foundation's is
    /// Julian before 15 October 1582, and a read finished on 1582-10-10 was fed as 1582-10-20.
    private static func date(of day: PartialDate) -> Date {
        day.firstMoment()
    }

    /// A wall-clock time kept as UTC (see ``WallClock/wallClockTime(of:)``) as RFC 3339 gives a
    /// local time: its digits, with the offset `timeZone` had then (`Z` where that is none).
    /// A highlight's time in its feed: when it was made, on the reader's clock with the zone's
    /// offset; when it came into the library, a moment, in UTC (that moment was written as a
    /// time on the clock, hours off in any zone but UTC: found by a review).
    static func timestamp(of entry: Commonplace.Entry, in timeZone: TimeZone) -> String {
        entry.isWallClock ? wallClockTimestamp(entry.date, in: timeZone) : timestamp(entry.date)
    }

    static func wallClockTimestamp(_ wallClock: Date, in timeZone: TimeZone) -> String {
        let offset = offset(ofWallClock: wallClock, in: timeZone)
        let digits = timestamp(wallClock).dropLast()
        guard offset != 0 else { return digits + "Z" }
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        return digits + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The moment an entry's date is: a time on the reader's clock less the offset its zone had.
    private static func instant(of entry: Commonplace.Entry, in timeZone: TimeZone) -> Date {
        guard entry.isWallClock else { return entry.date }
        return entry.date.addingTimeInterval(-TimeInterval(offset(ofWallClock: entry.date, in: timeZone)))
    }

    /// The `count` newest of `entries` by the moment each was made, newest first; equal moments
    /// in the commonplace book's order. The commonplace book lists them by their dates as the
    /// library keeps them, and a time on the reader's clock sorts there among moments hours off:
    /// the feed, its first thirty, could leave out a passage newer than one it held, and was dated
    /// before an entry it held (both found by exploratory sessions). No clock is more than 18
    /// hours off UTC, so no entry kept 36 hours before the `count`th of the book's order can be
    /// among the newest: only those after it are weighed.
    static func newest(_ entries: [Commonplace.Entry], count: Int, in timeZone: TimeZone) -> [Commonplace.Entry] {
        guard count > 0, !entries.isEmpty else { return [] }
        let margin: TimeInterval = 2 * 18 * 3600
        let earliest = entries[min(count, entries.count) - 1].date.addingTimeInterval(-margin)
        let weighed = entries.prefix { $0.date >= earliest }.enumerated().map {
            (order: $0.offset, instant: instant(of: $0.element, in: timeZone), entry: $0.element)
        }
        return weighed.sorted { $0.instant != $1.instant ? $0.instant > $1.instant : $0.order < $1.order }
            .prefix(count).map(\.entry)
    }

    /// The offset from UTC, in seconds, that `timeZone` had when its clocks showed `wallClock`.
    private static func offset(ofWallClock wallClock: Date, in timeZone: TimeZone) -> Int {
        let guess = wallClock.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: wallClock)))
        return timeZone.secondsFromGMT(for: guess)
    }

    private static func timestamp(_ date: Date) -> String {
        ProlepticGregorian.timestamp(date)
    }

}
