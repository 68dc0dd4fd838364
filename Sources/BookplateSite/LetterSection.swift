import BookplateCore

/// The names an index files under one letter: the authors', the series' and the shelves' indexes
/// are each one page of such sections while they are few, and a page per letter past
/// ``PageModelFactory/authorsOnOnePage`` names.
struct LetterSection<Entry> {
    var letter: String
    /// The letter as an id and as the name of its page (``PageModelFactory/letterAnchor(_:)``).
    var anchor: String
    var entries: [Entry]
}

extension LetterSection: Sendable where Entry: Sendable {}

extension LetterSection {
    /// How many pages the letter takes at `perPage` names a page: every name under one letter
    /// (3,811 shelves named "tag …") made one letter's page as large as the whole index was.
    func pageCount(perPage: Int) -> Int { max(1, (entries.count + perPage - 1) / perPage) }

    /// The names on page `number`.
    func entries(onPage number: Int, perPage: Int) -> ArraySlice<Entry> {
        let start = min(entries.count, (number - 1) * perPage)
        return entries[start..<min(entries.count, start + perPage)]
    }

    /// The name of page `number` of the letter in its index's folder: `b.html`, then `b-2.html`
    /// (a file: the pages of series and shelves are folders, and no anchor ends in "-" and a
    /// number).
    func fileName(page number: Int) -> String {
        number <= 1 ? "\(anchor).html" : "\(anchor)-\(number).html"
    }
}

extension PageModelFactory {
    /// `items` filed under the index letter of each one's `name`, letter by letter, by name within
    /// a letter and then by `slug`, as the authors' index files authors.
    static func letterSections<Item>(
        _ items: [Item], name: (Item) -> String, slug: (Item) -> String,
        key filingKey: (String) -> String = TextFolding.searchKey
    ) -> [LetterSection<Item>] {
        let keyed = items.map { item in
            let key = filingKey(name(item))
            return (item: item, letter: indexLetter(ofKey: key), key: key, slug: slug(item))
        }.sorted { ($0.letter, $0.key, $0.slug) < ($1.letter, $1.key, $1.slug) }
        var sections: [LetterSection<Item>] = []
        for entry in keyed {
            if sections.last?.letter == entry.letter {
                sections[sections.count - 1].entries.append(entry.item)
            } else {
                sections.append(
                    LetterSection(letter: entry.letter, anchor: letterAnchor(entry.letter), entries: [entry.item]))
            }
        }
        return sections
    }

    /// Whether an index of `sections` is a page per letter: one page of 16,000 authors weighed
    /// 1.9 MB, of 3,811 shelves 412 KB (found by exploratory sessions).
    func splits<Item>(_ sections: [LetterSection<Item>]) -> Bool {
        sections.reduce(0) { $0 + $1.entries.count } > namesOnOnePage
    }

    /// A link to each letter of an index: to its section on the one page, or, on an index split
    /// into a page per letter beside it (`b.html`), to its page; `current` is the letter of the
    /// page being made, and `word` counts each letter's names ("author", "series").
    func letterLinks<Item>(
        _ sections: [LetterSection<Item>], split: Bool, current: String?, counting word: String
    ) -> [LetterLinkModel] {
        sections.map { section in
            LetterLinkModel(
                letter: section.letter, url: split ? section.anchor + ".html" : "#letter-\(section.anchor)",
                countLabel: words.count(section.entries.count, word), isCurrent: section.letter == current)
        }
    }

    /// Links between the pages of a letter of an index in `folder` (`shelves/`), for page
    /// `number`; nil for a letter of one page, and off a letter's pages.
    func letterPagination<Item>(_ section: LetterSection<Item>?, page number: Int, in folder: String)
        -> PaginationModel?
    {
        section.flatMap { section in
            pagination(pageCount: section.pageCount(perPage: namesOnOnePage), page: number, root: "../") {
                folder + section.fileName(page: $0)
            }
        }
    }

    /// A page of the index by letter of `sections` in `folder` (`authors/`, `series/`): every name
    /// by letter while they fit on one page, else links to a page per letter; `letter` and
    /// `number` give a page of that letter, which `title` names ("Authors: B"). `word` counts the
    /// names, `listName` is what the theme calls them and `entry` makes one.
    func letterIndexPage<Entry: Sendable & Encodable>(
        _ sections: [LetterSection<Int>], in folder: String, letter: String?, page number: Int, title: String,
        counting word: String, listName: String, entry: (Int) -> Entry
    ) -> Page<LetterIndexPageModel<Entry>> {
        let split = splits(sections)
        let section = sections.first { split && $0.letter == letter }
        // A split index shows no names; a letter's page shows a page's worth of its names.
        let shown = split ? Array(section.map { [$0] } ?? []) : sections
        let total = letter == nil ? sections.reduce(0) { $0 + $1.entries.count } : section?.entries.count ?? 0
        return page(
            LetterIndexPageModel(
                title: title, countLabel: words.count(total, word),
                letterLinks: letterLinks(sections, split: split, current: letter, counting: word),
                letters: shown.map { section in
                    IndexLetterModel(
                        letter: section.letter, anchor: section.anchor, listName: listName,
                        entries: (split
                            ? section.entries(onPage: number, perPage: namesOnOnePage) : section.entries[...])
                            .map(entry))
                },
                pagination: letterPagination(section, page: number, in: folder)),
            root: "../", title: number > 1 ? pageTitle(title, page: number) : documentTitle(title))
    }
}
